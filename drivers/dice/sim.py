"""The simulated dice reader, a product feature (demos, laptop mode): fair dice thrown from a
seeded generator, drivable (the next throw shows these dice, or is void for this cause) and
recording everything it emitted.

URL: sim://dice?throw=SECONDS&void=P&seed=N (`throw`: seconds from throw() to the reading, 0:
emitted inside throw(); `void`: the probability that a throw is void, for a random cause)
"""

from __future__ import annotations

from urllib.parse import urlsplit

from drivers.dice.base import DiceReader
from drivers.dice.events import (
    FACES,
    VOID_CAUSES,
    VOID_DETAILS,
    DiceEvent,
    DiceThrown,
    check_cause,
    check_dice,
)
from drivers.faults import Fault, FaultCleared
from drivers.simulated import Plan, Simulated, probability, seconds


class SimDice(Simulated[DiceEvent], DiceReader):
    """Each throw() draws its outcome at once (the same seed and throw() calls give the same
    events) and a worker thread reads it `throw` seconds later; with throw=0 the reading is
    emitted before throw() returns, without sleeping."""

    SELFTEST_CHECKS = ("camera", "lighting", "calibration")
    FAILED = "failed (injected)"

    def __init__(self, url: str, *, seed: int | None = None):
        super().__init__(url)
        parts = urlsplit(url)
        if parts.netloc != "dice" or parts.path:
            raise self._error(
                "not a simulated dice reader's URL", "write sim://dice?throw=SECONDS&void=P"
            )
        params = self._query({"throw": seconds, "void": probability, "seed": int})
        self.throw_seconds: float = params.get("throw", 1.0)
        self.void_odds: float = params.get("void", 0.0)
        self._simulate(params.get("seed") if seed is None else seed, self.throw_seconds)
        self._forced_dice: tuple[int, int] | None = None
        self._forced_void: str | None = None

    # Driving it

    def set_next(self, d1: int, d2: int) -> None:
        """The next throw that is not void shows these dice."""
        check_dice(d1, d2)
        with self._lock:
            self._forced_dice = (d1, d2)

    def fail_next(self, cause: str) -> None:
        """The next throw is void for `cause`, one of VOID_CAUSES."""
        check_cause(cause)
        with self._lock:
            self._forced_void = cause

    # The backend

    def _throw(self) -> None:
        with self._lock:
            plan = self._plan()
        self._submit(plan)

    def _plan(self) -> Plan:
        """The readings of the next throw. Every throw draws the same four numbers, so that
        forcing one throw's outcome does not change the following throws."""
        chance = self._rng.random()
        cause = self._rng.choice(VOID_CAUSES)
        dice = (self._rng.choice(FACES), self._rng.choice(FACES))
        void = self._forced_void or (cause if chance < self.void_odds else None)
        self._forced_void = None
        if void is None:
            dice, self._forced_dice = self._forced_dice or dice, None
            return [(1.0, DiceThrown(dice))]
        # The throw is over: the shooter throws again.
        return [
            (1.0, Fault(void, "warning", f"{VOID_DETAILS[void]}: void throw", void=True)),
            (1.0, FaultCleared(void)),
        ]
