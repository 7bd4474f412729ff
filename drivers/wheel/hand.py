"""The wheel whose outcome the croupier enters on the screen (drivers/hand.py): a manual wheel
with no sensor, or one whose sensor is out of order.

URL: screen://

spin() asks nothing of it (a person spins the wheel and launches the ball). Each entry ends a
spin as a sensor would: the ball launched (unless `launch()` said so already this spin), the
ball leaving the rim ("no more bets"), then the ball in the pocket of the number entered,
marked with who entered it.
"""

from __future__ import annotations

from drivers.hand import Hand
from drivers.wheel.base import Wheel
from drivers.wheel.events import (
    BallInPocket,
    BallLaunched,
    BallLeavingRim,
    WheelEvent,
    opposite,
)
from drivers.wheel.order import WheelOrder


class HandWheel(Hand[WheelEvent], Wheel):
    no_pocket_test = "this wheel has no sensor (screen://): the croupier enters each number by hand"

    def __init__(self, url: str, order: WheelOrder, *, seed: int | None = None):
        super().__init__(url, order)
        self._hand()
        self._ball = "ccw"  # the ball's direction: against the rotor of the spin asked for
        self._launched = False  # BallLaunched emitted for the spin in play

    def launch(self) -> None:
        """The croupier says the ball is launched (the players bet while it turns):
        BallLaunched, once a spin."""
        self._require_open("take an entry")
        with self._lock:
            self._launch(None)

    def enter(self, number: int, by: str) -> None:
        """The ball fell in `number`, as the croupier `by` entered and confirmed it (from any
        thread); ValueError, and nothing emitted, for a number this wheel has not."""
        by = self._entry(by)
        if type(number) is not int or number not in self.order.numbers:
            raise ValueError(f"{number!r} is not a number of this wheel: {self._numbers()}")
        with self._lock:
            self._launch(by)
            self._emit(BallLeavingRim(entered_by=by))
            pocket = self.order.index(number)
            self._emit(BallInPocket((pocket,), (number,), entered_by=by))
            self._launched = False  # the spin is over: the next entry is the next spin's

    def _spin(self, direction: str) -> None:
        with self._lock:
            self._ball, self._launched = opposite(direction), False

    def _launch(self, by: str | None) -> None:
        if not self._launched:
            self._launched = True
            self._emit(BallLaunched(self._ball, entered_by=by))

    def _numbers(self) -> str:
        numbers = sorted(set(self.order.numbers))
        if numbers == list(range(numbers[0], numbers[-1] + 1)):
            return f"{numbers[0]} to {numbers[-1]}"
        return "one of " + ", ".join(map(str, numbers))
