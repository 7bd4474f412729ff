"""A Cammegh controller on its serial port, for the wheel's driver (cammegh.py): the URL and
its timings (PARAMETERS), one question at a time and its answer (a BUSY, another answer or none
said as a DeviceError naming the likely cause), the `*X` polls never closer than the guide's
100 ms, the lines kept for the detail of a fault, and the link's health.
"""

from __future__ import annotations

import logging
import math
import queue
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import datetime
from urllib.parse import urlsplit

from drivers.errors import DeviceError
from drivers.faults import Fault
from drivers.serialport import SerialLink
from drivers.wheel.base import Wheel
from drivers.wheel.cammegh_game import GameTracker
from drivers.wheel.cammegh_protocol import (
    AUTO_STATUS,
    NO_WINNING_LINE,
    STATES,
    TABLE_MODE,
    ClockReading,
    LineSplitter,
    Message,
    Reply,
    command,
)
from drivers.wheel.events import WheelEvent
from drivers.wheel.order import WheelOrder

log = logging.getLogger(__name__)

DUMP_LINES = 12  # lines in and out kept for the detail of a fault
MIN_POLL = 0.1  # the guide asks for at least 100 ms between *X polls
POLL_GAP = MIN_POLL + 0.01  # what the driver keeps between polls: 10 ms for the link's delays
_POLL_LOCK = threading.Lock()
_LAST_POLL: dict[str, float] = {}  # port path -> when it was last polled


def _seconds(minimum: float = 0.0, zero: bool = False) -> Callable[[str], float]:
    def convert(text: str) -> float:
        value = float(text)
        if not math.isfinite(value) or not (value >= minimum or (zero and value == 0)):
            raise ValueError(f"seconds, {'0 or ' if zero else ''}at least {minimum:g}")
        return value

    return convert


def _mode(text: str) -> int:
    value = int(text)
    if not 0 <= value < 65536:
        raise ValueError("a sum of operating-mode bits, 0 to 65535")
    return value


def shown(message: Message) -> str:
    """A message as a DeviceError names it: a reply as the wheel sent it."""
    return f"*{message.command} {message.text}" if isinstance(message, Reply) else repr(message)


# name -> (converter, default): the maker's values and what a terminal needs.
PARAMETERS: dict[str, tuple[Callable[[str], float], float]] = {
    "mode": (_mode, TABLE_MODE),  # operating mode set at open
    "poll": (_seconds(MIN_POLL, zero=True), 0.0),  # seconds between *X polls; 0: none
    "answer": (_seconds(MIN_POLL), 1.0),  # time for a reply; also the retry interval
    "boot": (_seconds(0.1), 15.0),  # how long open waits for a first line after power-on
    "silent": (_seconds(0.1), 2.0),  # no line for this long: Fault("silent")
    "launch_grace": (_seconds(), 3.0),  # flag 8 in state 3 ignored this long
    "launch_retry": (_seconds(), 20.0),  # the wheel's own launch retries (state 2) allowed
    "ball_grace": (_seconds(), 5.0),  # flag 1 ignored this long (ten status lines)
    "clock": (_seconds(zero=True), 60.0),  # clock drift allowed at open; 0: not checked
    "selftest": (_seconds(0.1), 300.0),  # a self-test may take 5 minutes
}


@dataclass(frozen=True)
class Version:
    short: str  # `*S`
    full: str  # `*V`


@dataclass(frozen=True)
class LinkHealth:
    lines: int
    malformed: int
    reconnects: int
    last_lines: tuple[str, ...]  # "<" from the wheel, ">" to it, "?" malformed


