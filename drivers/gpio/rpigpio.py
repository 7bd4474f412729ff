"""The table's I/O through the RPi.GPIO API, served on the Pi by rpi-lgpio (the `pi` extra): it
works on every model, debounces in the library (see debounce.py) and runs the callbacks one after
another on a thread of its own, so they only stamp and enqueue.

URL: rpigpio://
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from drivers.errors import DeviceError
from drivers.gpio.base import TableIO
from drivers.gpio.pinmap import PinMap

INSTALL = "pip install 'dealer-terminal[pi]'"
# What the RPi.GPIO API raises, by a phrase of its message: the problem and its fix.
DIAGNOSES = (
    (
        ("not allocated", "busy"),
        "another process holds {what}",
        "stop it (sudo lsof /dev/gpiochip* names it) or wire the device to a free pin",
    ),
    (
        ("SOC peripheral base address", "Failed to add edge detection"),
        (
            "the original RPi.GPIO package is installed: it does not work on a Pi 5, nor detect "
            "edges on a Pi 4 with a 6.6 kernel"
        ),
        f"pip uninstall RPi.GPIO, then {INSTALL} (rpi-lgpio)",
    ),
    (
        ("different mode",),
        "another part of this process numbers the pins otherwise (GPIO.BOARD)",
        "use GPIO.setmode(GPIO.BCM) everywhere: the pin map holds BCM numbers",
    ),
    (
        ("only be run on a Raspberry Pi",),
        "this machine is not a Raspberry Pi",
        "use sim://gpio here",
    ),
)
NO_ACCESS = (
    "cannot use {what} through /dev/gpiochip*",
    "add the service user to the gpio group (sudo usermod -aG gpio USER) and log in again",
)


class RPiGPIOIO(TableIO):
    def __init__(self, url: str, pins: PinMap):
        super().__init__(url, pins)
        parts = urlsplit(url)
        if (parts.netloc, parts.path, parts.query) != ("", "", ""):
            raise self._error("not an RPi.GPIO URL", "write rpigpio://")
        self._gpio: Any = None  # the RPi.GPIO module, imported by open()

    def _open(self) -> None:
        gpio = self._gpio = self._import()
        claimed: list[int] = []

        def claim(pin: int, *setup: Any, **options: Any) -> None:
            self._call(pin, gpio.setup, pin, *setup, **options)
            claimed.append(pin)

        pull = gpio.PUD_UP if self.pins.active_low else gpio.PUD_DOWN
        press = gpio.FALLING if self.pins.active_low else gpio.RISING
        watched = [(pin, press, self._pressed) for pin in self.pins.buttons.values()]
        watched += [(pin, gpio.BOTH, self._switched) for pin in self.pins.switches.values()]
        try:
            self._call(None, gpio.setmode, gpio.BCM)
            for pin in self.pins.leds.values():
                claim(pin, gpio.OUT, initial=gpio.LOW)
            for pin, edge, callback in watched:
                claim(pin, gpio.IN, pull_up_down=pull)
                self._call(
                    pin,
                    gpio.add_event_detect,
                    pin,
                    edge,
                    callback=callback,
                    bouncetime=self.pins.bounce_ms,
                )
        except DeviceError:
            if claimed:
                gpio.cleanup(claimed)
            raise

    def _close(self) -> None:
        """Releases this object's pins only: another part of the process may use others."""
        self._gpio.cleanup([*self.pins.leds.values(), *self.pins.inputs.values()])

    def _write(self, pin: int, level: bool) -> None:
        self._call(pin, self._gpio.output, pin, self._gpio.HIGH if level else self._gpio.LOW)

    def _read(self, pin: int) -> bool:
        return bool(self._call(pin, self._gpio.input, pin))

    # rpi-lgpio's callbacks, on its thread

    def _pressed(self, pin: int) -> None:
        """Only the edge of a press is watched: no need to read the level, which may be gone."""
        self._edge(pin, not self.pins.active_low, time.monotonic_ns())

    def _switched(self, pin: int) -> None:
        t_ns = time.monotonic_ns()
        if self.is_open:  # the pin may be released already
            self._edge(pin, self._read(pin), t_ns)

    # Errors

    def _import(self) -> Any:
        try:
            return importlib.import_module("RPi.GPIO")
        except ImportError as e:
            raise self._error(
                f"cannot import RPi.GPIO ({e})",
                f"{INSTALL}, which brings rpi-lgpio (the RPi.GPIO package itself does not work "
                "on a Pi 5)",
            ) from e
        except Exception as e:  # rpi-lgpio refuses to load off a Pi
            raise self._diagnose("RPi.GPIO", e) from e

    def _call(self, pin: int | None, function: Callable[..., Any], *args: Any, **options: Any):
        try:
            return function(*args, **options)
        except Exception as e:  # lgpio.error is no RuntimeError: the message tells
            raise self._diagnose("the GPIO chip" if pin is None else f"GPIO{pin}", e) from e

    def _diagnose(self, what: str, error: Exception) -> DeviceError:
        text = str(error)
        problem, fix = next(
            (
                (problem, fix)
                for phrases, problem, fix in DIAGNOSES
                if any(phrase in text for phrase in phrases)
            ),
            NO_ACCESS,
        )
        return self._error(f"{problem.format(what=what)} ({type(error).__name__}: {text})", fix)
