"""The wheel-bias test: p-values, the sliding window, and cells for every wheel and the dice."""

import json
import math
import random
from fractions import Fraction

import pytest

from games.bias import Cell, OutcomeTally, cells_of, chi_squared, upper_gamma_q
from games.boule.engine import BouleEngine
from games.craps.engine import CrapsEngine
from games.fortune_wheel.engine import FortuneWheelEngine
from games.records import Bet
from games.roulette.engine import RouletteEngine
from games.rulebook import load_rules

PROFILE = "valencia-1994"


def roulette_tally(rulebooks, window):
    return OutcomeTally.for_rules(load_rules(rulebooks, PROFILE, "roulette_fr"), window)


def feed(tally, numbers):
    for n in numbers:
        assert tally.add({"number": n})


# --- the p-value ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "x, dof, p",
    [
        (50.998, 36, 0.05),
        (3.841, 1, 0.05),
        (23.209, 10, 0.01),
        (6.635, 1, 0.01),
        (124.342, 100, 0.05),
    ],
)
def test_p_values_match_the_tables(x, dof, p):
    assert upper_gamma_q(dof / 2, x / 2) == pytest.approx(p, abs=5e-5)


def closed_form(dof, x):
    """Q(dof/2, x/2) in closed form: a finite sum for an even dof, erfc for dof 1 and 3."""
    y = x / 2
    if dof % 2 == 0:
        return math.exp(-y) * math.fsum(y**k / math.factorial(k) for k in range(dof // 2))
    if dof == 1:
        return math.erfc(math.sqrt(y))
    return math.erfc(math.sqrt(y)) + 2 * math.sqrt(y / math.pi) * math.exp(-y)


@pytest.mark.parametrize("dof", [1, 2, 3, 4, 8, 36, 54])
@pytest.mark.parametrize("x", [0.01, 0.5, 1.9, 2.1, 10.0, 35.0, 60.0, 150.0, 400.0])
def test_p_values_match_the_closed_forms_on_both_sides_of_the_switch(dof, x):
    assert upper_gamma_q(dof / 2, x / 2) == pytest.approx(
        closed_form(dof, x), rel=1e-10, abs=1e-300
    )


def test_a_perfect_fit_has_p_one_and_a_huge_statistic_p_zero():
    assert upper_gamma_q(18, 0) == 1.0
    assert chi_squared([10, 10, 10], [Fraction(1, 3)] * 3) == (0.0, 2, 1.0)
    assert upper_gamma_q(18, 5000) == 0.0


def test_pearsons_statistic():
    statistic, dof, p = chi_squared([10, 20, 30], [Fraction(1, 3)] * 3)
    assert (statistic, dof) == (pytest.approx(10.0), 2)  # (100 + 0 + 100) / 20
    assert p == pytest.approx(math.exp(-5))
    statistic, dof, _ = chi_squared([30, 70], [0.25, 0.75])  # expected 25 and 75
    assert (statistic, dof) == (pytest.approx(25 / 25 + 25 / 75), 1)


def test_no_results_fit_perfectly():
    assert chi_squared([0, 0], [0.5, 0.5]) == (0.0, 1, 1.0)


@pytest.mark.parametrize(
    "observed, probabilities, says",
    [
        ([1, 2], [Fraction(1, 3)] * 3, "one count per cell"),
        ([1, 2], [Fraction(1, 2), Fraction(1, 3)], "not 1"),
        ([1, -2], [0.5, 0.5], "zero or more"),
        ([1, 2], [1.0, 0.0], "above 0"),
        ([3], [1.0], "at least two cells"),
    ],
)
def test_chi_squared_refuses_what_it_cannot_test(observed, probabilities, says):
    with pytest.raises(ValueError, match=says):
        chi_squared(observed, probabilities)


@pytest.mark.parametrize("a, x", [(0, 1.0), (-1, 1.0), (1, -0.5)])
def test_the_gamma_function_refuses_arguments_outside_its_domain(a, x):
    with pytest.raises(ValueError):
        upper_gamma_q(a, x)


# --- the tally -----------------------------------------------------------------------------


def test_a_fair_wheel_is_not_flagged(rulebooks):
    tally = roulette_tally(rulebooks, 37_000)
    rng = random.Random(1994)
    feed(tally, (rng.randrange(37) for _ in range(37_000)))
    report = tally.report(0.001)
    assert (report.spins, report.dof, report.valid, report.flagged) == (37_000, 36, True, False)
    assert report.p_value >= 0.001
    assert sum(cell.observed for cell in report.cells) == 37_000
    assert all(cell.expected == pytest.approx(1000) for cell in report.cells)


def test_a_wheel_favouring_17_is_flagged_within_3700_spins_and_17_stands_out(rulebooks):
    tally = roulette_tally(rulebooks, 3_700)
    rng = random.Random(17)
    weights = [3 if n == 17 else 1 for n in range(37)]
    feed(tally, rng.choices(range(37), weights, k=3_700))
    report = tally.report(0.001)
    assert (report.spins, report.valid, report.flagged) == (3_700, True, True)
    assert report.p_value < 1e-6
    assert max(report.cells, key=lambda cell: cell.z).label == "17"


def test_the_z_of_a_cell_is_its_binomial_deviation(rulebooks):
    tally = roulette_tally(rulebooks, 370)
    feed(tally, [n for n in range(37) for _ in range(10)])
    feed(tally, [17] * 10)  # ten results of 0 leave the window, ten of 17 enter it
    cells = {cell.label: cell for cell in tally.report(0.01).cells}
    assert (cells["0"].observed, cells["17"].observed, cells["1"].observed) == (0, 20, 10)
    sd = math.sqrt(10 * 36 / 37)
    assert cells["17"].z == pytest.approx(10 / sd)
    assert cells["0"].z == pytest.approx(-10 / sd)
    assert cells["1"].z == 0


def test_the_window_forgets_old_results(rulebooks):
    tally = roulette_tally(rulebooks, 370)
    feed(tally, [17] * 370)
    assert tally.report(0.001).flagged
    feed(tally, list(range(37)) * 10)
    report = tally.report(0.001)
    assert (report.spins, report.statistic, report.p_value, report.flagged) == (
        370,
        0.0,
        1.0,
        False,
    )
    assert {cell.observed for cell in report.cells} == {10}


def test_too_few_results_are_never_flagged(rulebooks):
    """Roulette needs 185 spins before every number expects 5."""
    tally = roulette_tally(rulebooks, 1000)
    feed(tally, [17] * 184)
    report = tally.report(0.001)
    assert report.p_value < 0.001
    assert (report.valid, report.flagged) == (False, False)
    feed(tally, [17])
    assert (tally.report(0.001).valid, tally.report(0.001).flagged) == (True, True)


def test_the_results_a_test_needs_follow_the_least_likely_outcome(rulebooks):
    assert roulette_tally(rulebooks, 100).needed == 185  # 37 x 5
    assert OutcomeTally([Cell({"n": 1}, 0.1, "1"), Cell({"n": 2}, 0.9, "2")], 10).needed == 50
    assert (
        OutcomeTally(
            [Cell({"n": 1}, Fraction(1, 36), "2"), Cell({"n": 2}, Fraction(35, 36), "other")], 10
        ).needed
        == 180
    )


def test_an_empty_tally_reports_nothing_wrong(rulebooks):
    report = roulette_tally(rulebooks, 100).report(0.001)
    assert (report.spins, report.statistic, report.p_value, report.valid, report.flagged) == (
        0,
        0.0,
        1.0,
        False,
        False,
    )
    assert all((cell.observed, cell.expected, cell.z) == (0, 0.0, 0.0) for cell in report.cells)


def test_the_report_has_the_pit_shape(rulebooks):
    tally = roulette_tally(rulebooks, 370)
    feed(tally, list(range(37)) * 9 + [17] * 37)
    body = json.loads(json.dumps(tally.report(0.001).to_json()))
    assert list(body) == [
        "spins",
        "window",
        "needed",
        "statistic",
        "dof",
        "p_value",
        "alpha",
        "flagged",
        "valid",
        "cells",
    ]
    assert (body["spins"], body["window"], body["needed"], body["dof"], body["alpha"]) == (
        370,
        370,
        185,
        36,
        0.001,
    )
    assert body["statistic"] == pytest.approx(tally.report(0.001).statistic, abs=1e-3)
    assert body["cells"][17] == {
        "label": "17",
        "observed": 46,
        "expected": 10.0,
        "z": round(36 / math.sqrt(10 * 36 / 37), 2),
    }


def test_an_outcome_that_matches_no_cell_is_refused(rulebooks):
    tally = roulette_tally(rulebooks, 100)
    feed(tally, [5])
    for outcome in (
        {"number": 37},
        {"number": "17"},
        {"number": 17.0},
        {"number": True},
        {"dice": [3, 4]},
        {},
        None,
        17,
        {"number": object()},
    ):
        assert tally.add(outcome) is False
    assert (tally.unmatched, tally.spins) == (9, 1)


def test_a_tally_refuses_cells_that_cannot_be_tested():
    half = Fraction(1, 2)
    with pytest.raises(ValueError, match="not 1"):
        OutcomeTally([Cell({"number": 1}, half, "1"), Cell({"number": 2}, Fraction(1, 3), "2")], 10)
    with pytest.raises(ValueError, match="once"):
        OutcomeTally([Cell({"number": 1}, half, "1"), Cell({"number": 1}, half, "1")], 10)
    with pytest.raises(ValueError, match="window"):
        OutcomeTally([Cell({"number": 1}, half, "1"), Cell({"number": 2}, half, "2")], 0)
    tally = OutcomeTally([Cell({"number": 1}, half, "1"), Cell({"number": 2}, half, "2")], 10)
    with pytest.raises(ValueError, match="alpha"):
        tally.report(1.5)


# --- cells of every wheel and the dice, against what the engines and tables journal ----------


def journaled(engine, outcome, state=None, bets=()):
    """The outcome as the engine settles it and the pit reads it back from the feed."""
    state = engine.new_state() if state is None else state
    return json.loads(json.dumps(engine.settle(state, list(bets), outcome).outcome))


def test_roulette_cells(rulebooks):
    rules = load_rules(rulebooks, PROFILE, "roulette_fr")
    cells = cells_of(rules)
    assert [cell.label for cell in cells] == [str(n) for n in range(37)]
    assert {cell.probability for cell in cells} == {Fraction(1, 37)}
    tally = OutcomeTally(cells, 10)
    outcome = journaled(RouletteEngine(rules, rules.limits(500, 100)), {"number": 17})
    outcome.update(rotor="cw", rpm=24.5)  # what the wheel table adds to the engine's outcome
    assert tally.add(outcome)
    assert [cell.observed for cell in tally.report(0.01).cells if cell.observed] == [1]
    assert tally.report(0.01).cells[17].observed == 1


def test_american_single_zero_roulette_has_the_same_cells(rulebooks):
    rules = load_rules(rulebooks, PROFILE, "roulette_us1")
    assert [cell.label for cell in cells_of(rules)] == [str(n) for n in range(37)]


def test_boule_cells_have_two_holes_each(rulebooks):
    rules = load_rules(rulebooks, PROFILE, "boule")
    cells = cells_of(rules)
    assert [cell.label for cell in cells] == [str(n) for n in range(1, 10)]
    assert {cell.probability for cell in cells} == {Fraction(2, 18)}
    tally = OutcomeTally(cells, 90)
    engine = BouleEngine(rules, rules.limits(500, 100))
    for n in range(1, 10):
        for _ in range(10):
            assert tally.add(journaled(engine, {"number": n}))
    report = tally.report(0.01)
    assert (report.dof, report.valid, report.statistic) == (8, True, 0.0)
    assert all(cell.expected == pytest.approx(10.0) for cell in report.cells)
    assert not tally.add({"number": 0})


def test_fortune_wheel_cells_name_the_segment_and_its_symbol(rulebooks):
    rules = load_rules(rulebooks, PROFILE, "fortune_wheel")
    cells = cells_of(rules)
    assert len(cells) == 54
    assert {cell.probability for cell in cells} == {Fraction(1, 54)}
    labels = [cell.label for cell in cells]
    assert labels[:3] == ["seg 0 (joker 1)", "seg 1 (x1)", "seg 2 (x2)"]
    assert labels[15] == "seg 15 (x20)"
    tally = OutcomeTally(cells, 10)
    engine = FortuneWheelEngine(rules, rules.limits(500, 100))
    assert tally.add(journaled(engine, {"segment": 15, "symbol": "sym:20"}))
    assert tally.report(0.01).cells[15].observed == 1
    assert not tally.add({"segment": 15, "symbol": "sym:1"})  # not what segment 15 bears
    assert not tally.add({"segment": 15})


def test_craps_cells_are_the_36_ordered_rolls(rulebooks):
    rules = load_rules(rulebooks, PROFILE, "craps")
    cells = cells_of(rules)
    labels = [cell.label for cell in cells]
    assert len(labels) == len(set(labels)) == 36
    assert {"1-1", "3-4", "4-3", "6-6"} <= set(labels)
    assert {cell.probability for cell in cells} == {Fraction(1, 36)}
    tally = OutcomeTally(cells, 10)
    engine = CrapsEngine(rules, rules.limits(500, 100))
    outcome = journaled(
        engine, {"dice": [3, 4]}, engine.new_state(shooter=1), [Bet("x", 1, "pass", 500)]
    )
    assert set(outcome) > {"dice"}  # the engine adds the point before and after the roll
    assert tally.add(outcome)
    assert tally.add({"dice": (4, 3)})
    observed = {cell.label: cell.observed for cell in tally.report(0.01).cells if cell.observed}
    assert observed == {"3-4": 1, "4-3": 1}
    assert not tally.add({"dice": [3, 7]})
