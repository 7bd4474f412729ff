"""The Cammegh Slingshot 2 / Mercury serial protocol without I/O: lines in, typed messages out,
commands out. The facts are those of docs/devices.md (the maker's SS2
Series Developers Information, V2.07).

A line that does not parse raises `MalformedLine`: a typed, countable error, never a result.
So does a well-formed line no controller can send (a number above 37, a spin count above 256,
state 5 without a number): the wire has no checksum, and a flipped bit makes such lines.
Where the guide shows no layout (the per-pocket lines of `*W`/`*M`, the `*s r` page), the
layout we read is written next to its parser; check it against a real wheel.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import ClassVar

BAUDRATE = 9600
MAX_LINE = 512  # the longest line, a log page, is about 270 characters

STATES = {
    1: "before game",
    2: "place your bets",
    3: "ball in rim",
    4: "no more bets",
    5: "winning number",
    6: "table closed / idle",
}
IN_PLAY = (2, 3, 4)

# Warning flags of the status line.
BALL_REMOVED = 1
MISSPIN = 2
COMPONENT_FAULT = 4
LAUNCH_FAILED = 8

# Operating-mode bits (`*o`); the mode is stored in the controller's flash.
REVERSE_EACH_GAME = 1
WAIT_FOR_START = 2
RANDOM_SPEED_CHANGE = 4
NO_WINNING_LINE = 16
AUTO_STATUS = 128
REPORT_FAULTS = 256
DELAY_IN_STATE_1 = 1024
ARCADE_MODE = 1157  # the factory default: automatic play
SERVER_MODE = 1159  # integration with a game server: waits for a start command
# What a table should run: the guide's server mode plus bit 256, without which a component
# fault (flag 4) arrives with no `*F` code saying which component failed.
TABLE_MODE = SERVER_MODE | REPORT_FAULTS  # 1415

# Self-test (`*F`) codes: a check name and the text a technician looks up.
SELFTEST_CODES: dict[int, tuple[str, str]] = {
    0: ("selftest", "no errors"),
    1: ("hardware", "hardware fault"),
    2: ("ball_detection", "no ball detected"),
    3: ("ball_position", "no ball position"),
    4: ("ball_direction", "wrong ball direction"),
    5: ("motor", "motor fault"),
    6: ("encoder", "encoder failed or not calibrated"),
    7: ("clockwise", "cannot play clockwise"),
    8: ("anticlockwise", "cannot play anti-clockwise"),
    **{10 + s: (f"sensor_{s - 1}_stuck", f"sensor {s - 1} stuck on") for s in (1, 2, 3)},
    **{20 + s: (f"sensor_{s - 1}_blind", f"sensor {s - 1} cannot see the ball") for s in (1, 2, 3)},
    100: ("timeout", "self-test timed out"),
}


def selftest_code(code: int) -> tuple[str, str]:
    """The check name and text of a self-test or `*F` fault code, unknown codes included."""
    return SELFTEST_CODES.get(code, (f"code_{code}", f"unknown code {code}: see the maker's guide"))


class MalformedLine(Exception):
    """A line that is not what the protocol sends (noise, a cut line, a bad checksum)."""

    def __init__(self, line: bytes, reason: str):
        super().__init__(f"{reason}: {line!r}")
        self.line, self.reason = line, reason


@dataclass(frozen=True)
class Status:
    """`*X;<state>;<spin>;<winning>;<warnings>;<speed>;<direction>`."""

    command: ClassVar[str] = "X"
    state: int
    spin: int
    winning: int | None  # the last winning number; None before the first
    warnings: int  # a sum of the flags above
    rpm: float
    direction: str  # "cw" or "ccw"

    def flagged(self, flag: int) -> bool:
        return bool(self.warnings & flag)


@dataclass(frozen=True)
class WinningNumber:
    """The bare line sent when a new number is detected (no `*`)."""

    number: int


@dataclass(frozen=True)
class Reply:
    """Any other `*<command> <text>` line: `*K CAM`, `*S 1.20`, `*R OK`, `*F BUSY`, ..."""

    command: str
    text: str

    @property
    def busy(self) -> bool:
        return self.text == "BUSY"


@dataclass(frozen=True)
class FaultCode:
    """`*F <code>`: a self-test result, or a component fault during play (mode bit 256)."""

    command: ClassVar[str] = "F"
    code: int


@dataclass(frozen=True)
class ChiSquared:
    """`*w <chi-squared> <percent>`."""

    command: ClassVar[str] = "w"
    value: float
    percent: float


@dataclass(frozen=True)
class Counts:
    """`*W <games>` (wins) or `*M <misses>` (misfires), the total; the counts by number follow
    as one `PocketCount` line each (the guide: the total, then per-pocket counts). A line with
    the counts after the total (`*W <games> <count>...`, 0 first) is read too: `by_number`
    holds them, empty when they come on lines of their own."""

    command: str
    total: int
    by_number: tuple[int, ...]


@dataclass(frozen=True)
class PocketCount:
    """`*W <number> <wins>` or `*M <number> <misfires>`: one number's count, after the total
    (the layout we read: the guide shows none; check it against a real wheel)."""

    command: str
    number: int
    count: int


@dataclass(frozen=True)
class ClockReading:
    """`*d g HH:MM:SS - DD/MM/YY`, read as UTC."""

    command: ClassVar[str] = "d"
    time: datetime


@dataclass(frozen=True)
class BallSensed:
    """`*bs <sensor>`: sensor debug (`*I 4`) says the ball passed ball sensor `sensor`."""

    command: ClassVar[str] = "bs"
    sensor: int


@dataclass(frozen=True)
class PocketSensed:
    """`*bn <pocket>`: sensor debug (`*I 4`) says the ball is in `pocket`, counted from the
    wheel's datum as `*A` counts."""

    command: ClassVar[str] = "bn"
    pocket: int


