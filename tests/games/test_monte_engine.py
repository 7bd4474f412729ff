"""The monte engine as monte.md rules it: prices with the doubling cards' points, the 10% of a
first-card win, cancelled outs, Primeres' card bets carried into Segones with their ids, and the
bets it refuses."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from games.monte.engine import MonteEngine, MonteState
from games.monte.layout import Layout
from games.records import Bet, BetRefused
from games.rulebook import load_rules

RULES = load_rules(Path("config/rulebooks"), "valencia-1994", "monte")
ENGINE = MonteEngine(RULES, RULES.limits(500, 50))
PLAIN = MonteState().laid(Layout.dealt_from(("1O", "2O", "3O", "4O")), 1, "red")
DOUBLED = MonteState().laid(Layout.dealt_from(("1O", "2O", "1E", "3O", "4O")), 1, "red")


def phase(state, bets, *cards):
    coup = ENGINE.start(state, bets)
    for card in cards:
        assert ENGINE.need(coup).kind == "card"
        coup = ENGINE.card(coup, card)
    assert ENGINE.need(coup).kind == "settle"
    return ENGINE.settle(coup)


def entries(result):
    return {e.id: e for e in result.settlement}


def test_primeres_is_won_by_the_first_card_of_a_placed_rank_and_the_row_neighbour_loses():
    result = phase(PLAIN, [Bet("a", 1, "card:2v1", 1000)], "7C", "RB", "2E")
    assert result.outcome["winner"] == {
        "card": "2E",
        "place": 2,
        "relation": "viudo",
        "first": False,
    }
    assert result.outcome["loser"] == 1 and result.outcome["next_row"] == [3, 4]
    assert result.outcome["drawn"] == ["7C", "RB", "2E"]
    assert entries(result)["a"].paid == 1000 and not entries(result)["a"].deducted


def test_a_first_card_win_pays_less_ten_percent_of_the_winnings_but_not_at_vis():
    bets = [Bet("a", 1, "card:2v1", 1000), Bet("v", 2, "vis:2", 500)]
    result = phase(PLAIN, bets, "2C")  # the camo of 2O, the first card drawn
    card, vis = entries(result)["a"], entries(result)["v"]
    assert (card.paid, card.deducted) == (900, 100)
    assert (vis.paid, vis.deducted) == (500 * 32, 0)


def test_the_ten_percent_is_exact_and_the_payment_rounded_down_to_the_chip_unit():
    result = phase(PLAIN, [Bet("s", 1, "salto:1", 1500)], "1E")
    salto = entries(result)["s"]
    assert salto.deducted == 450 and salto.paid == 4050 and salto.breakage == 0
    odd = phase(PLAIN, [Bet("c", 1, "camo:3", 500)], "3C")  # 11 x 5.00 = 55.00, less 5.50
    assert entries(odd)["c"].paid == 4950 and entries(odd)["c"].deducted == 550


def test_prices_fall_a_point_per_doubling_card_and_vis_per_burnt_card_too():
    burnt = MonteState().laid(
        Layout.dealt_from(("5O", "5C", "1O", "2O", "1E", "3O", "4O")), 1, "red"
    )
    assert ENGINE.price("camo:2", DOUBLED) == 10 and ENGINE.price("vis:2", burnt) == 29
    assert ENGINE.price("salto:1", DOUBLED) == 3 and ENGINE.price("card:1v2", DOUBLED) == 1


def test_a_cancelled_out_pushes_the_bets_it_would_decide_marked_cancelled():
    bets = [
        Bet("a", 1, "card:2v1", 1000),
        Bet("b", 2, "card:1v2", 1000),
        Bet("c", 3, "camo:2", 500),
    ]
    result = phase(DOUBLED, bets, "7O", "2C")  # the camo of 2: cancelled against the double
    got = entries(result)
    assert got["a"].result == got["b"].result == "push" and got["a"].cancelled
    assert got["a"].returned == 1000 and got["c"].result == "win"  # camo bets are not compensated


def test_primeres_card_bets_on_the_row_that_stays_are_open_and_settled_in_segones():
    bets = [
        Bet("r", 1, "card:3v4", 1000),
        Bet("c", 2, "card:2v4", 1000),
        Bet("p", 3, "pair:1-3v2-4", 1000),
    ]
    primeres = phase(PLAIN, bets, "7C", "1C")
    got = entries(primeres)
    assert got["r"].result == "open" and got["c"].result == "push" and got["p"].result == "win"
    segones = primeres.state
    assert (
        segones.phase == "segones"
        and segones.row == (3, 4)
        and [b.id for b in segones.open] == ["r"]
    )
    result = phase(segones, [Bet("s", 4, "camo:4", 500)], "6B", "4C")
    got = entries(result)
    assert got["r"].result == "lose" and got["s"].paid == 500 * 5
    assert result.outcome["phase"] == "segones" and result.outcome["loser"] == 3
    assert result.state.layout is None  # the next round lays a new coup


@pytest.mark.parametrize(
    ("state", "code", "why"),
    [
        (MonteState(), "card:1v2", "no layout is laid"),
        (DOUBLED, "viudo:1", "out already"),  # 1E doubled place 1
        (DOUBLED, "vis:3", None),
        (DOUBLED, "card:1v4", "unknown bet"),
    ],
)
def test_bets_the_table_refuses(state, code, why):
    refusal = ENGINE.check(Bet("x", 1, code, 500), state=state)
    assert (refusal is None) if why is None else (why in refusal)


def test_segones_takes_no_salto_pair_or_vis_and_only_its_rows_places():
    segones = phase(PLAIN, [Bet("a", 1, "card:1v2", 1000)], "3E").state
    assert segones.row == (1, 2)
    for code in ("salto:1", "pair:1-2v3-4", "vis:1"):
        assert "Primeres only" in ENGINE.check(Bet("x", 1, code, 500), state=segones)
    assert "not in play" in ENGINE.check(Bet("x", 1, "camo:3", 500), state=segones)
    assert ENGINE.check(Bet("x", 1, "camo:1", 500), state=segones) is None


def test_the_maxima_are_per_phase_camo_anti_and_viudo_sharing_one():
    maximum = RULES.limits(500, 50).max
    assert maximum["camo"] == 30 * 500 and maximum["camo_segones"] == 60 * 500
    assert ENGINE.check(Bet("x", 1, "anti:1", 30 * 500), state=PLAIN) is None
    assert "maximum" in ENGINE.check(Bet("x", 1, "anti:1", 31 * 500), state=PLAIN)
    with pytest.raises(BetRefused):
        ENGINE.place(Bet("x", 1, "vis:1", 11 * 500), state=PLAIN)


def test_a_void_round_that_drew_cards_returns_its_bets_and_the_open_ones_and_ends_the_coup():
    segones = phase(PLAIN, [Bet("r", 1, "card:3v4", 1000)], "1C").state
    drawing = replace(segones, drawing=("7O",))
    void = ENGINE.void(drawing, [Bet("n", 2, "camo:3", 500)])
    assert [b.id for b in void.returned] == ["n", "r"] and void.state.layout is None


def test_a_void_round_that_drew_no_card_keeps_the_layout_and_the_open_bets():
    segones = phase(PLAIN, [Bet("r", 1, "card:3v4", 1000)], "1C").state
    void = ENGINE.void(segones, [Bet("n", 2, "camo:3", 500)])
    assert [b.id for b in void.returned] == ["n"] and [b.id for b in void.kept] == ["r"]
    assert void.state.layout is segones.layout and void.state.phase == "segones"


def test_the_next_coup_takes_the_other_pack():
    assert PLAIN.next_pack == "blue" and MonteState().next_pack == "red"


def test_every_bet_but_vis_is_fair_before_the_ten_percent_on_every_layout():
    fair = replace(RULES, deduction=Fraction(0))
    rows = fair.odds()
    assert rows and all(r.house_edge == 0 for r in rows if r.family != "vis")
