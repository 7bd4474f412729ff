"""Our wheel sensor board (firmware_bridge/firmware/wheel_board) on a pseudo-terminal, for
tests, demos and the contract suite: open `board://<link>` on it as on the real board.

It speaks the bridge protocol with the host's own codec (firmware_bridge.link in the board's
role), on a clock of its own (an offset, and a drift in ppm). When the host asks for a spin it
plays one as the croupier and the sensors would: rotor, ball in the rim, rotor again, ball
leaving, ball in a pocket. Everything else is scripted: drop_ball(), fail_next("misspin" or
"ball_removed"), stick()/unstick() a sensor, noise(), tamper() with the next frame (corrupt,
truncate, duplicate, reorder), go_silent()/speak(), unplug()/replug(), reboot(). The board
is self-powered (WIRING.md): unplugged, it keeps sensing and queueing.

Durations are a real wheel's, multiplied by `time_scale`; reported periods stay physical.

Run by hand: python -m drivers.emulators.wheel_board --link /tmp/wheel-board
"""

from __future__ import annotations

import argparse
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from drivers.emulators.pty_port import EmulatedDevice
from drivers.wheel.events import opposite
from firmware_bridge import codec
from firmware_bridge.link import BOARD, Connected, Delivered, Link, Refused
from firmware_bridge.messages import (
    PROTOCOL,
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
    SelfTestAnswer,
    SelfTestRequest,
    Spin,
    is_sequenced,
)

VERSION = "wheel-board-emulator 0.1.0"
# The firmware's sensors (firmware/wheel_board/sensors.py NAMES) and its extra check.
SENSORS = ("rim_a", "rim_b", "pocket", "rotor_a", "rotor_b", "rotor_index")
CHECKS = (*SENSORS, "edge_buffer")
VOID_CAUSES = ("misspin", "ball_removed")
TAMPERINGS = ("corrupt", "truncate", "duplicate", "reorder")

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
POLL_SECONDS = 0.005


@dataclass
class _Step:
    due_ns: int  # on the board's clock
    make: Callable[[int], Message]  # the message, given the board's microseconds then


