"""The pieces the fixed-odds banking games share, on their own."""

from fractions import Fraction

import pytest

from games.banking import (
    BetOdds,
    collected_then_paid,
    ended_totals,
    limits_from_multiples,
    stake_refusal,
    win,
)
from games.records import Bet, Limits, Settlement, Totals

LIMITS = Limits(min=500, chip_unit=100, max={"number": 50_000})


def test_the_house_edge_follows_from_payout_and_probability():
    assert BetOdds("number", "number", Fraction(7), Fraction(1, 9)).house_edge == Fraction(1, 9)
    assert BetOdds("x", "x", Fraction(1), Fraction(1, 2)).house_edge == 0


def test_limits_from_multiples():
    assert limits_from_multiples(500, 100, {"a": 3}) == Limits(500, 100, {"a": 1500})
    with pytest.raises(ValueError, match="multiple of the chip unit"):
        limits_from_multiples(550, 100, {"a": 3})


def test_a_win_is_rounded_down_to_the_chip_unit():
    assert win(Bet("a", 1, "x", 500), Fraction(3, 4), 100) == Settlement(
        "a", "win", paid=300, returned=500, breakage=75
    )


def test_the_stake_limit_counts_the_same_seat_and_code_only():
    accepted = [
        Bet("a", 1, "number:1", 49_500),
        Bet("b", 2, "number:1", 50_000),
        Bet("c", 1, "number:2", 50_000),
    ]
    assert stake_refusal(Bet("x", 1, "number:1", 500), accepted, LIMITS) is None
    assert (
        "seat 1 would have 505.00 on number:1, over the number maximum of 500.00"
        in stake_refusal(Bet("x", 1, "number:1", 1000), accepted, LIMITS)
    )


def test_losers_first_then_winners_by_rank_then_by_order():
    bets = [
        Bet(i, 1, code, 500)
        for i, code in [("a", "x"), ("b", "y"), ("c", "x"), ("d", "y"), ("e", "z")]
    ]
    entries = [
        Settlement("a", "win"),
        Settlement("b", "win"),
        Settlement("c", "lose"),
        Settlement("d", "push"),
        Settlement("e", "lose"),
    ]
    assert [e.id for e in collected_then_paid(bets, entries)] == ["c", "e", "a", "b", "d"]
    rank = {"y": 0, "x": 1}
    assert [e.id for e in collected_then_paid(bets, entries, lambda bet: rank[bet.code])] == [
        "c",
        "e",
        "b",
        "d",
        "a",
    ]


def test_totals_leave_out_the_bets_still_on_the_layout():
    bets = [Bet("a", 1, "x", 500), Bet("b", 1, "x", 1000), Bet("c", 1, "x", 2000)]
    entries = [
        Settlement("a", "win", paid=500, returned=500),
        Settlement("b", "prison"),
        Settlement("c", "lose"),
    ]
    assert ended_totals(bets, entries) == Totals(staked=2500, paid=500, returned=500)