@dataclass(frozen=True)
class Position:
    """`*A <pocket>`: the wheel's position, in pockets since its datum."""

    command: ClassVar[str] = "A"
    pocket: int


@dataclass(frozen=True)
class LogPageCount:
    """`*s t <pages>`."""

    command: ClassVar[str] = "s"
    pages: int


@dataclass(frozen=True)
class LogEntry:
    kind: str  # "win" or "misfire"
    number: int


@dataclass(frozen=True)
class LogPage:
    """`*s r <page> <256 data bytes> <checksum>`, the checksum verified. Pages count from 0, the
    oldest first, and an entry's place on its page is its index in `entries` (the guide does not
    say how a full log makes room: we read it as dropping its oldest page)."""

    command: ClassVar[str] = "s"
    page: int
    entries: tuple[LogEntry, ...]


Message = (
    Status
    | WinningNumber
    | Reply
    | FaultCode
    | ChiSquared
    | Counts
    | PocketCount
    | ClockReading
    | BallSensed
    | PocketSensed
    | Position
    | LogPageCount
    | LogPage
)

LOG_PAGE_BYTES = 256
LOG_UNUSED = ord("~")
LOG_WIN, LOG_MISFIRE = 0x21, 0x47  # number 0 of each kind; numbers 0-37 follow
LOG_NUMBERS = 38
MAX_NUMBER = LOG_NUMBERS - 1  # no controller has a number above 37 (00 on a 38-pocket wheel)
MAX_SPIN = 256  # the spin counter runs 1 to 256, then wraps; 0 before the first game

_NUMBER = re.compile(r"[ \d]?\d")
_CLOCK = re.compile(r"g (\d\d):(\d\d):(\d\d) - (\d\d)/(\d\d)/(\d\d)")


class LineSplitter:
    """Bytes in, lines out: a line ends with CR, LF or both; empty lines are dropped. A run
    longer than MAX_LINE without an end is cut there, so noise cannot grow the buffer."""

    def __init__(self):
        self._buffer = bytearray()

    def feed(self, data: bytes) -> list[bytes]:
        lines = []
        for byte in data:
            if byte in b"\r\n":
                if self._buffer:
                    lines.append(bytes(self._buffer))
                    self._buffer.clear()
            else:
                self._buffer.append(byte)
                if len(self._buffer) > MAX_LINE:
                    lines.append(bytes(self._buffer))
                    self._buffer.clear()
        return lines


