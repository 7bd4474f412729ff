"""Colour chips of American single-zero roulette (section 02 I.b, II.a, III.b and V).

Each player takes a colour: chips with no value printed on them, to which the player gives a
unit value when taking them, a whole multiple of the table minimum from the minimum up to the
maximum on one number ("sobre un número enter"); a player who names no value plays the table
minimum. A marker by the wheel shows each colour's value. Winnings are paid in the player's
colour, and what does not make a whole chip of it in value chips. When every colour is taken,
up to three more players may play with value chips.

Pure records: the runtime decides who sits where and journals the changes; this module says
whether a change is allowed and how a round's money is handed to each colour player.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from games.banking import SpinResult
from games.money import entered, money
from games.reasons import reason
from games.records import ColourPayment, Limits

VALUE_SEATS = 3  # section 02 II.a: players with value chips once every colour is taken

# why a colour change is refused (games/reasons.py)
WHY = {
    "colour_seat_plays": "seat {seat} already plays {colour}",
    "colour_seat_plays_value_chips": "seat {seat} already plays value chips",
    "colour_unknown": "this table has no colour {colour} (colours: {colours})",
    "colour_taken": "{colour} is taken",
    "colour_unit_not_multiple": "a chip's value must be a whole multiple of the table "
    "minimum of {min}, not {unit}",
    "colour_unit_out_of_range": "a chip's value goes from the minimum {min} to the "
    "straight-up maximum {max}, not {unit}",
    "value_chips_colours_free": "value chips are for when every colour is taken; free: {free}",
    "value_chips_full": "the table already has {n} players with value chips",
    "colour_seat_not_playing": "seat {seat} plays neither a colour nor value chips",
}


class ColourRefused(ValueError):
    """A colour change that is not allowed: nothing was changed. `reason` is for the croupier."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Colour:
    name: str
    unit: int  # the value of one chip of this colour, in minor units


