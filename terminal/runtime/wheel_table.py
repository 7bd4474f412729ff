"""A table whose rounds a wheel decides: roulette, boule's platform, the wheel of fortune.

The table asks the wheel for a spin and reads its events: the rotor, the ball launched, the
ball leaving the rim ("no more bets"), the ball in a pocket (a ball in pocket 17 becomes the
result 17; a ball in two pockets becomes a fault and a void spin).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from drivers.faults import Fault, FaultCleared
from drivers.wheel.events import BallInPocket, BallLaunched, BallLeavingRim, RotorSpin

from terminal.runtime.croupier import ColourEntry, clip, colour_problem, seat_problem
from terminal.runtime.table import Table

OPPOSITE = {"cw": "ccw", "ccw": "cw"}


@dataclass
class _SpinSeen:
    """What the table has seen of the spin in progress."""

    previous: str | None  # the rotor direction of the previous spin
    rotor: RotorSpin | None = None
    launched: bool = False

    def void_data(self) -> dict[str, Any]:
        return {"rotor": self.rotor.direction} if self.rotor is not None else {}


class WheelTable(Table):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.result_sensed_ns: int | None = None  # when the ball of the last result was sensed
        self._spin_seen = _SpinSeen(self.state.last_rotor)

    @property
    def wheel(self):
        return self.device

    # -- colour chips (American roulette, section 02) ----------------------------------------
    def post_colour(self, seat: int, colour: str, unit: int | None = None) -> None:
        """The croupier gives `seat` the colour `colour` (any thread): `assign_colour` on the
        table thread, or refused (`croupier/colour_refused`)."""
        self.inbox.post("croupier", ColourEntry("assign", seat, colour, unit))

    def post_value_chips(self, seat: int) -> None:
        self.inbox.post("croupier", ColourEntry("value_chips", seat))

    def post_release(self, seat: int) -> None:
        self.inbox.post("croupier", ColourEntry("release", seat))

    def _croupier(self, entry) -> None:
        if not isinstance(entry, ColourEntry):
            super()._croupier(entry)
            return
        take = {"assign": lambda: self.assign_colour(entry.seat, entry.colour, entry.unit),
                "value_chips": lambda: self.seat_with_value_chips(entry.seat),
                "release": lambda: self.release_seat(entry.seat)}[entry.what]
        if (reason := take()) is not None:
            self.refuse("colour", f"seat {clip(entry.seat)} {entry.what}: {reason}")

    def assign_colour(self, seat: int, colour: str, unit: int | None = None) -> str | None:
        """`seat` takes `colour`, each chip worth `unit` (the table minimum when None): None,
        or why not. The value marker by the wheel shows it from now on."""
        chips = self.state.colours
        if chips is None:
            return "this table plays no colour chips"
        if (reason := colour_problem(seat, colour, unit, self.setup.seats)
                or chips.check_assign(seat, colour, unit)) is not None:
            return reason
        self.emit("colour.assign", {"seat": seat, "colour": colour, "unit": unit or chips.minimum},
                  self.state.open_round)
        return None

    def seat_with_value_chips(self, seat: int) -> str | None:
        """Every colour is taken: `seat` plays value chips (at most three such players)."""
        chips = self.state.colours
        if chips is None:
            return "this table plays no colour chips"
        if (reason := seat_problem(seat, self.setup.seats) or chips.check_value_chips(seat)) is not None:
            return reason
        self.emit("colour.value_chips", {"seat": seat}, self.state.open_round)
        return None

    def release_seat(self, seat: int) -> str | None:
        """`seat` leaves: its colour is free again. Not while it has bets on the layout."""
        chips = self.state.colours
        if (reason := seat_problem(seat, self.setup.seats)) is not None:
            return reason
        if chips is None or chips.plays(seat) is None:
            return f"seat {seat} plays neither a colour nor value chips"
        if any(b.seat == seat for b in (*self.state.round_bets, *self.state.carried)):
            return f"seat {seat} still has bets on the layout"
        self.emit("colour.release", {"seat": seat}, self.state.open_round)
        return None

    def _take_bets(self, round_no: int) -> None:
        if self.players is not None and self.state.colours is not None:
            self._seat_sim_players()
        super()._take_bets(round_no)

    def _seat_sim_players(self) -> None:
        """Newcomers take the first free colour at a value of their own, or value chips once
        every colour is taken; with no room (three value-chip players already) they wait."""
        for seat in self.players.unseated():
            free = self.state.colours.free()
            if free:
                unit = self.players.colour_unit(self.setup.limits)
                if self.assign_colour(seat, free[0], unit) is None:
                    self.players.sit(seat, unit)
            elif self.seat_with_value_chips(seat) is None:
                self.players.sit(seat, None)

    def _play(self, round_no: int, *, last_round: bool) -> bool:
        spin = self._spin_seen = _SpinSeen(previous=self.state.last_rotor)
        self.wheel.spin(OPPOSITE.get(spin.previous, "cw"))
        while True:
            item = self._next_event()
            if item is None:
                return self._silent_or_stopped(**spin.void_data())
            source, event = item
            if source == "gpio":
                settled = self._on_table_io(event, round_no)
            else:
                settled = self._on_wheel(event, round_no, spin, last_round)
            if settled is not None:
                return settled

    def _on_wheel(self, event, round_no: int, spin: _SpinSeen, last_round: bool) -> bool | None:
        """What a wheel event means for the spin: True settled, False void, None go on."""
        if isinstance(event, RotorSpin):
            spin.rotor = event
            if self.play.alternating_rotor and spin.previous is not None and event.direction == spin.previous:
                self.incident("rotor_direction", "warning",
                           f"rotor turned {event.direction} again: it must alternate between spins")
        elif isinstance(event, BallLaunched):
            spin.launched = True
        elif isinstance(event, BallLeavingRim):
            self._close_bets(round_no)
        elif isinstance(event, BallInPocket):
            return self._on_pocket(event, round_no, spin, last_round)
        elif isinstance(event, (Fault, FaultCleared)) and self._device_fault(event):
            self.void_round(event.detail or event.code, **spin.void_data())
            return False
        return None

    def _on_pocket(self, event: BallInPocket, round_no: int, spin: _SpinSeen, last_round: bool) -> bool | None:
        if not spin.launched:
            self.incident("result_without_launch", "warning",
                       f"ball reported in pocket {event.pockets} with no ball launched; ignored")
            return None
        if len(event.pockets) != 1:
            self.incident("ball_in_two_pockets", "error", f"ball reported in pockets {list(event.pockets)}")
            self.void_round("sensor fault: ball in several pockets", **spin.void_data())
            return False
        number = event.numbers[0]
        if number is None:
            self.incident("pocket_out_of_range", "error", f"pocket index {event.pockets[0]} is not on this wheel")
            self.void_round("sensor fault: pocket out of range", **spin.void_data())
            return False
        self._close_bets(round_no)
        self.result_sensed_ns = event.t_ns
        self._settle(round_no, number, spin.rotor, last_round)
        return True

    def _void_by_switch(self, name: str) -> None:
        """A tilted wheel voids the spin; the rest of that spin is read and dropped, so that
        none of it is taken for the next spin."""
        spin = self._spin_seen
        self.void_round(f"{name}: the wheel was disturbed during the spin", **spin.void_data())
        self._hear_faults_until(
            lambda event: isinstance(event, BallInPocket) or (isinstance(event, Fault) and event.void),
            seconds=self.setup.device_timeout)

    def _settle(self, round_no: int, number: int, rotor: RotorSpin | None, last_round: bool) -> None:
        settled = self.play.settle(self.engine, self.state, self.play.outcome(self.rules, number),
                                   last_round=last_round)
        if rotor is not None:
            settled.outcome.update(rotor=rotor.direction, rpm=rotor.rpm)
        self._result(round_no, settled, last_round=last_round)
