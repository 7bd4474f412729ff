"""Every text the screens show is in the one catalogue, in Catalan, Spanish and English, one word
for one thing; what the journal holds as codes (bets, faults, amounts, a correction's reason)
the screens say in words; and why the table refused an entry is said in the screen's language
too."""

from __future__ import annotations

import ast
import dataclasses
import importlib
import re
import string
from pathlib import Path

import pytest

from games.money import money
from games.reasons import reason
from games.records import Bet
from games.registry import GAMES
from games.rulebook import load_rules
from terminal.runtime.staffed.session import SIGNERS
from terminal.runtime.staffed.staff import ROLES
from terminal.screens.demo.scratch import scratch_table, screen_session
from terminal.screens.demo.script import chips_of, count, open_session
from terminal.screens.texts import (
    CORRECTION_REASONS,
    LANGUAGES,
    Texts,
    catalogue,
    refresh,
    refusal_texts,
)
from terminal.screens.texts.refusals import english, owners

ROOT = Path(__file__).resolve().parents[2]
SCREENS = ROOT / "terminal" / "screens"
# a key named in code: t("key"), texts("key"), app.texts("key"), self.app.texts("key", ...)
NAMED = re.compile(r"""\b(?:t|texts)\(\s*["']([a-z0-9_:\-]+)["']""")


def test_every_key_the_screens_name_is_in_every_language():
    named = {
        key
        for path in SCREENS.rglob("*.py")
        if "texts" not in path.parts
        for key in NAMED.findall(path.read_text(encoding="utf-8"))
        if not key.endswith("_")  # a key's beginning, completed in code (below)
    }
    assert len(named) > 50
    missing = sorted(named - set(catalogue()))
    assert not missing, f"named in the screens' code, not in the catalogue: {missing}"
    for key, texts in catalogue().items():
        assert len(texts) == len(LANGUAGES) and all(t.strip() for t in texts), key


def test_the_keys_made_from_roles_and_signed_events_are_there():
    for role in ROLES:
        assert all(Texts(language)(f"role_{role}") for language in LANGUAGES)
    for what in SIGNERS:
        assert Texts("es")(f"signed_{what}")


# a thing's other words, which the catalogue never uses in that language: (language) -> the
# word not used -> the one used (docs/screens.md, "One language on the screen")
NOT_SAID = {
    "ca": {"vermell": "roig", "façin": "facin", "jòquer": "comodí", "postes": "apostes"},
    "es": {"puestas": "apuestas", "dejad": "deje", "girad": "gire"},
    "en": {"pit boss": "table head"},
}


def test_one_word_for_one_thing_in_each_language():
    for language, words in NOT_SAID.items():
        n = LANGUAGES.index(language)
        said = [texts[n] for texts in catalogue().values()]
        said += [texts[n] for texts in refusal_texts().values() if n < 2]
        said += list(english().values()) if language == "en" else []
        for other, used in words.items():
            found = [text for text in said if re.search(rf"\b{other}\b", text, re.IGNORECASE)]
            assert not found, f"{language}: {other!r} where the screens say {used!r}: {found}"
    # the dealer's hand is the bank ("la banca", section 03), the croupier the person
    assert Texts("ca")("pads_place_dealer") == Texts("ca")("bj_dealer") == "Banca"


