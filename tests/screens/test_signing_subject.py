"""Every pad where a person signs shows what they sign, in words and large (issue 21, 4): the
correction's outcome as it stood and as corrected with its reason (a wheel's number and its
colour, the dice, a coup's cards changed), the limits' old and new minimum and maximum and the
top-up they need, an advance's or a top-up's amount and who counted it, the closing count's
chips, cash and result; drawn at SUBJECT_LEAST at the least (never a footnote's 11 px), the
first line in amber, nothing of it under a key."""

from __future__ import annotations

from dataclasses import dataclass

import pygame
import pytest

from terminal.common import draw
from terminal.screens import kit
from terminal.screens.croupier.correction import CorrectionDialog
from terminal.screens.demo import script
from terminal.screens.demo.scratch import scratch_table, screen_session
from terminal.screens.pads import PersonPad
from terminal.screens.pads.cards import card_label
from terminal.screens.pads.person import SUBJECT_LEAST
from terminal.screens.texts import Texts
from tests.screens.test_coup_correction import DEALT, play_coup
from tests.support.helpers import by_kind, journal_events


@dataclass(frozen=True)
class Line:
    string: str
    size: int
    colour: tuple
    rect: pygame.Rect


@pytest.fixture
def lines(monkeypatch) -> list[Line]:
    """Each text drawn, with its size, colour and where it went."""
    seen: list[Line] = []
    real = draw.text

    def text(surface, string, pos, *, size=26, colour=kit.TEXT, **kwargs):
        rect = real(surface, string, pos, size=size, colour=colour, **kwargs)
        seen.append(Line(string, size, tuple(colour), rect))
        return rect

    monkeypatch.setattr(kit, "text", text)
    monkeypatch.setattr(draw, "text", text)
    return seen


def subject(lines: list[Line], *strings: str) -> list[Line]:
    """The lines drawn that say `strings`, each asserted drawn large enough to read."""
    found = []
    for string in strings:
        said = [line for line in lines if line.string == string]
        assert said, f"{string!r} not drawn (drawn: {[line.string for line in lines]})"
        assert all(line.size >= SUBJECT_LEAST for line in said), f"{string!r} drawn small"
        found += said
    return found


def test_every_signature_of_a_wheel_session_shows_what_it_signs(tmp_path, lines, monkeypatch):
    """A French roulette session in Catalan at 800x480: each signing pad, as it is drawn
    when the signer comes to type their PIN."""
    cfg = scratch_table("roulette_fr", tmp_path)
    pads: list[tuple[str, str, list[Line], list]] = []
    real_sign_in = script.sign_in

    def sign_in(driver, person):
        screen = driver.screen()
        if screen in ("sign", "correction"):
            unsigned = sorted(driver.model.state.unsigned.items())
            what = unsigned[0][1]["what"] if screen == "sign" and unsigned else screen
            lines.clear()
            driver.frame()
            pads.append((what, person, list(lines), list(driver.app.targets)))
            assert not driver.small and not driver.overlapping
        real_sign_in(driver, person)

    monkeypatch.setattr(script, "sign_in", sign_in)
    with screen_session(cfg, (800, 480), language="ca") as driver:
        script.play_wheel_session(driver)
    events = journal_events(cfg)
    money = Texts("ca").money
    by_what: dict[str, list[list[Line]]] = {}
    for what, _, drawn, targets in pads:
        by_what.setdefault(what, []).append(drawn)
        # nothing of what is signed under a key
        for line in drawn:
            if line.size >= SUBJECT_LEAST and line.colour == kit.ACCENT:
                keys = [t for t in targets if t.rect.colliderect(line.rect)]
                assert not keys, f"{line.string!r} under {[k.name for k in keys]}"
    assert set(by_what) >= {"opening", "correction", "limits", "count"}

    (opening, *top_ups) = by_kind(events, "float.advance")
    (head,) = subject(by_what["opening"][0], f"Bestreta {money(opening['amount'])}")
    assert head.colour == kit.ACCENT
    subject(by_what["opening"][0], "Comptat per Maria Puig")

    (correction,) = by_kind(events, "round.correction")
    first = by_kind(events, "round.result")[0]  # the round corrected
    was, now = first["outcome"]["number"], correction["outcome"]["number"]
    drawn = by_what["correction"][0]
    change = [line for line in drawn if "→" in line.string]
    assert change and all(line.colour == kit.ACCENT for line in change)
    said = " ".join(line.string for line in change)
    assert said.startswith(f"{was} ") and f"→ {now}" in said
    assert "(Negre)" in said or "(Roig)" in said  # a number with its colour (a zero has none)
    subject(drawn, "Motiu: Número entrat per error")

    (limits,) = by_kind(events, "table.limits")
    old, new = limits["old"], limits["new"]
    signed = by_what["limits"][0]
    subject(
        signed,
        f"Mín. {money(old['min'])} → {money(new['min'])}",
        f"Màx. {money(max(old['max'].values()))} → {money(max(new['max'].values()))}",
    )
    assert limits["advance_due"], "the scratch table's new limits need a top-up"
    subject(signed, f"Reposició necessària {money(limits['advance_due'])}")
    (top_up,) = [e for e in top_ups if e["reason"] == "limits"]
    everything = [line for _, _, drawn, _ in pads for line in drawn]
    subject(everything, f"Reposició {money(top_up['amount'])}")

    (count,) = by_kind(events, "float.count")
    assert len(by_what["count"]) == 3  # the croupier, the cashier, the games director
    for drawn in by_what["count"]:
        said = " · ".join(line.string for line in drawn if line.colour == kit.ACCENT)
        assert f"Fitxes {money(count['chips'])} · Efectiu {money(count['drop'])}" in said
        subject(drawn, f"Resultat de la taula {money(count['result'])}")


