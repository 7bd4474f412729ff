"""The simulated wheel, a product feature (demos, laptop mode): it plays the physical timeline
of a spin as sensor readings, can be driven (a ball dropped in pocket 17, a void spin) and
records everything it emitted.

URL: sim://wheel?spin=SECONDS&seed=N&misspin=P&ball_out=P&object=P&launch_failed=P&no_drop=P
"""

from __future__ import annotations

import math
import queue
import random
import threading
import time
from dataclasses import dataclass, replace
from urllib.parse import urlsplit

from drivers.wheel.base import SelfTestCheck, Wheel
from drivers.faults import Fault, FaultCleared
from drivers.wheel.events import (
    BallInPocket,
    BallLaunched,
    BallLeavingRim,
    RotorSpin,
    WheelEvent,
    opposite,
)
from drivers.wheel.order import WheelOrder

# Moments of a spin, as fractions of the time from the launch to the ball in a pocket.
BALL_SEEN_IN_RIM = 0.1  # the rim sensor sees the ball after its first revolution
LEAVING_RIM = 0.6
IN_POCKET = 1.0
ROTOR_RPM = (14.0, 30.0)
SELFTEST_CHECKS = ("rim_sensor", "pocket_sensor", "rotor", "launcher", "stuck_sensor")


@dataclass(frozen=True)
class VoidCause:
    code: str
    param: str  # the URL parameter giving its probability per spin
    at: float  # when the sensors notice it; the readings due before then are emitted
    detail: str


VOID_CAUSES = {
    cause.code: cause
    for cause in (
        # Noticed when the ball should have been seen in the rim, so BallLaunched is not emitted.
        VoidCause("launch_failed", "launch_failed", BALL_SEEN_IN_RIM, "the ball missed the rim"),
        VoidCause("misspin", "misspin", 0.15, "the ball runs the same way as the rotor"),
        VoidCause("ball_out", "ball_out", 0.35, "the ball left the wheel"),
        VoidCause("object_in_wheel", "object", 0.8, "an object in the wheel stopped the ball"),
        VoidCause("no_drop", "no_drop", IN_POCKET, "the ball did not fall into a pocket"),
    )
}


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


