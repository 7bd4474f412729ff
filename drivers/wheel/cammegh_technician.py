"""What a technician asks of a Cammegh wheel (cammegh.py) between games: its own records (the
version, the clock, the statistics of `*w *W *M`, the game log's pages, read with the wheel
made idle), the self-test (`*F`, from idle only), the pocket test (sensor debug, `*I 4`) and
switching the wheel on again after it powered down.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime

from drivers.errors import DeviceError
from drivers.wheel.base import SelfTestCheck
from drivers.wheel.cammegh_game import RPM_STEP
from drivers.wheel.cammegh_port import CammeghPort, Version, shown
from drivers.wheel.cammegh_protocol import (
    COMPONENT_FAULT,
    IN_PLAY,
    ChiSquared,
    Counts,
    FaultCode,
    LogPage,
    LogPageCount,
    PocketCount,
    Status,
    command,
    selftest_code,
)
from drivers.wheel.events import RotorSpin
from drivers.wheel.order import WheelOrder


@dataclass(frozen=True)
class Statistics:
    chi_squared: float
    percent: float
    games: int
    wins: tuple[int, ...]  # by number, 0 first
    misfires: int
    misfires_by_number: tuple[int, ...]


class CammeghTechnician(CammeghPort):
    """The wheel's records, self-test, pocket test and power switch."""

    can_power_on = True

    def __init__(self, url: str, order: WheelOrder, *, seed: int | None = None):
        super().__init__(url, order, seed=seed)
        self._test_rotor: tuple[str, float] | None = None  # the rotor last reported in the test
        self._debug_heard = False  # a sensor-debug line came since the pocket test's *I 4

    # The wheel's records

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

    # The pocket test

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

    def _test_rotor_status(self, status: Status, t_ns: int) -> None:
        """The rotor in the pocket test, as the status lines give it (outside a game)."""
        last = self._test_rotor
        if status.rpm > 0 and (
            last is None or last[0] != status.direction or abs(last[1] - status.rpm) >= RPM_STEP
        ):
            self._test_rotor = (status.direction, status.rpm)
            self._emit(RotorSpin(status.direction, status.rpm, t_ns))

    # The self-test, and switching the wheel on

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
                        f"{shown(first)}",
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
