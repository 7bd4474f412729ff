"""Chemin de fer's engine and bank (issue 24): the stakes against the bank and who holds the
cards, the coup's calls, the cut into the cagnotte, and the bank's life between coups."""

from __future__ import annotations

import tomllib
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from games.chemin_de_fer.bank import AUCTION, MINIMUM, BankState, apply
from games.chemin_de_fer.engine import ChemEngine, ChemState, bank_event
from games.chemin_de_fer.rules import ChemRules
from games.circle import CircleBet
from games.records import BetRefused

PROFILE = Path(__file__).parents[2] / "config/rulebooks/valencia-1994/chemin_de_fer.toml"
RULES = ChemRules.from_dict(tomllib.loads(PROFILE.read_text()), str(PROFILE))
LIMITS = RULES.limits(500, 25)
ENGINE = ChemEngine(RULES, LIMITS)


def held(banker: str = "1", amount: int = 10_000) -> ChemState:
    state = ChemState()
    for kind, data in (
        ("bank.offer", {"to": banker, "min": 500, "reason": "start"}),
        ("bank.taken", {"by": banker, "amount": amount, "via": "offer", "passed_from": None}),
    ):
        state = bank_event(state, kind, data)
    return state


def ponte(at: str, stake: int, code: str = "ponte", **extra) -> CircleBet:
    seat = int(at.lstrip("s"))
    return CircleBet(f"b{at}", seat, f"{code}:{at}", stake, standing=at.startswith("s"), **extra)


def play(state, bets, cards, decisions=()):
    coup = ENGINE.start(state, bets)
    cards, decisions = list(cards), list(decisions)
    while (need := ENGINE.need(coup)).kind != "settle":
        if need.kind == "card":
            coup = ENGINE.card(coup, cards.pop(0))
        else:
            place, action = decisions.pop(0)
            assert place == need.place, (need, place)
            coup = ENGINE.decide(coup, place, action)
    assert not cards and not decisions
    return ENGINE.settle(coup)


def test_the_bank_wins_less_the_cut_exact_the_winner_rounded_down_the_cagnotte_the_rest():
    # ponte 3+4 = 7 stands; banker 9+K = 9, a natural
    result = play(held(), [ponte("2", 1_025), ponte("3", 1_000)], ["3H", "9S", "4D", "KC"])
    assert result.outcome["winner"] == "bank" and result.outcome["natural"] == "banker"
    bank = result.outcome["bank"]
    # 5% of 2,025 is 101.25 exact; 1,923.75 rounds down to 1,900 in chips of 25
    assert bank["covered"] == 2_025 and bank["cut_exact"] == 101.25 and bank["cut"] == 125
    assert bank["after"] == 10_000 + 1_900 and bank["garage_obligatory"] == 10_000 - 2_025
    entry = {e.id: e for e in result.settlement}["bank"]
    assert (entry.paid, entry.returned, entry.breakage) == (1_900, 2_025, Fraction(95, 4))
    assert result.totals.house_net == 125
    assert all(e.against == "bank" for e in result.settlement)
    assert result.state.bank.bank.amount == 11_900


def test_the_bank_lost_passes_its_uncovered_rest_back_and_a_tie_keeps_it():
    lost = play(held(), [ponte("2", 4_000)], ["9H", "2S", "KD", "3C"])  # 9 natural vs 5
    assert lost.outcome["winner"] == "ponte" and lost.totals.house_net == 0
    assert lost.outcome["bank"]["after"] == 0
    due = ENGINE.due(lost.state)
    assert due.kind == "bank.passed" and due.data["bank_left"] == 6_000
    assert due.handed == ((1, 6_000),)
    tie = play(held(), [ponte("2", 4_000)], ["9H", "9S", "KD", "KC"])  # 9 and 9
    assert tie.outcome["winner"] == "tie" and {e.result for e in tie.settlement} == {"push"}
    assert tie.state.bank.bank.amount == 10_000 and ENGINE.due(tie.state) is None


def test_who_holds_the_cards_in_the_ruled_order():
    state = held()
    # a banco in association beats a higher stake; banc amb la taula with its complement: the
    # complement; otherwise the highest seated stake, ties by priority from the banker's right
    coup = ENGINE.start(state, [ponte("3", 2_000), ponte("4", 8_000, "banco", partners=("b3",))])
    assert coup.holder.id == "b4"
    coup = ENGINE.start(state, [ponte("5", 5_000, "avec_table"), ponte("6", 5_000, "complete")])
    assert coup.holder.id == "b6"
    coup = ENGINE.start(state, [ponte("9", 2_000), ponte("s3", 3_000), ponte("2", 2_000)])
    assert coup.holder.id == "b2"  # seated before standing; place 2 first right of the banker
    coup = ENGINE.start(state, [ponte("s3", 3_000), ponte("s2", 1_000)])
    assert coup.holder.id == "bs3"  # only standing stakes: the highest [CF-10]


