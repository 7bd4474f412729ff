"""Dealer error correction (`round.correction`): the last round's outcome corrected before the
next round opens, settled again from the table as it stood before the result, folded in place of
that result by the table, a restarted table and `journal verify`; refused whenever it is not the
last round at the table, or nothing would change. A card game's coup is corrected card by card:
dealt again with its true cards, each place deciding as journaled, its shoe counting them."""

from __future__ import annotations

import sqlite3

import pytest

from drivers.shoe.events import CardDrawn
from games.cards.shoe import Shoe
from games.prison import PrisonBet
from terminal.config import load_table_config
from terminal.pit.floorfile import AlertSettings
from terminal.pit.lines import format_event
from terminal.pit.view import TableView
from terminal.runtime.journal.audit import audit
from terminal.runtime.loop.console import ConsoleSink
from terminal.runtime.loop.state import CorrectionNotFolded, TableState
from terminal.runtime.staffed.correction import correct
from tests.support.helpers import (
    WAIT_S,
    forge,
    journal_events,
    stack_after_each_new_shoe,
    write_config,
)
from tests.support.rounds import DicePlayers, ScriptedPlayers, between_rounds, spin

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
    assert (
        "correction of round 2" in report.reason
        and "journal's adjustment and the rules' settlement differ" in report.reason
    )


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


# -- a card game's coup, corrected card by card ------------------------------------------------


def card_config(tmp_path, game):
    return load_table_config(write_config(tmp_path, game=game, table_id="CD-T1"))


def coup(table, bets, *cards):
    """One coup of `bets` (seat, code, stake), the shoe (or the first new one) giving `cards`."""
    table.players = ScriptedPlayers({table.state.round + 1: bets})
    if table.state.own.shoe is None:
        stack_after_each_new_shoe(table.device, *cards)
    else:
        table.device.stack(*cards)
    assert table.play_round(), "the coup was void"


def cards_of(moves):
    return [card for move, _, card in moves if move == "card"]


BLACKJACK_BURN = ("2C",) * 5  # a new blackjack shoe burns its first five cards
PB_BETS = [(1, "player", 1000), (2, "banker", 1000)]
# player 3+3 = 6 stands, banker 4+3 = 7 stands: the banker wins
PB_DEALT = ("3S", "4H", "3D", "3C")
# the player's second card was a 2: 5 draws a third card, a 4: 9 beats the banker's 7
PB_TRUE = ["3S", "4H", "2D", "3C", "4C"]


def test_a_punto_banco_coup_corrected_draws_the_players_third_card_and_pays_the_player(
    tmp_path,
):
    cfg = card_config(tmp_path, "punto_banco")
    with between_rounds(cfg) as table:
        coup(table, PB_BETS, *PB_DEALT)
        state = table.state
        assert state.house_net == -950 + 1000  # the banker's win less the commission
        shoe = state.own.shoe
        drawn, seen = shoe.drawn, dict(shoe.seen)
        assert correct(table, {"cards": PB_TRUE, "source": "manual"}, "3D read for 2D", BY) is None
        state = table.state
        assert state.house_net == 0 and state.rounds_settled == 1
        # the shoe counts the cards as they truly lay: the 3D is back in it, the 2D and 4C out
        shoe = state.own.shoe
        assert shoe.drawn == drawn + 1 and shoe.left == shoe.size - drawn - 1
        assert shoe.seen.get("3D", 0) == seen["3D"] - 1
        assert shoe.seen["2D"] == seen.get("2D", 0) + 1 and shoe.seen["4C"] == seen.get("4C", 0) + 1
        assert cards_of(state.own.moves) == PB_TRUE
        assert state.to_json()["shoe"]["drawn"] == drawn + 1
        live = state
    events = journal_events(cfg)
    result, correction = by_kind(events, "round.result")[0], by_kind(events, "round.correction")[0]
    data = correction["data"]
    assert data["corrects"] == result["seq"] and correction["round"] == 1
    assert (
        data["was"] == result["data"]["outcome"] == {"player": ["3S", "3D"], "banker": ["4H", "3C"]}
    )
    assert data["outcome"] == {
        "player": ["3S", "2D", "4C"],
        "banker": ["4H", "3C"],
        "source": "manual",
    }
    assert data["moves"] == [
        ["card", "player", "3S"],
        ["card", "banker", "4H"],
        ["card", "player", "2D"],
        ["card", "banker", "3C"],
        ["card", "player", "4C"],
    ]
    assert data["bets"] == result["data"]["bets"]
    assert data["totals"] == {"staked": 2000, "paid": 1000, "returned": 1000, "house_net": 0}
    assert data["adjustment"] == [
        {"id": "r1s2banker", "paid": -950, "returned": -1000, "result": "lose", "was": "win"},
        {"id": "r1s1player", "paid": 1000, "returned": 1000, "result": "win", "was": "lose"},
    ]
    call = events[events.index(correction) + 1]
    assert call["kind"] == "announcement" and call["data"]["text"]["en"].startswith("Player 9")
    assert TableState.replay(cfg.id, cfg.game, events) == live
    assert audit(cfg.db).ok


