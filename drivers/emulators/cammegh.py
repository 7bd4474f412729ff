"""A Cammegh Slingshot 2 controller on a pseudo-terminal, for tests, demos and the contract
suite: open `cammegh://<link>` on it as on the real wheel.

It is silent for its first seconds after power-on, answers every command of the guide (BUSY
where the guide says so), sends a status line every 500 ms with operating-mode bit 128, plays
games 2 -> 3 -> 4 -> 5 with a seeded generator, reverses the rotor each game with bit 1 and
sends the bare winning-number line unless bit 16. `*R` restarts the game: the wheel respins it
by itself (state 1, then 2, the same rotor), with or without a start. `*F` runs only from idle
(state 6). Faults are scripted (misfire(), misspin(), remove_ball(), component_fault() and
repair(), send_raw(), go_silent(), unplug()/replug()), and so are the line noise of an 8N1
wire without a checksum (corrupt(), flip_state(): a line sent with a bit flipped) and a person
at the wheel's own panel (panel_off(), panel_on()); everything sent and received is
recorded. The wheel keeps its own records (the game log of `*s`, the statistics of `*w *W *M`,
its clock, `clock_offset` seconds off UTC): games can be played with nobody listening
(play_alone(), played_before()), and the log holds `log_pages` pages at most, dropping its
oldest. A technician's hands are scripted too, for sensor debug (`*I 4`): drop_in() a pocket,
turn_rotor(), a dead_pocket() whose report never comes, and a physical wheel whose numbers
(`order`) or datum (`datum_offset`) are not the table's. `close_polls` lists the `*X` polls
that came sooner than the guide's 100 ms after the previous one. A controller can be set to
another mode behind the terminal's back (set_mode(): its panel, a replacement), keep its mode
(refuse_mode()), lack commands (ignore(): no `*s` answer, `*I 4` ignored) and lose a count line
of its statistics (lose_line()). Durations are the wheel's, multiplied by `time_factor` (not the
100 ms: it is the controller's serial handling, not the game's timing).

Run by hand: python -m drivers.emulators.cammegh --link /tmp/cammegh
"""

from __future__ import annotations

import argparse
import math
import os
import random
import signal
import threading
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta

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
    LOG_UNUSED,
    LOG_WIN,
    MISSPIN,
    NO_WINNING_LINE,
    RANDOM_SPEED_CHANGE,
    REPORT_FAULTS,
    REVERSE_EACH_GAME,
    WAIT_FOR_START,
    LineSplitter,
    Status,
    format_clock,
    format_status,
    format_winning,
    log_checksum,
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
VERSION = "1.20"
IDLE = (6,)  # where *F runs
STATISTICS = (5, 6)
SCRIPT_MISFIRE = "misfire"
SCRIPT_MISSPIN = "misspin"
SCRIPT_NO_BALL = "ball_removed"


