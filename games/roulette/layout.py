"""The single-zero roulette cloth: its numbers, colours and every bet that can be placed on it.

The cloth has 0 at the head and 1-36 in twelve rows of three (1-2-3 ... 34-35-36); column 1 is
1, 4, ... 34. A bet code (docs/bets.md) is `family:numbers`, the numbers ascending and joined with
'-', or the bare family for the even chances.
"""

from __future__ import annotations

import re

NUMBERS = range(37)
RED = frozenset({1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36})
EVEN_CHANCES = ("red", "black", "even", "odd", "low", "high")

_ROWS = [tuple(range(first, first + 3)) for first in range(1, 37, 3)]
_COLUMNS = [tuple(range(first, 37, 3)) for first in (1, 2, 3)]
_DOZENS = [tuple(range(first, first + 12)) for first in (1, 13, 25)]

# What each family of bet is, for a croupier reading a refusal.
_SHAPES = {
    "straight": "one number, 0 to 36",
    "split": "two adjacent numbers (0-1, 0-2 and 0-3 included)",
    "street": "a row of three (1-2-3 ... 34-35-36) or 0-1-2 or 0-2-3",
    "corner": "four numbers meeting at a point, or 0-1-2-3",
    "sixline": "two adjacent rows named by their first and last numbers, e.g. sixline:1-6",
    "column": "column 1, 2 or 3",
    "dozen": "dozen 1, 2 or 3",
    "columns": "two neighbouring columns, 1-2 or 2-3",
    "dozens": "two neighbouring dozens, 1-2 or 2-3",
}
FAMILIES = (*_SHAPES, *EVEN_CHANCES)


def _code(family: str, numbers: tuple[int, ...]) -> str:
    return f"{family}:{'-'.join(map(str, sorted(numbers)))}"


def _catalogue() -> dict[str, frozenset[int]]:
    bets: dict[str, tuple[int, ...]] = {}

    def add(family: str, name: tuple[int, ...], covered: tuple[int, ...] | None = None) -> None:
        bets[_code(family, name)] = covered or name

    for n in NUMBERS:
        add("straight", (n,))
    for n in (1, 2, 3):
        add("split", (0, n))
    for n in range(1, 37):
        if n % 3:
            add("split", (n, n + 1))
        if n <= 33:
            add("split", (n, n + 3))
    for trio in [*_ROWS, (0, 1, 2), (0, 2, 3)]:
        add("street", trio)
    add("corner", (0, 1, 2, 3))
    for n in range(1, 33):
        if n % 3:
            add("corner", (n, n + 1, n + 3, n + 4))
    for upper, lower in zip(_ROWS, _ROWS[1:]):
        add("sixline", (upper[0], lower[-1]), upper + lower)
    for index, (column, dozen) in enumerate(zip(_COLUMNS, _DOZENS), start=1):
        add("column", (index,), column)
        add("dozen", (index,), dozen)
    for index in (1, 2):
        add("columns", (index, index + 1), _COLUMNS[index - 1] + _COLUMNS[index])
        add("dozens", (index, index + 1), _DOZENS[index - 1] + _DOZENS[index])
    chances = {
        "red": RED,
        "black": set(range(1, 37)) - RED,
        "even": range(2, 37, 2),
        "odd": range(1, 37, 2),
        "low": range(1, 19),
        "high": range(19, 37),
    }
    catalogue = {code: frozenset(covered) for code, covered in bets.items()}
    catalogue.update((family, frozenset(covered)) for family, covered in chances.items())
    return catalogue


_CATALOGUE = _catalogue()
_NUMBERS_PART = re.compile(r"[0-9]+(-[0-9]+)*")


def all_codes() -> tuple[str, ...]:
    """Every legal bet code, in the order of FAMILIES."""
    return tuple(_CATALOGUE)


def covers(code: str) -> frozenset[int]:
    """The numbers a legal, canonical bet code wins on."""
    return _CATALOGUE[code]


def parse_code(code: str) -> frozenset[int]:
    """The numbers `code` wins on, or ValueError saying, for the croupier, why it is no bet."""
    if code in _CATALOGUE:
        return _CATALOGUE[code]
    family, colon, numbers = code.partition(":")
    if family not in FAMILIES:
        if code.lower() != code and code.lower() in _CATALOGUE:
            raise ValueError(f"{code!r}: bet codes are lowercase, write {code.lower()}")
        raise ValueError(f"{code!r}: unknown bet")
    if family in EVEN_CHANCES:
        raise ValueError(
            f"{code!r}: {family} is an even chance and takes no numbers, write {family}"
        )
    if not colon or not _NUMBERS_PART.fullmatch(numbers):
        raise ValueError(
            f"{code!r}: a {family} bet is written {family}:numbers, the numbers joined with '-'"
        )
    parsed = tuple(int(n) for n in numbers.split("-"))
    canonical = _code(family, parsed)
    if canonical != code and canonical in _CATALOGUE:
        raise ValueError(
            f"{code!r}: numbers go ascending, without leading zeros: write {canonical}"
        )
    raise ValueError(f"{code!r}: not a {family} on the layout; a {family} is {_SHAPES[family]}")
