"""Trente et quarante on the croupier's screen, headless: a whole session played by taps at a
table whose shoe is the screen (`screen://`), every card entered on the card pad; its journal
verifies, its payouts are the engine's, and the coups did what the screen asked (the refait's
half back and prison, the insurance and its premium, the prisoners freed and lost, the red card
and the last coup). Then the insurance offered only where the stake allows it, and the rows and
the players' display as the screen reads them from the cards."""

from __future__ import annotations

import pytest

from terminal.runtime.journal.audit import audit
from terminal.screens import kit
from terminal.screens.demo.scratch import scratch_table, screen_session
from terminal.screens.demo.script import choose, open_session
from terminal.screens.games.trente_quarante.players import draw_last_coups, last_coups, tally
from terminal.screens.games.trente_quarante.rows import Rows
from terminal.screens.games.trente_quarante.script import (
    bets_now,
    call_for_bets,
    play_trente_quarante_session,
    view_of,
)
from terminal.screens.texts import Texts
from tests.support.helpers import journal_events

GAME = "trente_quarante"


def by_kind(events, kind):
    return [e for e in events if e["kind"] == kind]


def results_of(data) -> dict[tuple[int, str], str]:
    """(seat, code) -> the result of the coup's bets of that seat on that code."""
    bets = {b["id"]: b for b in data["bets"]}
    return {(bets[e["id"]]["seat"], bets[e["id"]]["code"]): e["result"] for e in data["settlement"]}


def play(tmp_path, size):
    cfg = scratch_table(GAME, tmp_path)
    with screen_session(cfg, size) as driver:
        played = play_trente_quarante_session(driver)
        assert not driver.small, f"targets under a finger's {kit.MIN_TARGET} px: {driver.small}"
        assert not driver.overlapping, f"targets over one another: {driver.overlapping}"
    report = audit(cfg.db)  # every coup dealt again from its cards and settled by the engine
    assert report.ok, report.summary()
    return cfg, played


def test_a_session_played_by_taps_leaves_a_journal_that_verifies(tmp_path):
    cfg, played = play(tmp_path, (800, 480))
    # what the payouts screen had the croupier hand over is what the engine settled, coup by coup
    for result, sheet in played["coups"]:
        totals = result["totals"]
        assert sheet.total == totals["paid"] + totals["returned"] and sheet.balanced
    events = journal_events(cfg)
    refused = by_kind(events, "bet.refused")
    assert len(refused) == 1 and refused[0]["data"]["bet"]["seat"] == 5  # past rouge's maximum
    # the first coup corrected: the rouge row's last card was the four of hearts
    (correction,) = [e["data"] for e in by_kind(events, "round.correction")]
    assert correction["outcome"]["rouge"][-1] == "4H" and correction["outcome"]["rouge_total"] == 31
    assert results_of(correction) == {
        (1, "noir"): "lose",
        (2, "rouge"): "win",
        (3, "couleur"): "lose",
        (4, "inverse"): "win",
        (5, "rouge"): "win",
    }
    assert played["coups"][1][0]["corrects"] == correction["corrects"]  # its payouts shown too
    results = [e["data"] for e in by_kind(events, "round.result")]
    assert [r["outcome"]["noir_total"] for r in results] == [32, 31, 32]
    decided, refait, last = results
    assert results_of(decided) == {
        (1, "noir"): "win",
        (2, "rouge"): "lose",
        (3, "couleur"): "win",
        (4, "inverse"): "lose",
        (5, "rouge"): "lose",
    }
    # the refait: half back as asked, prison by default, the insured bet returned, its premium lost
    assert results_of(refait) == {
        (1, "rouge"): "half",
        (2, "noir"): "prison",
        (3, "couleur"): "push",
        (3, "insurance"): "lose",
        (4, "inverse"): "prison",
    }
    bets = {b["code"]: b for b in refait["bets"]}
    assert bets["rouge"]["zero_choice"] == "half"
    assert bets["couleur"]["insured"] is True and bets["couleur"]["stake"] == 50_000
    assert bets["insurance"]["covers"] == bets["couleur"]["id"]
    assert bets["insurance"]["stake"] == 500  # 1% of the stake, paid with it
    # the insured bet taken back went with its premium
    cancelled = {e["data"]["bet"] for e in by_kind(events, "bet.cancelled")}
    placed = {e["data"]["id"]: e["data"] for e in by_kind(events, "bet.placed")}
    assert sorted(placed[b]["code"] for b in cancelled) == ["insurance", "noir"]
    assert all(placed[b]["seat"] == 6 for b in cancelled)
    # the close: the red card voided the coup in progress and kept the prisoners
    (void,) = [e["data"] for e in by_kind(events, "round.void")]
    assert sorted(b["code"] for b in void["kept"]) == ["inverse", "noir"]
    assert [b["code"] for b in void["returned"]] == ["noir"]
    assert by_kind(events, "shoe.cut_card")
    # so a last coup was dealt, from a new shoe, which freed one prisoner and lost the other
    assert [e["data"]["key"] for e in by_kind(events, "announcement")].count("last_coup") == 1
    assert len(by_kind(events, "shoe.loaded")) == 2
    assert last["last_round"] is True
    assert results_of(last) == {(2, "noir"): "push", (4, "inverse"): "lose", (1, "rouge"): "lose"}
    # then the closing count, signed by the table, a cashier and the games director
    assert by_kind(events, "float.count") and by_kind(events, "table.close")
    count_seq = by_kind(events, "float.count")[0]["seq"]
    signed = [e["data"]["role"] for e in by_kind(events, "sign") if e["data"]["what"] == count_seq]
    assert sorted(signed) == ["cashier", "croupier", "games_director"]


