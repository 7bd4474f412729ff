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
import signal
import threading
import time
from collections.abc import Callable, Sequence

from drivers.emulators.cammegh_commands import CammeghCommands
from drivers.emulators.cammegh_controller import (
    POWER_DOWN_AFTER,
    POWER_ON_SILENCE,
    SCRIPT_MISFIRE,
    SCRIPT_MISSPIN,
    SCRIPT_NO_BALL,
)
from drivers.wheel.cammegh_protocol import ARCADE_MODE, COMPONENT_FAULT, LOG_WIN, REPORT_FAULTS
from drivers.wheel.events import opposite


class CammeghEmulator(CammeghCommands):
    """The controller emulated (cammegh_controller.py, which says what it is built with; its
    answers: cammegh_commands.py), with what a test scripts and reads of it."""

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
