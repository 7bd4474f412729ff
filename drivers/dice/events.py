"""What a dice reader reports: the dice of a throw, or that the throw is void; each stamped when
it was sensed (by default time.monotonic_ns() at creation; a backend with its own clock passes
the device's stamp).

A void throw ("tirada nul·la", section 09 IV.3) is Fault(cause, "warning", detail, void=True)
followed at once by FaultCleared(cause), `cause` one of VOID_CAUSES; the runtime hands the
cause to the craps engine, whose void causes have the same keys. A Fault with void=True and a
code outside VOID_CAUSES (board_restarted, misread, sensor_stuck) says the reader could not read
the throw in progress: no rule voids it, the runtime decides how it is read again.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import ClassVar

from drivers.faults import Fault, FaultCleared

FACES = range(1, 7)
VOID_DETAILS = {
    "broken": "a die broke",
    "stacked": "the dice landed one on the other",
    "on_chip": "a die landed on a chip",
    "off_table": "a die left the table",
    "on_rail": "a die landed on the rail",
    "in_reserve": "a die fell among the reserve dice",
    "bad_throw": "the dice slid or did not both hit the far side",
}
VOID_CAUSES = tuple(VOID_DETAILS)


def check_dice(d1: int, d2: int) -> None:
    if not all(type(die) is int and die in FACES for die in (d1, d2)):
        raise ValueError(f"each die shows 1 to 6, not {d1!r} and {d2!r}")


def check_cause(cause: str) -> None:
    if cause not in VOID_CAUSES:
        raise ValueError(f"unknown void cause {cause!r}; one of {', '.join(VOID_CAUSES)}")


def _now() -> int:
    return time.monotonic_ns()


@dataclass(frozen=True)
class DiceThrown:
    """The dice at rest after a throw, as read; `entered_by`: who entered them on the
    croupier's screen (hand.py), None when they were read."""

    dice: tuple[int, int]
    decides: ClassVar[bool] = True  # the event of an entry that decides its outcome
    t_ns: int = field(default_factory=_now)
    entered_by: str | None = None

    def __post_init__(self):
        if not isinstance(self.dice, tuple) or len(self.dice) != 2:
            raise ValueError(f"two dice, as a tuple: not {self.dice!r}")
        check_dice(*self.dice)


DiceEvent = DiceThrown | Fault | FaultCleared