def test_every_bet_of_every_game_is_said_in_words():
    codes = {"come:5", "dontcome:9", "odds:come:5", "odds:dontcome:4", "box:1.2", "box:7.3"}
    for game_id in GAMES:
        codes |= set(load_rules(ROOT / "config" / "rulebooks", "valencia-1994", game_id).codes())
    families = {code.partition(":")[0] for code in codes if code.partition(":")[0] != "odds"}
    for language in LANGUAGES:
        t = Texts(language)
        for code in sorted(codes | families):
            said = t.bet(code)
            assert ":" not in said and "_" not in said and said != code.lower(), (language, code)
    assert Texts("ca").bet("straight:17") == "Ple 17" and Texts("es").bet("split:17-20") == (
        "Caballo 17-20"
    )
    assert Texts("ca").bet("odds:come:5") == "Associada de Come al 5"
    assert Texts("en").bet("box:1.2") == "Box 1.2"  # a split's second hand
    assert Texts("ca").place("dealer") == "Banca" and Texts("es").place("box:3") == "Casilla 3"
    assert Texts("ca").bet("ante:3") == "Aposta inicial, casella 3"
    assert Texts("ca").bet("new_bet:4") == "new_bet:4"  # a newer table's, as it is written


def test_amounts_are_written_as_each_language_writes_them():
    assert Texts("ca").money(7500000) == Texts("es").money(7500000) == "75.000,00"
    assert Texts("en").money(7500000) == "75,000.00"
    assert Texts("ca").money(-2050) == "-20,50" and Texts("en").money(5) == "0.05"
    assert Texts("es").money(150, signed=True) == "+1,50"
    assert (
        Texts("ca").money(125000, short=True) == "1.250"
        and Texts("ca").money(250, short=True) == "2,5"
    )


def test_a_history_line_says_the_bet_its_stake_and_what_it_did():
    bet = {"id": "b1", "seat": 1, "code": "straight:20", "stake": 500}
    won = {"id": "b1", "result": "win", "paid": 17500, "returned": 500}
    assert Texts("ca").bet_line(bet) == "S1 · Ple 20 · 5,00"
    assert Texts("ca").bet_line(bet, won) == "S1 · Ple 20 · 5,00 → guanya 180,00"
    assert Texts("es").bet_line(bet, {**won, "result": "lose", "paid": 0, "returned": 0}) == (
        "A1 · Pleno 20 · 5,00 → pierde"
    )
    assert Texts("en").bet_line({**bet, "code": "red"}, {"result": "prison"}) == (
        "S1 · Red · 5.00 → to prison"
    )


# the faults a table journals (docs/events.md, `fault`): device -> codes
FAULTS = {
    "wheel": (
        "silent link_lost bad_frame incompatible board_restarted sensor_stuck events_dropped "
        "input_overrun misread late_entry ball_out object_in_wheel launch_failed no_drop misspin "
        "ball_removed component_fault powered_down no_result result_mismatch clock_drift "
        "wrong_mode rotor_direction result_without_launch ball_in_two_pockets pocket_out_of_range"
    ),
    "dice": "silent link_lost sensor_stuck misread late_entry",
    "shoe": (
        "silent link_lost unreadable_card card_face_up shoe_empty card_out_of_turn not_a_card "
        "card_count_exceeded"
    ),
    "gpio": "tilt door_open",
    "carrousel": "unreachable cancel_failed",
}
DICE_CAUSES = ("broken", "stacked", "on_chip", "off_table", "on_rail", "in_reserve", "bad_throw")


def test_every_fault_is_said_in_words_with_what_to_do():
    for language in LANGUAGES:
        t = Texts(language)
        for device, codes in FAULTS.items():
            for code in codes.split():
                what, to_do = t.fault({"device": device, "code": code, "detail": "x"})
                assert to_do and what != code and "_" not in what, (language, device, code)
        for cause in DICE_CAUSES:  # a void throw: the croupier declared it, nothing more to do
            what, _ = t.fault({"device": "dice", "code": cause})
            assert what == t(f"fault_dice_{cause}")
    door = {"device": "gpio", "code": "door_open", "detail": "door switch open at start-up"}
    assert Texts("ca").fault(door) == (
        "La porta de la taula és oberta",
        "Tanqueu-la. Si ja és tancada, aviseu el tècnic: l'interruptor falla.",
    )
    assert Texts("es").fault({"device": "wheel", "code": "silent"})[0] == "La rueda no dice nada"
    # a newer driver's fault: said as one, the technician called with its code
    assert Texts("en").fault({"device": "wheel", "code": "new_thing"}) == (
        "Fault of the wheel",
        "Call the technician and give them the fault's code.",
    )
    # what the croupier entered and the table refused: the refusal, in the screen's language
    said = reason(english(), "pin_wrong", person="C-07", left=4)
    refused = {"device": "croupier", "code": "opening_refused", "detail": str(said)}
    assert Texts("ca").fault({**refused, "why": said.why()}) == (
        "PIN incorrecte de C-07 (queden 4 intents)",
        None,
    )