@pytest.mark.parametrize(
    ("bets", "why"),
    [
        ([ponte("2", 6_000), ponte("3", 5_000)], "uncovered rest of 40.00"),
        ([ponte("2", 9_000, "banco")], "whole bank, 100.00"),
        ([ponte("2", 10_000, "banco", suivi=True)], "no right to banco suivi"),
        ([ponte("1", 1_000)], "holds the bank"),
        ([ponte("2", 1_000), replace(ponte("2", 500), id="again")], "stakes already"),
        ([ponte("2", 4_000, "avec_table")], "half the bank, 50.00"),
        ([ponte("2", 510)], "no whole number of chips"),
    ],
)
def test_stakes_the_bank_cannot_take_are_refused_with_the_reason(bets, why):
    with pytest.raises(BetRefused, match=why):
        ENGINE.start(held(), bets)


def test_a_total_that_must_draw_or_stand_calls_itself_and_a_five_asks_the_ponte():
    # ponte 2+2 = 4 draws by himself; banker 5 is asked (carta, no or his table)
    coup = ENGINE.start(held(), [ponte("2", 1_000)])
    for card in ("2H", "KS", "2D", "5C"):
        coup = ENGINE.card(coup, card)
    need = ENGINE.need(coup)
    assert (need.kind, need.place) == ("card", "ponte")
    coup = ENGINE.card(coup, "4S")  # the ponte's third card: a 4 makes 8
    need = ENGINE.need(coup)
    assert (need.place, need.options) == ("banker", ("carta", "no", "table"))
    coup = ENGINE.decide(coup, "banker", "table")  # 5 against a 4: the table's O cell
    assert ENGINE.need(coup).options == ("carta", "no")
    coup = ENGINE.card(ENGINE.decide(coup, "banker", "carta"), "3H")
    result = ENGINE.settle(coup)
    assert result.outcome["table_used"] and result.outcome["banker_total"] == 8
    assert result.outcome["winner"] == "tie"
    five = ENGINE.start(held(), [ponte("2", 1_000)])
    for card in ("2H", "KS", "3D", "7C"):
        five = ENGINE.card(five, card)
    assert ENGINE.need(five).options == ("carta", "no")  # a five chooses (l. 829)
    with pytest.raises(ValueError, match="calls nothing now"):
        ENGINE.decide(five, "banker", "no")


def test_the_exact_chances_are_a_whole_and_the_cagnotte_takes_its_rate_of_the_banks_wins():
    c = RULES.chances()
    assert c.player + c.banker + c.tie == 1
    ponte_row, bank_row = RULES.odds()
    assert ponte_row.house_edge == c.banker - c.player
    assert bank_row.house_edge == c.player - c.banker * Fraction(95, 100)


# -- the bank's life ---------------------------------------------------------------------------
LIFE = ENGINE.bank


def run_life(state: BankState, answers) -> tuple[BankState, list[tuple[str, dict]]]:
    """The rules' events and the given answers (kind, data) journaled in turn, as the table
    does: what the rules do of themselves before each answer."""
    journaled = []
    answers = list(answers)
    while True:
        while (due := LIFE.due(state)) is not None:
            journaled.append((due.kind, due.data))
            state = apply(state, due.kind, due.data)
        if not answers:
            return state, journaled
        kind, data = answers.pop(0)
        journaled.append((kind, data))
        state = apply(state, kind, data)


def test_the_first_bank_is_offered_from_the_first_place_round_the_table():
    state, journaled = run_life(BankState(), [("bank.declined", {"by": "1", "consecutive": 1})])
    assert [d["to"] for k, d in journaled if k == "bank.offer"] == ["1", "2"]


def test_nobody_taking_it_in_rotation_it_is_auctioned_then_back_at_the_minimum():
    declines = [("bank.declined", {"by": str(p), "consecutive": 1}) for p in range(1, 10)]
    state, _ = run_life(BankState(), declines)
    assert LIFE.stage(state) == AUCTION and LIFE.waiting(state) == "auction"
    closed = LIFE.auction(state, [])
    state, journaled = run_life(state, [("bank.auction", closed)])
    assert state.award == MINIMUM
    offer = journaled[-1][1]
    assert offer["reason"] == "return_minimum" and offer["min"] == 500


def test_an_auction_goes_to_the_highest_bid_seated_first_on_equal_bids():
    declines = [("bank.declined", {"by": str(p), "consecutive": 1}) for p in range(1, 10)]
    state, _ = run_life(BankState(), declines)
    closed = LIFE.auction(state, [("s4", 9_000), ("6", 9_000), ("3", 5_000)])
    assert (closed["winner"], closed["amount"], closed["tie_break"]) == ("6", 9_000, "seated")
    state, journaled = run_life(state, [("bank.auction", closed)])
    assert journaled[-1][0] == "bank.taken" and state.bank.banker == "6"


def test_two_refusals_running_lose_the_place():
    state = replace(BankState(), refusals=(("3", 1),))
    state = apply(state, "bank.offer", {"to": "3"})
    state, journaled = run_life(state, [("bank.declined", LIFE.declined(state, "3"))])
    assert ("seat.lost", {"seat": 3, "reason": "refused_twice"}) in journaled
    assert "3" not in LIFE.in_rotation(state)


def test_associates_share_by_fraction_the_remainder_to_the_banker():
    state = held(amount=10_000).bank
    state = apply(state, "bank.associate", {"by": "5", "amount": 5_000})
    bank = replace(state.bank, amount=7_001)  # what a coup lost left of 15,000
    assert dict(bank.holders) == {"1": Fraction(2, 3), "5": Fraction(1, 3)}
    assert bank.shares() == [("1", 4_668), ("5", 2_333)]
