"""Stake steps, the stake rule every engine applies, and what breakage takes from each bet at the
smallest stake a table allows for it (`rules` and the table's start-up warnings)."""

from fractions import Fraction
from pathlib import Path

import pytest

from games.banking import breakage_warnings, least_stakes, stake_rule_refusal, steps_refusal
from games.craps.engine import CrapsEngine, CrapsState
from games.records import Bet, Limits
from games.registry import GAMES
from games.rulebook import load_rules

RULEBOOKS = Path(__file__).resolve().parents[2] / "config" / "rulebooks"
PLACE_STEPS = {"place:6": 600, "place:8": 600}


def rules_of(game):
    return load_rules(RULEBOOKS, "valencia-1994", game)


@pytest.fixture(scope="module")
def craps():
    return rules_of("craps")


# --- the limits' steps --------------------------------------------------------------------------


def test_a_codes_step_wins_over_its_familys_and_the_rest_go_by_the_minimum():
    limits = Limits(500, 100, {}, steps={"place": 1000, "place:6": 600})
    assert [limits.step(code) for code in ("place:6", "place:4", "place", "field")] == [
        600,
        1000,
        1000,
        500,
    ]
    # the first multiple from the minimum
    assert Limits(500, 100, {}, steps={"lay": 300}).least_stake("lay:4") == 600
    assert limits.least_stake("field") == 500


def test_the_limits_json_has_no_steps_unless_the_table_sets_some(craps):
    plain = craps.limits(500, 100)
    assert list(plain.to_json()) == [
        "min",
        "chip_unit",
        "max",
    ]  # what every journal written so far holds
    assert Limits.from_json(plain.to_json()) == plain
    stepped = craps.limits(500, 100, PLACE_STEPS)
    assert (
        stepped.to_json()["steps"] == PLACE_STEPS
        and stepped.to_json()["max"] == plain.to_json()["max"]
    )
    assert Limits.from_json(stepped.to_json()) == stepped


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_games_limits_take_the_steps(game):
    rules = rules_of(game)
    family = rules.codes()[0].split(":", 1)[0]
    assert rules.limits(500, 100, {family: 1000}).steps == {family: 1000}


def test_the_stake_rule_names_the_step_a_stake_breaks():
    limits = Limits(500, 100, {}, steps=PLACE_STEPS)
    assert stake_rule_refusal("place:6", 1800, limits) is None
    assert stake_rule_refusal("place:6", 1000, limits) == (
        "10.00 is not a multiple of 6.00, the table's stake step for place:6"
    )
    assert stake_rule_refusal("place:6", 400, limits) == "4.00 is below the table minimum of 5.00"
    assert (
        stake_rule_refusal("field", 700, limits)
        == "7.00 is not a multiple of the table minimum of 5.00"
    )
    by_family = Limits(500, 100, {}, steps={"lay": 1000})
    assert stake_rule_refusal("lay:4", 1500, by_family) == (
        "15.00 is not a multiple of 10.00, the table's stake step for lay"
    )


def test_a_place_6_is_staked_in_its_step_at_a_craps_table(craps):
    engine = CrapsEngine(craps, craps.limits(500, 100, PLACE_STEPS))
    assert engine.check(Bet("a", 2, "place:6", 500)) == (
        "5.00 is not a multiple of 6.00, the table's stake step for place:6"
    )
    assert engine.check(Bet("a", 2, "place:6", 1200)) is None
    assert engine.check(Bet("a", 2, "place:4", 500)) is None  # no step of its own: the minimum
    layout = CrapsState(point=4, layout=(Bet("p", 1, "pass", 500),), shooter=1)
    assert engine.check(Bet("a", 2, "place:8", 600), state=layout) is None
    result = engine.settle(layout, [Bet("a", 2, "place:6", 600)], {"dice": [2, 4]})
    (placed,) = [entry for entry in result.settlement if entry.id == "a"]
    assert (placed.paid, placed.breakage) == (700, 0)  # 7 to 6, exactly


def test_steps_are_checked_against_the_game(craps):
    def refusal(steps, minimum=500, chip_unit=100, rules=craps):
        return steps_refusal(rules, rules.limits(minimum, chip_unit, steps))

    assert refusal(PLACE_STEPS) is None
    assert refusal({"place": 1000, "hard:4": 500}) is None
    assert refusal({"buy:4": 600}).startswith(
        "'buy:4' is no bet of this game: give a code (e.g. pass) or a family"
    )
    assert refusal({"odds:pass": 1000}).startswith("odds:pass: odds have no minimum")
    assert refusal({"place:6": 650}) == (
        "place:6 = 6.50: a stake step is a multiple of the chip unit (1.00) "
        "of at least the table minimum (5.00)"
    )
    assert "at least the table minimum" in refusal({"place:6": 300})
    assert refusal({"place:6": 600, "lay:4": 1150}).startswith("lay:4 = 11.50")  # the first bad one
    blackjack = rules_of("blackjack")
    assert refusal({"insurance:1": 500}, rules=blackjack).startswith(
        "insurance:1: insurance is half the box's bet"
    )
    assert refusal({"box": 600}, rules=blackjack) is None


# --- breakage at the smallest stake -------------------------------------------------------------


