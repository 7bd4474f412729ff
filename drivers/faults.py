"""Faults every device reports alike: something is wrong (and whether it voids the round in
progress), then that it is over. Stamped like the devices' readings, with time.monotonic_ns()
unless the device has its own clock."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

SEVERITIES = ("warning", "error", "critical")


def _now() -> int:
    return time.monotonic_ns()


@dataclass(frozen=True)
class Fault:
    """Something is wrong with a device; `void`: the round in progress (a spin, a throw) is void
    ("tirada nul·la"), `code` saying why. `lines`: the last lines of a serial link, for the
    technician (a Cammegh's), kept apart from `detail`, which is what a void says."""

    code: str
    severity: str
    detail: str
    void: bool
    t_ns: int = field(default_factory=_now)
    lines: tuple[str, ...] = ()

    def __post_init__(self):
        if self.severity not in SEVERITIES:
            raise ValueError(f"severity must be one of {SEVERITIES}, not {self.severity!r}")


@dataclass(frozen=True)
class FaultCleared:
    """The fault `code` is over."""

    code: str
    t_ns: int = field(default_factory=_now)
