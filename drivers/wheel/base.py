"""The interface every wheel backend implements: a Device (drivers/device.py) that knows its
wheel's order, can be asked for a spin, and can be put in pocket-test mode for the guided wheel
test (terminal/selftest/guided.py)."""

from __future__ import annotations

import logging
from abc import abstractmethod
from typing import ClassVar

from drivers.device import Device
from drivers.errors import DeviceError
from drivers.selftest import SelfTestCheck  # noqa: F401  kept importable from here, its first home
from drivers.wheel.events import WheelEvent, check_direction
from drivers.wheel.order import WheelOrder

log = logging.getLogger(__name__)


class Wheel(Device[WheelEvent]):
    """One wheel. A backend is constructed as `Backend(url, order, *, seed=None)` (seed only
    matters to simulated and emulated backends) and implements `_open`, `_close`, `_spin`,
    `_selftest`, and for the pocket test `_pocket_test` and `_ask_drop`.

    The pocket test: with `pocket_test(True)` the wheel reports, outside any spin, each ball a
    technician drops by hand (BallInPocket, its pocket index from the datum and that pocket's
    number on the configured order) and the rotor turned either way (RotorSpin); the guided test
    says which pocket it asks for next with `ask_drop`. `pocket_test(False)` ends it, and so does
    close(). A wheel with nothing to test (the croupier enters the numbers) says why in
    `no_pocket_test`."""

    kind = "wheel"
    # why this wheel has no pocket test; None: it has one
    no_pocket_test: ClassVar[str | None] = None
    # whether the terminal can switch this wheel on (power_on): a Cammegh that powered down
    can_power_on: ClassVar[bool] = False

    def __init__(self, url: str, order: WheelOrder):
        super().__init__(url)
        self.order = order
        self.pocket_testing = False

    def spin(self, direction: str) -> None:
        """Ask for the next spin, the rotor turning `direction` ("cw"/"ccw") and the ball launched
        against it. An automatic wheel starts a game; a manual wheel (spun by hand) ignores it."""
        check_direction(direction)
        self._require_open("spin")
        self._spin(direction)

    def bets_close_in(self) -> float | None:
        """Seconds until the spin in progress closes its bets (the ball leaving the rim), for
        a wheel that knows it ahead (the simulated one plays a plan); None: unknown, or past."""
        return None

    def pocket_test(self, on: bool) -> None:
        """Start (True) or end (False) the pocket test; starting it again, or ending it when it
        is not running, changes nothing. DeviceError when this wheel has none (no_pocket_test)
        or cannot start it now (a Cammegh in the middle of a game)."""
        if self.no_pocket_test is not None:
            raise self._error(f"no pocket test: {self.no_pocket_test}", "there is nothing to test")
        self._require_open("test its pockets")
        if on != self.pocket_testing:
            self._pocket_test(on)
            self.pocket_testing = on

    def ask_drop(self, pocket: int, rotor: str) -> None:
        """The guided test asks the technician for the ball in pocket index `pocket` (of this
        wheel's order) and the rotor turned `rotor`: our board lights that arrow, the simulated
        wheel drops the ball there, a Cammegh needs nothing (its sensors report what the
        technician does)."""
        check_direction(rotor)
        if not self.pocket_testing:
            raise self._error("no drop is asked outside the pocket test", "start it first")
        if not 0 <= pocket < len(self.order):
            last = len(self.order) - 1
            raise ValueError(f"pocket {pocket} is not one of this wheel's, 0 to {last}")
        self._ask_drop(pocket, rotor)

    def power_on(self) -> None:
        """Switch the wheel on: a person's action (a button on the screen), never the driver's
        own after the wheel powered down, whether by a fault or at its own panel. Nothing when
        it is on; DeviceError saying what to do when it cannot be, or stays off."""
        if not self.can_power_on:
            raise self._error("the terminal cannot switch this wheel on", "switch it on by hand")
        self._require_open("switch the wheel on")
        self._power_on()

    def close(self) -> None:
        if self.is_open and self.pocket_testing:
            try:
                self.pocket_test(False)
            except DeviceError as error:
                log.warning("%s: the pocket test did not end cleanly: %s", self.url, error)
            self.pocket_testing = False
        super().close()

    @abstractmethod
    def _spin(self, direction: str) -> None: ...

    def _pocket_test(self, on: bool) -> None:
        """Enter or leave pocket-test mode (a backend with a pocket test overrides it)."""
        raise NotImplementedError

    def _power_on(self) -> None:
        """Switch the wheel on (a backend that can_power_on overrides it)."""
        raise NotImplementedError

    def _ask_drop(self, pocket: int, rotor: str) -> None:
        """What the wheel does when a drop is asked for; nothing by default."""