def test_a_third_card_corrected_away_and_a_correction_corrected_again(tmp_path):
    """The player's third card vanishes (the coup took four cards: the shoe holds the fifth
    again), then the first correction is corrected: the cards and money that stood are
    replaced, the shoe counts the last cards given."""
    cfg = card_config(tmp_path, "punto_banco")
    with between_rounds(cfg) as table:
        coup(table, PB_BETS, *PB_TRUE)  # as dealt: the player's 9 wins
        drawn, seen = table.state.own.shoe.drawn, dict(table.state.own.shoe.seen)
        assert table.state.house_net == 0
        assert correct(table, {"cards": list(PB_DEALT)}, "the 2D was a 3D", BY) is None
        shoe = table.state.own.shoe
        assert shoe.drawn == drawn - 1 and shoe.seen.get("4C", 0) == seen["4C"] - 1
        assert table.state.house_net == 50  # the banker's 7 wins
        again = ["3S", "4H", "3D", "5C"]  # the banker's second card was a 5: 9 wins
        assert correct(table, {"cards": again}, "and the 3C a 5C", BY) is None
        shoe = table.state.own.shoe
        assert shoe.drawn == drawn - 1 and shoe.seen.get("3C", 0) == seen["3C"] - 1
        assert shoe.seen["5C"] == seen.get("5C", 0) + 1
        assert table.state.house_net == 50
        live = table.state
    events = journal_events(cfg)
    first, second = by_kind(events, "round.correction")
    assert second["data"]["corrects"] == first["data"]["corrects"]
    assert second["data"]["was"] == first["data"]["outcome"]
    assert second["data"]["adjustment"] == []  # the banker still wins, as the first said
    assert cards_of(second["data"]["moves"]) == again
    assert TableState.replay(cfg.id, cfg.game, events) == live
    assert audit(cfg.db).ok


def test_a_trente_et_quarante_coup_corrected_lengthens_the_noir_row(tmp_path):
    cfg = card_config(tmp_path, "trente_quarante")
    bets = [(1, "noir", 1000), (2, "couleur", 1000)]
    noir, rouge = ["TS", "KH", "QD", "2C"], ["JC", "TD", "8S", "5H"]  # 32 against 33
    with between_rounds(cfg) as table:
        coup(table, bets, *noir, *rouge)
        assert table.state.house_net == -2000  # noir wins, and couleur (the first card black)
        # the third card was a 5: the noir row takes two more cards to 36, and rouge wins
        true = ["TS", "KH", "5D", "2C", "9S", *rouge]
        assert correct(table, {"cards": true}, "QD read for 5D", BY) is None
        assert table.state.house_net == 2000
        assert cards_of(table.state.own.moves) == true
        live = table.state
    events = journal_events(cfg)
    data = by_kind(events, "round.correction")[0]["data"]
    assert data["outcome"] == {
        "noir": ["TS", "KH", "5D", "2C", "9S"],
        "rouge": rouge,
        "noir_total": 36,
        "rouge_total": 33,
    }
    assert [(a["id"], a["paid"], a["returned"]) for a in data["adjustment"]] == [
        ("r1s1noir", -1000, -1000),
        ("r1s2couleur", -1000, -1000),
    ]
    assert TableState.replay(cfg.id, cfg.game, events) == live
    assert audit(cfg.db).ok


