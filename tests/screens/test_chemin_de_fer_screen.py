"""Chemin de fer on the croupier's screen: a whole session played by taps (headless, the real
table thread and journal): no advance, the bank offered, declined and taken for an amount on the
pad, pontes by a tap on their places (one standing), the cards entered by hand and the calls
asked on the row under the table, the banker's table, the cut into the cagnotte, a banco, the
bank passed on, the last five hands, and the cagnotte counted and signed by three; the journal
verifies. The oval's places lie round the table from the croupier's right."""

from __future__ import annotations

import pygame
import pytest

from terminal.runtime.journal.audit import audit
from terminal.runtime.staffed.correction import standing_problem
from terminal.screens import kit
from terminal.screens.demo.scratch import scratch_table, screen_session
from terminal.screens.demo.script import cards_by_hand, sign_in
from terminal.screens.games.chemin_de_fer.oval import place_centres
from terminal.screens.games.chemin_de_fer.script import (
    TABLE_COUP,
    call,
    game_error,
    no_more_bets,
    play_chemin_de_fer_session,
    settled,
    stakes,
    take_bank,
    view_of,
)
from terminal.screens.games.chemin_de_fer.view import ChemView
from tests.support.helpers import by_kind, journal_events

GAME = "chemin_de_fer"


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080), (720, 1280)])
def test_a_session_played_by_taps_leaves_a_journal_that_verifies(tmp_path, size):
    cfg = scratch_table(GAME, tmp_path)
    with screen_session(cfg, size) as driver:
        assert isinstance(driver.app.screens.table.view, ChemView)
        played = play_chemin_de_fer_session(driver)
        assert not driver.small, f"targets under a finger's {kit.MIN_TARGET} px: {driver.small}"
        assert not driver.overlapping, f"targets over one another: {driver.overlapping}"
        minimum = driver.table.setup.limits.min
    report = audit(cfg.db)  # every coup dealt again from its cards by the engine
    assert report.ok, report.summary()
    events = journal_events(cfg)
    # a circle table: no advance, no top-up, no tray counted
    assert not by_kind(events, "float.advance") and not by_kind(events, "float.count")
    # the first bank: place 1 declined it, place 2 took it for 40 minimums on the pad
    assert [d["by"] for d in by_kind(events, "bank.declined")] == ["1"]
    taken = by_kind(events, "bank.taken")
    assert [(d["by"], d["amount"]) for d in taken] == [("2", 40 * minimum), ("3", 20 * minimum)]
    # the coup of the banker's table: three pontes, the highest seated holds the cards, one
    # stands behind place 6; the ponte stood on 5, the banker asked for his table and won
    coup = played["table_coup"]
    stakes = {b["code"]: b["stake"] for b in coup["bets"]}
    assert stakes == {
        "ponte:3": minimum,
        "ponte:5": 2 * minimum,
        "ponte:s6": minimum,
        "bank:2": 4 * minimum,
    }
    outcome = coup["outcome"]
    assert (outcome["winner"], outcome["table_used"]) == ("bank", True)
    holder = next(b for b in coup["bets"] if b["id"] == outcome["holder"])
    assert holder["code"] == "ponte:5"
    bank = next(e for e in coup["settlement"] if e["id"] == "bank")
    assert bank["paid"] == 4 * minimum * 95 // 100  # the win less the 5% cut
    # what the payouts screen had the croupier hand over is what the engine settled
    sheet, totals = played["sheet"], coup["totals"]
    assert sheet.total == totals["paid"] + totals["returned"] and sheet.balanced
    # the banco took the whole bank and won on a natural: the bank passed on to place 3
    banco = played["banco"]
    (staked,) = [b for b in banco["bets"] if b["code"].startswith("banco:")]
    assert staked["code"] == "banco:4" and staked["stake"] == 40 * minimum + 4 * minimum * 95 // 100
    assert banco["outcome"]["natural"] == "ponte"
    assert [d["reason"] for d in by_kind(events, "bank.passed")] == ["lost", "left"]
    # each coup the bank won put its cut in the cagnotte; counted at the close, signed by three
    cuts = by_kind(events, "cagnotte")
    assert len(cuts) == 6 and all(d["rate"] == 0.05 for d in cuts)
    assert cuts[-1]["session_total"] == sum(d["amount"] for d in cuts)
    (count,) = by_kind(events, "cagnotte.count")
    assert count["counted"] == count["expected"] == cuts[-1]["session_total"]
    assert count["difference"] == 0 and count["counted_by"] == "C-07"
    signed = [d["role"] for d in by_kind(events, "sign")]
    assert signed == ["croupier", "cashier", "games_director"]
    last = [e["data"].get("last_rounds_left") for e in events if e["kind"] == "round.open"]
    assert [n for n in last if n] == [5, 4, 3, 2, 1]
    (close,) = by_kind(events, "table.close")
    assert close["house_net"] == count["expected"]


def test_the_places_go_round_the_oval_from_the_croupiers_right():
    oval = pygame.Rect(0, 0, 600, 300)
    centres = place_centres(oval, 9, 26)
    # the croupier at the foot, facing the table: place 1 at his right (the screen's right),
    # then up the right side, across the head, down the left side to place 9 at his left
    assert centres[1][0] > oval.centerx and centres[1][1] > oval.centery
    assert centres[9][0] < oval.centerx and centres[9][1] > oval.centery
    assert centres[5] == (oval.centerx, oval.y + 26)
    assert all(centres[n][0] > centres[n + 1][0] for n in range(3, 7))  # across the head
    # a finger's target apart, each inside the felt
    points = list(centres.values())
    for n, (x, y) in enumerate(points):
        assert oval.inflate(-20, -20).collidepoint(x, y)
        for other in points[n + 1 :]:
            assert abs(x - other[0]) >= kit.MIN_TARGET or abs(y - other[1]) >= kit.MIN_TARGET


