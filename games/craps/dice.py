"""Two fair dice: their totals, the chance of each, and one roll as the table reads it.

Outcomes come from outside (the stickman reads the dice); this module only names them and
gives the exact probabilities every house edge is computed from.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

FACES = range(1, 7)
PAIRS = tuple((a, b) for a in FACES for b in FACES)  # the 36 equally likely rolls
TOTALS = range(2, 13)
SEVEN = 7
POINTS = (4, 5, 6, 8, 9, 10)  # the totals that set a point (and the numbers of come, place, lay)
NATURALS = (7, 11)  # win a Win or Come bet on its first roll
CRAPS = (2, 3, 12)  # lose a Win or Come bet on its first roll
HARD_WAYS = (4, 6, 8, 10)  # totals that can be thrown as a double


def ways(total: int) -> int:
    """How many of the 36 rolls make `total`."""
    return sum(a + b == total for a, b in PAIRS)


def chance(total: int) -> Fraction:
    return Fraction(ways(total), len(PAIRS))


def before_seven(number: int) -> Fraction:
    """The chance that `number` is thrown before a 7 (rolls of other totals change nothing)."""
    return Fraction(ways(number), ways(number) + ways(SEVEN))


@dataclass(frozen=True)
class Roll:
    """Two dice as they lie on the table."""

    dice: tuple[int, int]

    def __post_init__(self) -> None:
        if len(self.dice) != 2 or any(type(d) is not int or d not in FACES for d in self.dice):
            raise ValueError(f"a roll is two dice showing 1 to 6, not {self.dice!r}")

    @classmethod
    def of(cls, dice: Sequence[Any]) -> Roll:
        return cls(tuple(dice))  # checked by __post_init__

    @property
    def total(self) -> int:
        return sum(self.dice)

    @property
    def double(self) -> bool:
        return self.dice[0] == self.dice[1]