class CammeghPort(Wheel):
    """What every part of the driver asks the controller through: the settings of the URL, the
    serial link, one question at a time, the polls and the line dump."""

    def __init__(self, url: str, order: WheelOrder, *, seed: int | None = None):
        super().__init__(url, order)
        parts = urlsplit(url)
        if parts.netloc or not parts.path:
            raise self._error("not a Cammegh wheel's URL", "write cammegh:///dev/ttyUSB0?mode=1415")
        self.path = parts.path
        given = self._query({name: convert for name, (convert, _) in PARAMETERS.items()})
        settings = {name: given.get(name, default) for name, (_, default) in PARAMETERS.items()}
        self.mode: int = settings["mode"]
        self.poll, self.answer, self.boot = settings["poll"], settings["answer"], settings["boot"]
        self.silent_after = settings["silent"]
        self.launch_grace, self.ball_grace = settings["launch_grace"], settings["ball_grace"]
        self.launch_retry = settings["launch_retry"]
        self.max_drift, self.selftest_timeout = settings["clock"], settings["selftest"]
        if not self.mode & AUTO_STATUS and not self.poll:
            raise self._error(
                "with this mode the wheel never reports its state",
                f"add {AUTO_STATUS} (automatic status) to mode, or poll=0.5",
            )
        if self.poll >= self.silent_after:
            raise self._error(
                f"poll={self.poll:g} would make the wheel look silent",
                f"poll more often than silent={self.silent_after:g}",
            )
        self.firmware: Version | None = None
        self._link: SerialLink | None = None
        self._tracker = self._new_tracker()
        self._splitter = LineSplitter()
        self._lines: deque[str] = deque(maxlen=DUMP_LINES)
        self._counts = {"lines": 0, "malformed": 0}
        self._status_heard = threading.Event()
        self._ask_lock = threading.Lock()
        self._waiter: tuple[str, queue.SimpleQueue] | None = None
        self._wheel_mode = self.mode
        self._heard_ns = 0  # when the wheel's last line came (monotonic ns); 0: none yet

    def health(self) -> dict[str, object]:
        figures = self.link_health()
        return {
            "lines": figures.lines,
            "malformed": figures.malformed,
            "reconnects": figures.reconnects,
        }

    def link_health(self) -> LinkHealth:
        return LinkHealth(
            self._counts["lines"],
            self._counts["malformed"],
            self._link.reconnects if self._link else 0,
            tuple(self._lines),
        )

    def _emit(self, event: WheelEvent) -> None:
        """A fault carries the last lines of the link, for the technician (`lines`, and the
        log), beside its detail: a void's reason is the detail alone."""
        if isinstance(event, Fault):
            event = replace(event, lines=tuple(self._lines))
            log.warning(
                "%s: %s: %s [last lines: %s]",
                self.url,
                event.code,
                event.detail,
                " | ".join(event.lines),
            )
        super()._emit(event)

    # Opening

    def _new_tracker(self) -> GameTracker:
        return GameTracker(
            self.order,
            launch_grace=self.launch_grace,
            ball_grace=self.ball_grace,
            launch_retry=self.launch_retry,
            bare_line=not self.mode & NO_WINNING_LINE,
        )

    def _wait_for(self, ready: Callable[[], bool], problem: str, fix: str) -> None:
        """Ask for the status until `ready()`, for up to `boot` seconds (with automatic status
        the lines come by themselves too)."""
        deadline = time.monotonic() + self.boot
        while not ready():
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise self._error(problem, fix)
            self._status_heard.clear()
            self._write_poll()
            self._status_heard.wait(min(self.answer, remaining))

    def _set_mode(self) -> None:
        echo = self._ask_reply("o", self.mode)
        if echo.text != str(self.mode):
            raise self._error(
                f"the wheel answered *o {echo.text} to *o {self.mode}",
                "check the mode: a sum of the operating-mode bits of the guide",
            )
        self._wheel_mode = self.mode

    def _read_version(self) -> Version:
        return Version(self._ask_reply("S").text, self._ask_reply("V").text)

    def _read_clock(self) -> datetime:
        return self._ask_kind(command("d", "g"), "d", ClockReading).time

    def _write_poll(self) -> bool:
        """`*X`, never sooner than POLL_GAP after the previous one (the guide's 100 ms);
        written from the opening, the self-test and the poll threads, never the serial one."""
        with _POLL_LOCK:  # per port: a driver reopened on the same wheel keeps the gap too
            wait = _LAST_POLL.get(self.path, -math.inf) + POLL_GAP - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            _LAST_POLL[self.path] = time.monotonic()
            return self._write(command("X"))

    # Questions and answers

    @contextmanager
    def _conversation(self, name: str) -> Iterator[queue.SimpleQueue]:
        """Replies to command `name` go to the queue while it is open; one at a time."""
        with self._ask_lock:
            replies: queue.SimpleQueue = queue.SimpleQueue()
            self._waiter = (name, replies)
            try:
                yield replies
            finally:
                self._waiter = None

    def _ask(self, line: bytes, name: str) -> Message:
        with self._conversation(name) as replies:
            self._send(line)
            reply = self._next(replies, self.answer)
        if reply is None:
            raise self._no_answer(line.decode().strip())
        return reply

    def _no_answer(self, asked: str) -> DeviceError:
        """No answer to `asked`: the cable when the wheel says nothing at all; a controller
        that lacks the command when it talks all the same (its status lines come)."""
        ago = (time.monotonic_ns() - self._heard_ns) / 1e9
        if self._heard_ns and ago < max(self.silent_after, 2 * self.answer):
            command_name = asked.split()[0]
            return self._error(
                f"no answer to {asked} within {self.answer:g} s, though the wheel is talking "
                f"(its last line {ago:.1f} s ago): it does not give {command_name} here",
                "port 2 (for displays) lacks the statistics, log and sensor-debug commands: "
                "wire the terminal to port 1; otherwise its firmware lacks the command (*V "
                "says which it runs)",
            )
        return self._error(
            f"no answer to {asked} within {self.answer:g} s, and nothing else heard",
            "check the null-modem cable, 9600 8N1 and that the wheel is on",
        )

    def _ask_reply(self, name: str, *args: object) -> Reply:
        return self._ask_kind(command(name, *args), name, Reply)

    def _ask_kind(self, line: bytes, name: str, kind: type, refusal: str = "not now"):
        """The reply of type `kind`; a BUSY or another reply is a DeviceError saying why."""
        return self._expect(self._ask(line, name), line, kind, refusal)

    def _expect(self, reply: Message | None, line: bytes, kind: type, refusal: str = "not now"):
        """`reply` to `line` if it is a `kind`; else a DeviceError saying why (no answer, BUSY,
        another answer)."""
        asked = line.decode().strip()
        if reply is None:
            raise self._no_answer(asked)
        if isinstance(reply, Reply) and reply.busy:
            raise self._error(
                f"the wheel answered BUSY to {asked}: {refusal}; it is {self._state_text()}",
                "ask again between games",
            )
        if not isinstance(reply, kind):
            raise self._error(
                f"unexpected answer {shown(reply)} to {asked}",
                "check that the device is a Cammegh SS2 or Mercury",
            )
        return reply

    def _next(self, replies: queue.SimpleQueue, timeout: float) -> Message | None:
        try:
            return replies.get(timeout=timeout)
        except queue.Empty:
            return None

    def _send(self, line: bytes) -> None:
        if not self._write(line):
            raise self._error(
                f"cannot send {line.decode().strip()}: the serial link is down",
                "check the cable; the link reopens by itself",
            )

    def _write(self, line: bytes) -> bool:
        self._lines.append(">" + line.decode().strip())
        return self._link is not None and self._link.write(line)

    def _state(self) -> int:
        """The wheel's state in its latest status line, for open() once it has heard one."""
        last = self._tracker.last
        assert last is not None  # open() waited for it; a tracker never forgets its last line
        return last.state

    def _state_text(self) -> str:
        last = self._tracker.last
        if last is None:
            return "in an unknown state"
        return f"in state {last.state} ({STATES[last.state]})"
