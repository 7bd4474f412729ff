"""The emulated Cammegh SS2 controller (cammegh.py) at work: its state and timing, the games it
plays (2 -> 3 -> 4 -> 5, a respin after `*R`, the faults scripted), its own records (the game
log and the statistics) and what it sends, noise included. What it answers to each command is
cammegh_commands.py's; what a test scripts, cammegh.py's.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Sequence
from datetime import timedelta

from drivers.emulators.pty_port import EmulatedDevice
from drivers.wheel.cammegh_protocol import (
    ARCADE_MODE,
    AUTO_STATUS,
    BALL_REMOVED,
    COMPONENT_FAULT,
    DELAY_IN_STATE_1,
    LAUNCH_FAILED,
    LOG_MISFIRE,
    LOG_PAGE_BYTES,
    LOG_WIN,
    MISSPIN,
    NO_WINNING_LINE,
    RANDOM_SPEED_CHANGE,
    REVERSE_EACH_GAME,
    WAIT_FOR_START,
    LineSplitter,
    Status,
    format_status,
    format_winning,
)
from drivers.wheel.events import opposite

# The wheel's timing, in its own seconds.
STATUS_PERIOD = 0.5
POWER_ON_SILENCE = 3.0
IDLE_AFTER_POWER_ON = 1.0  # state 6, then 1
LAUNCH_AFTER = 1.5  # state 2: the rotor up to speed, then the ball fired
IN_RIM = 3.0  # state 3
DROPPING = 2.0  # state 4
BETWEEN_GAMES = 2.0  # the games-per-hour delay, in state 5 (or 1 with bit 1024)
RESULT_TURNS = 3  # state 5 lasts three rotor turns, plus the delay without bit 1024
WHEEL_STOPS = 75.0  # flag 1 this long stops the wheel
POWER_DOWN_AFTER = 1.0  # a permanent component fault powers the wheel down
SELFTEST_TAKES = 20.0
RESPIN_AFTER = 0.5  # after *R: state 1 this long, then the game again from state 2
MIN_POLL = 0.1  # real seconds the guide asks between *X polls
ROTOR_RPM = (18.0, 28.0)
SCRIPT_MISFIRE = "misfire"
SCRIPT_MISSPIN = "misspin"
SCRIPT_NO_BALL = "ball_removed"


class CammeghController(EmulatedDevice):
    """`link`: the stable path programs open. `order`: the wheel's numbers by pocket from its
    datum, for the position reports (`*A`, `*bn`); by default pocket i holds number i.
    `datum_offset`: the controller's datum sits that many pockets before pocket 0 of `order`
    (a wheel calibrated wrong): it reports pocket i as i + datum_offset, modulo the pockets.
    `log_pages`: the pages its game log holds (None: no limit)."""

    def __init__(
        self,
        link,
        *,
        seed: int = 0,
        time_factor: float = 1.0,
        mode: int = ARCADE_MODE,
        boot: float = POWER_ON_SILENCE,
        pockets: int = 37,
        between: float = BETWEEN_GAMES,
        clock_offset: float = 0.0,
        selftest_codes: Sequence[int] = (0,),
        selftest_seconds: float = SELFTEST_TAKES,
        order: Sequence[int] | None = None,
        datum_offset: int = 0,
        log_pages: int | None = None,
    ):
        super().__init__(link)
        self.link = link
        self.time_factor = time_factor
        self.mode = mode  # in flash: kept over power cycles
        self.pockets = pockets
        self.between = between
        self.clock_offset = timedelta(seconds=clock_offset)
        self.selftest_codes = tuple(selftest_codes)
        self.selftest_seconds = selftest_seconds
        self.settings = {"h": "60", "n": "5", "z": str(pockets)}
        self._order = tuple(order) if order is not None else None
        self.datum_offset = datum_offset
        self.log_pages = log_pages
        self._dead: set[int] = set()  # numbers whose pocket sensor never reports
        self._unattended = 0  # games to play on the wheel's own start key
        self._rng = random.Random(seed)
        self._lock = threading.RLock()
        self._sent: list[str] = []
        self._received: list[str] = []
        self._splitter = LineSplitter()
        self._timers: list[tuple[float, Callable[[], None]]] = []
        self._script: dict[str, float | None] = {}
        self._boot = boot
        self._power_on_at = 0.0
        self._silent_until = 0.0
        self._next_status = 0.0
        self._phase_end: float | None = None
        self._start_pending = False
        self._selftest_running = False
        self._sensor_debug = False
        self._forced: int | None = None
        self._respin = False
        self._stuck = False  # a component fault that stays (flag 4) until repair()
        self._last_poll: float | None = None
        self._close_polls: list[float] = []
        self._misread: int | None = None
        self._mode_refused = False
        self._ignored: set[str] = set()  # commands it never answers
        self._lost_lines: list[str] = []  # count lines lost on their way
        # (which line, what it becomes, how many more times): the wire's noise, scripted
        self._noise: list[tuple[Callable[[str], bool], Callable[[str], str], int]] = []
        self.state, self.spin, self.warnings = 6, 0, 0
        self._told: tuple[int, int] | None = None  # the state and spin of the latest line
        self.winning: int | None = None
        self.rpm, self.direction = 0.0, self._rng.choice(("cw", "ccw"))
        self.wins: list[int] = []
        self.misfires: list[int] = []
        self._log = bytearray()

    def _powered_on(self) -> None:
        """Power on: silent for `boot` seconds, in state 6, then 1."""
        now = time.monotonic()
        self._power_on_at = now + self._s(self._boot)
        self._next_status = self._power_on_at
        self._phase_end = self._power_on_at + self._s(IDLE_AFTER_POWER_ON)

    def _command(self, text: str, now: float) -> None:
        """Answer the command `text` (CammeghCommands does)."""
        raise NotImplementedError

    # The controller

    def _s(self, seconds: float) -> float:
        return seconds * self.time_factor

    def _run(self) -> None:
        while not self._stop.is_set():
            data = self.port.read(min(0.01, self._s(STATUS_PERIOD) / 4))
            with self._lock:
                now = time.monotonic()
                for line in self._splitter.feed(data):
                    text = line.decode("ascii", "replace")
                    self._received.append(text)
                    if text.strip() == "*X":
                        self._note_poll(now)
                    if now >= max(self._power_on_at, self._silent_until):
                        self._command(text.strip(), now)
                if now < self._power_on_at:
                    continue  # still starting up: silent
                self._advance(now)
                if self.mode & AUTO_STATUS and now >= self._next_status:
                    self._next_status = max(self._next_status + self._s(STATUS_PERIOD), now)
                    self._send_status()

    def _note_poll(self, now: float) -> None:
        if self._last_poll is not None and now - self._last_poll < MIN_POLL:
            self._close_polls.append(now - self._last_poll)
        self._last_poll = now

    def _advance(self, now: float) -> None:
        for at, action in [timer for timer in self._timers if timer[0] <= now]:
            self._timers.remove((at, action))
            action()
        while self._phase_end is not None and now >= self._phase_end:
            if self.mode & AUTO_STATUS and self._told != (self.state, self.spin):
                # a thread late on a busy machine passes whole states between two wake-ups:
                # each is still reported before it ends, as the real controller's 500 ms lines
                # report every state (each lasts seconds)
                self._send_status()
            at, self._phase_end = self._phase_end, None
            self._phase_over(at)

    def _after(self, at: float, action: Callable[[], None]) -> None:
        self._timers.append((at, action))

    def _clear(self, flag: int) -> Callable[[], None]:
        def clear() -> None:
            self.warnings &= ~flag

        return clear

    def _phase_over(self, at: float) -> None:
        if self.state == 6:
            self._enter_1(at)  # powering on after the power-on idle
        elif self.state == 1:
            if self._respin:
                self._restart_game(at)
            elif self._start_pending or not self.mode & WAIT_FOR_START:
                self._start_game(at)
            elif self._unattended:
                self._unattended -= 1
                self._start_game(at)
        elif self.state == 2:
            self._launch(at)
        elif self.state == 3:
            self._enter_4(at)
        elif self.state == 4:
            if self.warnings & BALL_REMOVED:  # gone for too long: the wheel stops
                self.warnings &= ~BALL_REMOVED
                self._enter_1(at)
            else:
                self._drop(at)
        elif self.state == 5:
            self._enter_1(at)

    def _enter_1(self, at: float) -> None:
        self.state = 1
        self.rpm = self.rpm or ROTOR_RPM[0]
        delay = self.between if self.mode & DELAY_IN_STATE_1 else 0.0
        self._phase_end = at + self._s(delay)

    def _start_game(self, at: float) -> None:
        self._start_pending = False
        self.spin = self.spin % 256 + 1
        if self.mode & REVERSE_EACH_GAME:
            self.direction = opposite(self.direction)
        self.rpm = round(self._rng.uniform(*ROTOR_RPM), 1)
        self.state = 2
        self._phase_end = at + self._s(LAUNCH_AFTER)

    def _restart_game(self, at: float) -> None:
        """The game voided with *R, played again: the same spin, rotor and direction."""
        self._respin = False
        self.state = 2
        self._phase_end = at + self._s(LAUNCH_AFTER)

    def _launch(self, at: float) -> None:
        """The end of state 2: fire the ball, or fail to as scripted."""
        if SCRIPT_MISFIRE in self._script:
            seconds = self._script.pop(SCRIPT_MISFIRE)
            self.warnings |= LAUNCH_FAILED
            self._record_misfire()
            self._phase_end = None if seconds is None else at + self._s(seconds)
            return
        self.warnings &= ~LAUNCH_FAILED
        self.state = 3
        if self._sensor_debug:
            for sensor in (0, 1, 2):
                self._send(f"*bs {sensor}")
        if SCRIPT_MISSPIN in self._script:
            del self._script[SCRIPT_MISSPIN]
            self.warnings |= MISSPIN  # until *R
        else:
            self._phase_end = at + self._s(IN_RIM)

    def _enter_4(self, at: float) -> None:
        self.state = 4
        if self.mode & RANDOM_SPEED_CHANGE:
            self.rpm = round(self._rng.uniform(*ROTOR_RPM), 1)
        if SCRIPT_NO_BALL not in self._script:
            self._phase_end = at + self._s(DROPPING)
            return
        seconds = self._script.pop(SCRIPT_NO_BALL)
        self.warnings |= BALL_REMOVED
        if seconds is None:
            self._phase_end = at + self._s(WHEEL_STOPS)
        else:
            self._after(at + self._s(seconds), self._clear(BALL_REMOVED))
            self._phase_end = at + self._s(seconds + DROPPING)

    def _drop(self, at: float) -> None:
        number = self._forced if self._forced is not None else self._rng.randrange(self.pockets)
        self._forced = None
        self.state, self.winning = 5, number
        if 0 <= number < self.pockets:
            self.wins.append(number)
            self._log_entry(LOG_WIN + number)
        if not self.mode & NO_WINNING_LINE:
            bare = self._misread if self._misread is not None else number
            self._send(format_winning(bare).decode().rstrip())
        self._misread = None
        if self._sensor_debug:
            self._send(f"*bn {self._pocket(number)}")
        hold = RESULT_TURNS * 60 / self.rpm
        if not self.mode & DELAY_IN_STATE_1:
            hold += self.between
        self._phase_end = at + self._s(hold)
        self._send_status()

    def _power_down(self) -> None:
        self.state, self.rpm, self._phase_end, self._respin = 6, 0.0, None, False

    def _fault_power_down(self) -> None:
        self._power_down()
        if not self._stuck:
            self.warnings &= ~COMPONENT_FAULT  # off, the wheel finds nothing wrong any more

    def _record_misfire(self) -> None:
        number = self.winning or 0
        self.misfires.append(number)
        self._log_entry(LOG_MISFIRE + number)

    def _log_entry(self, byte: int) -> None:
        """One entry more in the game log; a full log drops its oldest page for a new one."""
        if self.log_pages is not None and len(self._log) >= self.log_pages * LOG_PAGE_BYTES:
            del self._log[:LOG_PAGE_BYTES]
        self._log.append(byte)

    def _pocket(self, number: int) -> int:
        """The pocket the controller reports for the ball in `number`."""
        index = self._order.index(number) if self._order and number in self._order else number
        return (index + self.datum_offset) % self.pockets if 0 <= index < self.pockets else index

    # Sending

    def _send_status(self) -> None:
        status = Status(
            self.state, self.spin, self.winning, self.warnings, self.rpm, self.direction
        )
        self._told = (self.state, self.spin)
        self._send(format_status(status).decode().rstrip())

    def _send(self, text: str) -> None:
        if time.monotonic() < self._silent_until:
            return
        for at, (when, into, times) in enumerate(self._noise):
            if when(text):
                text = into(text)
                if times > 1:
                    self._noise[at] = (when, into, times - 1)
                else:
                    del self._noise[at]
                break
        data = text.encode("ascii") + b"\r\n"
        self._record_sent(data)
        self.port.write(data)

    def _record_sent(self, data: bytes) -> None:
        self._sent.append(data.decode("ascii", "replace").rstrip("\r\n"))
