"""Every text the screens show is in the one catalogue, in Catalan, Spanish and English; and
why the table refused an entry is said in the screen's language too."""

from __future__ import annotations

import re
import string
from pathlib import Path

from games.money import money
from games.reasons import REASONS, reason
from games.records import Bet
from terminal.runtime.session import SIGNERS
from terminal.runtime.staff import ROLES
from terminal.scratch import scratch_table, screen_session
from terminal.screens.script import chips_of, count, open_session
from terminal.screens.texts import CATALOGUE, LANGUAGES, Texts, refusals
from terminal.screens.views.cloth import INSIDE

SCREENS = Path(__file__).resolve().parents[2] / "terminal" / "screens"
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
    missing = sorted(named - set(CATALOGUE))
    assert not missing, f"named in the screens' code, not in the catalogue: {missing}"
    for key, texts in CATALOGUE.items():
        assert len(texts) == len(LANGUAGES) and all(t.strip() for t in texts), key


def test_the_keys_made_from_roles_and_signed_events_are_there():
    for role in ROLES:
        assert all(Texts(language)(f"role_{role}") for language in LANGUAGES)
    for what in SIGNERS:
        assert Texts("es")(f"signed_{what}")
    for family in INSIDE:  # the bet picker's buttons
        assert Texts("en")(f"payouts_family_{family}")


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_every_refusal_is_said_in_every_language_with_the_same_fields():
    assert len(REASONS) > 80  # every module that refuses is imported: the engines, the runtime
    missing = sorted(set(REASONS) - set(refusals.TEXTS))
    assert not missing, f"refusals with no Catalan and Spanish: {missing}"
    unknown = sorted(set(refusals.TEXTS) - set(REASONS))
    assert not unknown, f"texts of refusals nobody makes: {unknown}"
    for key, english in REASONS.items():
        catalan, spanish = refusals.TEXTS[key]
        assert catalan.strip() and spanish.strip(), key
        assert fields(catalan) == fields(spanish) == fields(english), key


def test_a_refusal_is_said_in_the_screens_language_and_an_unknown_one_as_journaled():
    said = reason("withdrawal_refused", id="b7", reason=reason("craps_carries_odds", code="pass"))
    text, why = str(said), said.why()
    assert text == "bet b7: pass carries odds: withdraw the odds first"
    assert why == {
        "key": "withdrawal_refused",
        "fields": {"id": "b7", "reason": {"key": "craps_carries_odds", "fields": {"code": "pass"}}},
    }
    assert Texts("ca").refusal(text, why) == "aposta b7: pass té odds: retireu primer les odds"
    assert Texts("es").refusal(text, why) == "apuesta b7: pass lleva odds: retire primero las odds"
    assert Texts("en").refusal(text, why) == text
    assert Texts("es").refusal(said) == Texts("es").refusal(text, why)  # a Reason knows its why
    # no why, a key this terminal does not know, a why that is not the text's: as journaled
    assert Texts("ca").refusal(text) == text
    assert Texts("ca").refusal(text, {"key": "no_such_refusal", "fields": {}}) == text
    assert Texts("ca").refusal("another text", why) == "another text"
    inner_unknown = {**why, "fields": {"id": "b7", "reason": {"key": "nope", "fields": {}}}}
    assert Texts("ca").refusal(text, inner_unknown) == text


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
        catalan = (
            f"Refusat: el seient 3 tindria {money(over)} a straight:17, per sobre del màxim de "
            f"{money(limits.max['straight'])} per a straight"
        )
        assert catalan in status(driver, drawn)
        driver.press("menu", "language")
        spanish = (
            f"Rechazado: el asiento 3 tendría {money(over)} en straight:17, por encima del "
            f"máximo de {money(limits.max['straight'])} para straight"
        )
        assert spanish in status(driver, drawn)
