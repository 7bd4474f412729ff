"""Immutable records every game engine takes and returns.

They are the vocabulary between the engines and the runtime: a `Bet` goes in, `Settlement`
entries, `Totals` and an `Announcement` come out. Each has `to_json()` giving exactly the shape
of `docs/events.md` / `docs/bets.md`, and `from_json()` where the runtime must read it back from
the journal. Money is integer minor units; only exact amounts owed (before rounding to the chip
unit) are `Fraction`s.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from fractions import Fraction
from typing import Any, Self

from games.money import entered, first_multiple

RESULTS = ("win", "lose", "push", "half", "prison", "open", "withdrawn")
LANGUAGES = ("ca", "es", "en")
HOUSE, POOL, BANK = "house", "pool", "bank"  # who a bet is against (Settlement.against)
PARTIES = (HOUSE, POOL, BANK)


class BetRefused(ValueError):
    """An illegal bet: nothing was changed. `reason` says why, for the croupier."""

    def __init__(self, bet: Bet, reason: str):
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
    """A bet as the player placed it: what every game's bet holds. `stake` is never altered. A
    game whose bets hold more (a choice on zero, a state that changes across rounds, as a
    roulette bet in prison) has a subclass of its own, with defaults for its extra fields, and
    names it in its description (`Game.bet`); a bet of one class is no other game's bet."""

    id: str
    seat: int
    code: str
    stake: int

    @property
    def family(self) -> str:
        return self.code.split(":", 1)[0]

    def to_json(self) -> dict[str, Any]:
        """The bet as docs/events.md has it: a subclass adds its fields, each only when it
        applies."""
        return {"id": self.id, "seat": self.seat, "code": self.code, "stake": self.stake}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Self:
        return cls(**cls.json_fields(d))

    @classmethod
    def json_fields(cls, d: Mapping[str, Any]) -> dict[str, Any]:
        """The fields of a bet read from its JSON `d`: a subclass adds its own to these."""
        return {
            "id": str(d["id"]),
            "seat": int(d["seat"]),
            "code": str(d["code"]),
            "stake": int(d["stake"]),
        }

    @classmethod
    def adopt(cls, bet: Bet) -> Bet:
        """A plain `bet` made one of this class, with its defaults; any other bet as it is."""
        if type(bet) is Bet and cls is not Bet:
            return cls(**{f.name: getattr(bet, f.name) for f in fields(Bet)})
        return bet

    @classmethod
    def narrowed(cls, bets: Iterable[Bet]) -> tuple[Self, ...]:
        """`bets`, every one of this class exactly (as an engine's check takes them);
        TypeError for another game's bet."""
        out = tuple(bets)
        if set(map(type, out)) - {cls}:  # the rare foreign bet found only when there is one
            foreign = next(bet for bet in out if type(bet) is not cls)
            raise TypeError(f"bet {foreign.id}: {another_game(foreign, cls)}")
        return out  # type: ignore[return-value]  # every element's type is exactly cls

    def entered_problem(self) -> str | None:
        """Why this bet, as the croupier entered it, cannot be taken for the fields its class
        adds to every game's (the runtime checks those), or None."""
        return None


def another_game(bet: Bet, kind: type[Bet]) -> str:
    """Why `bet`, not of the class `kind` (a game's, `Game.bet`), is refused. The class is the
    bet's exactly: a subclass holds what the game does not know (a trente et quarante bet is no
    roulette bet)."""
    return f"a {type(bet).__name__} is another game's bet: this game's bets are {kind.__name__}s"


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
        return {
            "name": self.name,
            "unit": self.unit,
            "chips": self.chips,
            "value_chips": self.value_chips,
        }


@dataclass(frozen=True, slots=True)  # slots: an engine makes one per bet, thousands a spin
class Settlement:
    """What one bet did in one round. `paid` is winnings (stake excluded), `returned` the part
    of the stake given back, `breakage` what was owed beyond the chip unit and not paid;
    `colour`, for a player with colour chips, the chips that money is handed in. `against` is
    who the bet was against, who takes a lost stake and pays the winnings: the house (banking
    games), the casino's carrousel pool (poker's coins), a player's bank (the circle games);
    docs/money.md."""

    id: str
    result: str
    paid: int = 0
    returned: int = 0
    breakage: Fraction | int = 0
    colour: ColourPayment | None = None
    against: str = HOUSE
    # monte (docs/bets.md): the 10% taken from the winnings, exact before rounding, and an
    # out cancelled by the compensations, which decides nothing for the bet (a push)
    deducted: Fraction | int = 0
    cancelled: bool = False

    def __post_init__(self) -> None:
        if (  # one test on the way every entry takes; the reason only when one fails
            self.result not in RESULTS
            or self.paid < 0
            or self.returned < 0
            or self.breakage < 0
            or (self.against is not HOUSE and self.against not in PARTIES)
        ):
            raise ValueError(self._wrong())

    def _wrong(self) -> str:
        if self.result not in RESULTS:
            return f"unknown settlement result {self.result!r}"
        if self.against not in PARTIES:
            return f"unknown party {self.against!r} to bet {self.id}"
        return f"negative money in settlement of bet {self.id}"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "result": self.result,
            "paid": self.paid,
            "returned": self.returned,
        }
        if self.breakage:
            out["breakage"] = decimal4(self.breakage)
        if self.colour is not None:
            out["colour"] = self.colour.to_json()
        if self.against != HOUSE:
            out["against"] = self.against
        if self.deducted:
            out["deducted"] = decimal4(self.deducted)
        if self.cancelled:
            out["cancelled"] = True
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

    def __add__(self, other: Totals) -> Totals:
        return Totals(
            self.staked + other.staked, self.paid + other.paid, self.returned + other.returned
        )

    def to_json(self) -> dict[str, int]:
        return {
            "staked": self.staked,
            "paid": self.paid,
            "returned": self.returned,
            "house_net": self.house_net,
        }


@dataclass(frozen=True)
class PoolMovement:
    """A casino-wide jackpot pool through one coup (poker's carrousel), as journaled in
    `round.result` `data.carrousel`."""

    pool_before: int
    coins: int  # staked this coup
    paid_out: int
    pool_after: int

    def to_json(self) -> dict[str, int]:
        return {
            "pool_before": self.pool_before,
            "coins": self.coins,
            "paid_out": self.paid_out,
            "pool_after": self.pool_after,
        }


SENTENCE_END = ". "  # between the sentences of an announcement's text


def sentences(text: str) -> list[str]:
    """The sentences of an announcement's `text`, each without the full stop that ends it; one
    for most calls ("The bank plays: flush. Carrousel: royal flush on box 3" has two)."""
    parts = [part.strip() for part in text.split(SENTENCE_END)]
    return [part.removesuffix(".") for part in parts if part.removesuffix(".")]


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

    @property
    def highest(self) -> int:
        """The table's maximum as its screens post it: the highest of its bets' (the minimum
        when it sets none)."""
        return max(self.max.values()) if self.max else self.min

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
    def from_json(cls, d: Mapping[str, Any]) -> Limits:
        return cls(
            min=int(d["min"]),
            chip_unit=int(d["chip_unit"]),
            max={k: int(v) for k, v in d["max"].items()},
            steps={k: int(v) for k, v in d.get("steps", {}).items()},
        )
