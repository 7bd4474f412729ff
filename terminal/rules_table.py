"""`dealer-terminal rules`: every bet of a game under a rulebook profile, with its exact odds."""

from __future__ import annotations

from fractions import Fraction
from typing import TextIO

from games.rulebook import load_rules

from .config import TableConfig
from .console import money


def percent(x: Fraction) -> str:
    return f"{float(x) * 100:.4f}%"


def print_rules(cfg: TableConfig, profile: str, out: TextIO) -> None:
    rules = load_rules(cfg.rulebooks, profile, cfg.game)
    limits = rules.limits(cfg.minimum, cfg.chip_unit)
    print(f"{cfg.game} under profile {profile}: {rules.regulation}", file=out)
    print(f"example table {cfg.id}: minimum {money(limits.min)}, chip unit {money(limits.chip_unit)}, "
          f"opening advance {money(rules.advance(cfg.minimum))}", file=out)
    header = ("bet", "pays", "numbers", "probability", "house edge", "exact edge", "max stake")
    rows = [header]
    for odds in rules.odds():
        rows.append((odds.label, str(odds.payout), str(odds.numbers),
                     f"{odds.probability} ({percent(odds.probability)})", percent(odds.house_edge),
                     str(odds.house_edge), money(limits.max[odds.family])))
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    for row in rows:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip(), file=out)
