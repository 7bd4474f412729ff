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
import threading
import time
from dataclasses import replace
from datetime import UTC, datetime
from types import SimpleNamespace

from drivers.errors import DeviceError
from drivers.faults import Fault, FaultCleared
from drivers.serialport import SerialLink
from drivers.wheel.cammegh_protocol import (
    BAUDRATE,
    IN_PLAY,
    REPORT_FAULTS,
    REVERSE_EACH_GAME,
    WAIT_FOR_START,
    BallSensed,
    FaultCode,
    MalformedLine,
    Message,
    PocketSensed,
    Reply,
    Status,
    WinningNumber,
    command,
    parse_line,
)
from drivers.wheel.cammegh_technician import CammeghTechnician
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

STARTABLE = (1, 5)  # a start command is taken before a game or while a result is shown
WRONG_MODE = "wrong_mode"  # the fault of a mode that did not take after a reconnection
RESPIN_WAIT = 5  # answers' time the wheel has to respin after *R before a start is sent
GAME_EVENTS = (RotorSpin, BallLaunched, BallLeavingRim, BallInPocket)


class CammeghWheel(CammeghTechnician):
    """The wheel: opening and closing it, its games started and read, the serial thread and a
    reconnection's checks (its records, self-test and pocket test: cammegh_technician.py; its
    port: cammegh_port.py)."""

    def __init__(self, url: str, order: WheelOrder, *, seed: int | None = None):
        super().__init__(url, order, seed=seed)
        self._start_lock = threading.Lock()
        self._pending: str | None = None  # the direction of the game asked for and not started
        self._start_sent = 0.0
        self._restart_sent = 0.0
        self._respin_until = 0.0  # after *R: the wheel respins by itself until then, no start
        self._asked = False  # a spin was asked for and its game has not started yet
        self._unclaimed = False  # a game the wheel started unasked (a respin): held for spin()
        self._held: list[WheelEvent] = []  # that game's events so far
        self._games_seen = 0
        self._stop = threading.Event()
        self._poller: threading.Thread | None = None
        self._recheck_due = threading.Event()  # the link came back: who answers, and its mode
        self._rechecker: threading.Thread | None = None
        self._wrong_mode = False  # a critical wrong_mode fault stands

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
