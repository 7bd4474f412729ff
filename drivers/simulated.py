"""What every simulated device does alike (the wheel, the dice reader, the card shoe): a seeded
generator, a record of what it emitted (its last HISTORY events), self-test checks that can be
made to fail, and a worker that plays each planned round in real time.

A round is planned at once (so that the same seed and the same calls give the same events) as
readings at fractions of the round's duration; with a duration of 0 the whole round is emitted
before the call that asked for it returns, without sleeping.
"""

from __future__ import annotations

import math
import queue
import random
import threading
import time
from collections import deque
from dataclasses import replace
from typing import Any, ClassVar

from drivers.device import Device, E
from drivers.selftest import SelfTestCheck

Plan = list[tuple[float, Any]]  # (fraction of the round's duration, the reading then)
HISTORY = 10_000  # events a simulated device keeps (a demo runs for days): some 1.7 MB at most


def seconds(text: str) -> float:
    """A URL's duration parameter."""
    value = float(text)
    if not (math.isfinite(value) and value >= 0):
        raise ValueError("seconds, 0 or more")
    return value


def probability(text: str) -> float:
    """A URL's probability parameter."""
    value = float(text)
    if not 0 <= value <= 1:
        raise ValueError("a probability, from 0 to 1")
    return value


class Simulated(Device[E]):
    """Mixed in before a device's interface: `class SimDice(Simulated[DiceEvent], DiceReader)`.
    The device calls `_simulate` in its constructor and `_submit(plan)` for each round."""

    SELFTEST_CHECKS: ClassVar[tuple[str, ...]]
    FAILED: ClassVar[str]  # how an injected self-test failure reads: "stuck (injected)"

    def _simulate(self, seed: int | None, duration: float) -> None:
        if seed is None:
            seed = random.SystemRandom().randrange(2**64)
        self.seed: int = seed  # kept, so that a demo with a random seed can be replayed
        self._rng = random.Random(seed)
        self._duration = duration
        self._lock = threading.Lock()
        self._history: deque[E] = deque(maxlen=HISTORY)
        self._failed: set[str] = set()
        self._stop = threading.Event()
        self._plans: queue.SimpleQueue = queue.SimpleQueue()
        self._worker: threading.Thread | None = None

    def fail_selftest(self, name: str) -> None:
        """Make the self-test check `name` fail."""
        if name not in self.SELFTEST_CHECKS:
            raise ValueError(f"unknown check {name!r}; one of {', '.join(self.SELFTEST_CHECKS)}")
        with self._lock:
            self._failed.add(name)

    @property
    def history(self) -> list[E]:
        """The events emitted, in order: every one, or the last HISTORY in a long run."""
        with self._lock:
            return list(self._history)

    def _emit(self, event: E) -> None:
        with self._lock:
            self._history.append(event)
            super()._emit(event)

    def _open(self) -> None:
        self._stop.clear()
        if self._duration:
            self._worker = threading.Thread(
                target=self._run, name=f"simulated {self.url}", daemon=True
            )
            self._worker.start()

    def _close(self) -> None:
        """Stops at once, abandoning a round in progress and any queued."""
        self._stop.set()
        if self._worker:
            self._plans.put(None)
            self._worker.join()
            self._worker = None

    def _selftest(self) -> list[SelfTestCheck]:
        with self._lock:
            failed = set(self._failed)
        return [
            SelfTestCheck(name, name not in failed, self.FAILED if name in failed else "ok")
            for name in self.SELFTEST_CHECKS
        ]

    def _submit(self, plan: Plan) -> None:
        if self._worker:
            self._plans.put(plan)
        else:
            self._play(plan)

    def _run(self) -> None:
        while (plan := self._plans.get()) is not None:
            self._play(plan)

    def _play(self, plan: Plan) -> None:
        start = time.monotonic()
        for at, event in plan:
            if self._stop.wait(max(0.0, start + at * self._duration - time.monotonic())):
                return
            self._emit(replace(event, t_ns=time.monotonic_ns()))
