"""Monte's exact odds (games/monte/odds.py) against monte.md's edge checks, and a seeded
simulation from shuffled packs that measures every row of `rules --game monte` within its
interval."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

from games.rulebook import load_rules
from terminal.runtime.simulation.simulate import simulate
from tests.support.helpers import cli

RULES = load_rules(Path("config/rulebooks"), "valencia-1994", "monte")
FAIR = replace(RULES, deduction=Fraction(0))


def row(rules, code: str, scenario: str):
    """The row of `code` on `scenario`'s layout: its label names it first, or among the others
    of equal odds ("also ...")."""

    def codes(label: str) -> list[str]:
        first, rest = label.split(" (", 1)
        return [first, *rest.rstrip(")").split("also ")[-1].split()] if "also" in rest else [first]

    return next(r for r in rules.odds() if r.scenario == scenario and code in codes(r.label))


def test_a_plain_layout_is_fair_before_the_ten_percent_at_the_texts_prices():
    for code, probability, payout in (
        ("salto:1", Fraction(1, 4), 3),
        ("camo:1", Fraction(1, 12), 11),
        ("card:1v2", Fraction(1, 2), 1),
        ("pair:1-2v3-4", Fraction(1, 2), 1),
    ):
        fair = row(FAIR, code, "plain")
        assert (fair.probability, fair.payout, fair.house_edge) == (probability, payout, 0)
    segones = row(FAIR, "camo:3", "Segones, row 3-4")
    assert (segones.probability, segones.payout, segones.house_edge) == (Fraction(1, 6), 5, 0)


def test_vis_keeps_its_edge_and_the_ten_percent_adds_its_share_to_the_others():
    assert row(RULES, "vis:1", "plain").house_edge == Fraction(1, 12)  # 8.3%
    assert row(RULES, "salto:1", "plain").house_edge == Fraction(1, 40)  # 2.5%
    assert row(RULES, "camo:1", "plain").house_edge == Fraction(11, 360)  # 3.06%
    assert row(RULES, "pair:1-2v3-4", "plain").house_edge == Fraction(1, 60)  # 1.7%
    card = row(RULES, "card:1v2", "plain").house_edge  # part of it settled in Segones
    assert Fraction(1, 100) < card < Fraction(3, 200)


def test_doubles_and_burnt_cards_lower_the_prices_and_vis_keeps_three_in_its_unseen_cards():
    assert row(RULES, "camo:2", "1 doubled").payout == 10
    assert row(RULES, "camo:3", "1 and 2 tripled").payout == 7
    assert row(RULES, "vis:1", "two burnt, 1 doubled").payout == 29
    assert row(RULES, "vis:1", "two burnt, 1 doubled").house_edge == Fraction(3, 33)


def test_the_rules_command_prints_every_layout_and_both_phases():
    done = cli("rules", "--game", "monte")
    assert done.returncode == 0, done.stderr
    for scenario in ("plain", "1 doubled", "1 tripled", "1 and 2 tripled", "Segones, row 3-4"):
        assert f"({scenario}" in done.stdout
    assert "vis:1 (plain" in done.stdout and "8.3333%" in done.stdout


def test_a_seeded_simulation_measures_every_row_within_its_interval():
    rows = simulate("monte", "valencia-1994", 6000, seed=11)
    assert len(rows) == len(RULES.odds())
    outside = [r.label for r in rows if not r.within]
    assert len(outside) <= len(rows) // 10, outside  # about 1 in 20 by chance
