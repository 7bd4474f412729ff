"""An even-money bet caught by a zero: half back or prison ("presó").

French roulette's rule (section 01 IV.1.B.b, as docs/rulings.md reads it), which trente et quarante
follows on a refait (section 05 V.1: "regeixen les mateixes disposicions que regulen el sistema
del zero en la ruleta"). For an original stake S caught by its k-th zero in a row, the player
chooses half back (S/2^k returned, the bet ends) or prison (the bet stays, with value
S/2^(k-1): `PrisonBet.value`); prison is forced when S/2^k is below the table minimum, half back on
the last round of a session. On the next round that decides it, a bet in prison whose chance
wins is returned at its value, without winnings; otherwise it is lost.

Roulette's engine and trente et quarante's both settle through it; their bets are `PrisonBet`s,
which hold the player's choice and the zeros met.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Self, TypeVar

from games.entries import ENTERED_PLAIN, clip
from games.money import to_chips
from games.records import Bet, Settlement, decimal4

ZERO_CHOICES = ("prison", "half")  # PrisonBet.zero_choice


@dataclass(frozen=True)
class PrisonBet(Bet):
    """A bet of a game where an even chance caught by a zero (a refait) may go to prison: the
    player's choice on zero, and the zeros met while imprisoned (0: not in prison)."""

    zero_choice: str = "prison"  # "prison" or "half"
    prison: int = 0

    @property
    def value(self) -> Fraction:
        """The bet's current value: its stake, halved by every zero after the first."""
        if self.prison <= 1:
            return Fraction(self.stake)
        return Fraction(self.stake, 2 ** (self.prison - 1))

    def imprisoned(self, zeros: int) -> Self:
        return replace(self, prison=zeros)

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        if self.zero_choice != "prison":
            out["zero_choice"] = self.zero_choice
        if self.prison:
            out["prison"] = self.prison
            out["value"] = decimal4(self.value)
        return out

    @classmethod
    def json_fields(cls, d: Mapping[str, Any]) -> dict[str, Any]:
        return {
            **super().json_fields(d),
            "zero_choice": str(d.get("zero_choice", "prison")),
            "prison": int(d.get("prison", 0)),
        }

    def entered_problem(self) -> str | None:
        """A choice on zero of ZERO_CHOICES; never in prison (the engine puts it there)."""
        if self.zero_choice not in ZERO_CHOICES:
            choices = " or ".join(ZERO_CHOICES)
            return f"the choice on zero is {choices}, not {clip(self.zero_choice)!r}"
        if self.prison != 0:
            return ENTERED_PLAIN
        return None


P = TypeVar("P", bound=PrisonBet)


def on_zero(bet: PrisonBet, minimum: int, chip_unit: int, *, last_round: bool) -> Settlement:
    """The even-money `bet` caught by a zero (its `bet.prison + 1`-th in a row): "prison", or
    "half" with S/2^k returned, rounded down to the chip unit."""
    half = Fraction(bet.stake, 2 ** (bet.prison + 1))
    if not last_round and (half < minimum or bet.zero_choice == "prison"):
        return Settlement(bet.id, "prison")
    returned, breakage = to_chips(half, chip_unit)
    return Settlement(bet.id, "half", returned=returned, breakage=breakage)


def released(bet: PrisonBet, won: bool, chip_unit: int) -> Settlement:
    """A bet in prison on the first round after it that decides: returned at its value when its
    chance `won`, lost otherwise."""
    if not won:
        return Settlement(bet.id, "lose")
    returned, breakage = to_chips(bet.value, chip_unit)
    return Settlement(bet.id, "push", returned=returned, breakage=breakage)


def prison_return(win: Fraction, zero: Fraction, stay: Fraction = Fraction(0)) -> Fraction:
    """What a bet in prison returns on average, per unit of its value, when its chance wins a
    round with probability `win`, a zero comes with probability `zero` (and the bet goes on in
    prison, halved: the player always chooses prison) and the bet stays as it is with
    probability `stay` (a void coup). R = win + stay R + zero R/2. The forced half back below
    the minimum or on the last round, and the rounding to chips, are left out."""
    return win / (1 - stay - zero / 2)


def still_in_prison(data: Mapping[str, Any], kind: type[P], *, caught: bool) -> tuple[P, ...]:
    """The bets a journaled `round.result` (its `data`) leaves in prison, read as bets of the
    game's class `kind`: those whose result is `prison`, a zero more each when the round
    `caught` them (a zero, a refait), else as they were (a trente et quarante coup void by
    equal totals other than 31)."""
    results = {entry["id"]: entry["result"] for entry in data["settlement"]}
    bets = (kind.from_json(b) for b in data["bets"])
    return tuple(
        bet.imprisoned(bet.prison + 1) if caught else bet
        for bet in bets
        if results[bet.id] == "prison"
    )