@dataclass(frozen=True)
class ColourChips:
    """The table's colours and who plays with what. Change it with `assign`, `seat_with_value_chips`
    and `release`, each returning a new record."""

    colours: tuple[str, ...]  # the table's colours; their number is a table setting
    minimum: int  # the table minimum: the default unit, and every unit a multiple of it
    maximum: int  # the straight-up maximum: the highest unit
    seats: Mapping[int, Colour] = field(default_factory=dict)
    value_seats: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        if (
            not self.colours
            or len(set(self.colours)) != len(self.colours)
            or not all(isinstance(name, str) and name.strip() for name in self.colours)
        ):
            raise ValueError(
                f"a table's colours are one or more distinct names, not {self.colours!r}"
            )
        if self.minimum <= 0 or self.maximum < self.minimum:
            raise ValueError(
                f"colour units need 0 < minimum <= maximum, not {self.minimum} and {self.maximum}"
            )
        # a copy nobody can change
        object.__setattr__(self, "seats", MappingProxyType(dict(self.seats)))

    def __deepcopy__(self, memo: dict[int, object]) -> ColourChips:
        """Immutable: a copy of the table's state shares it (a mapping proxy cannot be copied)."""
        return self

    @classmethod
    def for_table(cls, colours: Sequence[str], limits: Limits) -> ColourChips:
        """A table with `colours`, none taken, under `limits` (its minimum and straight-up
        maximum)."""
        return cls(tuple(colours), limits.min, limits.max["straight"])

    def plays(self, seat: int) -> str | None:
        """ "colour" or "value": the chips `seat` plays with; None for a seat not playing."""
        if seat in self.seats:
            return "colour"
        return "value" if seat in self.value_seats else None

    def free(self) -> tuple[str, ...]:
        """The colours nobody has, in the table's order."""
        taken = {colour.name for colour in self.seats.values()}
        return tuple(name for name in self.colours if name not in taken)

    def check_assign(self, seat: int, colour: str, unit: int | None = None) -> str | None:
        """None if `seat` may take `colour` at `unit` (None: the table minimum), else why not.
        A value-chip player may take a colour that has come free."""
        unit = self.minimum if unit is None else unit
        if seat in self.seats:
            return reason(WHY, "colour_seat_plays", seat=seat, colour=self.seats[seat].name)
        if colour not in self.colours:
            return reason(
                WHY, "colour_unknown", colour=repr(colour), colours=", ".join(self.colours)
            )
        if colour not in self.free():
            return reason(WHY, "colour_taken", colour=colour)
        if type(unit) is not int or unit % self.minimum:
            return reason(
                WHY, "colour_unit_not_multiple", min=money(self.minimum), unit=entered(unit)
            )
        if not self.minimum <= unit <= self.maximum:
            return reason(
                WHY,
                "colour_unit_out_of_range",
                min=money(self.minimum),
                max=money(self.maximum),
                unit=money(unit),
            )
        return None

    def assign(self, seat: int, colour: str, unit: int | None = None) -> ColourChips:
        """The table with `seat` playing `colour` at `unit`; ColourRefused if not allowed."""
        refusal = self.check_assign(seat, colour, unit)
        if refusal is not None:
            raise ColourRefused(refusal)
        seats = {**self.seats, seat: Colour(colour, self.minimum if unit is None else unit)}
        return replace(self, seats=seats, value_seats=self.value_seats - {seat})

    def check_value_chips(self, seat: int) -> str | None:
        """None if `seat` may join with value chips (section 02 II.a), else why not."""
        if seat in self.seats:
            return reason(WHY, "colour_seat_plays", seat=seat, colour=self.seats[seat].name)
        if self.plays(seat) is not None:
            return reason(WHY, "colour_seat_plays_value_chips", seat=seat)
        if self.free():
            return reason(WHY, "value_chips_colours_free", free=", ".join(self.free()))
        if len(self.value_seats) >= VALUE_SEATS:
            return reason(WHY, "value_chips_full", n=VALUE_SEATS)
        return None

    def seat_with_value_chips(self, seat: int) -> ColourChips:
        """The table with `seat` playing value chips; ColourRefused if not allowed."""
        refusal = self.check_value_chips(seat)
        if refusal is not None:
            raise ColourRefused(refusal)
        return replace(self, value_seats=self.value_seats | {seat})

    def release(self, seat: int) -> ColourChips:
        """The table once `seat` has left (its colour free again); ColourRefused if it was not
        playing."""
        if self.plays(seat) is None:
            raise ColourRefused(reason(WHY, "colour_seat_not_playing", seat=seat))
        seats = {s: colour for s, colour in self.seats.items() if s != seat}
        return replace(self, seats=seats, value_seats=self.value_seats - {seat})

    def paid_in_colours(self, result: SpinResult) -> SpinResult:
        """`result` with every settlement entry of a colour player that hands money back
        (paid + returned > 0) saying in which chips it is handed (section 02 III.b)."""
        seat_of = {bet.id: bet.seat for bet in result.bets}
        entries = []
        for entry in result.settlement:
            colour = self.seats.get(seat_of[entry.id])
            amount = entry.paid + entry.returned
            if colour is not None and amount:
                chips, value_chips = pay(colour.unit, amount)
                entry = replace(
                    entry, colour=ColourPayment(colour.name, colour.unit, chips, value_chips)
                )
            entries.append(entry)
        return replace(result, settlement=tuple(entries))


def pay(unit: int, amount: int) -> tuple[int, int]:
    """`amount` in chips of value `unit`: how many, and the rest, paid in value chips."""
    if type(unit) is not int or unit <= 0:
        raise ValueError(f"a colour chip's value must be a positive whole amount, not {unit!r}")
    if type(amount) is not int or amount < 0:
        raise ValueError(f"cannot pay {amount!r}")
    return divmod(amount, unit)
