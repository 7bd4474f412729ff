"""The boule table: the numbers 1 to 9 and every bet of its cloth.

Section 04 II: the platform has 18 holes, the numbers 1 to 9 twice each; 1, 3, 6 and 8 are
black, 2, 4, 7 and 9 red; 5 is neither red nor black and is left out of odd, high and low, so
it belongs to no simple chance. Low ("falta") is 1-4, high ("passa") 6-9. A bet code
(docs/bets.md) is `number:N` or the bare name of a simple chance.
"""

from __future__ import annotations

NUMBERS = range(1, 10)
HOLES_PER_NUMBER = 2  # one in each of the platform's two rows
HOLES = HOLES_PER_NUMBER * len(NUMBERS)
FIVE = 5  # the yellow number, outside every simple chance
RED = frozenset({2, 4, 7, 9})
BLACK = frozenset({1, 3, 6, 8})
EVEN_CHANCES = ("red", "black", "even", "odd", "low", "high")
FAMILIES = ("number", *EVEN_CHANCES)

_CATALOGUE = {
    **{f"number:{n}": frozenset({n}) for n in NUMBERS},
    "red": RED,
    "black": BLACK,
    "even": frozenset({2, 4, 6, 8}),
    "odd": frozenset({1, 3, 7, 9}),
    "low": frozenset({1, 2, 3, 4}),
    "high": frozenset({6, 7, 8, 9}),
}


def all_codes() -> tuple[str, ...]:
    """Every legal bet code: the numbers 1 to 9, then the simple chances."""
    return tuple(_CATALOGUE)


def covers(code: str) -> frozenset[int]:
    """The numbers a legal bet code wins on."""
    return _CATALOGUE[code]


def family(code: str) -> str:
    return code.partition(":")[0]