def test_a_minimum_that_pays_a_bet_short_warns(craps):
    punto_banco = rules_of("punto_banco")
    assert breakage_warnings(punto_banco, punto_banco.limits(500, 100)) == [
        "banker (less 1/20 commission): at its smallest stake, 5.00, "
        "it is owed 4.75 and paid 4.00: 0.75 (15.00% of the stake) lost to breakage; "
        "it is paid exactly from a stake of 20.00, and at every stake with a stake step of 20.00 "
        "([stakes] banker = 2000)"
    ]
    assert breakage_warnings(punto_banco, punto_banco.limits(500, 25)) == []
    warned = breakage_warnings(craps, craps.limits(500, 100))
    assert [line.split(":")[0] + ":" + line.split(":")[1] for line in warned] == [
        "place:6",
        "place:8",
        "lay:4",
        "lay:5",
        "lay:9",
        "lay:10",
    ]
    assert warned[0] == (
        "place:6: at its smallest stake, 5.00, it is owed 5.83 and paid 5.00: 0.83 (16.67% of the "
        "stake) lost to breakage; it is paid exactly from a stake of 30.00, "
        "and at every stake with "
        'a stake step of 6.00 ([stakes] "place:6" = 600)'
    )
    steps = {
        "place:6": 600,
        "place:8": 600,
        "lay:4": 1100,
        "lay:10": 1100,
        "lay:5": 800,
        "lay:9": 800,
    }
    assert breakage_warnings(craps, craps.limits(500, 100, steps)) == []


def test_the_craps_odds_are_shown_at_the_stake_they_are_paid_exactly(craps):
    rows = {bet.label: bet for bet in least_stakes(craps, craps.limits(500, 100))}
    assert [rows[f"odds:{n}"].stake for n in (4, 5, 6)] == [100, 200, 500]
    assert [rows[f"dontodds:{n}"].stake for n in (4, 5, 6)] == [200, 300, 600]
    assert rows["field"].owed == (2, 1, 1, 1, 1, 1, 2)


def test_half_back_on_a_zero_is_owed_whole_chips_too():
    roulette = rules_of("roulette_fr")
    warned = breakage_warnings(roulette, roulette.limits(500, 100))
    assert {line.split(":")[0] for line in warned} == {
        "columns",
        "dozens",
        *(f"{chance} (half on zero)" for chance in ("red", "black", "even", "odd", "low", "high")),
    }
    assert breakage_warnings(roulette, roulette.limits(500, 50)) == []


def test_blackjacks_insurance_is_half_the_smallest_box():
    blackjack = rules_of("blackjack")
    box, insurance = least_stakes(blackjack, blackjack.limits(500, 100))
    assert box.owed == (1, Fraction(3, 2)) and insurance.stake == 250
    lost = insurance.breakage(blackjack.limits(500, 100))
    assert lost.on_stake and (lost.handed, lost.lost, lost.exact_from) == (200, 50, 500)
    assert lost.warning() == (
        "insurance (the dealer's ace): its smallest stake (half the box's 5.00) is 2.50, no "
        "whole number of chips: 2.00 is staked, 0.50 (20.00% of the stake) short; it is whole "
        "and paid exactly from 5.00"
    )
    assert breakage_warnings(blackjack, blackjack.limits(500, 50)) == []


def test_the_carrousel_is_paid_shares_of_its_pool_and_gives_no_warning():
    poker = rules_of("poker_stud")
    ante, call, carrousel = least_stakes(poker, poker.limits(500, 100))
    assert (ante.stake, call.stake) == (500, 1000)
    assert (
        carrousel.depends.startswith("the pool")
        and carrousel.breakage(poker.limits(500, 100)) is None
    )
    assert breakage_warnings(poker, poker.limits(500, 100)) == []


def test_an_insured_chance_is_shown_from_the_insurance_threshold():
    trente = rules_of("trente_quarante")
    insured = [
        bet
        for bet in least_stakes(trente, trente.limits(500, 50))
        if bet.label.startswith("insurance")
    ]
    assert {bet.stake for bet in insured} == {50_000}  # 100 minimums, its 1% premium 5.00
    assert {
        bet.stake
        for bet in least_stakes(trente, trente.limits(500, 50, {"rouge": 3000}))
        if bet.label.startswith("insurance on rouge")
    } == {60_000}  # a multiple of 30.00 and of 50.00


def test_the_stake_unit_a_player_can_always_stake_a_bet_in(craps):
    limits = craps.limits(500, 100, PLACE_STEPS)
    units = {
        code: craps.stake_unit(code, limits)
        for code in (
            "odds:pass",
            "odds:dontpass",
            "odds:come:5",
            "odds:dontcome:6",
            "place:6",
            "field",
        )
    }
    # odds on the point: paid exactly whatever the point (2, 3/2, 6/5; 1/2, 2/3, 5/6)
    assert units == {
        "odds:pass": 1000,
        "odds:dontpass": 600,
        "odds:come:5": 200,
        "odds:dontcome:6": 600,
        "place:6": 600,
        "field": 500,
    }
    assert rules_of("roulette_fr").stake_unit("straight:5", Limits(500, 50, {})) == 500