def test_a_coup_s_correction_signs_each_card_changed(tmp_path, lines):
    """Punto banco in English: the player's second card changed and a card added; the pit
    boss's pad says which, with the reason."""
    cfg = scratch_table("punto_banco", tmp_path)
    with screen_session(cfg, (800, 480), language="en") as driver:
        script.open_session(driver, lambda name: None)
        play_coup(driver, DEALT)
        driver.press("correct", "card:3", "rank:2", "suit:D")
        driver.press("add_card", "rank:4", "suit:C", "cards_done", "reason_wrong_card")
        assert isinstance(driver.app.dialog, CorrectionDialog)
        lines.clear()
        driver.frame()
        assert not driver.small and not driver.overlapping
    change = [line for line in lines if line.colour == kit.ACCENT and "Card" in line.string]
    said = " · ".join(line.string for line in change)
    assert said == (
        f"Card 3 (Player): {card_label('3D')} → {card_label('2D')}"
        f" · Card 5 added: {card_label('4C')}"
    )
    assert all(line.size >= SUBJECT_LEAST for line in change)
    subject(lines, "Reason: Wrong card entered")


PEOPLE = [("D-01", "Joan Ferrer"), ("D-02", "Marta Soler"), ("C-07", "Maria Puig")]
SUBJECT = ["Min. 5.00 → 10.00 · Max. 3,600.00 → 7,200.00", "Top-up needed 75,000.00"]


@pytest.mark.parametrize("size", [(800, 480), (720, 1280), (1920, 1080)])
@pytest.mark.parametrize("step", ["people", "pin", "refused"])
def test_the_subject_stands_clear_of_the_keys_on_each_step(lines, size, step):
    """The pad alone, at what each display gives it: the subject over the people, beside the
    PIN, and with a refusal beside it too, whole, large, and under no key."""
    w, h = size
    rect = pygame.Rect(12, 112, w - 24, h - 160)
    pad = PersonPad(PEOPLE, "Games director signs: the change of limits", print, subject=SUBJECT)
    if step != "people":
        pad.choose("D-01")
    if step == "refused":
        pad.refuse("Wrong PIN for Joan Ferrer: 4 tries left before the lock")
    surface = pygame.Surface(size)
    cut: list[str] = []
    real = kit.overflowed
    kit.overflowed = lambda string, width: cut.append(string)  # type: ignore[assignment]
    try:
        pad.draw(surface, rect, Texts("en"))
    finally:
        kit.overflowed = real  # type: ignore[assignment]
    assert not cut, f"cut short: {cut}"
    said = [
        line
        for line in lines
        if line.size >= SUBJECT_LEAST
        and not line.string.isdigit()  # a key's digit
        and any(line.string in each for each in SUBJECT)
    ]
    # every word of it drawn, whatever lines it was broken into (between its parts: no "·")
    words = " ".join(SUBJECT).replace(" · ", " ").split()
    assert " ".join(line.string for line in said).replace(" · ", " ").split() == words
    keys = pad.targets()
    assert keys and all(min(k.rect.size) >= kit.MIN_TARGET for k in keys)
    for line in said:
        assert rect.contains(line.rect), f"{line.string!r} outside the pad"
        assert not [k.name for k in keys if k.rect.colliderect(line.rect)], line.string