def test_a_blackjack_coup_corrected_keeps_the_players_decisions(tmp_path):
    """The box stood on 16 against the dealer's 6; the dealer's second card was a 5, not a
    ten: he makes 20 instead of busting, and the box's stand is kept where it was."""
    cfg = card_config(tmp_path, "blackjack")
    with between_rounds(cfg) as table:
        coup(table, [(1, "box:1", 1000)], *BLACKJACK_BURN, "TS", "6H", "6D", "TC", "9C")
        moves = list(table.state.own.moves)
        assert ("decision", "box:1", "stand") in moves
        assert table.state.house_net == -1000
        true = ["TS", "6H", "6D", "5C", "9C"]
        assert correct(table, {"cards": true}, "the TC was a 5C", BY) is None
        assert table.state.house_net == 1000
        live = table.state
    events = journal_events(cfg)
    data = by_kind(events, "round.correction")[0]["data"]
    assert data["moves"] == [
        ["card", "box:1", "TS"],
        ["card", "dealer", "6H"],
        ["card", "box:1", "6D"],
        ["decision", "box:1", "stand"],
        ["card", "dealer", "5C"],
        ["card", "dealer", "9C"],
    ]
    assert data["outcome"] == {"dealer": ["6H", "5C", "9C"], "hands": {"box:1": ["TS", "6D"]}}
    assert data["adjustment"] == [
        {"id": "r1s1box:1", "paid": -1000, "returned": -1000, "result": "lose", "was": "win"}
    ]
    assert TableState.replay(cfg.id, cfg.game, events) == live
    assert audit(cfg.db).ok


def test_a_blackjack_correction_whose_cards_change_a_decision_is_a_dispute(tmp_path):
    """The box doubled its 11; with a ten for its second card it could not have: what it would
    have done is for the books. Nor can a card make a decision the journal holds vanish."""
    cfg = card_config(tmp_path, "blackjack")
    with between_rounds(cfg) as table:
        coup(table, [(1, "box:1", 1000)], *BLACKJACK_BURN, "5S", "6H", "6D", "9C", "TC", "8C")
        assert ("decision", "box:1", "double") in table.state.own.moves
        doubled = refused(table, {"cards": ["5S", "6H", "TD", "9C", "TC", "8C"]})
        assert doubled == (
            "round 1 cannot be dealt with these cards: box:1's journaled decision 'double' "
            "no longer fits these cards (box:1 may stand or hit, not 'double'): "
            "a dispute for the books"
        )
        blackjack = refused(table, {"cards": ["AS", "6H", "KD"]})  # a blackjack: no decision
        assert "the coup asks no more decisions, and the journal holds box:1 double" in blackjack
        assert "a dispute for the books" in blackjack
        state = table.state
    assert not by_kind(journal_events(cfg), "round.correction")
    assert state.house_net == -2000  # the doubled 20 beat the dealer's 24: as journaled


