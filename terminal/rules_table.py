"""`dealer-terminal rules`: every bet of a game under a rulebook profile, with its exact odds."""

from __future__ import annotations

from fractions import Fraction
from typing import TextIO

from games.rulebook import load_rules

from .config import config_dir
from .console import money

# Limits shown for a game that has no example table yet.
DEFAULT_MINIMUM, DEFAULT_CHIP_UNIT = 500, 100


def percent(x: Fraction) -> str:
    return f"{float(x) * 100:.4f}%"


def print_rules(game: str, profile: str, minimum: int, chip_unit: int, table: str, out: TextIO) -> None:
    rules = load_rules(config_dir() / "rulebooks", profile, game)
    limits = rules.limits(minimum, chip_unit)
    print(f"{game} under profile {profile}: {rules.regulation}", file=out)
    print(f"{table}: minimum {money(limits.min)}, chip unit {money(limits.chip_unit)}, "
          f"opening advance {money(rules.advance(minimum))}", file=out)
    header = ("bet", "pays", "probability", "house edge", "exact edge", "max stake")
    rows = [header]
    for odds in rules.odds():
        maximum = limits.max.get(odds.label, limits.max.get(odds.family))
        rows.append((odds.label, str(odds.payout), f"{odds.probability} ({percent(odds.probability)})",
                     percent(odds.house_edge), str(odds.house_edge),
                     money(maximum) if maximum is not None else "see the rulebook"))
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    for row in rows:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip(), file=out)
