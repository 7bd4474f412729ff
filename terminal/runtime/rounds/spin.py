"""A spin (roulette, boule's platform, the wheel of fortune): the table asks the wheel for a
spin and reads its events: the rotor, the ball launched, the ball leaving the rim ("no more
bets"), the ball in a pocket (a ball in pocket 17 becomes the result 17; a ball in two pockets
becomes a fault and a void spin).

A stop asked while the wheel's own game is under way (its rotor or its ball reported) does not
leave that game's number to no round: bets close at once, and the spin is read to its end, its
number settled (or its void), for up to the table's wheel timeout; only then does the table
stop. A stop before the wheel's game began voids the round, as before. A wheel that powered down
(drivers/wheel/base.py `power_on`) is switched on by a person: `WheelPowerOn`, posted by the
technician's screen, taken here, on the table thread."""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any

from drivers.errors import DeviceError
from drivers.faults import Fault, FaultCleared
from drivers.wheel.events import BallInPocket, BallLaunched, BallLeavingRim, RotorSpin
from games.game import SpinGame
from games.reasons import reason
from terminal.runtime.rounds.base import Decided, Rounds, disturbed, entered

log = logging.getLogger(__name__)

OPPOSITE = {"cw": "ccw", "ccw": "cw"}
STOP_POLL = 0.2  # seconds between the table's signs of life while a stopped spin ends

# why the croupier's entry is refused (games/reasons.py)
WHY = {
    "wheel_power_none": "this table's wheel cannot be switched on from the terminal",
    "wheel_power_failed": (
        "the wheel stays off: if it still reports a fault, the technician mends it first; "
        "else switch it on at its panel"
    ),
    # why a spin is void (beside the table's own: terminal/runtime/rounds/base.py)
    "void_two_pockets": "sensor fault: ball in several pockets",
    "void_pocket_out_of_range": "sensor fault: pocket out of range",
}


@dataclass(frozen=True)
class WheelPowerOn:
    """A person switches the wheel on from the screen (`by`: who), after it powered down."""

    by: str | None = None


@dataclass
class _SpinSeen:
    """What the table has seen of the spin in progress."""

    previous: str | None  # the rotor direction of the previous spin
    rotor: RotorSpin | None = None
    launched: bool = False
    stopped_until: float | None = None  # a stop came while its game was under way: read it
    deferred: list[Any] = field(default_factory=list)  # entries that came meanwhile


class SpinRounds(Rounds):
    simulated_bets_at_open = False  # the players bet while the ball turns: from its launch

    def __init__(self, table):
        super().__init__(table)
        assert isinstance(table.game, SpinGame)
        self.game: SpinGame = table.game
        self.result_sensed_ns: int | None = None  # when the ball of the last result was sensed
        self._spin = _SpinSeen(table.state.last_rotor)

    # -- a wheel that powered down ----------------------------------------------------------
    def power_on(self, by: str | None) -> None:
        """Switch the wheel on, as a person asked; the fault of its power-down is cleared saying
        who (the wheel's own report of it follows), or the entry is refused saying what to do."""
        table = self.table
        wheel = table.device
        if not getattr(wheel, "can_power_on", False):
            table.refuse("wheel_power", reason(WHY, "wheel_power_none"))
            return
        try:
            wheel.power_on()
        except DeviceError as error:
            log.warning("the wheel was not switched on: %s", error)
            table.refuse("wheel_power", reason(WHY, "wheel_power_failed"))
            return
        who = f" by {by}" if by else ""
        device = table.game.device
        table.clear_fault(device, "powered_down", f"switched on from the screen{who}")

    # -- the croupier's entries --------------------------------------------------------------
    def croupier(self, entry: Any) -> bool:
        if isinstance(entry, WheelPowerOn):
            self.power_on(entry.by)
            return True
        return False

    # -- one spin ----------------------------------------------------------------------------
    def decide(self, round_no: int, *, last_round: bool) -> Decided | None:
        table = self.table
        spin = self._spin = _SpinSeen(previous=table.state.last_rotor)
        direction = OPPOSITE.get(spin.previous or "", "cw")
        if table.hand is not None and table.hand is not table.device:
            table.hand.spin(direction)  # the screen beside the sensor: a new spin to enter
        try:
            with self.waiting_for("spin"):
                table.device.spin(direction)
                # through a stop once the wheel's own game is under way: its number is the
                # round's, never nobody's
                for event in table.readings(more=lambda: self._after_stop(round_no, spin)):
                    decided = self._on_wheel(event, round_no, spin, last_round)
                    if decided is not False:
                        return decided
            return None
        finally:
            for entry in spin.deferred:  # what the croupier entered while the stop waited
                table.post(entry)

    def _under_way(self, spin: _SpinSeen) -> bool:
        """A stop was asked while the wheel plays this spin's game (a sensed wheel's: what a
        croupier enters by hand has nothing under way)."""
        table = self.table
        return (
            table.control.stop_requested.is_set()
            and not table.device.manual
            and (spin.launched or spin.rotor is not None)
        )

    def _after_stop(self, round_no: int, spin: _SpinSeen) -> tuple[str, object] | None:
        """The wheel's next event after a stop while its game is under way, bets closed,
        within the table's wheel timeout from the stop; None after it, or with nothing under
        way (the table voids the round)."""
        table = self.table
        if not self._under_way(spin):
            return None
        table.close_bets(round_no)
        if spin.stopped_until is None:
            spin.stopped_until = time.monotonic() + table.setup.device_timeout
            log.info(
                "stop asked during a spin: its ball is read first (up to %g s)",
                table.setup.device_timeout,
            )
        while (remaining := spin.stopped_until - time.monotonic()) > 0:
            table.beat()
            item = table.inbox.get(timeout=min(STOP_POLL, remaining))
            if item is not None and item[0] == "croupier":
                spin.deferred.append(item[1])
            elif item is not None:
                return item
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
            table.void_round(reason(WHY, "void_two_pockets"))
            return None
        number = event.numbers[0]
        if number is None:
            table.incident(
                "pocket_out_of_range",
                "error",
                f"pocket index {event.pockets[0]} is not on this wheel",
            )
            table.void_round(reason(WHY, "void_pocket_out_of_range"))
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
        table.void_round(disturbed("wheel", switch))
        table.hear_faults_until(
            lambda event: (
                isinstance(event, BallInPocket) or (isinstance(event, Fault) and event.void)
            ),
            seconds=table.setup.device_timeout,
        )
