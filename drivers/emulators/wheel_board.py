"""Our wheel sensor board (firmware_bridge/firmware/wheel_board) on a pseudo-terminal, for
tests, demos and the contract suite (the link, the line's faults, unplugging, rebooting:
bridge_board.py).

When the host asks for a spin it plays one as the croupier and the sensors would: rotor, ball
in the rim, rotor again, ball leaving, ball in a pocket. Everything else is scripted:
drop_ball(), fail_next("misspin" or "ball_removed"), stick()/unstick() a sensor.

The physical wheel can differ from the table's: its numbers from the datum (`numbers`), a
rotor_index flag `datum_offset` pockets off, a dead_pocket() the pocket sensor never sees. A
technician's hands: drop_in() the pocket of a number (the ball of the next spin the host asks
for: the firmware reports a pocket only after the ball has been round the rim), turn_rotor().

Durations are a real wheel's, multiplied by `time_scale`; reported periods stay physical.

Run by hand: python -m drivers.emulators.wheel_board --link /tmp/wheel-board
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from drivers.emulators.bridge_board import BridgeBoardEmulator, run_by_hand
from drivers.wheel.events import opposite
from firmware_bridge.messages import (
    SENSOR_STUCK,
    BallInPockets,
    BallInRim,
    BallLeaving,
    BallLost,
    Check,
    Config,
    Error,
    Message,
    Rotor,
    Spin,
)

# The firmware's sensors (firmware/wheel_board/sensors.py NAMES) and its extra check.
SENSORS = ("rim_a", "rim_b", "pocket", "rotor_a", "rotor_b", "rotor_index")
CHECKS = (*SENSORS, "edge_buffer")
VOID_CAUSES = ("misspin", "ball_removed")

# A spin, in a real wheel's seconds from the spin command.
ROTOR_AT = 0.3
LAUNCH_AT = 0.8
LOST_AT = 2.8
ROTOR_AGAIN_AT = 4.0
LEAVING_AT = 5.0
POCKET_AT = 8.0
ROTOR_RPM = (18.0, 30.0)
BALL_PERIOD_US = 600_000
LEAVING_PERIOD_US = 1_500_000


class WheelBoardEmulator(BridgeBoardEmulator):
    """`pocket_count`: the layout it classifies for until the host configures it. `numbers`:
    the physical wheel's numbers by pocket from its datum (by default pocket i holds number i);
    `datum_offset`: the rotor_index flag sits that many pockets before pocket 0 of `numbers`,
    so that the board reads pocket i as i + datum_offset, modulo the pockets. The other options
    are BridgeBoardEmulator's."""

    VERSION = "wheel-board-emulator 0.1.0"

    def __init__(
        self,
        link,
        *,
        pocket_count: int = 37,
        numbers: Sequence[int] | None = None,
        datum_offset: int = 0,
        **options,
    ):
        super().__init__(link, **options)
        self.config = Config(pocket_count, LEAVING_PERIOD_US, 3000, 5000)
        self.numbers = tuple(numbers) if numbers is not None else tuple(range(pocket_count))
        self.datum_offset = datum_offset
        self._dead: set[int] = set()  # pockets (as the board reads them) it never sees
        self._forced_pockets: tuple[int, ...] | None = None
        self._forced_void: str | None = None
        self._stuck: dict[str, bool] = {}  # sensor -> reported yet

    # Driving it

    def drop_ball(self, *pockets: int) -> None:
        """The ball of the next spin that reaches a pocket rests in `pockets` (several: a
        faulty pocket sensor)."""
        if not pockets:
            raise ValueError("drop_ball needs at least one pocket index")
        with self._lock:
            self._forced_pockets = tuple(pockets)

    @property
    def drop_pending(self) -> bool:
        """Whether a drop_ball() or drop_in() still waits for the spin it is the ball of."""
        with self._lock:
            return self._forced_pockets is not None

    def pocket_of(self, number: int) -> int:
        """The pocket index the board reads for the ball in `number`."""
        return (self.numbers.index(number) + self.datum_offset) % len(self.numbers)

    def drop_in(self, number: int) -> None:
        """A technician lays the ball of the next spin in the pocket of `number`, after rolling
        it round the rim (the firmware reports a pocket only then)."""
        self.drop_ball(self.pocket_of(number))

    def dead_pocket(self, *numbers: int) -> None:
        """The pocket sensor never sees the ball in these numbers' pockets."""
        with self._lock:
            self._dead.update(self.pocket_of(number) for number in numbers)

    def turn_rotor(self, direction: str, rpm: float = 12.0) -> None:
        """A technician turns the rotor `direction` by hand: the firmware reports it at the
        second pass of the datum flag, two turns later."""
        period = round(60e6 / rpm)
        opposite(direction)  # checks it
        with self._lock:
            self._schedule(2 * period / 1e6, lambda t: Rotor(t, direction, period))

    def fail_next(self, cause: str) -> None:
        """The next spin is a misspin (the ball launched the way the rotor turns) or its ball is
        removed from the rim."""
        if cause not in VOID_CAUSES:
            raise ValueError(f"unknown cause {cause!r}; one of {', '.join(VOID_CAUSES)}")
        with self._lock:
            self._forced_void = cause

    def stick(self, sensor: str) -> None:
        """`sensor` stays active: reported as stuck after the configured time."""
        self._check_sensor(sensor)
        with self._lock:
            self._stuck[sensor] = False
            stuck_ms = self.config.stuck_ms
            text = f"{sensor} stuck active for {stuck_ms / 1000:.1f} s"
            self._schedule(stuck_ms / 1000, lambda t_us: self._report_stuck(sensor, t_us, text))

    def unstick(self, sensor: str) -> None:
        self._check_sensor(sensor)
        with self._lock:
            if self._stuck.pop(sensor, False):
                self._queue(Error(self._clock_us(), SENSOR_STUCK, False, f"{sensor} moves again"))

    # The board's own

    def _command(self, message: Message) -> None:
        if isinstance(message, Spin):
            self._plan(message.direction)
        elif isinstance(message, Config):
            self.config = message

    def _checks(self) -> tuple[Check, ...]:
        return tuple(
            Check(name, name not in self._stuck, "stuck active" if name in self._stuck else "ok")
            for name in CHECKS
        )

    def _check_sensor(self, sensor: str) -> None:
        if sensor not in SENSORS:
            raise ValueError(f"unknown sensor {sensor!r}; one of {', '.join(SENSORS)}")

    def _plan(self, direction: str) -> None:
        """The croupier spins as asked; the sensors see what happens."""
        period = round(60e6 / self._rng.uniform(*ROTOR_RPM))
        pocket = self._rng.randrange(self.config.pocket_count)
        void, self._forced_void = self._forced_void, None
        ball = direction if void == "misspin" else opposite(direction)
        steps: list[tuple[float, Callable[[int], Message]]] = [
            (ROTOR_AT, lambda t: Rotor(t, direction, period)),
            (LAUNCH_AT, lambda t: BallInRim(t, ball, BALL_PERIOD_US)),
            (ROTOR_AGAIN_AT, lambda t: Rotor(t, direction, round(period * 1.03))),
        ]
        if void == "ball_removed":
            unseen = self.config.ball_lost_ms * 1000
            steps = [s for s in steps if s[0] < LOST_AT] + [
                (LOST_AT, lambda t: BallLost(t, unseen))
            ]
        else:
            pockets, self._forced_pockets = self._forced_pockets or (pocket,), None
            seen = tuple(p for p in pockets if p not in self._dead)
            steps.append((LEAVING_AT, lambda t: BallLeaving(t, self.config.leaving_period_us)))
            if seen:  # in a dead pocket the ball is never seen: no reading
                steps.append((POCKET_AT, lambda t: BallInPockets(t, seen)))
        for at, make in steps:
            self._schedule(at, make)

    def _report_stuck(self, sensor: str, t_us: int, text: str) -> Message | None:
        if sensor not in self._stuck:  # unstuck meanwhile
            return None
        self._stuck[sensor] = True
        return Error(t_us, SENSOR_STUCK, True, text)


def main(argv: list[str] | None = None) -> None:
    run_by_hand(WheelBoardEmulator, "wheel sensor board", "/tmp/wheel-board", argv)


if __name__ == "__main__":
    main()
