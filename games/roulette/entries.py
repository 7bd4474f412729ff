"""American roulette's own entries (section 02): a seat takes a colour, plays value chips, or
leaves its colour; and the simulated newcomers who sit down at a colour."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.entries import (
    Crowd,
    Emitted,
    EntrySeen,
    GameEntry,
    SimulatedEntries,
    Take,
    amount_problem,
    clip,
    seat_problem,
    text_problem,
)
from games.reasons import reason
from games.roulette.colours import ColourChips

# why the croupier's colour entry is refused (games/reasons.py): the entry, then why (the colour
# chips' own refusals are games/roulette/colours.py's)
WHY = {
    "colour_assign_refused": "seat {seat} assign: {reason}",
    "colour_value_chips_refused": "seat {seat} value_chips: {reason}",
    "colour_release_refused": "seat {seat} release: {reason}",
    "colour_release_not_playing": "seat {seat} plays neither a colour nor value chips",
    "colour_seat_has_bets": "seat {seat} still has bets on the layout",
}


class _ColourEntry(GameEntry):
    kind = "colour"
    what: str  # the refusal's words: assign, value_chips, release
    seat: Any

    def take(self, seen: EntrySeen) -> Emitted | str:
        chips: ColourChips = seen.own.colours
        problem = seat_problem(self.seat, seen.seats) or self.refusal(seen, chips)
        if problem is not None:
            return reason(WHY, f"colour_{self.what}_refused", seat=clip(self.seat), reason=problem)
        return self.emitted(chips)

    def refusal(self, seen: EntrySeen, chips: ColourChips) -> str | None:
        raise NotImplementedError

    def emitted(self, chips: ColourChips) -> Emitted:
        return Emitted(f"colour.{self.what}", {"seat": self.seat})


@dataclass(frozen=True)
class ColourAssign(_ColourEntry):
    """`seat` takes `colour`, each chip worth `unit` (the table minimum when None). The value
    marker by the wheel shows it from then on."""

    seat: Any
    colour: Any
    unit: Any = None
    what = "assign"

    def refusal(self, seen: EntrySeen, chips: ColourChips) -> str | None:
        problem = text_problem("the colour", self.colour)
        if problem is None and self.unit is not None:
            problem = amount_problem("the chips' unit", self.unit)
        return problem or chips.check_assign(self.seat, self.colour, self.unit)

    def emitted(self, chips: ColourChips) -> Emitted:
        data = {"seat": self.seat, "colour": self.colour, "unit": self.unit or chips.minimum}
        return Emitted("colour.assign", data)


@dataclass(frozen=True)
class ValueChips(_ColourEntry):
    """Every colour is taken: `seat` plays value chips (at most three such players)."""

    seat: Any
    what = "value_chips"

    def refusal(self, seen: EntrySeen, chips: ColourChips) -> str | None:
        return chips.check_value_chips(self.seat)


@dataclass(frozen=True)
class ColourRelease(_ColourEntry):
    """`seat` leaves: its colour is free again. Not while it has bets on the layout."""

    seat: Any
    what = "release"

    def refusal(self, seen: EntrySeen, chips: ColourChips) -> str | None:
        if chips.plays(self.seat) is None:
            return reason(WHY, "colour_release_not_playing", seat=self.seat)
        if any(bet.seat == self.seat for bet in seen.on_layout):
            return reason(WHY, "colour_seat_has_bets", seat=self.seat)
        return None


ENTRIES = (ColourAssign, ValueChips, ColourRelease)


def _seat_newcomers(seen: EntrySeen, crowd: Crowd, take: Take) -> None:
    """Newcomers take the first free colour at a value of their own, or value chips once every
    colour is taken; with no room (three value-chip players already) they wait."""
    for seat in crowd.unseated():
        free = seen.own.colours.free()
        if free:
            unit = crowd.chip_unit(seen.limits.min, seen.limits.max["straight"])
            if take(ColourAssign(seat, free[0], unit)) is None:
                crowd.sit(seat, unit)
        elif take(ValueChips(seat)) is None:
            crowd.sit(seat, None)


SIMULATED = SimulatedEntries(seat=_seat_newcomers)
