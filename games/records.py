"""Immutable records every game engine takes and returns.

They are the vocabulary between the engines and the runtime: a `Bet` goes in, `Settlement`
entries, `Totals` and an `Announcement` come out. Each has `to_json()` giving exactly the shape
of `docs/events.md` / `docs/bets.md`, and `from_json()` where the runtime must read it back from the journal.
Money is integer minor units; only exact amounts owed (before rounding to the chip unit) are
`Fraction`s.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Mapping

from games.money import entered, first_multiple

RESULTS = ("win", "lose", "push", "half", "prison", "open", "withdrawn")
LANGUAGES = ("ca", "es", "en")


class BetRefused(ValueError):
    """An illegal bet: nothing was changed. `reason` says why, for the croupier."""

    def __init__(self, bet: "Bet", reason: str):
        super().__init__(f"bet {bet.id} ({bet.code}, {entered(bet.stake)}) refused: {reason}")
        self.bet = bet
        self.reason = reason


def decimal4(amount: Fraction | int) -> int | float:
    """A money amount for JSON: an int when whole, else rounded to 4 decimals."""
    amount = Fraction(amount)
    if amount.denominator == 1:
        return int(amount)
    return round(float(amount), 4)


@dataclass(frozen=True)
class Bet:
    """A bet as the player placed it. `stake` is never altered; state that changes across
    rounds (a roulette bet in prison) lives in extra fields with defaults."""

    id: str
    seat: int
    code: str
    stake: int
    zero_choice: str = "prison"  # roulette even chances on zero: "prison" or "half"
    prison: int = 0  # zeros met while imprisoned (0: not in prison)
    doubled: bool = False  # blackjack: the bet was doubled, and `stake` is the doubled total (docs/bets.md)
    insured: bool = False  # trente et quarante: a premium (a bet of its own) insures it against a refait
    covers: str | None = None  # trente et quarante: the premium's `insurance` bet names the bet it insures

    @property
    def family(self) -> str:
        return self.code.split(":", 1)[0]

    @property
    def value(self) -> Fraction:
        """The bet's current value: its stake, halved by every zero after the first."""
        if self.prison <= 1:
            return Fraction(self.stake)
        return Fraction(self.stake, 2 ** (self.prison - 1))

    def imprisoned(self, zeros: int) -> "Bet":
        return replace(self, prison=zeros)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "seat": self.seat, "code": self.code, "stake": self.stake}
        if self.zero_choice != "prison":
            out["zero_choice"] = self.zero_choice
        if self.prison:
            out["prison"] = self.prison
            out["value"] = decimal4(self.value)
        if self.doubled:
            out["doubled"] = True
        if self.insured:
            out["insured"] = True
        if self.covers is not None:
            out["covers"] = self.covers
        return out

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> "Bet":
        return cls(
            id=str(d["id"]),
            seat=int(d["seat"]),
            code=str(d["code"]),
            stake=int(d["stake"]),
            zero_choice=str(d.get("zero_choice", "prison")),
            prison=int(d.get("prison", 0)),
            doubled=bool(d.get("doubled", False)),
            insured=bool(d.get("insured", False)),
            covers=None if d.get("covers") is None else str(d["covers"]),
        )


@dataclass(frozen=True)
class ColourPayment:
    """How a colour-chip player (American roulette, section 02 III.b) is handed what a bet
    gave back: `chips` chips of the colour `name`, each worth `unit`, and `value_chips` in
    value chips, so that chips x unit + value_chips = paid + returned."""

    name: str
    unit: int
    chips: int
    value_chips: int

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "unit": self.unit, "chips": self.chips, "value_chips": self.value_chips}


@dataclass(frozen=True)
class Settlement:
    """What one bet did in one round. `paid` is winnings (stake excluded), `returned` the part
    of the stake given back, `breakage` what was owed beyond the chip unit and not paid;
    `colour`, for a player with colour chips, the chips that money is handed in."""

    id: str
    result: str
    paid: int = 0
    returned: int = 0
    breakage: Fraction | int = 0
    colour: ColourPayment | None = None

    def __post_init__(self) -> None:
        if self.result not in RESULTS:
            raise ValueError(f"unknown settlement result {self.result!r}")
        if self.paid < 0 or self.returned < 0 or self.breakage < 0:
            raise ValueError(f"negative money in settlement of bet {self.id}")

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "result": self.result, "paid": self.paid, "returned": self.returned}
        if self.breakage:
            out["breakage"] = decimal4(self.breakage)
        if self.colour is not None:
            out["colour"] = self.colour.to_json()
        return out


@dataclass(frozen=True)
class Totals:
    """Money of the bets that ended in a round (open and prison bets count when they end)."""

    staked: int = 0
    paid: int = 0
    returned: int = 0

    @property
    def house_net(self) -> int:
        return self.staked - self.paid - self.returned

    def __add__(self, other: "Totals") -> "Totals":
        return Totals(self.staked + other.staked, self.paid + other.paid, self.returned + other.returned)

    def to_json(self) -> dict[str, int]:
        return {"staked": self.staked, "paid": self.paid, "returned": self.returned, "house_net": self.house_net}


@dataclass(frozen=True)
class Announcement:
    """Something the croupier says, in every language of the table."""

    key: str
    text: Mapping[str, str]

    def __post_init__(self) -> None:
        missing = [lang for lang in LANGUAGES if not self.text.get(lang)]
        if missing:
            raise ValueError(f"announcement {self.key!r} has no text in {', '.join(missing)}")

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "text": dict(self.text)}


@dataclass(frozen=True)
class Limits:
    """Table limits in minor units: the minimum stake, the chip unit payouts are rounded down
    to, the maximum stake per bet family (the part of the code before ':') or per code, and the
    stake steps the table sets some bets (`[stakes]`, by code or family): a bet with a step is
    staked in multiples of it, at least the minimum; any other in multiples of the minimum."""

    min: int
    chip_unit: int
    max: Mapping[str, int]
    steps: Mapping[str, int] = field(default_factory=dict)

    def step(self, code: str) -> int:
        """What stakes on `code` (a code or a family) are multiples of: the code's own step,
        else its family's, else the minimum."""
        return self.steps.get(code, self.steps.get(code.split(":", 1)[0], self.min))

    def least_stake(self, code: str) -> int:
        """The smallest stake the table takes on `code`: its step's first multiple that is at
        least the minimum."""
        return first_multiple(self.step(code), self.min)

    def to_json(self) -> dict[str, Any]:
        """`steps` only when there are some: a table without them journals the limits it
        always did."""
        out: dict[str, Any] = {"min": self.min, "chip_unit": self.chip_unit, "max": dict(self.max)}
        if self.steps:
            out["steps"] = dict(self.steps)
        return out

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> "Limits":
        return cls(min=int(d["min"]), chip_unit=int(d["chip_unit"]), max={k: int(v) for k, v in d["max"].items()},
                   steps={k: int(v) for k, v in d.get("steps", {}).items()})
