"""What the emulated Cammegh SS2 controller (cammegh_controller.py) answers to each command of
the guide, BUSY where the guide says so: `*X` a status line, `*u`/`*K` a start, `*R` a restart,
`*P` power, `*o` the mode, `*F` the self-test, `*w *W *M` the statistics, `*s` the game log,
`*d` the clock, `*T` its settings, `*I` sensor debug, `*A` the rotor's position.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from datetime import UTC, datetime

from drivers.emulators.cammegh_controller import RESPIN_AFTER, CammeghController
from drivers.wheel.cammegh_protocol import (
    BALL_REMOVED,
    COMPONENT_FAULT,
    LAUNCH_FAILED,
    LOG_PAGE_BYTES,
    LOG_UNUSED,
    MISSPIN,
    WAIT_FOR_START,
    format_clock,
    log_checksum,
)

VERSION = "1.20"
IDLE = (6,)  # where *F runs
STATISTICS = (5, 6)


class CammeghCommands(CammeghController):
    """The controller's answers, each command's by its method (`ANSWERS`, below the class)."""

    def _command(self, text: str, now: float) -> None:
        if not text.startswith("*"):
            return
        name, _, arg = text[1:].partition(" ")
        if name in self._ignored:
            return
        answer = ANSWERS.get(name)  # anything else is no command: the controller says nothing
        if answer is not None:
            answer(self, arg.strip(), now)

    def _answer_status(self, arg: str, now: float) -> None:
        self._send_status()

    def _answer_start_if_waiting(self, arg: str, now: float) -> None:
        if self._waiting_for_start():
            self._take_start(now)
            self._send("*K OK")
        else:
            self._send("*K CAM")

    def _answer_start(self, arg: str, now: float) -> None:
        if self.state in (1, 5) and not self._selftest_running:
            self._take_start(now)
            self._send("*u OK")
        else:
            self._send("*u BUSY")

    def _answer_software(self, arg: str, now: float) -> None:
        self._send(f"*S {VERSION}")

    def _answer_version(self, arg: str, now: float) -> None:
        self._send(f"*V Slingshot 2 controller firmware {VERSION} (emulated)")

    def _answer_restart(self, arg: str, now: float) -> None:
        """Restart the game: back to state 1, then the same game again by itself."""
        self.warnings &= ~(BALL_REMOVED | MISSPIN | LAUNCH_FAILED)
        self._send("*R OK")
        if self.state == 6:
            return
        self.state, self._respin = 1, True
        self._phase_end = now + self._s(RESPIN_AFTER)

    def _answer_power(self, arg: str, now: float) -> None:
        if arg not in ("0", "1"):
            return
        self._send("*P OK")
        if arg == "0":
            self._power_down()
        elif not self._stuck:
            self.warnings &= ~COMPONENT_FAULT
            self._enter_1(now)

    def _answer_mode(self, arg: str, now: float) -> None:
        if arg.isdigit():
            if not self._mode_refused:
                self.mode = int(arg)
            self._send(f"*o {self.mode}")

    def _answer_self_test(self, arg: str, now: float) -> None:
        if self.state not in IDLE or self._selftest_running:
            self._send("*F BUSY")
            return
        self._selftest_running = True
        self._after(now + self._s(self.selftest_seconds), self._selftest_done)

    def _selftest_done(self) -> None:
        self._selftest_running = False
        for code in self.selftest_codes:
            self._send(f"*F {code}")

    def _answer_statistics(self, arg: str, now: float) -> None:
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

    def _answer_wins(self, arg: str, now: float) -> None:
        if not self._busy_unless(STATISTICS, "W"):
            self._send_counts("W", self.wins)

    def _answer_misfires(self, arg: str, now: float) -> None:
        if not self._busy_unless(STATISTICS, "M"):
            self._send_counts("M", self.misfires)

    def _answer_game_log(self, arg: str, now: float) -> None:
        kind, _, page = arg.partition(" ")
        if kind == "t" and not self._busy_unless(STATISTICS, "s"):
            self._send(f"*s t {math.ceil(len(self._log) / LOG_PAGE_BYTES)}")
        elif kind == "r" and page.isdigit() and not self._busy_unless((6,), "s"):
            start = int(page) * LOG_PAGE_BYTES
            data = self._log[start : start + LOG_PAGE_BYTES]
            data = data.ljust(LOG_PAGE_BYTES, bytes([LOG_UNUSED]))
            self._send(f"*s r {page} {data.decode('ascii')} {log_checksum(data):02X}")

    def _answer_clock(self, arg: str, now: float) -> None:
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

    def _answer_settings(self, arg: str, now: float) -> None:
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

    def _answer_sensor_debug(self, arg: str, now: float) -> None:
        if arg in ("0", "4"):
            self._sensor_debug = arg == "4"
            self._send("*I OK")

    def _answer_rotor_position(self, arg: str, now: float) -> None:
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


# each command of the guide (`*X`...) -> how the controller answers it
ANSWERS: dict[str, Callable[[CammeghCommands, str, float], None]] = {
    "X": CammeghCommands._answer_status,
    "K": CammeghCommands._answer_start_if_waiting,
    "u": CammeghCommands._answer_start,
    "S": CammeghCommands._answer_software,
    "V": CammeghCommands._answer_version,
    "R": CammeghCommands._answer_restart,
    "P": CammeghCommands._answer_power,
    "o": CammeghCommands._answer_mode,
    "F": CammeghCommands._answer_self_test,
    "w": CammeghCommands._answer_statistics,
    "W": CammeghCommands._answer_wins,
    "M": CammeghCommands._answer_misfires,
    "s": CammeghCommands._answer_game_log,
    "d": CammeghCommands._answer_clock,
    "T": CammeghCommands._answer_settings,
    "I": CammeghCommands._answer_sensor_debug,
    "A": CammeghCommands._answer_rotor_position,
}


def _chi_squared_cdf(value: float, freedom: int) -> float:
    """Wilson and Hilferty's normal approximation, good enough for a display."""
    if value <= 0:
        return 0.0
    z = ((value / freedom) ** (1 / 3) - (1 - 2 / (9 * freedom))) / math.sqrt(2 / (9 * freedom))
    return 0.5 * (1 + math.erf(z / math.sqrt(2)))