class SimWheel(Wheel):
    """An automatic wheel. Each spin() draws its outcome at once from a seeded generator (the
    same seed and spin() calls give the same events) and a worker thread plays it in real time;
    with spin=0 the whole spin is emitted before spin() returns, without sleeping."""

    def __init__(self, url: str, order: WheelOrder, *, seed: int | None = None):
        super().__init__(url, order)
        parts = urlsplit(url)
        if parts.netloc != "wheel" or parts.path:
            raise self._error("not a simulated wheel's URL", "write sim://wheel?spin=SECONDS&...")
        params = self._query(
            {"spin": _seconds, "seed": int}
            | {cause.param: _probability for cause in VOID_CAUSES.values()}
        )
        self.spin_seconds: float = params.get("spin", 4.0)
        if seed is None:
            seed = params.get("seed")
        if seed is None:
            seed = random.SystemRandom().randrange(2**64)
        self.seed: int = seed  # kept, so that a demo with a random seed can be replayed
        self.void_odds = {code: params.get(c.param, 0.0) for code, c in VOID_CAUSES.items()}
        if sum(self.void_odds.values()) > 1:
            raise self._error("the void probabilities add up to more than 1", "lower them")
        self._rng = random.Random(seed)
        self._lock = threading.Lock()
        self._history: list[WheelEvent] = []
        self._forced_pockets: tuple[int, ...] | None = None
        self._forced_void: str | None = None
        self._failed: set[str] = set()
        self._stop = threading.Event()
        self._plans: queue.SimpleQueue = queue.SimpleQueue()
        self._worker: threading.Thread | None = None

    # Driving it

    def drop_ball(self, *pockets: int) -> None:
        """The ball of the next spin that reaches a pocket falls in `pockets` (indices from the
        datum; several, or one outside the wheel, make an impossible reading)."""
        if not pockets:
            raise ValueError("drop_ball needs at least one pocket index")
        with self._lock:
            self._forced_pockets = tuple(pockets)

    def fail_next(self, code: str) -> None:
        """Make the next spin a void spin for `code`."""
        if code not in VOID_CAUSES:
            raise ValueError(f"unknown void cause {code!r}; one of {', '.join(VOID_CAUSES)}")
        with self._lock:
            self._forced_void = code

    def emit(self, event: WheelEvent) -> None:
        """Report any raw reading, as if a sensor had sensed it."""
        if not isinstance(event, WheelEvent):
            raise TypeError(f"not a wheel event: {event!r}")
        self._emit(event)

    def fail_selftest(self, name: str) -> None:
        """Make the self-test check `name` fail, as a stuck sensor would."""
        if name not in SELFTEST_CHECKS:
            raise ValueError(f"unknown check {name!r}; one of {', '.join(SELFTEST_CHECKS)}")
        with self._lock:
            self._failed.add(name)

    @property
    def history(self) -> list[WheelEvent]:
        """Every event emitted, in order."""
        with self._lock:
            return list(self._history)

    # The backend

    def _emit(self, event: WheelEvent) -> None:
        with self._lock:
            self._history.append(event)
            super()._emit(event)

    def _open(self) -> None:
        self._stop.clear()
        if self.spin_seconds:
            self._worker = threading.Thread(
                target=self._run, name=f"sim wheel {self.url}", daemon=True
            )
            self._worker.start()

    def _close(self) -> None:
        """Stops at once, abandoning a spin in progress and any queued."""
        self._stop.set()
        if self._worker:
            self._plans.put(None)
            self._worker.join()
            self._worker = None

    def _spin(self, direction: str) -> None:
        with self._lock:
            plan = self._plan(direction)
        if self._worker:
            self._plans.put(plan)
        else:
            self._play(plan)

    def _selftest(self) -> list[SelfTestCheck]:
        with self._lock:
            failed = set(self._failed)
        return [
            SelfTestCheck(name, name not in failed, "stuck (injected)" if name in failed else "ok")
            for name in SELFTEST_CHECKS
        ]

    def _plan(self, direction: str) -> list[tuple[float, WheelEvent]]:
        """The readings of the next spin, each with its moment. Every spin draws the same three
        numbers, so that forcing one spin's outcome does not change the following spins."""
        rpm = round(self._rng.uniform(*ROTOR_RPM), 1)
        chance = self._rng.random()
        pocket = self._rng.randrange(len(self.order))
        void = self._forced_void or self._void_cause(chance)
        self._forced_void = None
        ball = direction if void == "misspin" else opposite(direction)
        timeline = [
            (0.0, RotorSpin(direction, rpm)),
            (BALL_SEEN_IN_RIM, BallLaunched(ball)),
            (LEAVING_RIM, BallLeavingRim()),
        ]
        if void is None:
            pockets = self._forced_pockets or (pocket,)
            self._forced_pockets = None
            return timeline + [(IN_POCKET, BallInPocket.read(self.order, pockets))]
        cause = VOID_CAUSES[void]
        fault = Fault(void, "warning", f"{cause.detail}: void spin", void=True)
        # The spin is over: the wheel is ready for the relaunch.
        return [step for step in timeline if step[0] < cause.at] + [
            (cause.at, fault),
            (cause.at, FaultCleared(void)),
        ]

    def _void_cause(self, chance: float) -> str | None:
        for code, odds in self.void_odds.items():
            if chance < odds:
                return code
            chance -= odds
        return None

    def _run(self) -> None:
        while (plan := self._plans.get()) is not None:
            self._play(plan)

    def _play(self, plan: list[tuple[float, WheelEvent]]) -> None:
        start = time.monotonic()
        for at, event in plan:
            if self._stop.wait(max(0.0, start + at * self.spin_seconds - time.monotonic())):
                return
            self._emit(replace(event, t_ns=time.monotonic_ns()))
