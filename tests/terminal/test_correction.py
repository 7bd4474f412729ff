"""Dealer error correction (`round.correction`): the last round's outcome corrected before the
next round opens, settled again from the table as it stood before the result, folded in place of
that result by the table, a restarted table and `journal verify`; refused whenever it is not the
last round at the table, or nothing would change."""

from __future__ import annotations

import sqlite3

import pytest

from games.prison import PrisonBet
from terminal.config import load_table_config
from terminal.runtime.audit import audit
from terminal.runtime.console import ConsoleSink
from terminal.runtime.correction import correct
from terminal.runtime.state import CorrectionNotFolded, TableState
from tests.support.helpers import forge, journal_events, write_config
from tests.support.rounds import DicePlayers, between_rounds, spin

BY = "P-01"  # the pit boss who authorised it


@pytest.fixture
def cfg(tmp_path):
    return load_table_config(write_config(tmp_path))


def by_kind(events, kind):
    return [e for e in events if e["kind"] == kind]


def refused(table, outcome, reason: str = "r") -> str:
    """Why the table refuses to correct its last round to `outcome`."""
    refusal = correct(table, outcome, reason, BY)
    assert refusal is not None, f"{outcome} was taken"
    return refusal


def test_a_straight_up_win_corrected_to_a_loss_takes_the_money_back(cfg):
    with between_rounds(cfg) as table:
        advance = table.state.initial_advance
        spin(table, 17, PrisonBet("s17", 1, "straight:17", 500), PrisonBet("b", 2, "black", 1000))
        assert table.state.house_net == -17500 - 1000  # 17 is black: both win
        assert (
            correct(table, {"number": 23, "source": "manual"}, "the ball jumped to 23", BY) is None
        )
        state = table.state
        assert state.house_net == 500 + 1000  # both lose on 23 (red)
        assert state.tray == advance + 1500 and state.rounds_settled == 1
        assert state.last_outcome["number"] == 23 and state.recent == [23]
        live = state
    events = journal_events(cfg)
    result, correction = by_kind(events, "round.result")[0], by_kind(events, "round.correction")[0]
    data = correction["data"]
    assert correction["round"] == result["round"] == 1 and data["corrects"] == result["seq"]
    assert data["outcome"]["number"] == 23 and data["outcome"]["source"] == "manual"
    assert data["outcome"]["rotor"] == result["data"]["outcome"]["rotor"]  # as the table noted it
    assert data["was"] == result["data"]["outcome"] and data["by"] == BY
    assert data["bets"] == result["data"]["bets"] and data["last_round"] is False
    assert data["totals"] == {"staked": 1500, "paid": 0, "returned": 0, "house_net": 1500}
    assert data["adjustment"] == [
        {"id": "s17", "paid": -17500, "returned": -500, "result": "lose", "was": "win"},
        {"id": "b", "paid": -1000, "returned": -1000, "result": "lose", "was": "win"},
    ]
    # the croupier announces the corrected result, once it is journaled
    call = events[events.index(correction) + 1]
    assert call["kind"] == "announcement" and call["data"]["key"] == "result"
    assert call["data"]["text"]["en"].startswith("23") and call["round"] == 1
    line = ConsoleSink().line(correction) or ""
    assert "round corrected: 23 (was 17) by P-01: the ball jumped to 23" in line and " r1]" in line
    assert TableState.replay(cfg.id, cfg.game, events) == live
    assert audit(cfg.db).ok


def test_a_zero_that_imprisoned_an_even_chance_corrected_to_red_releases_and_pays_it(cfg):
    with between_rounds(cfg) as table:
        advance = table.state.initial_advance
        spin(table, 0, PrisonBet("red", 1, "red", 1000), PrisonBet("s0", 2, "straight:0", 500))
        assert [b.id for b in table.state.carried] == ["red"]  # in prison, no money moved
        assert table.state.house_net == 500 - 17500 - 500
        assert correct(table, {"number": 1}, "zero entered for 1", BY) is None
        state = table.state
        assert state.carried == ()
        assert state.house_net == -1000 + 500 and state.tray == advance - 500
        spin(table, 5)  # the next round: no prisoner takes part
        live = table.state
    events = journal_events(cfg)
    data = by_kind(events, "round.correction")[0]["data"]
    assert data["adjustment"] == [
        {"id": "s0", "paid": -17500, "returned": -500, "result": "lose", "was": "win"},
        {"id": "red", "paid": 1000, "returned": 1000, "result": "win", "was": "prison"},
    ]
    assert data["totals"]["house_net"] == -500
    assert by_kind(events, "round.result")[1]["data"]["bets"] == []
    assert TableState.replay(cfg.id, cfg.game, events) == live
    assert audit(cfg.db).ok


