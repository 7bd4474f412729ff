"""The table's discrete I/O (buttons, switches, status LEDs): one interface (base.TableIO),
backends chosen by the scheme of a URL."""

from __future__ import annotations

from drivers.device import check_url, open_url
from drivers.gpio.base import TableIO
from drivers.gpio.events import ButtonPressed, GpioEvent, SwitchChanged
from drivers.gpio.pinmap import PinMap
from drivers.gpio.rpigpio import RPiGPIOIO
from drivers.gpio.sim import SimIO

__all__ = [
    "BACKENDS",
    "ButtonPressed",
    "GpioEvent",
    "PinMap",
    "SwitchChanged",
    "TableIO",
    "check_gpio_url",
    "open_gpio",
]

# The one place a backend is registered: URL scheme -> class built as cls(url, pins).
BACKENDS: dict[str, type[TableIO]] = {"sim": SimIO, "rpigpio": RPiGPIOIO}


def open_gpio(url: str, pins: PinMap) -> TableIO:
    """The table I/O at `url` with the devices of `pins`, opened (opening again is harmless)."""
    return open_url(TableIO.kind, BACKENDS, url, pins)


def check_gpio_url(url: str, pins: PinMap) -> None:
    """DeviceError when `url` is no table I/O's for `pins` (sim://gpio?closed= names an input
    `pins` lacks), found without claiming a pin or importing RPi.GPIO."""
    check_url(TableIO.kind, BACKENDS, url, pins)