class WheelBoardEmulator(EmulatedDevice):
    """`link`: the stable path programs open (a udev name on a Pi). `protocol`, `version`,
    `unique_id`: what its hello says. `log`: told each message in and out (for main())."""

    def __init__(self, link, *, seed: int = 0, time_scale: float = 1.0,
                 protocol: tuple[int, int] = PROTOCOL, version: str = VERSION,
                 unique_id: bytes | None = None, drift_ppm: float = 0.0, pocket_count: int = 37,
                 log: Callable[[str], None] | None = None):
        super().__init__(link)
        self.link_path = link
        self.time_scale = time_scale
        self.protocol, self.version = protocol, version
        self.drift_ppm = drift_ppm
        self.log = log
        self._rng = random.Random(seed)
        self.unique_id = unique_id if unique_id is not None else self._rng.randbytes(8)
        self.config = Config(pocket_count, LEAVING_PERIOD_US, 3000, 5000)
        self.sent: list[Message] = []  # sequenced messages the board queued, in order
        self.commands: list[Message] = []  # sequenced messages the host delivered, in order
        self.refusals: list[str] = []
        self._lock = threading.RLock()
        self._t0 = time.monotonic_ns()
        self._offset_ns = self._rng.randrange(10**9, 10**13)  # the board booted a while ago
        self._steps: list[_Step] = []
        self._forced_pockets: tuple[int, ...] | None = None
        self._forced_void: str | None = None
        self._stuck: dict[str, bool] = {}  # sensor -> reported yet
        self._tamperings: list[tuple[str, str | None]] = []
        self._held: tuple[int, bytes] | None = None  # a frame held back to be sent late
        self._silent = False
        self.link = self._new_link()

    @property
    def url(self) -> str:
        return f"board://{self.link_path}"

    # Running

    def _powered_on(self) -> None:
        with self._lock:
            self.link.announce()

    # Driving it

    def drop_ball(self, *pockets: int) -> None:
        """The ball of the next spin that reaches a pocket rests in `pockets` (several: a
        faulty pocket sensor)."""
        if not pockets:
            raise ValueError("drop_ball needs at least one pocket index")
        with self._lock:
            self._forced_pockets = tuple(pockets)

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

    def noise(self, count: int) -> None:
        """`count` random bytes on the line now, between two frames."""
        with self._lock:
            self._write(self._rng.randbytes(count))

    def tamper(self, how: str, message: str | None = None) -> None:
        """Spoil the next sending of a sequenced frame (of message NAME `message`, or any):
        corrupt one bit, truncate it, send it twice, or send it after the next one."""
        if how not in TAMPERINGS:
            raise ValueError(f"unknown tampering {how!r}; one of {', '.join(TAMPERINGS)}")
        with self._lock:
            self._tamperings.append((how, message))

    def go_silent(self) -> None:
        """Send nothing (the board hangs, or its USB transmitter does); still listen."""
        with self._lock:
            self._silent = True

    def speak(self) -> None:
        with self._lock:
            self._silent = False

    def unplug(self) -> None:
        """The USB cable out: the port disappears; the board keeps sensing."""
        with self._lock:
            self.port.unplug()
            self.link.connection_lost()

    def replug(self) -> None:
        with self._lock:
            self.port.plug()
            self.link.connection_made()

    def reboot(self) -> None:
        """A new boot: a new boot id and sequence numbers; what was queued and planned is lost."""
        with self._lock:
            self._steps.clear()
            self._held = None
            self.link = self._new_link(first_seq=self._rng.randrange(256))
            self.link.announce()

    @property
    def idle(self) -> bool:
        """Nothing planned, held back or unacknowledged: the host has had everything."""
        with self._lock:
            return not self._steps and self._held is None and not len(self.link.outbox)

    # Inside

    def _new_link(self, first_seq: int = 0) -> Link:
        return Link(BOARD, version=self.version, unique_id=self.unique_id,
                    boot_id=self._rng.getrandbits(32), protocol=self.protocol,
                    first_seq=first_seq, wire_filter=self._tampered)

    def _check_sensor(self, sensor: str) -> None:
        if sensor not in SENSORS:
            raise ValueError(f"unknown sensor {sensor!r}; one of {', '.join(SENSORS)}")

    def _now_ns(self) -> int:
        """The board's clock."""
        elapsed = time.monotonic_ns() - self._t0
        return self._offset_ns + round(elapsed * (1 + self.drift_ppm * 1e-6))

    def _clock_us(self) -> int:
        return self._now_ns() // 1000

    def _schedule(self, seconds: float, make: Callable[[int], Message | None]) -> None:
        """`make(t_us)` runs after `seconds` of a real wheel; a message it returns is queued."""
        due = self._now_ns() + round(seconds * self.time_scale * 1e9)
        self._steps.append(_Step(due, make))
        self._steps.sort(key=lambda step: step.due_ns)

    def _run(self) -> None:
        while not self._stop.is_set():
            data = self.port.read(POLL_SECONDS)
            with self._lock:
                now = self._now_ns()
                if data:
                    for happening in self.link.receive(data, now):
                        self._on(happening)
                while self._steps and self._steps[0].due_ns <= now:
                    message = self._steps.pop(0).make(now // 1000)
                    if message is not None:
                        self._queue(message)
                self._write(self.link.poll(now))

    def _on(self, happening: Any) -> None:
        if isinstance(happening, Refused):
            self.refusals.append(happening.reason)
            self._say(f"refused: {happening.reason}")
        elif isinstance(happening, Connected):
            self._say(f"host {happening.peer.version} connected")
        elif isinstance(happening, Delivered):
            message = happening.message
            self.commands.append(message)
            self._say(f"< {message}")
            if isinstance(message, Spin):
                self._plan(message.direction)
            elif isinstance(message, Config):
                self.config = message
            elif isinstance(message, SelfTestRequest):
                self._queue(SelfTestAnswer(happening.seq, tuple(
                    Check(name, name not in self._stuck,
                          "stuck active" if name in self._stuck else "ok") for name in CHECKS)))

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
                (LOST_AT, lambda t: BallLost(t, unseen))]
        else:
            pockets, self._forced_pockets = self._forced_pockets or (pocket,), None
            steps += [(LEAVING_AT, lambda t: BallLeaving(t, self.config.leaving_period_us)),
                      (POCKET_AT, lambda t: BallInPockets(t, pockets))]
        for at, make in steps:
            self._schedule(at, make)

    def _report_stuck(self, sensor: str, t_us: int, text: str) -> Message | None:
        if sensor not in self._stuck:  # unstuck meanwhile
            return None
        self._stuck[sensor] = True
        return Error(t_us, SENSOR_STUCK, True, text)

    def _queue(self, message: Message) -> None:
        self.sent.append(message)
        self.link.send(message)
        self._say(f"> {message}")

    def _write(self, data: bytes) -> None:
        if data and not self._silent:
            self.port.write(data)

    def _tampered(self, frame: codec.Frame, wire: bytes) -> bytes:
        """The link's wire filter: what actually goes on the line for `frame`."""
        sequenced = is_sequenced(frame.message.TYPE)
        if self._held is not None and sequenced:
            held_seq, held_wire = self._held
            if frame.seq == held_seq:  # its own resending: keep holding it
                return b""
            self._held = None
            return wire + held_wire
        match = next((t for t in self._tamperings if t[1] in (None, frame.message.NAME)), None)
        if not sequenced or match is None:
            return wire
        self._tamperings.remove(match)
        how = match[0]
        self._say(f"tampering ({how}) with seq {frame.seq} {frame.message}")
        if how == "corrupt":
            data = bytearray(codec.payload(frame))
            data[-codec.CRC_SIZE - 1] ^= 0x01  # the body's last bit
            return codec.wrap(bytes(data))
        if how == "truncate":  # the next frame's leading delimiter ends it
            return wire[:len(wire) // 2]
        if how == "duplicate":
            return wire + wire
        self._held = (frame.seq, wire)  # reorder: sent after the next sequenced frame
        return b""

    def _say(self, text: str) -> None:
        if self.log is not None:
            self.log(text)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Emulate the wheel sensor board on a pty.")
    parser.add_argument("--link", default="/tmp/wheel-board", help="the stable path to create")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--time-scale", type=float, default=1.0,
                        help="multiply a real wheel's durations by this (0.1: ten times faster)")
    args = parser.parse_args(argv)
    emulator = WheelBoardEmulator(args.link, seed=args.seed, time_scale=args.time_scale,
                                  log=lambda text: print(text, flush=True))
    with emulator:
        print(f"wheel board emulator on {args.link}: open {emulator.url} (Ctrl-C stops)",
              flush=True)
        try:
            threading.Event().wait()
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