def test_a_red_number_corrected_to_zero_imprisons_the_even_chance(cfg):
    with between_rounds(cfg) as table:
        spin(table, 3, PrisonBet("red", 1, "red", 1000))
        assert correct(table, {"number": 0}, "it was the zero", BY) is None
        assert [(b.id, b.prison) for b in table.state.carried] == [("red", 1)]
        assert table.state.house_net == 0
        spin(table, 12)  # red: the prisoner is released, its stake returned
        assert table.state.carried == () and table.state.house_net == 0
    assert audit(cfg.db).ok


def test_a_roll_corrected_moves_the_point_and_the_layout(tmp_path):
    cfg = load_table_config(write_config(tmp_path, game="craps", table_id="CR-T1"))
    with between_rounds(cfg, sim=True) as table:
        table.players = DicePlayers(
            table, rolls={1: (3, 4), 2: (4, 4)}, bets={1: [(2, "field", 500)]}
        )
        assert table.play_round()  # a natural: the Win bet wins, the field loses
        assert table.state.own.point is None and table.state.carried == ()
        assert correct(table, {"dice": [4, 4]}, "the dice read 3-4, they show 4-4", BY) is None
        own = table.state.own
        assert own.point == 8 and [b.id for b in table.state.carried] == ["r1s1line"]
        assert own.shooter == 1 and own.shooter_rolls == 1 and own.dice_rolls == 1
        assert table.state.house_net == 500  # the field lost on 7 and loses on 8 too
        assert table.play_round()  # the 8 again: the point made, the Win bet paid
        assert table.state.own.point is None and table.state.carried == ()
        live = table.state
    events = journal_events(cfg)
    data = by_kind(events, "round.correction")[0]["data"]
    assert data["outcome"] == {"dice": [4, 4], "point_before": None, "point_after": 8}
    assert [b["id"] for b in data["layout"]] == ["r1s1line"] and data["shooter"] == 1
    assert {
        a["id"]: (a["paid"], a["returned"], a["result"], a["was"]) for a in data["adjustment"]
    } == {"r1s1line": (-1000, -1000, "open", "win")}
    assert TableState.replay(cfg.id, cfg.game, events) == live
    assert audit(cfg.db).ok


def test_corrections_are_refused_unless_the_last_round_can_change_now(cfg):
    with between_rounds(cfg) as table:
        assert "no round has been settled yet in this session" in refused(table, {"number": 1})
        spin(table, 17, PrisonBet("s17", 1, "straight:17", 500))
        assert refused(table, {"number": 17}) == (
            "round 1 stands at 17 as journaled: nothing to correct"
        )
        wrong = {
            "no outcome of this game is number 37": {"number": 37},
            "no outcome of this game is number True": {"number": True},
            "no outcome of this game has 'colour'": {"colour": "red"},
            "the outcome must be the game's outcome": "23",
            "the outcome's source is manual or sensor": {"number": 23, "source": "guess"},
        }
        for reason, outcome in wrong.items():
            assert reason in refused(table, outcome)
        assert "the reason must be a non-empty text" in refused(table, {"number": 23}, " ")
        table._open(2)  # the next round opens
        in_play = refused(table, {"number": 23})
        assert in_play.startswith("round 2 is in play")
        assert "any earlier round is a dispute for the books" in in_play
        table.void_round("the test voids it", say=False)
        assert "round 2 opened after round 1 was settled" in refused(table, {"number": 23})
        spin(table, 4)
        table.close_session()
        assert "no session is open" in refused(table, {"number": 5})
    assert not by_kind(journal_events(cfg), "round.correction")


def test_a_card_game_coup_is_not_corrected_at_this_release(tmp_path):
    cfg = load_table_config(write_config(tmp_path, game="punto_banco", table_id="PB-T1"))
    with between_rounds(cfg) as table:
        reason = refused(table, {"cards": {}})
    assert "corrected card by card, which this release does not do" in reason


def test_a_correction_after_the_count_is_refused(cfg):
    with between_rounds(cfg) as table:
        spin(table, 17)
        st = table.state
        table.emit(
            "float.count", {"chips": st.tray, "drop": 0, "advances": st.advances, "result": 0}
        )
        assert "the session's count is done" in refused(table, {"number": 2})


