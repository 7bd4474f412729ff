"""The Cammegh Slingshot 2 (SS2) automatic wheel, or a Mercury reader in SS2 emulation, on
RS-232 at 9600 8N1 through a null-modem cable.

URL: cammegh:///dev/ttyUSB0?mode=1415&poll=0 and the timing parameters of PARAMETERS, whose
defaults are the maker's values (tests scale them down with an emulator's time factor).

Opening waits out the controller's silence after power-on, reads its version, sets the
operating mode, powers the wheel on from state 6 and checks its clock. With mode bit 2 (the
default 1415: the guide's server mode 1159 plus bit 256, the `*F` codes of a component fault)
spin() starts a game with `*u 1` as soon as the wheel can take it; the runtime reads the game
from the events. A void game is acknowledged with `*R` and the wheel respins it by itself: that
respin is the next spin's game, if it has not reached no more bets when that spin is asked.
A wheel that powered down during play (state 6: a permanent fault, or switched off at its
panel) stays off until a person switches it on: power_on(), from a button on the screen, or
the wheel's own panel. Polls (`*X`) are always at least 100 ms apart, and often enough to see
each state of a game (its number is settled only after states 2, 3 and 4). Replies come on the
serial thread: one question at a time.

The wheel's own records (version(), clock(), statistics(), log_pages(), log_page()) are read
between games; idle() powers the wheel off for what it does only in state 6 (its log pages).
The pocket test turns the controller's sensor debug on (`*I 4`) and off (`*I 0`): each
`*bn <pocket>` is then a BallInPocket, and the rotor of each status line outside a game a
RotorSpin whenever its direction (or its speed, by 1 rpm) changes.
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
from datetime import UTC, datetime
from types import SimpleNamespace
from urllib.parse import urlsplit

from drivers.errors import DeviceError
from drivers.faults import Fault, FaultCleared
from drivers.serialport import SerialLink
from drivers.wheel.base import SelfTestCheck, Wheel
from drivers.wheel.cammegh_game import RPM_STEP, GameTracker
from drivers.wheel.cammegh_protocol import (
    AUTO_STATUS,
    BAUDRATE,
    COMPONENT_FAULT,
    IN_PLAY,
    NO_WINNING_LINE,
    REPORT_FAULTS,
    REVERSE_EACH_GAME,
    STATES,
    TABLE_MODE,
    WAIT_FOR_START,
    BallSensed,
    ChiSquared,
    ClockReading,
    Counts,
    FaultCode,
    LineSplitter,
    LogPage,
    LogPageCount,
    MalformedLine,
    Message,
    PocketCount,
    PocketSensed,
    Reply,
    Status,
    WinningNumber,
    command,
    parse_line,
    selftest_code,
)
from drivers.wheel.events import (
    BallInPocket,
    BallLaunched,
    BallLeavingRim,
    RotorSpin,
    WheelEvent,
    opposite,
)
from drivers.wheel.order import WheelOrder

log = logging.getLogger(__name__)

DUMP_LINES = 12  # lines in and out kept for the detail of a fault
STARTABLE = (1, 5)  # a start command is taken before a game or while a result is shown
MIN_POLL = 0.1  # the guide asks for at least 100 ms between *X polls
POLL_GAP = MIN_POLL + 0.01  # what the driver keeps between polls: 10 ms for the link's delays
WRONG_MODE = "wrong_mode"  # the fault of a mode that did not take after a reconnection
RESPIN_WAIT = 5  # answers' time the wheel has to respin after *R before a start is sent
GAME_EVENTS = (RotorSpin, BallLaunched, BallLeavingRim, BallInPocket)
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


def _shown(message: Message) -> str:
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
class Statistics:
    chi_squared: float
    percent: float
    games: int
    wins: tuple[int, ...]  # by number, 0 first
    misfires: int
    misfires_by_number: tuple[int, ...]


@dataclass(frozen=True)
class LinkHealth:
    lines: int
    malformed: int
    reconnects: int
    last_lines: tuple[str, ...]  # "<" from the wheel, ">" to it, "?" malformed


class CammeghWheel(Wheel):
    can_power_on = True

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
        self._start_lock = threading.Lock()
        self._pending: str | None = None  # the direction of the game asked for and not started
        self._start_sent = 0.0
        self._restart_sent = 0.0
        self._respin_until = 0.0  # after *R: the wheel respins by itself until then, no start
        self._asked = False  # a spin was asked for and its game has not started yet
        self._unclaimed = False  # a game the wheel started unasked (a respin): held for spin()
        self._held: list[WheelEvent] = []  # that game's events so far
        self._test_rotor: tuple[str, float] | None = None  # the rotor last reported in the test
        self._wheel_mode = self.mode
        self._games_seen = 0
        self._stop = threading.Event()
        self._poller: threading.Thread | None = None
        self._heard_ns = 0  # when the wheel's last line came (monotonic ns); 0: none yet
        self._debug_heard = False  # a sensor-debug line came since the pocket test's *I 4
        self._recheck_due = threading.Event()  # the link came back: who answers, and its mode
        self._rechecker: threading.Thread | None = None
        self._wrong_mode = False  # a critical wrong_mode fault stands

    # Extras for technicians

    def version(self) -> Version:
        self._require_open("read the version")
        return self._read_version()

    def clock(self) -> datetime:
        """The wheel's clock, read as UTC."""
        self._require_open("read the clock")
        return self._read_clock()

    def statistics(self) -> Statistics:
        """The controller's statistics; only while it shows a result (state 5) or is idle (6)."""
        self._require_open("read the statistics")
        refusal = "statistics are given only in state 5 (winning number) or 6 (idle)"
        chi = self._ask_kind(command("w"), "w", ChiSquared, refusal)
        wins = self._ask_counts("W", "wins", refusal)
        misses = self._ask_counts("M", "misfires", refusal)
        return Statistics(
            chi.value, chi.percent, wins.total, wins.by_number, misses.total, misses.by_number
        )

    def _ask_counts(self, name: str, what: str, refusal: str) -> Counts:
        """`*W` or `*M`: the total, then one line per number of the wheel (`PocketCount`), or
        every count on the total's line. DeviceError when a number's count is missing (a line
        lost on the wire) or the counts do not add up to the total (one corrupted)."""
        line, pockets = command(name), len(self.order)
        counts: dict[int, int] = {}
        with self._conversation(name) as replies:
            self._send(line)
            total = self._expect(self._next(replies, self.answer), line, Counts, refusal)
            if total.by_number:
                counts = dict(enumerate(total.by_number))
            while set(range(pockets)) - counts.keys():
                more = self._next(replies, self.answer)
                if more is None:
                    break
                if isinstance(more, PocketCount):
                    counts[more.number] = more.count
        missing = sorted(set(range(pockets)) - counts.keys())
        if missing:
            shown = ", ".join(map(str, missing[:8])) + (" and more" if len(missing) > 8 else "")
            raise self._error(
                f"the wheel gave *{name} {total.total} but the {what} of "
                f"{pockets - len(missing)} of its {pockets} numbers (none for {shown})",
                "a line was lost on the wire: read the statistics again",
            )
        by_number = tuple(counts[n] for n in range(pockets))
        if sum(by_number) != total.total:
            raise self._error(
                f"the wheel's {what} by number add up to {sum(by_number)}, not its total "
                f"*{name} {total.total}",
                "a line was corrupted on the wire: read the statistics again",
            )
        return Counts(name, total.total, by_number)

    def log_pages(self) -> int:
        self._require_open("read the game log")
        refusal = "the game log is read only in state 5 (winning number) or 6 (idle)"
        return self._ask_kind(command("s", "t"), "s", LogPageCount, refusal).pages

    def log_page(self, page: int) -> LogPage:
        """One page of the controller's game log, its checksum verified; idle (state 6) only."""
        self._require_open("read the game log")
        return self._ask_kind(
            command("s", "r", page),
            "s",
            LogPage,
            "log pages are read only when the table is idle (state 6)",
        )

    @contextmanager
    def idle(self) -> Iterator[None]:
        """The wheel idle (state 6) while the block runs, for what the controller does only
        there (its log pages): a wheel before a game (state 1) is powered off (`*P 0`), and on
        again after (`*P 1`); one showing a result (state 5) first ends it. The driver's own
        power-off is no `powered_down` fault. DeviceError during a game (states 2 to 4), which
        is never interrupted, or when the wheel does not go idle or come back."""
        self._require_open("make the wheel idle")
        if self._state() == 5:
            self._wait_for(
                lambda: self._state() != 5,
                f"the wheel still shows its result (state 5) after {self.boot:g} s",
                "ask again between games",
            )
        if self._state() in IN_PLAY:
            raise self._error(
                f"the wheel is {self._state_text()}: a game is never interrupted",
                "ask again between games, with the table stopped",
            )
        with self._powered_idle("ask") as powered:
            try:
                yield
            except BaseException:
                if powered:
                    self._power_on_again()  # a failure there is in its answer, not raised
                raise
            failures = self._power_on_again() if powered else []
            if failures:
                raise self._error(failures[0].detail, "power it on from its panel")

    @contextmanager
    def _powered_idle(self, then: str) -> Iterator[bool]:
        """The wheel in state 6 for the block: powered off (`*P 0`) first unless it is idle
        already; yields whether it was, for the block to power it on again. The driver's own
        power-off is no `powered_down` fault. `then`: what the technician does again once the
        wheel is off by hand."""
        powered = self._state() != 6
        try:
            if powered:
                self._tracker.power_off_expected = True
                self._ask_reply("P", 0)
                self._wait_for(
                    lambda: self._state() == 6,
                    f"the wheel did not go idle (state 6) within {self.boot:g} s of *P 0",
                    f"power it off from its panel, then {then} again",
                )
            yield powered
        finally:
            self._tracker.power_off_expected = False

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

    # The backend

    @property
    def quiet_up_to(self) -> float:
        """A failed launch: flag 8 ignored for `launch_grace`, then the wheel's own retries
        for up to `launch_retry`, with no reading meanwhile."""
        return self.launch_grace + self.launch_retry

    @property
    def quiet_cause(self) -> tuple[str, str]:
        return (
            "a failed launch it retries: launch_grace + launch_retry of its URL",
            "lower launch_retry",
        )

    def fault_over(self, code: str) -> bool:
        """Whether the condition of a fault `code` journaled earlier (before a restart) is over,
        as the wheel reports it now: the table clears such a fault when it starts."""
        if code == WRONG_MODE:  # opening set the mode and checked it
            return self.is_open and not self._wrong_mode
        return self.is_open and self._tracker.over(code)

    def _open(self) -> None:
        self._tracker, self._games_seen = self._new_tracker(), 0  # games at open are not ours
        self._unclaimed, self._held, self._respin_until, self._asked = False, [], 0.0, False
        self._stop.clear()
        if self.mode & WAIT_FOR_START and not self.mode & REPORT_FAULTS:
            log.warning(
                "%s: mode %d lacks bit 256: a component fault will come without its *F code "
                "(use mode %d)",
                self.url,
                self.mode,
                self.mode | REPORT_FAULTS,
            )
        protocol = SimpleNamespace(
            connection_made=self._connected,
            data_received=self._received,
            connection_lost=self._lost,
            silent=self._silent,
        )
        self._link = SerialLink(
            self.path,
            BAUDRATE,
            protocol,
            device=f"wheel {self.url}",
            silent_after=self.silent_after,
        )
        self._link.open()
        try:
            # The controller says nothing for its first seconds after power-on.
            self._wait_for(
                lambda: self._tracker.last is not None,
                f"no status from the wheel within {self.boot:g} s",
                "check its power, the null-modem cable and 9600 8N1; it stays silent "
                "for its first seconds after power-on",
            )
            self.firmware = self._read_version()
            self._set_mode()
            if self._state() == 6:
                self._ask_reply("P", 1)  # the table is closed: power the wheel on
                self._wait_for(
                    lambda: self._state() != 6,
                    f"the wheel stays in state 6 (idle) {self.boot:g} s after *P 1",
                    "look for a component fault: run a self-test",
                )
            if self.max_drift:
                self._check_clock()
        except BaseException:
            self._link.close()
            raise
        if self.poll:
            self._poller = threading.Thread(target=self._poll, name=f"poll {self.url}", daemon=True)
            self._poller.start()

    def _close(self) -> None:
        self._stop.set()
        if self._poller is not None:
            self._poller.join()
            self._poller = None
        assert self._link is not None  # close() calls this only once open() has set it
        self._link.close()
        with self._start_lock:
            self._pending, self._asked = None, False

    def _spin(self, direction: str) -> None:
        """Ask for a game turning `direction`. Without mode bit 2 the wheel plays on its own
        (or is spun by hand, a Mercury) and this does nothing."""
        if not self.mode & WAIT_FOR_START:
            return
        with self._start_lock:
            if self._unclaimed:  # the wheel respins a void game by itself: this spin's game
                self._unclaimed, held, self._held = False, self._held, []
                if self._tracker.taking_bets:
                    for event in held:
                        self._emit(event)
                    return
                self._tracker.disown()  # past no more bets: no round takes its bets

            self._pending, self._start_sent, self._asked = direction, 0.0, True
        self._try_start()

    def _pocket_test(self, on: bool) -> None:
        """Sensor debug on (`*I 4`) or off (`*I 0`); not during a game. The guide gives no reply
        to `*I`: none is waited for."""
        if on and self._state() in IN_PLAY:
            raise self._error(
                f"no pocket test during a game: the wheel is {self._state_text()}",
                "start it between games, with the table stopped",
            )
        self._test_rotor, self._debug_heard = None, False
        self._send(command("I", 4 if on else 0))

    def _ask_drop(self, pocket: int, rotor: str) -> None:
        """Nothing for the technician to see; `*I 4` again while no sensor-debug line has
        come (the first may have been lost on the wire)."""
        if not self._debug_heard:
            self._send(command("I", 4))

    @property
    def pocket_test_silence(self) -> str | None:
        """Why the pocket test may hear nothing, when the controller has sent no sensor-debug
        line at all (`*bs`, `*bn`, an answer to `*I`) since its `*I 4`: it ignored it, and
        its ball sensors are not to blame. None when it answered, or no test runs."""
        if not self.pocket_testing or self._debug_heard:
            return None
        return (
            "the controller sent no sensor-debug line (*bs, *bn) since *I 4: it ignored the "
            "pocket test, so its ball sensors were never asked (port 2, for displays, has no "
            "sensor debug: wire the terminal to port 1; otherwise its firmware lacks it, *V "
            "says which it runs)"
        )

    def _selftest(self) -> list[SelfTestCheck]:
        """`*F` runs only from idle (state 6): a wheel before a game (state 1) is powered off
        for it (`*P 0`) and on again after (`*P 1`); a game in play is never interrupted. Up to
        five minutes."""
        if self._state() in (*IN_PLAY, 5):
            return [
                SelfTestCheck(
                    "idle",
                    False,
                    f"the wheel must be idle for a self-test; it is {self._state_text()}: "
                    "run it between games, with the table stopped",
                )
            ]
        with self._powered_idle("run the self-test") as powered:
            checks = self._run_selftest()
            if powered:
                checks += self._power_on_again()
            return checks

    def _power_on(self) -> None:
        """`*P 1`, asked by a person, then the wheel out of state 6. Refused while the wheel
        still reports a component fault (flag 4): it would power down again."""
        last = self._tracker.last
        if last is None or last.state != 6:
            return
        if last.flagged(COMPONENT_FAULT):
            raise self._error(
                "the wheel still reports a component fault (flag 4)",
                "have the technician mend it (a self-test says which part), then switch it on",
            )
        self._ask_reply("P", 1)
        self._wait_for(
            lambda: self._state() != 6,
            f"the wheel stays off (state 6) {self.boot:g} s after *P 1",
            "switch it on at its panel; if it does not come on, call the technician",
        )

    def _power_on_again(self) -> list[SelfTestCheck]:
        try:
            self._ask_reply("P", 1)
            self._wait_for(
                lambda: self._state() != 6,
                f"the wheel stays in state 6 (idle) {self.boot:g} s after *P 1",
                "see the self-test's codes",
            )
        except DeviceError as error:
            return [SelfTestCheck("power_on", False, str(error))]
        return []

    def _run_selftest(self) -> list[SelfTestCheck]:
        with self._conversation("F") as replies:
            self._send(command("F"))
            first = self._next(replies, self.selftest_timeout)
            if first is None:
                return [
                    SelfTestCheck(
                        "selftest",
                        False,
                        f"no result within "
                        f"{self.selftest_timeout:g} s (the wheel's own limit is "
                        f"code 100)",
                    )
                ]
            if not isinstance(first, FaultCode):
                return [
                    SelfTestCheck(
                        "idle",
                        False,
                        "the wheel must be idle (state 6) for a "
                        f"self-test; it is {self._state_text()} and answered "
                        f"{_shown(first)}",
                    )
                ]
            codes = [first.code]
            while codes[-1] != 0 and (more := self._next(replies, self.answer)) is not None:
                if isinstance(more, FaultCode):
                    codes.append(more.code)
        return [
            SelfTestCheck(
                selftest_code(code)[0], code == 0, f"code {code}: {selftest_code(code)[1]}"
            )
            for code in codes
        ]

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

    def _check_clock(self) -> None:
        seconds = (self._read_clock() - datetime.now(UTC)).total_seconds()
        if abs(seconds) > self.max_drift:
            self._emit(
                Fault(
                    "clock_drift",
                    "warning",
                    f"the wheel's clock is {seconds:+.0f} s off the terminal's UTC "
                    "(its log times are off too): set it with *d s, and check the "
                    "terminal's time sync",
                    False,
                )
            )

    def _poll(self) -> None:
        while not self._stop.wait(self.poll):
            self._write_poll()

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
                f"unexpected answer {_shown(reply)} to {asked}",
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

    # Starting games

    def _try_start(self) -> None:
        """Send the start for the pending game once the wheel can take it, again after
        `answer` seconds without a reply. With bit 1 the wheel reverses itself each game: when
        that would turn it the other way than asked, bit 1 is flipped for this one start and
        restored once the game runs (two flash writes, only then). A wheel that turns the
        other way all the same is reported as it turns (RotorSpin)."""
        with self._start_lock:
            last = self._tracker.last
            now = time.monotonic()
            if (
                self._pending is None
                or last is None
                or last.state not in STARTABLE
                or now - self._start_sent < self.answer
                or now < self._respin_until  # a start now would play a game after the respin
            ):
                return
            self._start_sent = now
            reverses = self._wheel_mode & REVERSE_EACH_GAME
            if (opposite(last.direction) if reverses else last.direction) != self._pending:
                self._wheel_mode ^= REVERSE_EACH_GAME
                self._write(command("o", self._wheel_mode))
            self._write(command("u", 1))

    def _game_started(self) -> None:
        """A game started: the pending spin's, or one nobody asked for (the respin after a
        void, the wheel's start key) whose events wait for the next spin()."""
        with self._start_lock:
            self._respin_until = 0.0
            self._unclaimed = not self._asked and bool(self.mode & WAIT_FOR_START)
            self._held, self._pending, self._asked = [], None, False
            if self._wheel_mode != self.mode:
                self._wheel_mode = self.mode
                self._write(command("o", self.mode))

    # The serial thread

    def _connected(self) -> None:
        self._put(self._tracker.link_up(time.monotonic_ns()))
        if self.is_open:  # a reconnection: asked again off the serial thread, which answers
            self._recheck_due.set()
            if self._rechecker is None or not self._rechecker.is_alive():
                self._rechecker = threading.Thread(
                    target=self._recheck, name=f"recheck {self.url}", daemon=True
                )
                self._rechecker.start()

    def _recheck(self) -> None:
        """After a reconnection, as at opening: the version read again and the mode set again
        and its echo checked. The mode is in flash, but the controller that answers may be
        another (a replacement in arcade mode 1157 plays on its own, ahead of the table) or set
        otherwise at its panel. A mode that does not take is a critical `wrong_mode` fault,
        which voids the spin and holds the table; tried again every `boot` seconds until it
        takes, then cleared."""
        while self._recheck_due.is_set() and not self._stop.is_set():
            self._recheck_due.clear()
            try:
                self._set_up_again()
            except DeviceError as error:
                if not self._wrong_mode:
                    self._wrong_mode = True
                    self._emit(
                        Fault(
                            WRONG_MODE,
                            "critical",
                            f"after a reconnection the operating mode {self.mode} was not set: "
                            f"{error}; the table holds until it is",
                            True,
                        )
                    )
                if self._stop.wait(self.boot):
                    return
                self._recheck_due.set()
                continue
            if self._wrong_mode:
                self._wrong_mode = False
                self._emit(FaultCleared(WRONG_MODE))

    def _set_up_again(self) -> None:
        """A line heard again (the controller is silent a while after its power-on), then its
        version read and its mode set, as at opening."""
        seen = self._counts["lines"]
        self._wait_for(
            lambda: self._counts["lines"] > seen,
            f"no line from the wheel within {self.boot:g} s of the reconnection",
            "check its power and the null-modem cable",
        )
        self.firmware = self._read_version()
        self._set_mode()

    def _lost(self, reason: str) -> None:
        self._put(self._tracker.link_lost(reason, time.monotonic_ns()))

    def _silent(self, seconds: float) -> None:
        self._put(self._tracker.silent(seconds, time.monotonic_ns()))

    def _received(self, data: bytes) -> None:
        t_ns = self._heard_ns = time.monotonic_ns()
        self._put(self._tracker.heard(t_ns))
        for line in self._splitter.feed(data):
            self._counts["lines"] += 1
            try:
                message = parse_line(line)
            except MalformedLine:
                self._counts["malformed"] += 1
                self._lines.append("?" + line.decode("ascii", "backslashreplace"))
                continue
            self._lines.append("<" + line.decode("ascii"))
            self._dispatch(message, t_ns)

    def _dispatch(self, message: Message, t_ns: int) -> None:
        if isinstance(message, Status):
            self._on_status(message, t_ns)
        elif isinstance(message, WinningNumber):
            self._put(self._tracker.winning_line(message.number, t_ns))
        else:
            if isinstance(message, BallSensed | PocketSensed) or (
                isinstance(message, Reply) and message.command == "I" and not message.busy
            ):
                self._debug_heard = True  # the sensor debug is on
            waiter = self._waiter
            if waiter is not None and message.command in (waiter[0], ""):
                waiter[1].put(message)
            elif isinstance(message, FaultCode):
                self._put(self._tracker.fault_code(message.code, t_ns))
            elif isinstance(message, PocketSensed) and self.pocket_testing:
                self._emit(replace(BallInPocket.read(self.order, (message.pocket,)), t_ns=t_ns))
            elif isinstance(message, Reply) and message.command == "u":
                self._on_start_reply(message)
            elif isinstance(message, Reply) and message.command == "R" and not message.busy:
                self._tracker.restarted()
            elif isinstance(message, Reply) and message.command == "S" and self.firmware:
                self.firmware = replace(self.firmware, short=message.text)

    def _on_status(self, status: Status, t_ns: int) -> None:
        events = self._tracker.status(status, t_ns)
        if self._tracker.games != self._games_seen:
            self._games_seen = self._tracker.games
            self._game_started()
        self._put(events)
        if self.pocket_testing and status.state not in IN_PLAY:
            self._test_rotor_status(status, t_ns)
        self._status_heard.set()
        now = time.monotonic()
        if self._tracker.restart_due and now - self._restart_sent >= self.answer:
            self._restart_sent = now
            with self._start_lock:
                self._respin_until = now + RESPIN_WAIT * self.answer
            self._write(command("R"))  # acknowledges the void; the wheel respins the game
        self._try_start()

    def _test_rotor_status(self, status: Status, t_ns: int) -> None:
        """The rotor in the pocket test, as the status lines give it (outside a game)."""
        last = self._test_rotor
        if status.rpm > 0 and (
            last is None or last[0] != status.direction or abs(last[1] - status.rpm) >= RPM_STEP
        ):
            self._test_rotor = (status.direction, status.rpm)
            self._emit(RotorSpin(status.direction, status.rpm, t_ns))

    def _on_start_reply(self, reply: Reply) -> None:
        with self._start_lock:
            if reply.busy:
                self._start_sent = 0.0  # try again with the next status line
            else:
                self._pending = None

    def _put(self, events: list[WheelEvent]) -> None:
        """Emit `events`; those of a game nobody asked for wait for the next spin()."""
        with self._start_lock:
            for event in events:
                if self._unclaimed and isinstance(event, GAME_EVENTS):
                    self._held.append(event)
                else:
                    self._emit(event)
