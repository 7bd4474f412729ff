"""The interface every dice reader backend implements: a Device (drivers/device.py) that can
be told to read the next throw."""

from __future__ import annotations

from abc import abstractmethod

from drivers.device import Device
from drivers.dice.events import DiceEvent


class DiceReader(Device[DiceEvent]):
    """The craps table's dice reader. A backend is constructed as `Backend(url, *, seed=None)`
    (seed only matters to simulated and emulated backends) and implements `_open`, `_close`,
    `_throw`, `_selftest`."""

    kind = "dice reader"

    def throw(self) -> None:
        """The bets are closed and the shooter has the dice: read the next throw. It comes as
        one DiceThrown, or as a void throw (events.py). One throw at a time: a reader reads
        only what follows a throw(), once; call it again when that throw has been read."""
        self._require_open("read a throw")
        self._throw()

    @abstractmethod
    def _throw(self) -> None: ...