class CammeghEmulator(EmulatedDevice):
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

    # Running

    def _powered_on(self) -> None:
        """Power on: silent for `boot` seconds, in state 6, then 1."""
        now = time.monotonic()
        self._power_on_at = now + self._s(self._boot)
        self._next_status = self._power_on_at
        self._phase_end = self._power_on_at + self._s(IDLE_AFTER_POWER_ON)

    @property
    def sent(self) -> list[str]:
        """Every line sent, without CR LF."""
        with self._lock:
            return list(self._sent)

    @property
    def received(self) -> list[str]:
        """Every line received, without CR/LF, answered or not."""
        with self._lock:
            return list(self._received)

    @property
    def sensor_debug(self) -> bool:
        """Whether it reports sensor events (`*I 4`, until `*I 0`)."""
        with self._lock:
            return self._sensor_debug

    @property
    def close_polls(self) -> list[float]:
        """The gaps, in seconds, of `*X` polls that came sooner than 100 ms after the previous."""
        with self._lock:
            return list(self._close_polls)

    # Scripting

    def misfire(self, seconds: float | None = None) -> None:
        """The next launch fails (flag 8) and is retried for `seconds`, then succeeds; None:
        it keeps failing until `*R`."""
        with self._lock:
            self._script[SCRIPT_MISFIRE] = seconds

    def misspin(self) -> None:
        """The next ball turns with the rotor (flag 2 in state 3) until `*R`."""
        with self._lock:
            self._script[SCRIPT_MISSPIN] = None

    def remove_ball(self, seconds: float | None = None) -> None:
        """In the next state 4 the ball is not detected (flag 1) for `seconds`; None: for good
        (the wheel stops itself after 75 s)."""
        with self._lock:
            self._script[SCRIPT_NO_BALL] = seconds

    def component_fault(self, *codes: int, permanent: bool = True, stuck: bool = False) -> None:
        """A sensor, motor or encoder fault now: `*F <code>` lines (mode bit 256) and flag 4;
        permanent: the wheel powers down (state 6) a moment later, until `*P 1`, and is
        healthy again there (flag 4 clears); stuck: the fault stays (flag 4, and `*P 1` leaves
        the wheel in state 6) until repair()."""
        with self._lock:
            if self.mode & REPORT_FAULTS:
                for code in codes:
                    self._send(f"*F {code}")
            self.warnings |= COMPONENT_FAULT
            self._stuck = stuck
            at = time.monotonic() + self._s(POWER_DOWN_AFTER)
            self._after(at, self._fault_power_down if permanent else self._clear(COMPONENT_FAULT))

    def repair(self) -> None:
        """The technician fixed the component: flag 4 clears; the wheel stays where it is."""
        with self._lock:
            self._stuck = False
            self.warnings &= ~COMPONENT_FAULT

    def force_number(self, number: int) -> None:
        """The next ball drops in `number`, on this wheel or not."""
        with self._lock:
            self._forced = number

    def misread_next(self, number: int) -> None:
        """The next bare winning-number line says `number`, whatever the status line says."""
        with self._lock:
            self._misread = number

    def corrupt(
        self, when: Callable[[str], bool], into: Callable[[str], str], times: int = 1
    ) -> None:
        """The next `times` lines sent for which `when(line)` is true go on the wire as
        `into(line)`: the noise of a wire with no checksum."""
        with self._lock:
            self._noise.append((when, into, times))

    def flip_state(self, state: int, into: int, times: int = 1) -> None:
        """The next `times` status lines of `state` are sent as `into` (4 read as 5 is one
        flipped bit), the rest of each line (the last game's number) unchanged."""
        self.corrupt(
            lambda line: line.startswith(f"*X;{state};"),
            lambda line: f"*X;{into};{line[5:]}",
            times,
        )

    def panel_off(self) -> None:
        """A person switches the wheel off at its own panel: idle (state 6), no fault."""
        with self._lock:
            self._power_down()

    def panel_on(self) -> None:
        """A person switches it on again at its panel (a fault that stays keeps it off)."""
        with self._lock:
            if self.state == 6 and not self._stuck:
                self.warnings &= ~COMPONENT_FAULT
                self._enter_1(time.monotonic())

    def play_alone(self, games: int = 1) -> None:
        """Play `games` games one after another as if the wheel's start key were pressed, with
        or without a terminal listening (a table run while the terminal is down)."""
        with self._lock:
            self._unattended += games
            if self._waiting_for_start():
                self._phase_end = time.monotonic()

    def played_before(self, numbers: Sequence[int], misfires: int = 0) -> None:
        """Games played long ago, before anything listened: `misfires` misfires, then wins of
        `numbers`, in the log and the statistics."""
        with self._lock:
            for _ in range(misfires):
                self._record_misfire()
            for number in numbers:
                self.wins.append(number)
                self._log_entry(LOG_WIN + number)

    def set_mode(self, mode: int) -> None:
        """Its operating mode changed in flash behind the terminal's back: set at its own
        panel, or a replacement controller (the factory's arcade mode 1157)."""
        with self._lock:
            self.mode = mode

    def refuse_mode(self, refuse: bool = True) -> None:
        """`*o <mode>` answered with the mode it keeps, unchanged (a controller whose flash
        will not take it)."""
        with self._lock:
            self._mode_refused = refuse

    def ignore(self, *commands: str) -> None:
        """Never answer these commands (`"s"`, `"I"`, `"W"`...): a firmware, or a port (port
        2), that lacks them. An ignored `*I 4` leaves sensor debug off."""
        with self._lock:
            self._ignored.update(commands)

    def lose_line(self, line: str) -> None:
        """The next `*W`/`*M` count line that is `line` never reaches the wire (noise ate
        it)."""
        with self._lock:
            self._lost_lines.append(line)

    def drop_in(self, number: int) -> None:
        """A technician lays the ball in the pocket of `number` by hand: with sensor debug on
        (`*I 4`) the wheel reports `*bn <pocket>`, its pocket counted from the datum (`order`,
        `datum_offset`); a dead pocket reports nothing."""
        with self._lock:
            if self._sensor_debug and number not in self._dead:
                self._send(f"*bn {self._pocket(number)}")

    def dead_pocket(self, *numbers: int) -> None:
        """The ball in these numbers' pockets is never reported (`*bn`)."""
        with self._lock:
            self._dead.update(numbers)

    def turn_rotor(self, direction: str, rpm: float = 6.0) -> None:
        """The rotor turned `direction` at `rpm` (by hand on a Mercury, from the panel on an
        SS2): the status lines say so until a game sets it again."""
        opposite(direction)  # checks it
        with self._lock:
            self.direction, self.rpm = direction, rpm

    def send_raw(self, data: bytes) -> None:
        """Any bytes, as noise or a broken controller would send them."""
        with self._lock:
            self._record_sent(data)
            self.port.write(data)

    def go_silent(self, seconds: float | None = None) -> None:
        """Send and answer nothing for `seconds` (None: until resume())."""
        with self._lock:
            self._silent_until = (
                math.inf if seconds is None else time.monotonic() + self._s(seconds)
            )

    def resume(self) -> None:
        with self._lock:
            self._silent_until = 0.0

    def unplug(self) -> None:
        """Pull the cable: the program's port hangs up and the path disappears; the wheel
        plays on."""
        with self._lock:
            self.port.unplug()

    def replug(self) -> None:
        with self._lock:
            self.port.plug()

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

    # Commands

    def _command(self, text: str, now: float) -> None:
        if not text.startswith("*"):
            return
        name, _, arg = text[1:].partition(" ")
        if name in self._ignored:
            return
        handler = getattr(self, f"_cmd_{name}", None) if name.isalpha() else None
        if handler is not None:
            handler(arg.strip(), now)

    def _cmd_X(self, arg: str, now: float) -> None:
        self._send_status()

    def _cmd_K(self, arg: str, now: float) -> None:
        if self._waiting_for_start():
            self._take_start(now)
            self._send("*K OK")
        else:
            self._send("*K CAM")

    def _cmd_u(self, arg: str, now: float) -> None:
        if self.state in (1, 5) and not self._selftest_running:
            self._take_start(now)
            self._send("*u OK")
        else:
            self._send("*u BUSY")

    def _cmd_S(self, arg: str, now: float) -> None:
        self._send(f"*S {VERSION}")

    def _cmd_V(self, arg: str, now: float) -> None:
        self._send(f"*V Slingshot 2 controller firmware {VERSION} (emulated)")

    def _cmd_R(self, arg: str, now: float) -> None:
        """Restart the game: back to state 1, then the same game again by itself."""
        self.warnings &= ~(BALL_REMOVED | MISSPIN | LAUNCH_FAILED)
        self._send("*R OK")
        if self.state == 6:
            return
        self.state, self._respin = 1, True
        self._phase_end = now + self._s(RESPIN_AFTER)

    def _cmd_P(self, arg: str, now: float) -> None:
        if arg not in ("0", "1"):
            return
        self._send("*P OK")
        if arg == "0":
            self._power_down()
        elif not self._stuck:
            self.warnings &= ~COMPONENT_FAULT
            self._enter_1(now)

    def _cmd_o(self, arg: str, now: float) -> None:
        if arg.isdigit():
            if not self._mode_refused:
                self.mode = int(arg)
            self._send(f"*o {self.mode}")

    def _cmd_F(self, arg: str, now: float) -> None:
        if self.state not in IDLE or self._selftest_running:
            self._send("*F BUSY")
            return
        self._selftest_running = True
        self._after(now + self._s(self.selftest_seconds), self._selftest_done)

    def _selftest_done(self) -> None:
        self._selftest_running = False
        for code in self.selftest_codes:
            self._send(f"*F {code}")

    def _cmd_w(self, arg: str, now: float) -> None:
        if self._busy_unless(STATISTICS, "w"):
            return
        games = len(self.wins)
        expected = games / self.pockets
        chi = (
            sum((self.wins.count(n) - expected) ** 2 / expected for n in range(self.pockets))
            if games
            else 0.0
        )
        self._send(f"*w {chi:.2f} {100 * _chi_squared_cdf(chi, self.pockets - 1):.1f}")

    def _cmd_W(self, arg: str, now: float) -> None:
        if not self._busy_unless(STATISTICS, "W"):
            self._send_counts("W", self.wins)

    def _cmd_M(self, arg: str, now: float) -> None:
        if not self._busy_unless(STATISTICS, "M"):
            self._send_counts("M", self.misfires)

    def _cmd_s(self, arg: str, now: float) -> None:
        kind, _, page = arg.partition(" ")
        if kind == "t" and not self._busy_unless(STATISTICS, "s"):
            self._send(f"*s t {math.ceil(len(self._log) / LOG_PAGE_BYTES)}")
        elif kind == "r" and page.isdigit() and not self._busy_unless((6,), "s"):
            start = int(page) * LOG_PAGE_BYTES
            data = self._log[start : start + LOG_PAGE_BYTES]
            data = data.ljust(LOG_PAGE_BYTES, bytes([LOG_UNUSED]))
            self._send(f"*s r {page} {data.decode('ascii')} {log_checksum(data):02X}")

    def _cmd_d(self, arg: str, now: float) -> None:
        wheel_time = datetime.now(UTC) + self.clock_offset
        fields = arg.split()
        if fields == ["g"]:
            self._send(f"*d {format_clock(wheel_time)}")
        elif (
            len(fields) == 3
            and fields[0] == "s"
            and fields[1] in tuple("012345")
            and fields[2].isdigit()
        ):
            t, unit = wheel_time, int(fields[1])
            parts = [t.second, t.minute, t.hour, t.day, t.month, t.year]  # units 0 to 5
            parts[unit] = int(fields[2]) + (2000 if unit == 5 else 0)
            second, minute, hour, day, month, year = parts
            try:
                wheel_time = t.replace(
                    year=year, month=month, day=day, hour=hour, minute=minute, second=second
                )
            except ValueError:
                return
            self.clock_offset = wheel_time - datetime.now(UTC)
            self._send("*d OK")

    def _cmd_T(self, arg: str, now: float) -> None:
        letter, _, value = arg.partition(" ")
        if letter == "f":
            self._send("*T f OK")
        elif letter.islower() and value:
            self.settings[letter] = value
            if letter == "z" and value in ("37", "38"):
                self.pockets = int(value)
            self._send(f"*T {letter} {value}")
        elif letter.isupper() and letter.lower() in self.settings:
            self._send(f"*T {letter} {self.settings[letter.lower()]}")

    def _cmd_I(self, arg: str, now: float) -> None:
        if arg in ("0", "4"):
            self._sensor_debug = arg == "4"
            self._send("*I OK")

    def _cmd_A(self, arg: str, now: float) -> None:
        turns = (now - self._power_on_at) / self.time_factor * self.rpm / 60
        self._send(f"*A {int(turns * self.pockets) % self.pockets}")

    def _waiting_for_start(self) -> bool:
        return self.state == 1 and bool(self.mode & WAIT_FOR_START) and self._phase_end is None

    def _take_start(self, now: float) -> None:
        self._start_pending = True
        if self.state == 1 and self._phase_end is None:
            self._phase_end = now

    def _busy_unless(self, states: tuple[int, ...], name: str) -> bool:
        if self.state in states:
            return False
        self._send(f"*{name} BUSY")
        return True

    def _send_counts(self, name: str, numbers: list[int]) -> None:
        """The total, then one line per number (`*W <number> <count>`), as the guide gives
        them: the total, then the per-pocket counts."""
        lines = [f"*{name} {len(numbers)}"]
        lines += [f"*{name} {n} {numbers.count(n)}" for n in range(self.pockets)]
        for line in lines:
            if line in self._lost_lines:
                self._lost_lines.remove(line)
                continue
            self._send(line)

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