def test_a_restarted_table_folds_the_same_state_and_can_still_correct_its_last_round(cfg):
    with between_rounds(cfg) as table:
        spin(table, 0, PrisonBet("red", 1, "red", 1000))
        before = table.state
    with between_rounds(cfg) as table:  # a restart between the result and its correction
        assert table.state == before and table.state.before_result is not None
        assert correct(table, {"number": 9}, "zero entered for 9", BY) is None
        corrected = table.state
        assert corrected.carried == () and corrected.house_net == -1000
    with between_rounds(cfg) as table:
        assert table.state == corrected and table.state.house_net == -1000
        spin(table, 2, PrisonBet("red2", 1, "red", 1000))  # a second correction of a new round
        assert correct(table, {"number": 3}, "2 for 3", BY) is None
        assert correct(table, {"number": 4}, "3 for 4: the first correction was wrong", BY) is None
        live = table.state
        assert live.house_net == -1000 + 1000 and live.recent[-2:] == [9, 4]
    events = journal_events(cfg)
    second = by_kind(events, "round.correction")[-1]["data"]
    assert second["corrects"] == by_kind(events, "round.result")[-1]["seq"]
    assert second["was"]["number"] == 3  # against what stood: the first correction
    assert second["adjustment"] == [
        {"id": "red2", "paid": -1000, "returned": -1000, "result": "lose", "was": "win"}
    ]
    assert TableState.replay(cfg.id, cfg.game, events) == live
    assert audit(cfg.db).ok


def test_a_state_that_keeps_nothing_from_before_the_result_cannot_fold_a_correction(cfg):
    with between_rounds(cfg) as table:
        spin(table, 7)
        assert correct(table, {"number": 8}, "r", BY) is None
    events = journal_events(cfg)
    state = TableState(cfg.id, cfg.game)  # keep_before_result False
    with pytest.raises(CorrectionNotFolded, match="keep_before_result"):
        for event in events:
            state.apply(event)


def _corrected_journal(cfg, *, between=None):
    """Round 1 on 17, round 2 on 5 (a straight bet each), then round 2 corrected to 8;
    `between(table)` runs after round 2's result, before its correction."""
    with between_rounds(cfg) as table:
        spin(table, 17, PrisonBet("a", 1, "straight:17", 500))
        spin(table, 5, PrisonBet("b", 1, "straight:5", 500))
        if between is not None:
            between(table)
        assert correct(table, {"number": 8}, "5 for 8", BY) is None
    events = journal_events(cfg)
    assert audit(cfg.db).ok
    return events, by_kind(events, "round.correction")[0]


def test_verify_fails_on_a_correction_whose_money_was_forged(cfg):
    _, correction = _corrected_journal(cfg)

    def pay_back(event):  # the croupier keeps the straight bet's winnings
        event["data"]["adjustment"] = []

    forge(cfg.db, lambda e: e["kind"] == "round.correction", pay_back)
    report = audit(cfg.db)
    assert not report.ok and report.bad_seq == correction["seq"]
    assert "correction of round 2" in report.reason and "adjustment differ" in report.reason


def test_verify_fails_on_a_correction_that_names_an_earlier_result(cfg):
    events, correction = _corrected_journal(cfg)
    first = by_kind(events, "round.result")[0]["seq"]

    def earlier(event):
        event["data"]["corrects"] = first

    forge(cfg.db, lambda e: e["kind"] == "round.correction", earlier)
    report = audit(cfg.db)
    assert not report.ok and report.bad_seq == correction["seq"]
    assert f"names seq {first}, which is not the last result" in report.reason


def test_verify_fails_on_a_correction_after_the_next_round_opened(cfg):
    def say_something(table):  # an announcement between the rounds, forged below
        table.announce(table.engine.announcement("place_bets"))

    events, correction = _corrected_journal(cfg, between=say_something)

    def opened(event):
        event.update(kind="round.open", round=3, data={})

    forged = forge(cfg.db, lambda e: e["seq"] == correction["seq"] - 1, opened)
    with sqlite3.connect(cfg.db) as conn:  # the columns as the body says, as a forger would
        conn.execute(
            "UPDATE events SET kind = ?, round = ? WHERE seq = ?",
            ("round.open", 3, forged["seq"]),
        )
    report = audit(cfg.db)
    assert not report.ok and report.bad_seq == correction["seq"]
    assert "comes after round 3 opened" in report.reason


def test_verify_fails_on_a_count_without_the_corrections_money(cfg):
    with between_rounds(cfg) as table:
        spin(table, 17, PrisonBet("a", 1, "straight:17", 500))
        assert correct(table, {"number": 8}, "17 for 8", BY) is None
        table.close_session()
    assert audit(cfg.db).ok
    count = by_kind(journal_events(cfg), "float.count")[0]
    assert count["data"]["result"] == 500

    def uncorrected(event):  # the count of the result as it was first journaled
        event["data"]["result"] = -17000

    forge(cfg.db, lambda e: e["kind"] == "float.count", uncorrected)
    report = audit(cfg.db)
    assert not report.ok and report.bad_seq == count["seq"]