def test_a_coups_correction_is_refused_unless_its_cards_make_the_coup(tmp_path):
    cfg = card_config(tmp_path, "punto_banco")
    with between_rounds(cfg) as table:
        coup(table, PB_BETS, *PB_DEALT)
        assert refused(table, {"cards": list(PB_DEALT)}) == (
            "round 1's cards are the ones journaled (P6 B7): nothing to correct"
        )
        dealt = "round 1 cannot be dealt with these cards: "
        wrong = {
            dealt + "too few cards: after the 4 given, the coup still needs one for player": {
                "cards": PB_TRUE[:4]
            },
            dealt + "too many cards: the coup is dealt after 5, 1 over (9H)": {
                "cards": [*PB_TRUE, "9H"]
            },
            dealt + "the shoe cannot have given these cards: AS drawn 7 times from a shoe of "
            "6 deck(s), which holds it 6 times": {"cards": ["AS"] * 7},
            "card 2 'XX' is not a card": {"cards": ["3S", "XX"]},
            "a coup is corrected with the coup's cards in the order dealt": {"player": ["9S"]},
            "no cards given: a coup is corrected with the coup's cards in the order dealt": {
                "cards": []
            },
            "a coup is corrected with the coup's cards in the order dealt: "
            '{"cards": ["9H", "KD", ...]}, not \'9H\'': {"cards": "9H"},
            "the outcome's source is manual or sensor": {"cards": PB_TRUE, "source": "x"},
        }
        for reason, outcome in wrong.items():
            assert refused(table, outcome).startswith(reason), outcome
    assert not by_kind(journal_events(cfg), "round.correction")


def test_the_cards_put_aside_since_the_result_count_against_the_corrected_ones(tmp_path):
    """Cards drawn out of turn between the result and the correction stay out of the shoe: the
    corrected cards cannot take a seventh 4C from six decks."""
    cfg = card_config(tmp_path, "punto_banco")
    with between_rounds(cfg) as table:
        coup(table, PB_BETS, *PB_DEALT)
        seen = table.state.own.shoe.seen.get("4C", 0)
        for _ in range(6 - seen):  # every 4C of the six decks comes out between the coups
            table.inbox.post("shoe", CardDrawn("4C"))
        table.hear_faults_until(lambda _: table.state.own.shoe.seen.get("4C") == 6, WAIT_S)
        assert table.state.own.shoe.seen["4C"] == 6
        assert "4C drawn 7 times" in refused(table, {"cards": PB_TRUE})
        assert correct(table, {"cards": [*PB_TRUE[:4], "4D"]}, "3D read for 2D", BY) is None
        live = table.state
    assert TableState.replay(cfg.id, cfg.game, journal_events(cfg)) == live
    assert audit(cfg.db).ok


def test_a_restarted_card_table_folds_the_corrected_coup_and_can_correct_it_again(tmp_path):
    cfg = card_config(tmp_path, "punto_banco")
    with between_rounds(cfg) as table:
        coup(table, PB_BETS, *PB_DEALT)
        before = table.state
    with between_rounds(cfg) as table:  # a restart between the result and its correction
        assert table.state == before and table.state.before_result is not None
        assert correct(table, {"cards": PB_TRUE}, "3D read for 2D", BY) is None
        corrected = table.state
    with between_rounds(cfg) as table:
        assert table.state == corrected
        assert table.state.own.shoe == corrected.own.shoe
        assert cards_of(table.state.own.moves) == PB_TRUE
        # the next coup settles from the corrected shoe; then a correction of it
        coup(table, [(1, "tie", 500)], "9S", "9H", "KD", "KC")  # 9 and 9: a tie
        assert table.state.last_result["data"]["outcome"]["banker"] == ["9H", "KC"]
        assert correct(table, {"cards": ["9S", "8H", "KD", "KC"]}, "9H for 8H", BY) is None
        assert table.state.house_net == 0 + 500  # the tie bet lost after all
        live = table.state
    events = journal_events(cfg)
    assert len(by_kind(events, "round.correction")) == 2
    assert TableState.replay(cfg.id, cfg.game, events) == live
    assert audit(cfg.db).ok


def _corrected_coup_journal(tmp_path):
    cfg = card_config(tmp_path, "blackjack")
    with between_rounds(cfg) as table:
        coup(table, [(1, "box:1", 1000)], *BLACKJACK_BURN, "TS", "6H", "6D", "TC", "9C")
        assert correct(table, {"cards": ["TS", "6H", "6D", "5C", "9C"]}, "TC for 5C", BY) is None
    assert audit(cfg.db).ok
    return cfg, by_kind(journal_events(cfg), "round.correction")[0]