def parse_line(line: bytes) -> Message:
    """One line without its CR/LF; MalformedLine if it is not one the controller sends."""
    if len(line) > MAX_LINE:
        raise MalformedLine(line[:40] + b"...", f"longer than {MAX_LINE} bytes")
    try:
        text = line.decode("ascii")
    except UnicodeDecodeError:
        raise MalformedLine(line, "not ASCII") from None
    if not text.isprintable():
        raise MalformedLine(line, "control characters")
    if text == "BUSY":  # the guide writes the statistics refusal without its command
        return Reply("", text)
    if not text.startswith("*"):
        if _NUMBER.fullmatch(text):
            if int(text) > MAX_NUMBER:
                raise MalformedLine(line, f"no wheel has a number {int(text)}")
            return WinningNumber(int(text))
        raise MalformedLine(line, "neither a winning number nor a packet starting with *")
    if text.startswith("*X;"):
        return _status(line, text)
    command, _, rest = text[1:].partition(" ")
    if not command:
        raise MalformedLine(line, "no command after *")
    parser = _REPLIES.get(command)
    if parser is None or rest == "BUSY":
        return Reply(command, rest.strip())
    return parser(line, command, rest)


def _status(line: bytes, text: str) -> Status:
    fields = text.split(";")
    if len(fields) != 7:
        raise MalformedLine(line, f"a status line has 7 fields, this one {len(fields)}")
    _, state, spin, winning, warnings, speed, direction = fields
    if state not in ("1", "2", "3", "4", "5", "6"):
        raise MalformedLine(line, f"state {state!r} is not 1-6")
    if not spin.isdigit():
        raise MalformedLine(line, f"spin count {spin!r} is not a number")
    if len(spin) != 3 or int(spin) > MAX_SPIN:
        raise MalformedLine(line, f"spin count {spin!r} is not three digits 000-{MAX_SPIN}")
    if winning == "  ":
        number = None
    elif _NUMBER.fullmatch(winning):
        number = int(winning)
    else:
        raise MalformedLine(line, f"winning number {winning!r} is not two characters 0-99")
    # Well formed but impossible: what a flipped bit makes of a good line (the wire has no
    # checksum) is refused here, never taken for a state or a result.
    if number is not None and number > MAX_NUMBER:
        raise MalformedLine(line, f"no wheel has a number {number}")
    if state == "5" and number is None:
        raise MalformedLine(line, "state 5 (winning number) without a number")
    if len(warnings) != 1 or warnings not in "0123456789ABCDEFabcdef":
        raise MalformedLine(line, f"warnings {warnings!r} is not one hex digit")
    if not speed.isdigit():
        raise MalformedLine(line, f"speed {speed!r} is not rpm x 10")
    if direction not in ("0", "1"):
        raise MalformedLine(line, f"direction {direction!r} is not 0 or 1")
    return Status(
        int(state),
        int(spin),
        number,
        int(warnings, 16),
        int(speed) / 10,
        "cw" if direction == "0" else "ccw",
    )


def _fault_code(line: bytes, command: str, rest: str) -> FaultCode:
    if not rest.isdigit():
        raise MalformedLine(line, f"*F code {rest!r} is not a number")
    return FaultCode(int(rest))


def _chi_squared(line: bytes, command: str, rest: str) -> ChiSquared:
    try:
        value, percent = (float(field) for field in rest.split())
    except ValueError:
        raise MalformedLine(line, "*w wants a chi-squared value and a percentage") from None
    return ChiSquared(value, percent)


def _counts(line: bytes, command: str, rest: str) -> Counts | PocketCount:
    """One field: the total, its numbers' lines to follow; two: one number's count; more: the
    total and every number's count on one line."""
    fields = rest.split()
    if not fields or not all(field.isdigit() for field in fields):
        raise MalformedLine(line, f"*{command} wants a total then counts, all whole numbers")
    if len(fields) == 2:
        number, count = (int(field) for field in fields)
        if number >= LOG_NUMBERS:
            raise MalformedLine(line, f"*{command}: no number {number} on a wheel")
        return PocketCount(command, number, count)
    total, *counts = (int(field) for field in fields)
    return Counts(command, total, tuple(counts))


