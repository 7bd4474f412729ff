"""The simulated wheel, a product feature (demos, laptop mode): it plays the physical timeline
of a spin as sensor readings, can be driven (a ball dropped in pocket 17, a void spin) and
records everything it emitted. In the pocket test its technician does as asked: each drop asked
for is the rotor turned the way asked, then the ball in the pocket asked (or in the pockets of
drop_ball(), to play a wheel that reads wrong), half a spin's time later.

Bets stay open from the spin asked to the ball leaving the rim: 0.6 of `spin` after the launch,
or `bets` seconds when the croupier waits before launching (a demo's betting time by hand); the
wheel says nothing while it waits (`quiet_up_to`, which the table's wheel timeout must exceed),
and tells when its bets close (`bets_close_in`).

URL: sim://wheel?spin=SECONDS&bets=SECONDS&seed=N&misspin=P&ball_out=P&object=P&launch_failed=P
&no_drop=P
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from urllib.parse import urlsplit

from drivers.faults import Fault, FaultCleared
from drivers.simulated import Plan, Simulated, probability, seconds
from drivers.wheel.base import Wheel
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
# A drop the pocket test asks for: the rotor turned by hand, then the ball laid in the pocket.
HAND_RPM = 6.0  # fixed: the pocket test draws nothing, so the seeded spins stay the same
HAND_DROP = 0.5


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


class SimWheel(Simulated[WheelEvent], Wheel):
    """An automatic wheel. Each spin() draws its outcome at once from a seeded generator (the
    same seed and spin() calls give the same events) and a worker thread plays it in real time;
    with spin=0 the whole spin is emitted before spin() returns, without sleeping."""

    SELFTEST_CHECKS = ("rim_sensor", "pocket_sensor", "rotor", "launcher", "stuck_sensor")
    FAILED = "stuck (injected)"

    def __init__(self, url: str, order: WheelOrder, *, seed: int | None = None):
        super().__init__(url, order)
        parts = urlsplit(url)
        if parts.netloc != "wheel" or parts.path:
            raise self._error("not a simulated wheel's URL", "write sim://wheel?spin=SECONDS&...")
        params = self._query(
            {
                "spin": seconds,
                "bets": seconds,
                "seed": int,
                **{cause.param: probability for cause in VOID_CAUSES.values()},
            }
        )
        self.spin_seconds: float = params.get("spin", 4.0)
        # from the spin asked to no more bets: the ball's time in the rim, or longer when the
        # croupier waits before launching (`bets`)
        self.bets_seconds: float = max(params.get("bets", 0.0), LEAVING_RIM * self.spin_seconds)
        if params.get("bets") and not self.spin_seconds:
            raise self._error("bets needs a spin that takes time", "give spin above 0")
        self._wait = self.bets_seconds - LEAVING_RIM * self.spin_seconds
        self._closes_at: float | None = None  # time.monotonic() of this spin's no more bets
        self.void_odds = {code: params.get(c.param, 0.0) for code, c in VOID_CAUSES.items()}
        if sum(self.void_odds.values()) > 1:
            raise self._error("the void probabilities add up to more than 1", "lower them")
        self._simulate(params.get("seed") if seed is None else seed, self.spin_seconds)
        self._forced_pockets: tuple[int, ...] | None = None
        self._forced_void: str | None = None

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

    @property
    def quiet_up_to(self) -> float:
        """The croupier's wait before the launch, with no reading meanwhile."""
        return self._wait

    @property
    def quiet_cause(self) -> tuple[str, str]:
        return (
            "the croupier's wait before the launch: bets less 0.6 x spin of its URL",
            "lower bets",
        )

    def bets_close_in(self) -> float | None:
        """Seconds until the ball of the spin in progress leaves the rim (no more bets), as its
        plan has it; None once it is past, or before any spin."""
        closes_at = self._closes_at
        if closes_at is None or (left := closes_at - time.monotonic()) <= 0:
            return None
        return left

    # The backend

    def _spin(self, direction: str) -> None:
        with self._lock:
            plan = self._plan(direction)
            self._closes_at = time.monotonic() + self.bets_seconds
        self._submit(plan)

    def _pocket_test(self, on: bool) -> None:
        """Nothing to switch: the simulated sensors report whatever happens."""

    def _ask_drop(self, pocket: int, rotor: str) -> None:
        with self._lock:
            pockets, self._forced_pockets = self._forced_pockets or (pocket,), None
        self._submit(
            [(0.0, RotorSpin(rotor, HAND_RPM)), (HAND_DROP, BallInPocket.read(self.order, pockets))]
        )

    def _plan(self, direction: str) -> Plan:
        """The readings of the next spin, each with its moment, after the croupier's wait.
        Every spin draws the same three numbers, so that forcing one spin's outcome does not
        change the following spins."""
        wait = self._wait / self.spin_seconds if self._wait else 0.0
        return [(wait + at, reading) for at, reading in self._ball(direction)]

    def _ball(self, direction: str) -> Plan:
        """The readings of a spin from the rotor's report, as fractions of `spin`."""
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
