"""A card game's coup corrected on the croupier's screen, card by card: a punto banco table
whose shoe is the screen (`screen://`), a staffed session, the cards entered by taps, then the
correction dialog listing the coup's cards as dealt, one changed on the card pad and one added,
the reason and the pit boss's PIN; the journal it leaves verifies."""

from __future__ import annotations

import pytest

from games.records import Bet
from terminal.runtime.journal.audit import audit
from terminal.screens import kit
from terminal.screens.croupier.correction import CorrectionDialog
from terminal.screens.croupier.outcome import PLACES
from terminal.screens.demo.scratch import scratch_table, screen_session
from terminal.screens.demo.script import open_session, sign_in
from terminal.screens.texts import catalogue
from tests.support.helpers import by_kind, journal_events

DEALT = ("3S", "4H", "3D", "3C")  # player 6 stands, banker 7 stands: the banker wins


def play_coup(driver, cards) -> None:
    """A coup called for, a bet on the player and one on the banker, the shoe loaded and each
    card entered on the card pad and confirmed, as the croupier deals it."""
    table, model = driver.table, driver.model
    driver.call_for_bets()
    driver.until(lambda: model.state.round_status == "open", "bets open")
    table.post_bet(Bet("p1", 1, "player", 1000))
    table.post_bet(Bet("b2", 2, "banker", 1000))
    driver.until(lambda: len(model.current.bets) == 2, "the bets placed")
    driver.press("no_more_bets")
    driver.until(lambda: driver.showing("shoe_loaded"), "the new shoe asked for")
    driver.press("shoe_loaded")
    driver.until(lambda: driver.showing("enter_outcome"), "the first card asked for")
    driver.press("enter_outcome")
    for n, card in enumerate(cards):
        driver.press(f"rank:{card[0]}", f"suit:{card[1]}", "confirm")
        driver.until(lambda n=n: len(model.current.cards) > n, f"{card} dealt")
    driver.until(lambda: model.last_result is not None, "the coup settled")
    driver.until(lambda: driver.screen() == "payouts", "the payouts")
    driver.press("back")


# the correction dialog's own targets: the cards, their buttons, the card pad's keys
OWN = ("card:", "add_card", "remove_card", "cards_done", "cancel_card", "rank:", "suit:")


def small_targets(driver) -> list[str]:
    """The dialog's own targets smaller than a finger on either side (at least one shows)."""
    driver.frame()
    own = [t for t in driver.app.targets if t.name.startswith(OWN)]
    assert own, "the correction dialog shows its targets"
    return [
        t.name
        for t in own
        if t.rect.w < kit.MIN_TARGET or t.rect.h < kit.MIN_TARGET  # type: ignore[attr-defined]
    ]


@pytest.mark.parametrize("size", [(800, 480), (1280, 800)])
def test_a_punto_banco_coup_corrected_card_by_card_on_the_screen(tmp_path, size):
    cfg = scratch_table("punto_banco", tmp_path)
    with screen_session(cfg, size, language="en") as driver:
        open_session(driver, lambda name: None)
        play_coup(driver, DEALT)
        model = driver.model
        assert model.last_result.result["outcome"]["banker"] == ["4H", "3C"]
        driver.press("correct")
        assert driver.screen() == "correction"
        # the coup's cards as dealt, each a target, nothing to correct yet
        names = driver.app.names()
        assert [n for n in names if n.startswith("card:")] == [
            "card:1",
            "card:2",
            "card:3",
            "card:4",
        ]
        dialog = driver.app.dialog
        assert isinstance(dialog, CorrectionDialog)
        assert dialog.places == ["player", "banker", "player", "banker"]
        assert not small_targets(driver)
        driver.press("cards_done")  # grey: the cards are the journaled ones
        assert driver.screen() == "correction" and dialog.outcome is None
        # the player's second card was a 2, and the coup took a third card, a 4
        driver.press("card:3")
        assert driver.showing("rank:2") and driver.showing("cancel_card")
        assert not small_targets(driver)
        driver.press("rank:2", "suit:D")
        assert dialog.cards == ["3S", "4H", "2D", "3C"] and dialog.editing is None
        # a card added by mistake, then taken off again; then the right one
        driver.press("add_card", "rank:K", "suit:S")
        assert dialog.cards[-1] == "KS" and driver.showing("card:5")
        driver.press("remove_card", "add_card", "rank:4", "suit:C")
        assert dialog.cards == ["3S", "4H", "2D", "3C", "4C"]
        assert not small_targets(driver)
        driver.press("cards_done")
        assert dialog.outcome == {
            "cards": ["3S", "4H", "2D", "3C", "4C"],
            "source": "manual",
            "entered_by": "C-07",
        }
        driver.press("reason_wrong_card")
        sign_in(driver, "D-01")
        driver.until(lambda: model.last_result.corrections, "the correction journaled")
        driver.until(lambda: driver.screen() != "correction", "the dialog closed")
        corrected = model.last_result.result
        assert corrected["outcome"]["player"] == ["3S", "2D", "4C"]
        # the money moved: the payouts open again, to pay more and take back
        driver.until(lambda: driver.screen() == "payouts", "the corrected payouts")
        driver.press("back")
        # a second correction starts from the cards that stand now
        driver.press("correct")
        dialog = driver.app.dialog
        assert isinstance(dialog, CorrectionDialog)
        assert dialog.cards == ["3S", "4H", "2D", "3C", "4C"]
        assert dialog.places == ["player", "banker", "player", "banker", "player"]
        driver.press("back")
    events = journal_events(cfg)
    (correction,) = by_kind(events, "round.correction")
    assert correction["by"] == "D-01" and correction["reason"] == "wrong_card"  # its key
    assert correction["outcome"]["source"] == "manual"
    assert correction["outcome"]["entered_by"] == "C-07"
    assert [move[2] for move in correction["moves"]] == ["3S", "4H", "2D", "3C", "4C"]
    assert {a["id"]: a["paid"] + a["returned"] for a in correction["adjustment"]} == {
        "b2": -1950,
        "p1": 2000,
    }
    report = audit(cfg.db)
    assert report.ok, report.summary()


def test_cards_that_make_no_coup_are_refused_with_the_reason_on_the_pin_pad(tmp_path):
    cfg = scratch_table("punto_banco", tmp_path)
    with screen_session(cfg, (800, 480), language="en") as driver:
        open_session(driver, lambda name: None)
        play_coup(driver, DEALT)
        driver.press("correct")
        # the player's second card was a 2: the coup needs a third card, which is not given
        driver.press("card:3", "rank:2", "suit:D", "cards_done", "reason_wrong_card")
        sign_in(driver, "D-01")
        refusal = driver.until(
            lambda: driver.model.refusal is not None and driver.model.refusal, "the refusal"
        )
        assert refusal.what == "correction"
        assert "too few cards" in refusal.reason and "needs one for player" in refusal.reason
        driver.until(lambda: driver.app.dialog.person.reason, "the reason on the PIN pad")
        assert driver.screen() == "correction"
        assert not driver.model.last_result.corrections
    assert not by_kind(journal_events(cfg), "round.correction")
    assert audit(cfg.db).ok


def test_every_place_of_a_coup_has_its_name_in_every_language():
    for key in PLACES.values():
        assert key in catalogue() and all(text.strip() for text in catalogue()[key]), key