def _clock(line: bytes, command: str, rest: str) -> ClockReading | Reply:
    if not rest.startswith("g "):
        return Reply(command, rest)  # the answer to a clock setting
    found = _CLOCK.fullmatch(rest)
    if found is None:
        raise MalformedLine(line, "the clock is HH:MM:SS - DD/MM/YY")
    hour, minute, second, day, month, year = (int(group) for group in found.groups())
    try:
        return ClockReading(datetime(2000 + year, month, day, hour, minute, second, tzinfo=UTC))
    except ValueError as e:
        raise MalformedLine(line, f"no such time ({e})") from None


def _index(kind: type[BallSensed] | type[PocketSensed] | type[Position]):
    def parse(line: bytes, command: str, rest: str) -> Message:
        if not rest.isdigit():
            raise MalformedLine(line, f"*{command} wants a whole number, not {rest!r}")
        return kind(int(rest))

    return parse


def _log(line: bytes, command: str, rest: str) -> LogPageCount | LogPage | Reply:
    kind, _, fields = rest.partition(" ")
    if kind == "t":
        if not fields.isdigit():
            raise MalformedLine(line, "*s t wants the number of used log pages")
        return LogPageCount(int(fields))
    if kind != "r":
        return Reply(command, rest)
    parts = fields.split()
    if len(parts) != 3 or not parts[0].isdigit() or len(parts[1]) != LOG_PAGE_BYTES:
        raise MalformedLine(line, f"*s r wants a page, {LOG_PAGE_BYTES} data bytes and a checksum")
    page, data, checksum = parts
    if f"{log_checksum(data.encode('ascii')):02X}" != checksum.upper():
        raise MalformedLine(line, f"log page {page}: checksum {checksum} does not match its data")
    entries = []
    for byte in data.encode("ascii"):
        if byte == LOG_UNUSED:
            continue
        if LOG_WIN <= byte < LOG_WIN + LOG_NUMBERS:
            entries.append(LogEntry("win", byte - LOG_WIN))
        elif LOG_MISFIRE <= byte < LOG_MISFIRE + LOG_NUMBERS:
            entries.append(LogEntry("misfire", byte - LOG_MISFIRE))
        else:
            raise MalformedLine(line, f"log page {page}: byte {chr(byte)!r} is no entry")
    return LogPage(int(page), tuple(entries))


# A reply's parser, by its command: (line, command, the rest of the line) -> the message.
_REPLIES: dict[str, Callable[[bytes, str, str], Message]] = {
    "F": _fault_code,
    "w": _chi_squared,
    "W": _counts,
    "M": _counts,
    "d": _clock,
    "s": _log,
    "bs": _index(BallSensed),
    "bn": _index(PocketSensed),
    "A": _index(Position),
}


def log_checksum(data: bytes | bytearray) -> int:
    """The sum of a log page's data bytes modulo 256."""
    return sum(data) % 256


def command(name: str, *args: object) -> bytes:
    """A command line to the controller: command("u", 1) == b"*u 1\\r\\n"."""
    return "".join(["*", name, *(f" {arg}" for arg in args), "\r\n"]).encode("ascii")


def format_status(status: Status) -> bytes:
    """The status line as the controller sends it (what an emulator writes)."""
    winning = "  " if status.winning is None else f"{status.winning:2d}"
    direction = "0" if status.direction == "cw" else "1"
    return (
        f"*X;{status.state};{status.spin:03d};{winning};{status.warnings:X};"
        f"{round(status.rpm * 10):03d};{direction}\r\n"
    ).encode("ascii")


def format_winning(number: int) -> bytes:
    return f"{number:2d}\r\n".encode("ascii")


def format_clock(time: datetime) -> str:
    return time.strftime("g %H:%M:%S - %d/%m/%y")
