"""What the circle games share (`docs/money.md`, the circle games): a player's position, seated
or standing, the order of priority between positions, the bet that carries its position, and
the cut rounded as ruled.

A position is the place number of a seated player ("3") or `sN` for one standing behind place
N ("s3"; a second one behind the same place "s3.2"). Places are numbered from the croupier's
right and "to his right" is the next higher place (l. 780, 805): priority (l. 794, 903) runs
from the place right of the banker round the table, the seated players first, then the
standing ones in the order of the places they stand behind.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from games.money import to_chips
from games.records import BANK, Bet, Settlement


@dataclass(frozen=True, order=True)
class Position:
    seat: int  # the place, or the place stood behind
    standing: bool = False
    second: bool = False  # the second standing player behind the place

    def __str__(self) -> str:
        if not self.standing:
            return str(self.seat)
        return f"s{self.seat}.2" if self.second else f"s{self.seat}"


def position(text: str) -> Position:
    """The position written `text` ("3", "s3", "s3.2"); ValueError for anything else."""
    standing = text.startswith("s")
    body = text[1:] if standing else text
    place, dot, rank = body.partition(".")
    if not place.isdigit() or place.startswith("0") or (dot and (not standing or rank != "2")):
        raise ValueError(f"{text!r} is no position: a place 3, or s3 (s3.2) standing behind it")
    return Position(int(place), standing, bool(dot))


def priority(positions: Iterable[Position], after: int, places: int) -> list[Position]:
    """`positions` in the order of priority from the place right of place `after` (the
    banker's): seated before standing, each by place from there round the table; a first
    standing player behind a place before the second."""

    def key(p: Position) -> tuple[bool, int, bool]:
        return (p.standing, (p.seat - after - 1) % places, p.second)

    return sorted(positions, key=key)


@dataclass(frozen=True)
class CircleBet(Bet):
    """A stake at a circle table: the bettor's position is the code's (`ponte:s3`), and the bet
    says whether he stands (`standing`). A banco in association names its partners' bets
    (`partners`), a banco suivi says so (`suivi`)."""

    standing: bool = False
    partners: tuple[str, ...] = ()
    suivi: bool = False

    @property
    def position(self) -> Position:
        return position(self.code.split(":", 1)[1])

    def to_json(self) -> dict[str, Any]:
        out = {**super().to_json(), "standing": self.standing}
        if self.partners:
            out["partners"] = list(self.partners)
        if self.suivi:
            out["suivi"] = True
        return out

    @classmethod
    def json_fields(cls, d: Mapping[str, Any]) -> dict[str, Any]:
        return {
            **super().json_fields(d),
            "standing": bool(d.get("standing", False)),
            "partners": tuple(str(p) for p in d.get("partners", ())),
            "suivi": bool(d.get("suivi", False)),
        }

    def entered_problem(self) -> str | None:
        _, colon, where = self.code.partition(":")
        try:
            at = position(where)
        except ValueError as wrong:
            return f"{self.code}: {wrong}" if colon else f"{self.code}: no position (ponte:3)"
        if at.seat != self.seat or at.standing != self.standing:
            seated = "standing behind" if self.standing else "seated at"
            return f"{self.code} is not the position of a player {seated} place {self.seat}"
        return None


@dataclass(frozen=True)
class Cut:
    """The house's cut of a winner's gain [C-2]: exact at the rate, the winner paid the rest
    rounded down to the chip unit, the cagnotte taking the cut and the breakage."""

    rate: Fraction
    base: int  # what the rate applies to
    exact: Fraction
    paid: int  # what the winner receives
    breakage: Fraction | int

    @property
    def amount(self) -> Fraction | int:
        """The round's cagnotte: the cut and what rounding left."""
        return self.exact + self.breakage


def cut(base: int, rate: Fraction, chip_unit: int) -> Cut:
    exact = base * rate
    paid, breakage = to_chips(base - exact, chip_unit)
    return Cut(rate, base, exact, paid, breakage)


def won_less_cut(bet: Bet, taken: Cut) -> Settlement:
    """A winning stake at a circle table whose gain is cut: its stake back and the gain less
    the cut, against the bank (the house is no party)."""
    return Settlement(
        bet.id, "win", paid=taken.paid, returned=bet.stake, breakage=taken.breakage, against=BANK
    )
