"""The wheel of fortune: its 54 segments and the bets of its table.

Section 10 II and the erratum ruled in docs/rulings.md: each segment bears a symbol, and a bet on a
symbol wins on every segment bearing it. 24 segments bear the 1, 15 the 2, 7 the 5, 4 the 10
and 2 the 20; two more bear a joker each, two distinct bets. A bet code (docs/bets.md) is the
symbol: `sym:1` ... `sym:20`, `joker:1`, `joker:2`. Which segment bears which symbol is the
wheel's own and lives in the profile.
"""

from __future__ import annotations

SEGMENTS = 54
# How many segments bear each symbol, in the order of the table's boxes.
COUNTS = {
    "sym:1": 24,
    "sym:2": 15,
    "sym:5": 7,
    "sym:10": 4,
    "sym:20": 2,
    "joker:1": 1,
    "joker:2": 1,
}
FAMILIES = ("sym", "joker")


def all_codes() -> tuple[str, ...]:
    """Every legal bet code: the symbols, then the jokers."""
    return tuple(COUNTS)


def family(code: str) -> str:
    return code.partition(":")[0]
