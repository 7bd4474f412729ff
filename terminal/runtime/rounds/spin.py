"""A spin (roulette, boule's platform, the wheel of fortune): the table asks the wheel for a
spin and reads its events: the rotor, the ball launched, the ball leaving the rim ("no more
bets"), the ball in a pocket (a ball in pocket 17 becomes the result 17; a ball in two pockets
becomes a fault and a void spin). At an American table, the colour chips (section 02)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from drivers.faults import Fault, FaultCleared
from drivers.wheel.events import BallInPocket, BallLaunched, BallLeavingRim, RotorSpin
from games.game import SpinGame
from games.reasons import define, reason
from terminal.runtime.croupier import ColourEntry, clip, colour_problem, seat_problem
from terminal.runtime.rounds.base import Decided, Rounds, entered

OPPOSITE = {"cw": "ccw", "ccw": "cw"}

# why the croupier's colour entry is refused (games/reasons.py): the entry, then why (the colour
# chips' own refusals are games/roulette/colours.py's)
define(
    {
        "colour_assign_refused": "seat {seat} assign: {reason}",
        "colour_value_chips_refused": "seat {seat} value_chips: {reason}",
        "colour_release_refused": "seat {seat} release: {reason}",
        "colour_chips_none": "this table plays no colour chips",
        "colour_release_not_playing": "seat {seat} plays neither a colour nor value chips",
        "colour_seat_has_bets": "seat {seat} still has bets on the layout",
    }
)


@dataclass
class _SpinSeen:
    """What the table has seen of the spin in progress."""

    previous: str | None  # the rotor direction of the previous spin
    rotor: RotorSpin | None = None
    launched: bool = False


class SpinRounds(Rounds):
    simulated_bets_at_open = False  # the players bet while the ball turns: from its launch

    def __init__(self, table):
        super().__init__(table)
        assert isinstance(table.game, SpinGame)
        self.game: SpinGame = table.game
        self.result_sensed_ns: int | None = None  # when the ball of the last result was sensed
        self._spin = _SpinSeen(table.state.last_rotor)

    # -- colour chips (American roulette, section 02) ----------------------------------------
    def croupier(self, entry: Any) -> bool:
        if not isinstance(entry, ColourEntry):
            return False
        take = {
            "assign": lambda: self.assign_colour(entry.seat, entry.colour, entry.unit),
            "value_chips": lambda: self.seat_with_value_chips(entry.seat),
            "release": lambda: self.release_seat(entry.seat),
        }[entry.what]
        if (refusal := take()) is not None:
            said = reason(f"colour_{entry.what}_refused", seat=clip(entry.seat), reason=refusal)
            self.table.refuse("colour", said)
        return True

    @property
    def _chips(self):
        """The table's colour chips, if its game and its configuration have them."""
        own: Any = self.table.state.own  # American roulette's fold holds them
        return own.colours if self.game.colour_chips else None

    def assign_colour(self, seat: int, colour: str | None, unit: int | None = None) -> str | None:
        """`seat` takes `colour`, each chip worth `unit` (the table minimum when None): None,
        or why not. The value marker by the wheel shows it from now on."""
        table, chips = self.table, self._chips
        if chips is None:
            return reason("colour_chips_none")
        refusal = colour_problem(seat, colour, unit, table.setup.seats) or chips.check_assign(
            seat, colour, unit
        )
        if refusal is not None:
            return refusal
        assert colour is not None  # colour_problem refuses anything but a colour's name
        table.emit(
            "colour.assign",
            {"seat": seat, "colour": colour, "unit": unit or chips.minimum},
            table.state.open_round,
        )
        return None

    def seat_with_value_chips(self, seat: int) -> str | None:
        """Every colour is taken: `seat` plays value chips (at most three such players)."""
        table, chips = self.table, self._chips
        if chips is None:
            return reason("colour_chips_none")
        refusal = seat_problem(seat, table.setup.seats) or chips.check_value_chips(seat)
        if refusal is not None:
            return refusal
        table.emit("colour.value_chips", {"seat": seat}, table.state.open_round)
        return None

    def release_seat(self, seat: int) -> str | None:
        """`seat` leaves: its colour is free again. Not while it has bets on the layout."""
        table, chips = self.table, self._chips
        if (problem := seat_problem(seat, table.setup.seats)) is not None:
            return problem
        if chips is None or chips.plays(seat) is None:
            return reason("colour_release_not_playing", seat=seat)
        if any(b.seat == seat for b in (*table.state.round_bets, *table.state.carried)):
            return reason("colour_seat_has_bets", seat=seat)
        table.emit("colour.release", {"seat": seat}, table.state.open_round)
        return None

    def seat_players(self) -> None:
        """Newcomers take the first free colour at a value of their own, or value chips once
        every colour is taken; with no room (three value-chip players already) they wait."""
        table = self.table
        if self._chips is None:
            return
        for seat in table.players.unseated():
            free = self._chips.free()
            if free:
                unit = table.players.colour_unit(table.setup.limits)
                if self.assign_colour(seat, free[0], unit) is None:
                    table.players.sit(seat, unit)
            elif self.seat_with_value_chips(seat) is None:
                table.players.sit(seat, None)

    # -- one spin ----------------------------------------------------------------------------
    def decide(self, round_no: int, *, last_round: bool) -> Decided | None:
        table = self.table
        spin = self._spin = _SpinSeen(previous=table.state.last_rotor)
        direction = OPPOSITE.get(spin.previous or "", "cw")
        if table.hand is not None and table.hand is not table.device:
            table.hand.spin(direction)  # the screen beside the sensor: a new spin to enter
        with self.waiting_for("spin"):
            table.device.spin(direction)
            for event in table.readings():
                decided = self._on_wheel(event, round_no, spin, last_round)
                if decided is not False:
                    return decided
        return None

    def _on_wheel(self, event, round_no: int, spin: _SpinSeen, last_round: bool):
        """What a wheel event means for the spin: its outcome, None (void), False (go on)."""
        table = self.table
        if isinstance(event, RotorSpin):
            # a speed change of the same rotor (mode bit 4) is no new direction to check
            new = spin.rotor is None or spin.rotor.direction != event.direction
            spin.rotor = event
            turned_again = new and spin.previous is not None and event.direction == spin.previous
            if self.game.alternating_rotor and turned_again:
                table.incident(
                    "rotor_direction",
                    "warning",
                    f"rotor turned {event.direction} again: it must alternate between spins",
                )
        elif isinstance(event, BallLaunched) and not spin.launched:
            spin.launched = True
            table.take_simulated_bets(round_no)  # while the ball turns, before the rim
        elif isinstance(event, BallLeavingRim):
            table.close_bets(round_no)
        elif isinstance(event, BallInPocket):
            return self._on_pocket(event, round_no, spin, last_round)
        elif isinstance(event, FaultCleared):
            table.device_fault(event)
        elif isinstance(event, Fault) and table.device_fault(event):
            table.void_round(event.detail or event.code)
            return None
        return False

    def _on_pocket(self, event: BallInPocket, round_no: int, spin: _SpinSeen, last_round: bool):
        table = self.table
        if not spin.launched:
            table.incident(
                "result_without_launch",
                "warning",
                f"ball reported in pocket {event.pockets} with no ball launched; ignored",
            )
            return False
        if len(event.pockets) != 1:
            table.incident(
                "ball_in_two_pockets", "error", f"ball reported in pockets {list(event.pockets)}"
            )
            table.void_round("sensor fault: ball in several pockets")
            return None
        number = event.numbers[0]
        if number is None:
            table.incident(
                "pocket_out_of_range",
                "error",
                f"pocket index {event.pockets[0]} is not on this wheel",
            )
            table.void_round("sensor fault: pocket out of range")
            return None
        table.close_bets(round_no)
        self.result_sensed_ns = event.t_ns
        rotor = spin.rotor
        noted = {} if rotor is None else {"rotor": rotor.direction, "rpm": rotor.rpm}
        noted.update(entered(event.entered_by))
        return Decided(self.game.outcome(table.rules, number), last_round, noted)

    # -- a void spin -------------------------------------------------------------------------
    def void_data(self) -> dict[str, Any]:
        rotor = self._spin.rotor
        return {"rotor": rotor.direction} if rotor is not None else {}

    def disturbed(self, switch: str) -> None:
        """A tilted wheel voids the spin; the rest of that spin is read and dropped, so that
        none of it is taken for the next spin."""
        table = self.table
        table.void_round(f"{switch}: the wheel was disturbed during the spin")
        table.hear_faults_until(
            lambda event: (
                isinstance(event, BallInPocket) or (isinstance(event, Fault) and event.void)
            ),
            seconds=table.setup.device_timeout,
        )
