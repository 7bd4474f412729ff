"""Our wheel sensor board (firmware_bridge/firmware/wheel_board) on a USB serial port.

URL: board:///dev/wheel-board?baud=115200&silent=2; the link, its faults, the self-test and
health() are drivers/bridge_board.py's.

The board cannot turn the rotor: spin(direction) tells it which way the croupier is asked to
spin (it lights an arrow), and starts a new spin for the readings (after a void spin, the
readings of the rest of it are dropped until the next spin()).

The pocket test needs no command of its own: the firmware reports a pocket only once the ball
has been round the rim (seen, in the rim, then a revolution slower than the leaving period)
and a whole turn of the rotor has seen it in the same pocket twice. So each drop the guided
test asks for is a spin for the board: the arrow of the way to turn the rotor lights (a Spin),
the technician rolls the ball slowly three times round the track past the rim sensors, lays it
in the pocket asked and turns the rotor two turns that way; the board reports the rotor and the
pocket. Meanwhile no reading voids anything (a ball rolled by hand may run with the rotor, or
be lost from the rim): the readings go to the test as they come.
"""

from __future__ import annotations

from dataclasses import replace

from drivers.bridge_board import BridgeBoard, Reading
from drivers.wheel.base import Wheel
from drivers.wheel.events import BallInPocket, BallLaunched, BallLeavingRim, RotorSpin, WheelEvent
from drivers.wheel.order import WheelOrder
from firmware_bridge import messages as m

# How the board classifies (sent in a Config message after each hello of a new boot).
LEAVING_PERIOD_US = 1_500_000  # the ball's revolution slower than this: "no more bets"
BALL_LOST_MS = 3000
STUCK_MS = 5000


class BoardWheel(Wheel, BridgeBoard[WheelEvent]):
    DEVICE_PATH = "/dev/wheel-board"
    FIRMWARE = "wheel-board"
    FLASH = "firmware_bridge/firmware/wheel_board"
    ROUND = "spin"
    DROPPED = "readings_after_void"

    def __init__(self, url: str, order: WheelOrder, *, seed: int | None = None):
        super().__init__(url, order)

    def _open(self) -> None:
        self._asked: str | None = None  # the direction of the spin asked for
        self._rotor: str | None = None  # the direction the rotor was seen turning this spin
        self._void = False  # this spin is void: drop its remaining readings
        super()._open()

    def _spin(self, direction: str) -> None:
        with self._cond:
            self._asked, self._rotor, self._void = direction, None, False
            self._send(m.Spin(direction))

    def _pocket_test(self, on: bool) -> None:
        with self._cond:
            self._void = False

    def _ask_drop(self, pocket: int, rotor: str) -> None:
        self._spin(rotor)

    # The board's own messages, under self._cond

    def _booted(self) -> None:
        self._send(m.Config(len(self.order), LEAVING_PERIOD_US, BALL_LOST_MS, STUCK_MS))

    def _voided(self) -> None:
        self._void = True

    def _reading(self, message: Reading, now: int) -> None:
        if self.pocket_testing:
            self._test_reading(message, now)
            return
        if self._void:
            self._drop(message, "after a void spin")
            return
        t_ns = self._stamp(message.t_us, now)
        if isinstance(message, m.Rotor):
            self._rotor = message.direction
            self._emit(RotorSpin(message.direction, round(60e6 / message.period_us, 1), t_ns))
        elif isinstance(message, m.BallInRim):
            self._emit(BallLaunched(message.direction, t_ns))
            if message.direction == (self._rotor or self._asked):
                self._void_round(
                    "misspin",
                    f"the ball runs {message.direction}, the same way as the rotor: void spin",
                )
        elif isinstance(message, m.BallLeaving):
            self._emit(BallLeavingRim(t_ns))
        elif isinstance(message, m.BallInPockets):
            self._emit(replace(BallInPocket.read(self.order, message.pockets), t_ns=t_ns))
        elif isinstance(message, m.BallLost):
            self._void_round(
                "ball_removed",
                f"the ball left the rim, unseen for "
                f"{message.unseen_us / 1e6:.1f} s without "
                f"dropping: void spin",
            )

    def _test_reading(self, message: Reading, now: int) -> None:
        """A reading during the pocket test: reported as sensed, voiding nothing."""
        t_ns = self._stamp(message.t_us, now)
        if isinstance(message, m.Rotor):
            self._emit(RotorSpin(message.direction, round(60e6 / message.period_us, 1), t_ns))
        elif isinstance(message, m.BallInRim):
            self._emit(BallLaunched(message.direction, t_ns))
        elif isinstance(message, m.BallLeaving):
            self._emit(BallLeavingRim(t_ns))
        elif isinstance(message, m.BallInPockets):
            self._emit(replace(BallInPocket.read(self.order, message.pockets), t_ns=t_ns))
        else:
            self._drop(message, "during the pocket test")