def test_a_correction_reason_is_journaled_as_its_key_and_shown_in_words():
    for key in CORRECTION_REASONS:
        assert Texts("ca").correction_reason(key) == Texts("ca")(f"reason_{key}")
    assert Texts("es").correction_reason("wrong_entry") == "Número introducido por error"
    # a journal of before the keys: the croupier's words, as they were journaled
    assert Texts("en").correction_reason("Número entrat per error") == "Número entrat per error"


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_every_refusal_is_said_in_every_language_with_the_same_fields():
    every = english()  # the shared tables' and every game's (its description's `reasons`)
    assert len(every) > 80
    said = refusal_texts()  # the shared ones' and every game's (terminal/screens/games/)
    missing = sorted(set(every) - set(said))
    assert not missing, f"refusals with no Catalan and Spanish: {missing}"
    unknown = sorted(set(said) - set(every))
    assert not unknown, f"texts of refusals nobody makes: {unknown}"
    for key, text in every.items():
        catalan, spanish, in_english = said[key]
        assert catalan.strip() and spanish.strip(), key
        assert fields(catalan) == fields(spanish) == fields(text), key
        assert in_english == text, key


def _owns_refusals(path: Path) -> bool:
    """Whether a module keeps a table of refusals of its own: a `WHY` at its top level."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    targets = [
        target
        for node in tree.body
        if isinstance(node, (ast.Assign, ast.AnnAssign))
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
    ]
    return any(isinstance(target, ast.Name) and target.id == "WHY" for target in targets)


def test_every_module_that_refuses_is_listed_once():
    """The list of owners (terminal/screens/texts/refusals.py, games' through their
    descriptions) names the table of every module that keeps one: none is left out."""
    listed = owners()
    found = []
    for folder in ("games", "terminal"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if _owns_refusals(path):
                found.append(".".join(path.relative_to(ROOT).with_suffix("").parts))
    assert len(found) > 10
    left_out = [
        name for name in found if not any(importlib.import_module(name).WHY is t for t in listed)
    ]
    assert not left_out, f"tables of refusals in no list (refusals.py, Game.reasons): {left_out}"


def test_a_key_two_owners_define_is_refused_where_the_list_is_made(monkeypatch):
    craps = GAMES["craps"]
    again = dataclasses.replace(craps, reasons=(*craps.reasons, {"stake_below_min": "again"}))
    monkeypatch.setitem(GAMES, "craps", again)
    refresh()
    try:
        with pytest.raises(ValueError, match="'stake_below_min' is defined twice"):
            english()
    finally:
        monkeypatch.undo()
        refresh()


def test_a_refusal_is_said_in_the_screens_language_and_an_unknown_one_as_journaled():
    every = english()
    said = reason(
        every,
        "withdrawal_refused",
        id="b7",
        reason=reason(every, "craps_carries_odds", code="pass"),
    )
    text, why = str(said), said.why()
    assert text == "bet b7: pass carries odds: withdraw the odds first"
    assert why == {
        "key": "withdrawal_refused",
        "fields": {"id": "b7", "reason": {"key": "craps_carries_odds", "fields": {"code": "pass"}}},
    }
    assert Texts("ca").refusal(text, why) == "aposta b7: Win té odds: retireu primer les odds"
    assert Texts("es").refusal(text, why) == "apuesta b7: Win lleva odds: retire primero las odds"
    # the English the journal holds, its bet as the screens name it
    assert Texts("en").refusal(text, why) == "bet b7: Pass carries odds: withdraw the odds first"
    assert Texts("es").refusal(said) == Texts("es").refusal(text, why)  # a Reason knows its why
    # no why, a key this terminal does not know, a why that is not the text's: as journaled
    assert Texts("ca").refusal(text) == text
    assert Texts("ca").refusal(text, {"key": "no_such_refusal", "fields": {}}) == text
    assert Texts("ca").refusal("another text", why) == "another text"
    inner_unknown = {**why, "fields": {"id": "b7", "reason": {"key": "nope", "fields": {}}}}
    assert Texts("ca").refusal(text, inner_unknown) == text
    # a card table's places in words, whichever field names them
    waiting = reason(every, "decision_not_asked_waiting", place="box:2", asked="box:3")
    assert Texts("ca").refusal(waiting) == (
        "ara no es demana cap decisió de Casella 2: la jugada espera la de Casella 3"
    )


def status(driver, drawn) -> list[str]:
    """What one frame draws."""
    drawn.clear()
    driver.frame()
    return list(drawn)


def test_a_refusal_journaled_with_its_why_shows_in_the_screens_language(tmp_path, drawn):
    cfg = scratch_table("roulette_fr", tmp_path)
    with screen_session(cfg, (800, 480), language="ca") as driver:
        table, setup = driver.table, driver.table.setup
        driver.until(lambda: driver.screen() == "opening", "the sign-in")
        # a wrong PIN: the table refuses the opening when the count comes with it
        driver.press("person:C-07", "9", "8", "7", "9", "ok")
        count(driver, chips_of(setup.advance, setup.chips), setup.chips)
        refusal = driver.until(lambda: driver.model.refusal, "the opening refused")
        assert refusal.key == "pin_wrong" and refusal.why["fields"] == {"person": "C-07", "left": 4}
        assert refusal.reason == "wrong PIN for C-07 (4 tries left)"  # as journaled
        shown = status(driver, drawn)
        assert "Refusat: PIN incorrecte de C-07 (queden 4 intents)" in shown  # the status line
        assert "PIN incorrecte de C-07 (queden 4 intents)" in " ".join(shown)  # the PIN pad
        driver.press("language")
        assert "Rechazado: PIN incorrecto de C-07 (quedan 4 intentos)" in status(driver, drawn)
        driver.press("language", "language")  # English, then Catalan again
        # signed in with the right PIN, the session opens; a bet over the maximum is refused
        open_session(driver, lambda name: None)
        driver.press("open_round")
        driver.until(lambda: driver.model.state.round_status == "open", "bets open")
        limits = setup.limits
        over = limits.max["straight"] + limits.min
        table.post_bet(Bet("big", 3, "straight:17", over))
        refusal = driver.until(
            lambda: (r := driver.model.refusal) is not None and r.what == "bet" and r,
            "the bet refused",
        )
        fields = {
            "seat": 3,
            "total": money(over),
            "code": "straight:17",
            "limit": "straight",
            "max": money(limits.max["straight"]),
        }
        assert refusal.why == {"key": "stake_over_max", "fields": fields}
        assert refusal.code == "straight:17"  # the cloth outlines it
        ca, es = Texts("ca"), Texts("es")
        catalan = (
            f"Refusat: el seient 3 tindria {ca.money(over)} a Ple 17, per sobre del màxim de "
            f"{ca.money(limits.max['straight'])} per a Ple"
        )
        assert catalan in status(driver, drawn)
        driver.press("menu", "language")
        spanish = (
            f"Rechazado: el asiento 3 tendría {es.money(over)} en Pleno 17, por encima del "
            f"máximo de {es.money(limits.max['straight'])} para Pleno"
        )
        assert spanish in status(driver, drawn)
