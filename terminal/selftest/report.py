"""What a self-test found: sections of checks (each device, then the host), and the report made
of them: passed or not, its `selftest.report` event data, its text and its JSON."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

from drivers.selftest import SelfTestCheck
from terminal.contract.selftest import report_data

# Told of each check as it is done, with its section's name: what a screen shows while a long
# check (a Cammegh's own test: up to five minutes) runs.
Progress = Callable[[tuple[str, SelfTestCheck]], None]


@dataclass(frozen=True)
class Section:
    """The checks of one part of the table: a device (`device` its URL) or the host (None).
    `simulated`: a simulated device stood in for the hardware, so its pass tests nothing."""

    name: str  # "wheel", "dice", "shoe", "gpio", "host"
    device: str | None
    simulated: bool
    checks: tuple[SelfTestCheck, ...]

    @property
    def ok(self) -> bool:
        return all(check.ok for check in self.checks)

    def header(self) -> str:
        """`wheel (board:///dev/wheel-board):`, `gpio (sim://gpio, simulated):`, `host:`."""
        if self.device is None:
            return f"{self.name}:"
        return f"{self.name} ({self.device}{', simulated' if self.simulated else ''}):"


def check_line(check: SelfTestCheck) -> str:
    """`  ok   name: detail` or `  FAIL name: detail`."""
    return f"  {'ok  ' if check.ok else 'FAIL'} {check.name}: {check.detail}"


@dataclass(frozen=True)
class Report:
    """A self-test's sections in the order they ran. `sim`: the run asked for simulated
    devices (`--sim`); without it a simulated device is one the table file names."""

    sections: tuple[Section, ...]
    sim: bool = False

    @property
    def ok(self) -> bool:
        return all(section.ok for section in self.sections)

    @property
    def simulated(self) -> list[str]:
        return [section.name for section in self.sections if section.simulated]

    @property
    def data(self) -> dict:
        """The `selftest.report` event's data (terminal/contract/selftest.py)."""
        return report_data(self.sections, sim=self.sim)

    def lines(self) -> list[str]:
        """The text a technician reads: each section's header and its checks, then the
        verdict, saying what was simulated."""
        out = []
        for section in self.sections:
            out.append(section.header())
            out += [check_line(check) for check in section.checks]
        out.append(self.verdict())
        return out

    def text(self) -> str:
        return "\n".join(self.lines()) + "\n"

    def json(self) -> str:
        """The event's data as JSON, indented for a person (the same values)."""
        return json.dumps(self.data, indent=2, ensure_ascii=False) + "\n"

    def verdict(self) -> str:
        """`all checks passed` or `some checks FAILED (where: which)`, and what was simulated:
        a pass on a simulated device is never taken for a hardware check it was not, and a
        failure of the host is never laid on the simulated devices."""
        failed = [
            f"{section.name}: {', '.join(c.name for c in section.checks if not c.ok)}"
            for section in self.sections
            if not section.ok
        ]
        said = "all checks passed" if self.ok else f"some checks FAILED ({'; '.join(failed)})"
        devices = [section for section in self.sections if section.device is not None]
        simulated = [section.name for section in devices if section.simulated]
        if not simulated:
            return said
        why = "--sim" if self.sim else "the table file names them so"
        if len(simulated) == len(devices):
            if self.ok:
                return f"{said} on simulated devices only ({why}): no device was tested on hardware"
            return f"{said}; every device simulated ({why}): no device was tested on hardware"
        return f"{said}; {', '.join(simulated)} simulated ({why}), not tested on hardware"