def test_a_coup_corrected_replaces_its_cut_in_the_cagnotte_until_the_bank_moves(tmp_path):
    """The banker's second card was a 3, not a 6: his table has him draw, an ace, 4 against the
    ponte's 5; the correction turns the bank's win into its loss, and its cagnotte event says the
    round's cut is now nothing, replacing the first. Once the bank has passed on from that coup,
    its result stands."""
    cfg = scratch_table(GAME, tmp_path)
    with screen_session(cfg, (800, 480), language="en") as driver:
        minimum = driver.table.setup.limits.min
        sign_in(driver, "C-07")
        driver.until(lambda: driver.screen() == "table", "the table")
        driver.call_for_bets()
        take_bank(driver, "1", 40 * minimum)
        stakes(driver, [("3", 2 * minimum)])
        before = driver.model.state.rounds_settled
        no_more_bets(driver)
        cards_by_hand(driver, TABLE_COUP)
        call(driver, "no")
        call(driver, "table")
        settled(driver, before)
        driver.press("back")
        assert driver.model.state.cagnotte == 2 * minimum // 20
        driver.press("correct")
        driver.press("card:4", "rank:3", "suit:C", "add_card", "rank:A", "suit:D")
        driver.press("cards_done", "reason_wrong_card")
        sign_in(driver, "D-01")
        driver.until(lambda: driver.model.last_result.corrections, "the correction journaled")
        corrected = driver.model.last_result.result["outcome"]
        assert (corrected["banker"], corrected["winner"]) == (["KD", "3C", "AD"], "ponte")
        driver.until(lambda: driver.model.state.cagnotte == 0, "the cagnotte corrected")
        driver.until(lambda: driver.screen() == "payouts", "the corrected payouts")
        driver.press("back")
        # the bank lost: it passes before the next coup, and the coup can no longer be corrected
        driver.call_for_bets()
        driver.until(lambda: view_of(driver).table_state().bank.offer == "2", "the bank offered on")
        assert "the bank changed since the last coup" in standing_problem(driver.table.state)
    events = journal_events(cfg)
    (result,) = [e for e in events if e["kind"] == "round.result"]
    cuts = [e for e in events if e["kind"] == "cagnotte"]
    assert [c["data"]["amount"] for c in cuts] == [2 * minimum // 20, 0]
    assert cuts[1]["data"]["corrects"] == cuts[0]["seq"]
    assert cuts[1]["data"]["session_total"] == 0 and cuts[1]["data"]["base"] == 0
    assert by_kind(events, "bank.passed")[0]["reason"] == "lost"
    assert result["data"]["outcome"]["winner"] == "bank"
    report = audit(cfg.db)
    assert report.ok, report.summary()


def test_errors_of_the_coup_are_confirmed_by_the_inspector_and_take_effect(tmp_path):
    """The banker drops one of the ponte's first cards: confirmed by the inspector, the ponte
    has a natural 9 and wins (the outcome says the total imposed and by which game.error); a
    croupier is refused the inspector's part; cards stuck together void the next coup."""
    cfg = scratch_table(GAME, tmp_path)
    with screen_session(cfg, (800, 480), language="en") as driver:
        minimum = driver.table.setup.limits.min
        sign_in(driver, "C-07")
        driver.until(lambda: driver.screen() == "table", "the table")
        driver.call_for_bets()
        take_bank(driver, "1", 40 * minimum)
        stakes(driver, [("3", 2 * minimum)])
        before = driver.model.state.rounds_settled
        no_more_bets(driver)
        cards_by_hand(driver, TABLE_COUP)  # the ponte's 5 asks him to call
        driver.until(lambda: driver.screen() == "table", "the table")
        assert not driver.small and not driver.overlapping
        # the croupier cannot confirm it: the inspector's PIN is asked
        driver.press("errors", "error:ponte_card_dropped")
        assert {"C-07", "D-01"}.isdisjoint(n.split(":", 1)[-1] for n in driver.app.names())
        driver.press("back")
        game_error(driver, "ponte_card_dropped")
        settled(driver, before)
        result = driver.model.last_result.result
        driver.press("back")
        # the next bank, and cards stuck together: the coup is void
        driver.call_for_bets()
        take_bank(driver, "2", 20 * minimum)
        stakes(driver, [("4", minimum)])
        no_more_bets(driver)
        cards_by_hand(driver, ("2C", "4H"))
        driver.press("back")
        game_error(driver, "stuck")
        driver.until(lambda: driver.model.current.void is not None, "the coup void")
    events = journal_events(cfg)
    errors = [e for e in events if e["kind"] == "game.error"]
    assert [e["data"]["code"] for e in errors] == ["ponte_card_dropped", "stuck"]
    assert errors[0]["data"]["by"] == "I-01" and errors[0]["data"]["rule"] == "l. 870"
    assert errors[0]["data"]["cards"] == [
        ["ponte", "3S"],
        ["banker", "KD"],
        ["ponte", "2H"],
        ["banker", "6C"],
    ]
    outcome = result["outcome"]
    assert outcome["forced"] == {
        "side": "ponte",
        "total": 9,
        "natural": True,
        "by": errors[0]["seq"],
    }
    assert (outcome["ponte_total"], outcome["winner"], outcome["natural"]) == (9, "ponte", "ponte")
    (void,) = by_kind(events, "round.void")
    assert "stuck" in void["reason"] and void["returned"]
    report = audit(cfg.db)
    assert report.ok, report.summary()