def driver_url(link: str | os.PathLike[str], time_factor: float = 1.0, **params: object) -> str:
    """The driver's URL for an emulator at `link` whose durations are multiplied by
    `time_factor`: the driver's game windows (launch grace and retries, ball grace) scaled the
    same way, its boot, answer and self-test waits cut to what an emulator needs, and `silent`
    kept generous, so that a busy machine is not a silent wheel; `params` set any of them."""
    settings = {
        "boot": 5,
        "answer": 0.5,
        "silent": 1.0,
        "launch_grace": 3 * time_factor,
        "launch_retry": 20 * time_factor,
        "ball_grace": 5 * time_factor,
        "selftest": 30,
    } | params
    return f"cammegh://{link}?" + "&".join(f"{name}={value:g}" for name, value in settings.items())


def _chi_squared_cdf(value: float, freedom: int) -> float:
    """Wilson and Hilferty's normal approximation, good enough for a display."""
    if value <= 0:
        return 0.0
    z = ((value / freedom) ** (1 / 3) - (1 - 2 / (9 * freedom))) / math.sqrt(2 / (9 * freedom))
    return 0.5 * (1 + math.erf(z / math.sqrt(2)))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="A Cammegh SS2 wheel on a pseudo-terminal.")
    parser.add_argument("--link", required=True, help="the path to open, e.g. /tmp/cammegh")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--time-factor",
        type=float,
        default=1.0,
        help="the wheel's durations are multiplied by this",
    )
    parser.add_argument("--mode", type=int, default=ARCADE_MODE, help="operating mode in flash")
    parser.add_argument(
        "--boot", type=float, default=POWER_ON_SILENCE, help="seconds of silence after power-on"
    )
    args = parser.parse_args(argv)
    emulator = CammeghEmulator(
        args.link, seed=args.seed, time_factor=args.time_factor, mode=args.mode, boot=args.boot
    )
    stop = threading.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda *_: stop.set())
    with emulator:
        print(f"Cammegh SS2 emulator: open cammegh://{args.link}; Ctrl-C stops it", flush=True)
        shown = {"<": 0, ">": 0}  # lines sent (<) and received (>) printed so far
        while not stop.wait(0.2):
            for mark, lines in (("<", emulator.sent), (">", emulator.received)):
                for line in lines[shown[mark] :]:
                    print(f"{mark} {line}", flush=True)
                shown[mark] = len(lines)


if __name__ == "__main__":
    main()
