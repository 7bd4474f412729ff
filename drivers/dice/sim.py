"""The simulated dice reader, a product feature (demos, laptop mode): fair dice thrown from a
seeded generator, drivable (the next throw shows these dice, or is void for this cause) and
recording everything it emitted.

URL: sim://dice?throw=SECONDS&void=P&seed=N (`throw`: seconds from throw() to the reading, 0:
emitted inside throw(); `void`: the probability that a throw is void, for a random cause)
"""

from __future__ import annotations

import math
import queue
import random
import threading
import time
from dataclasses import replace
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
from drivers.selftest import SelfTestCheck

SELFTEST_CHECKS = ("camera", "lighting", "calibration")


def _seconds(text: str) -> float:
    value = float(text)
    if not (math.isfinite(value) and value >= 0):
        raise ValueError("seconds, 0 or more")
    return value


def _probability(text: str) -> float:
    value = float(text)
    if not 0 <= value <= 1:
        raise ValueError("a probability, from 0 to 1")
    return value


class SimDice(DiceReader):
    """Each throw() draws its outcome at once (the same seed and throw() calls give the same
    events) and a worker thread reads it `throw` seconds later; with throw=0 the reading is
    emitted before throw() returns, without sleeping."""

    def __init__(self, url: str, *, seed: int | None = None):
        super().__init__(url)
        parts = urlsplit(url)
        if parts.netloc != "dice" or parts.path:
            raise self._error("not a simulated dice reader's URL",
                              "write sim://dice?throw=SECONDS&void=P")
        params = self._query({"throw": _seconds, "void": _probability, "seed": int})
        self.throw_seconds: float = params.get("throw", 1.0)
        self.void_odds: float = params.get("void", 0.0)
        if seed is None:
            seed = params.get("seed")
        if seed is None:
            seed = random.SystemRandom().randrange(2**64)
        self.seed: int = seed  # kept, so that a demo with a random seed can be replayed
        self._rng = random.Random(seed)
        self._lock = threading.Lock()
        self._history: list[DiceEvent] = []
        self._forced_dice: tuple[int, int] | None = None
        self._forced_void: str | None = None
        self._failed: set[str] = set()
        self._stop = threading.Event()
        self._plans: queue.SimpleQueue = queue.SimpleQueue()
        self._worker: threading.Thread | None = None

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

    def fail_selftest(self, name: str) -> None:
        """Make the self-test check `name` fail, as a blinded camera would."""
        if name not in SELFTEST_CHECKS:
            raise ValueError(f"unknown check {name!r}; one of {', '.join(SELFTEST_CHECKS)}")
        with self._lock:
            self._failed.add(name)

    @property
    def history(self) -> list[DiceEvent]:
        """Every event emitted, in order."""
        with self._lock:
            return list(self._history)

    # The backend

    def _emit(self, event: DiceEvent) -> None:
        with self._lock:
            self._history.append(event)
            super()._emit(event)

    def _open(self) -> None:
        self._stop.clear()
        if self.throw_seconds:
            self._worker = threading.Thread(target=self._run, name=f"sim dice {self.url}",
                                            daemon=True)
            self._worker.start()

    def _close(self) -> None:
        """Stops at once, abandoning the throws not yet read."""
        self._stop.set()
        if self._worker:
            self._plans.put(None)
            self._worker.join()
            self._worker = None

    def _throw(self) -> None:
        with self._lock:
            plan = self._plan()
        if self._worker:
            self._plans.put(plan)
        else:
            self._read(plan)

    def _selftest(self) -> list[SelfTestCheck]:
        with self._lock:
            failed = set(self._failed)
        return [SelfTestCheck(name, name not in failed, "failed (injected)" if name in failed
                              else "ok") for name in SELFTEST_CHECKS]

    def _plan(self) -> list[DiceEvent]:
        """The readings of the next throw. Every throw draws the same four numbers, so that
        forcing one throw's outcome does not change the following throws."""
        chance = self._rng.random()
        cause = self._rng.choice(VOID_CAUSES)
        dice = (self._rng.choice(FACES), self._rng.choice(FACES))
        void = self._forced_void or (cause if chance < self.void_odds else None)
        self._forced_void = None
        if void is None:
            dice, self._forced_dice = self._forced_dice or dice, None
            return [DiceThrown(dice)]
        # The throw is over: the shooter throws again.
        return [Fault(void, "warning", f"{VOID_DETAILS[void]}: void throw", void=True),
                FaultCleared(void)]

    def _run(self) -> None:
        while (plan := self._plans.get()) is not None:
            if self._stop.wait(self.throw_seconds):
                return
            self._read(plan)

    def _read(self, plan: list[DiceEvent]) -> None:
        for event in plan:
            self._emit(replace(event, t_ns=time.monotonic_ns()))