@pytest.mark.parametrize("size", [(720, 1280), (1920, 1080)])
def test_the_session_plays_on_the_other_displays(tmp_path, size):
    play(tmp_path, size)


def test_insurance_is_offered_only_where_the_stake_allows_it(tmp_path):
    cfg = scratch_table(GAME, tmp_path)
    with screen_session(cfg, (800, 480), language="en") as driver:
        open_session(driver, lambda name: None)
        call_for_bets(driver)
        view = view_of(driver)
        setup = driver.table.setup
        threshold = driver.table.rules.insurance_threshold(setup.limits.min)
        assert threshold == 100 * setup.limits.min
        insure = next(t for t in driver.app.targets if t.name == "insure")
        assert not insure.enabled and not view.insurable()  # the minimum is far below it
        assert insure.label == "Insurance from 500.00"
        choose(driver, chip=threshold)
        driver.press("insure")
        assert view.insuring()
        insure = next(t for t in driver.app.targets if t.name == "insure")
        assert insure.enabled and insure.label == "Insurance 1%: on"
        zero = next(t for t in driver.app.targets if t.name == "zero_choice")
        assert not zero.enabled and zero.label == "Refait: returned"  # insured: no half back
        choose(driver, chip=setup.limits.min)  # a stake too small: the insurance is off again
        assert not view.insure
        choose(driver, chip=threshold)
        assert not view.insuring()


def test_the_rows_say_what_the_cards_decide():
    assert Rows.dealt([("noir", "TS"), ("noir", "QH"), ("noir", "AS")]).next_row == "noir"
    rows = Rows.dealt([("noir", c) for c in ("TS", "QH", "KD", "AS")])
    assert rows.next_row == "rouge" and rows.verdict() is None
    won = Rows(("KS", "9C", "8D", "5S"), ("QH", "JD", "7C", "8H")).verdict()
    assert (won.kind, won.row, won.colour) == ("win", "noir", "couleur")
    inverse = Rows(("KH", "9C", "8D", "5S"), ("QH", "JD", "7C", "8H")).verdict()  # a red first
    assert (inverse.row, inverse.colour) == ("noir", "inverse")
    assert Rows(("TS", "TH", "TD", "AS"), ("TC", "KS", "KH", "AH")).verdict().kind == "refait"
    equal = Rows(("QS", "QH", "QD", "3S"), ("QC", "JS", "JH", "3H")).verdict()
    assert (equal.kind, equal.noir_total, equal.rouge_total) == ("equal", 33, 33)


OUTCOMES = [
    {"noir": ["KS", "9C", "8D", "5S"], "rouge": ["QH", "JD", "7C", "8H"]},  # noir, couleur
    {"noir": ["TS", "TH", "TD", "AS"], "rouge": ["TC", "KS", "KH", "AH"]},  # refait
    {"noir": ["QS", "QH", "QD", "3S"], "rouge": ["QC", "JS", "JH", "3H"]},  # equal: void
    {"noir": ["KS", "QC", "JD", "9S"], "rouge": ["QS", "JC", "8H", "5D"]},  # rouge 33, inverse
]


def test_the_players_display_posts_the_last_coups(monkeypatch):
    coups = last_coups(OUTCOMES)
    assert [c.kind for c in coups] == ["win", "equal", "refait", "win"]  # newest first
    assert (coups[0].row, coups[0].colour) == ("rouge", "inverse")
    counts = tally(coups)
    assert counts == {"noir": 1, "couleur": 1, "rouge": 1, "inverse": 1, "refait": 1, "equal": 1}
    drawn: list[str] = []
    real = kit.text

    def text(surface, string, *args, **kwargs):
        drawn.append(string)
        return real(surface, string, *args, **kwargs)

    monkeypatch.setattr(kit, "text", text)
    import pygame

    pygame.font.init()
    for size in ((800, 480), (720, 1280), (1920, 1080)):
        drawn.clear()
        surface = pygame.Surface(size)
        draw_last_coups(surface, surface.get_rect().inflate(-16, -16), 1.0, OUTCOMES, Texts("ca"))
        for said in ("Últimes jugades", "ROIG", "INVERS", "REFAIT", "NUL·LA", "33 · 33"):
            assert said in drawn, (size, said, drawn)
        assert "Refaits: 1" in drawn and "Nul·les: 1" in drawn


def test_the_screen_takes_no_bet_when_bets_are_closed(tmp_path):
    """The cloth is tapped only while bets are open: after no more bets its fields are no
    targets, and the card pad takes the layout's place."""
    cfg = scratch_table(GAME, tmp_path)
    with screen_session(cfg, (800, 480)) as driver:
        open_session(driver, lambda name: None)
        call_for_bets(driver)
        view_of(driver).tap_code("rouge")
        driver.until(lambda: bets_now(driver) == 1, "the bet placed")
        driver.press("no_more_bets")
        driver.until(lambda: driver.showing("shoe_loaded"), "the new shoe asked for")
        assert not [n for n in driver.app.names() if n.startswith("chance:")]
        driver.press("shoe_loaded")
        driver.until(lambda: driver.showing("rank:A"), "the card pad")
        assert "cut_card" in driver.app.names()
        with pytest.raises(KeyError):
            view_of(driver).tap_code("rouge")