@pytest.mark.parametrize(
    "forged, said",
    [
        # the dealer's bust as first journaled, the money kept
        (lambda data: data.update(adjustment=[]), "the journal's adjustment and the rules'"),
        # the box hit instead of standing: a decision the journal never held
        (
            lambda data: data["moves"].__setitem__(3, ["decision", "box:1", "hit"]),
            "the journal's moves and the rules'",
        ),
        # the outcome says other cards than the coup dealt
        (
            lambda data: data["outcome"].__setitem__("dealer", ["6H", "4C", "9C"]),
            "the journal's outcome and the rules' settlement differ",
        ),
        # cards that make no coup
        (lambda data: data["moves"].pop(), "the rules refuse to settle it (too few cards"),
    ],
)
def test_verify_fails_on_a_coups_correction_that_was_forged(tmp_path, forged, said):
    cfg, correction = _corrected_coup_journal(tmp_path)
    forge(cfg.db, lambda e: e["kind"] == "round.correction", lambda e: forged(e["data"]))
    report = audit(cfg.db)
    assert not report.ok and report.bad_seq == correction["seq"]
    assert "correction of round 1" in report.reason and said in report.reason, report.reason


@pytest.mark.parametrize("game", ["roulette_fr", "punto_banco"])
def test_the_simulated_players_are_handed_the_corrections_adjustment(tmp_path, game):
    cfg = load_table_config(write_config(tmp_path, game=game, table_id="SP-T1"))
    with between_rounds(cfg, sim=True, seed=3) as table:
        players = table.players
        if game == "roulette_fr":
            spin(table, 17)
            other = {"number": 0}
        else:
            stack_after_each_new_shoe(table.device, *PB_DEALT)
            assert table.play_round()
            other = {"cards": PB_TRUE}
        chips = {p.seat: p.chips for p in players.players}
        assert correct(table, other, "a wrong entry", BY) is None
        after = {p.seat: p.chips for p in players.players}
    data = by_kind(journal_events(cfg), "round.correction")[0]["data"]
    assert data["adjustment"], "the correction moves money"
    seat_of = {bet["id"]: bet["seat"] for bet in data["bets"]}
    handed = {seat: 0 for seat in chips}
    for entry in data["adjustment"]:
        handed[seat_of[entry["id"]]] += entry["paid"] + entry["returned"]
    assert {seat: after[seat] - chips[seat] for seat in chips} == handed
    assert audit(cfg.db).ok


def test_the_pit_folds_a_coups_correction_in_place_of_its_result(tmp_path):
    cfg = card_config(tmp_path, "punto_banco")
    with between_rounds(cfg) as table:
        coup(table, PB_BETS, *PB_DEALT)
        assert correct(table, {"cards": PB_TRUE}, "3D read for 2D", BY) is None
        coup(table, [(1, "banker", 1000)], "9S", "8H", "KD", "KC")  # the banker's 8 loses
        state = table.state
    events = journal_events(cfg)
    view = TableView(cfg.id, AlertSettings())
    for event in events:
        view.apply(event)
    assert view.house_net == state.house_net == 0 + 1000
    assert view.tray == state.tray
    assert view.entry(0)["recent"] == ["P9 B7", "P9 B8"]
    line = format_event(by_kind(events, "round.correction")[0])
    assert "(was " in line and "by P-01: 3D read for 2D" in line


def test_a_card_put_back_in_the_shoe_leaves_it_as_if_never_drawn():
    shoe = Shoe(6, cut_after=300)
    drawn = shoe.draw("9H").draw("KD").draw("9H")
    assert drawn.put_back("KD").put_back("9H") == shoe.draw("9H")
    assert drawn.put_back("KD").put_back("9H").put_back("9H") == shoe
    with pytest.raises(ValueError, match="'2C' never came out of this shoe"):
        drawn.put_back("2C")
