"""The interface every wheel backend implements: a Device (drivers/device.py) that knows its
wheel's order and can be asked for a spin."""

from __future__ import annotations

from abc import abstractmethod

from drivers.device import Device
from drivers.selftest import SelfTestCheck  # noqa: F401  kept importable from here, its first home
from drivers.wheel.events import WheelEvent, check_direction
from drivers.wheel.order import WheelOrder


class Wheel(Device[WheelEvent]):
    """One wheel. A backend is constructed as `Backend(url, order, *, seed=None)` (seed only
    matters to simulated and emulated backends) and implements `_open`, `_close`, `_spin`,
    `_selftest`."""

    kind = "wheel"

    def __init__(self, url: str, order: WheelOrder):
        super().__init__(url)
        self.order = order

    def spin(self, direction: str) -> None:
        """Ask for the next spin, the rotor turning `direction` ("cw"/"ccw") and the ball launched
        against it. An automatic wheel starts a game; a manual wheel (spun by hand) ignores it."""
        check_direction(direction)
        self._require_open("spin")
        self._spin(direction)

    @abstractmethod
    def _spin(self, direction: str) -> None: ...
