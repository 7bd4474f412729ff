"""Monte's bet codes (docs/bets.md, `monte`): what each covers of the four places.

card:AvB        one card against another of its row or column: 1v2 2v1 3v4 4v3 1v3 3v1 2v4 4v2
pair:A-BvC-D    two against the other two: rows, columns, diagonals
salto:P         P's rank, any suit (Primeres only)
camo:P anti:P viudo:P   P's rank in the next, the previous, the opposite suit
vis:P           vista hermosa: the first card drawn is P's camo (Primeres only)
"""

from __future__ import annotations

from dataclasses import dataclass

from games.monte.layout import PLACES

CARD_BETS = ("1v2", "2v1", "3v4", "4v3", "1v3", "3v1", "2v4", "4v2")
PAIR_BETS = ("1-2v3-4", "3-4v1-2", "1-3v2-4", "2-4v1-3", "1-4v2-3", "2-3v1-4")
SUITED = ("camo", "anti", "viudo")
PLACE_FAMILIES = ("salto", *SUITED, "vis")
PRIMERES_ONLY = ("pair", "salto", "vis")  # l. 1237-1239; a pair needs the four places; [MO-7]
CODES = (
    *(f"card:{b}" for b in CARD_BETS),
    *(f"pair:{b}" for b in PAIR_BETS),
    *(f"{family}:{p}" for family in PLACE_FAMILIES for p in PLACES),
)


@dataclass(frozen=True)
class Covers:
    """A code read: its family, the places it backs (`side`), those it plays against
    (`against`: a card or a pair bet's), or the one place of a place bet."""

    family: str
    side: tuple[int, ...]
    against: tuple[int, ...] = ()

    @property
    def place(self) -> int:
        return self.side[0]

    @property
    def places(self) -> tuple[int, ...]:
        return (*self.side, *self.against)


def covers(code: str) -> Covers:
    """What `code` covers; ValueError for a code that is none of monte's."""
    if code not in _COVERS:
        raise ValueError(f"{code!r}: unknown bet (bets of monte: {', '.join(CODES)})")
    return _COVERS[code]


def _read(code: str) -> Covers:
    family, what = code.split(":")
    if family in ("card", "pair"):
        side, against = what.split("v")
        return Covers(family, _places(side), _places(against))
    return Covers(family, (int(what),))


def _places(text: str) -> tuple[int, ...]:
    return tuple(int(p) for p in text.split("-"))


_COVERS = {code: _read(code) for code in CODES}
