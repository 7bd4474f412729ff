"""What a wheel reports: immutable readings, each stamped when it was sensed (by default
time.monotonic_ns() at creation; a backend with its own clock passes the device's stamp)."""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import ClassVar

from drivers.faults import Fault, FaultCleared
from drivers.wheel.order import WheelOrder

DIRECTIONS = ("cw", "ccw")


def opposite(direction: str) -> str:
    check_direction(direction)
    return "ccw" if direction == "cw" else "cw"


def check_direction(direction: str) -> None:
    if direction not in DIRECTIONS:
        raise ValueError(f"direction must be one of {DIRECTIONS}, not {direction!r}")


def _now() -> int:
    return time.monotonic_ns()


@dataclass(frozen=True)
class RotorSpin:
    """The rotor was (re)started or its speed measured."""

    direction: str
    rpm: float
    t_ns: int = field(default_factory=_now)

    def __post_init__(self):
        check_direction(self.direction)


@dataclass(frozen=True)
class BallLaunched:
    """The ball is in the rim, running `direction`; `entered_by` as for `BallInPocket`."""

    direction: str
    t_ns: int = field(default_factory=_now)
    entered_by: str | None = None

    def __post_init__(self):
        check_direction(self.direction)


@dataclass(frozen=True)
class BallLeavingRim:
    """The ball is slowing and about to drop: time for "no more bets"; `entered_by` as for
    `BallInPocket`."""

    t_ns: int = field(default_factory=_now)
    entered_by: str | None = None


@dataclass(frozen=True)
class BallInPocket:
    """Pocket indices from the datum and their numbers (None outside the wheel). More than one
    pocket is an impossible reading, reported as sensed: the runtime turns it into a fault.
    `entered_by`: who entered it on the croupier's screen (hand.py), on every event of the
    entry; None when it was sensed."""

    pockets: tuple[int, ...]
    numbers: tuple[int | None, ...]
    decides: ClassVar[bool] = True  # the event of an entry that decides its outcome
    t_ns: int = field(default_factory=_now)
    entered_by: str | None = None

    def __post_init__(self):
        if not self.pockets or len(self.pockets) != len(self.numbers):
            raise ValueError(f"one number per pocket, at least one: {self.pockets} {self.numbers}")

    @classmethod
    def read(cls, order: WheelOrder, pockets: Iterable[int]) -> BallInPocket:
        """The ball sensed in `pockets` now, with their numbers on `order`."""
        pockets = tuple(pockets)
        return cls(pockets, tuple(order.number(p) for p in pockets))


WheelEvent = RotorSpin | BallLaunched | BallLeavingRim | BallInPocket | Fault | FaultCleared
