"""`dealer-terminal rules`: every bet of a game under a rulebook profile, with its exact odds, and
what a table's chip unit takes from each bet at the smallest stake the table allows for it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, TextIO

from games.banking import NO_STEPS, least_stakes, steps_refusal
from games.records import Limits
from games.rulebook import load_rules
from terminal.common.settings import ConfigError, config_dir
from terminal.runtime.loop.console import money

# Limits shown for a game that has no example table yet.
DEFAULT_MINIMUM, DEFAULT_CHIP_UNIT = 500, 100

DEFAULT_PROFILE = "valencia-1994"  # the profile a table or a command uses unless told


def percent(x: Fraction) -> str:
    return f"{float(x) * 100:.4f}%"


def table_rules(
    game: str,
    profile: str,
    minimum: int,
    chip_unit: int,
    steps: Mapping[str, int] = NO_STEPS,
    source: str = "",
) -> tuple[Any, Limits]:
    """The rules of `game` under `profile` and a table's limits under them; ConfigError naming
    `source` (the table file) when a stake step does not fit the game."""
    rules = load_rules(config_dir() / "rulebooks", profile, game)
    limits = rules.limits(minimum, chip_unit, steps)
    if (reason := steps_refusal(rules, limits)) is not None:
        raise ConfigError(f"{source}: [stakes] {reason}")
    return rules, limits


def print_rules(
    game: str, profile: str, rules: Any, limits: Limits, table: str, out: TextIO
) -> None:
    print(f"{game} under profile {profile}: {rules.regulation}", file=out)
    print(
        f"{table}: minimum {money(limits.min)}, chip unit {money(limits.chip_unit)}, "
        f"opening advance {money(rules.advance(limits.min))}",
        file=out,
    )
    if limits.steps:
        steps = ", ".join(f"{key} {money(step)}" for key, step in limits.steps.items())
        print(
            f"stake steps (a bet is staked in multiples of its step, else of the minimum): {steps}",
            file=out,
        )
    header = ("bet", "pays", "probability", "house edge", "exact edge", "max stake")
    rows = [header]
    for odds in rules.odds():
        maximum = limits.max.get(odds.label, limits.max.get(odds.family))
        rows.append(
            (
                odds.label,
                str(odds.payout),
                f"{odds.probability} ({percent(odds.probability)})",
                percent(odds.house_edge),
                str(odds.house_edge),
                money(maximum) if maximum is not None else "see the rulebook",
            )
        )
    _print_table(rows, out)
    print_breakage(rules, limits, out)


def print_breakage(rules: Any, limits: Limits, out: TextIO) -> None:
    """Each bet at the smallest stake the table takes for it: what rounding its payouts down to
    the chip unit loses (amount and share of the stake), and the smallest stake paid exactly;
    then a warning line for each bet that is not paid exactly there."""
    print(
        "\nbreakage at the smallest stake the table takes for each bet "
        f"(chip unit {money(limits.chip_unit)}):",
        file=out,
    )
    rows = [("bet", "smallest stake", "lost to breakage", "of the stake", "paid exactly from")]
    warnings = []
    for bet in least_stakes(rules, limits):
        stake = money(bet.stake) + (f" ({bet.basis})" if bet.basis else "")
        breakage = bet.breakage(limits)
        if breakage is None:
            rows.append((bet.label, stake, f"depends on {bet.depends}", "", ""))
            continue
        rows.append(
            (
                bet.label,
                stake,
                money(breakage.lost),
                percent(breakage.share),
                money(breakage.exact_from),
            )
        )
        if breakage.lost:
            warnings.append(breakage.warning())
    _print_table(rows, out)
    for warning in warnings:
        print(f"WARNING: {warning}", file=out)
    if not warnings:
        print("every bet is paid exactly at the smallest stake the table takes for it", file=out)


def _print_table(rows: Sequence[tuple[str, ...]], out: TextIO) -> None:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for row in rows:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip(), file=out)
