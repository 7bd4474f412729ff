"""What every emulator of one of our bridge boards has in common (the wheel board, the dice
reader, the shoe reader): the board on a pseudo-terminal, speaking the bridge protocol with the
host's own codec (firmware_bridge.link in the board's role), on a clock of its own (an offset,
and a drift in ppm). A backend opens `board://<link>` on it as on the real board.

The line and the board misbehave on demand: noise(), tamper() with the next frame (corrupt,
truncate, duplicate, reorder), go_silent()/speak(), unplug()/replug(), reboot(). The boards
are self-powered: unplugged, they keep sensing and queueing.

A subclass plays its sensors: `_command` for the host's messages, `_checks` for the self-test,
`_schedule` for what happens later (durations of the real device, times `time_scale`), `_queue`
for what it sends.
"""

from __future__ import annotations

import argparse
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from drivers.emulators.pty_port import EmulatedDevice
from firmware_bridge import codec
from firmware_bridge.link import BOARD, Connected, Delivered, Link, Refused
from firmware_bridge.messages import (
    PROTOCOL,
    Check,
    Message,
    SelfTestAnswer,
    SelfTestRequest,
    is_sequenced,
)

TAMPERINGS = ("corrupt", "truncate", "duplicate", "reorder")
POLL_SECONDS = 0.005


@dataclass
class _Step:
    due_ns: int  # on the board's clock
    make: Callable[[int], Message | None]  # the message, given the board's microseconds then


class BridgeBoardEmulator(EmulatedDevice):
    """`link`: the stable path programs open (a udev name on a Pi). `protocol`, `version`,
    `unique_id`: what its hello says. `log`: told each message in and out (for main())."""

    VERSION: ClassVar[str]  # the firmware version its hello gives by default

    def __init__(
        self,
        link,
        *,
        seed: int = 0,
        time_scale: float = 1.0,
        protocol: tuple[int, int] = PROTOCOL,
        version: str | None = None,
        unique_id: bytes | None = None,
        drift_ppm: float = 0.0,
        log: Callable[[str], None] | None = None,
    ):
        super().__init__(link)
        self.link_path = link
        self.time_scale = time_scale
        self.protocol, self.version = protocol, version or self.VERSION
        self.drift_ppm = drift_ppm
        self.log = log
        self._rng = random.Random(seed)
        self.unique_id = unique_id if unique_id is not None else self._rng.randbytes(8)
        self.sent: list[Message] = []  # sequenced messages the board queued, in order
        self.commands: list[Message] = []  # sequenced messages the host delivered, in order
        self.refusals: list[str] = []
        self._lock = threading.RLock()
        self._t0 = time.monotonic_ns()
        self._offset_ns = self._rng.randrange(10**9, 10**13)  # the board booted a while ago
        self._steps: list[_Step] = []
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

    # The board's own

    def _command(self, message: Message) -> None:
        """A sequenced message from the host other than a self-test request, under the lock."""
        raise NotImplementedError

    def _checks(self) -> tuple[Check, ...]:
        """The self-test's answer, under the lock."""
        raise NotImplementedError

    # For the board, under the lock

    def _clock_us(self) -> int:
        return self._now_ns() // 1000

    def _schedule(self, seconds: float, make: Callable[[int], Message | None]) -> None:
        """`make(t_us)` runs after `seconds` of the real device; a message it returns is queued."""
        due = self._now_ns() + round(seconds * self.time_scale * 1e9)
        self._steps.append(_Step(due, make))
        self._steps.sort(key=lambda step: step.due_ns)

    def _queue(self, message: Message) -> None:
        self.sent.append(message)
        self.link.send(message)
        self._say(f"> {message}")

    # Inside

    def _new_link(self, first_seq: int = 0) -> Link:
        return Link(
            BOARD,
            version=self.version,
            unique_id=self.unique_id,
            boot_id=self._rng.getrandbits(32),
            protocol=self.protocol,
            first_seq=first_seq,
            wire_filter=self._tampered,
        )

    def _now_ns(self) -> int:
        """The board's clock."""
        elapsed = time.monotonic_ns() - self._t0
        return self._offset_ns + round(elapsed * (1 + self.drift_ppm * 1e-6))

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
            if isinstance(message, SelfTestRequest):
                self._queue(SelfTestAnswer(happening.seq, self._checks()))
            else:
                self._command(message)

    def _write(self, data: bytes) -> None:
        if data and not self._silent:
            self.port.write(data)

    def _tampered(self, frame: codec.Frame, wire: bytes) -> bytes:
        """The link's wire filter: what actually goes on the line for `frame`."""
        assert isinstance(frame.message, Message)  # the link filters what it sends: no Unreadable
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
            return wire[: len(wire) // 2]
        if how == "duplicate":
            return wire + wire
        self._held = (frame.seq, wire)  # reorder: sent after the next sequenced frame
        return b""

    def _say(self, text: str) -> None:
        if self.log is not None:
            self.log(text)


class NamedChecks:
    """For a board whose self-test is a row of named checks (`CHECKS`), each passing until
    `fail_selftest` names it. Put it before BridgeBoardEmulator among the bases."""

    CHECKS: ClassVar[tuple[str, ...]]
    _lock: threading.RLock  # BridgeBoardEmulator's

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self._failed: set[str] = set()

    def fail_selftest(self, name: str) -> None:
        """The self-test check `name` fails from now on (a dirty reader, a dead lamp)."""
        if name not in self.CHECKS:
            raise ValueError(f"unknown check {name!r}; one of {', '.join(self.CHECKS)}")
        with self._lock:
            self._failed.add(name)

    def _checks(self) -> tuple[Check, ...]:
        return tuple(
            Check(name, name not in self._failed, "failed" if name in self._failed else "ok")
            for name in self.CHECKS
        )


def run_by_hand(
    emulator_class: type[BridgeBoardEmulator], what: str, link: str, argv: list[str] | None
) -> None:
    """The command line of an emulator module: `what` on a pty at --link until Ctrl-C."""
    parser = argparse.ArgumentParser(description=f"Emulate the {what} on a pty.")
    parser.add_argument("--link", default=link, help="the stable path to create")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--time-scale",
        type=float,
        default=1.0,
        help="multiply the real device's durations by this (0.1: ten times faster)",
    )
    args = parser.parse_args(argv)
    emulator = emulator_class(
        args.link,
        seed=args.seed,
        time_scale=args.time_scale,
        log=lambda text: print(text, flush=True),
    )
    with emulator:
        print(f"{what} emulator on {args.link}: open {emulator.url} (Ctrl-C stops)", flush=True)
        try:
            threading.Event().wait()
        except KeyboardInterrupt:
            pass
