"""The simulated table I/O, a product feature (demos, laptop mode): contacts that a demo or a
test closes and opens as a hand would, debounced exactly as rpi-lgpio debounces on the Pi, and
LEDs that record what they showed.

A gesture is given with its durations and played at once in simulated time, without sleeping:
the clock jumps to time.monotonic_ns() when a gesture starts (it never goes back) and then runs
through the gesture, so a press lasting 50 ms is reported exactly bounce_ms after it starts.

URL: sim://gpio, or sim://gpio?closed=door,... for contacts closed at start (a shut door)
"""

from __future__ import annotations

import math
import threading
import time
from urllib.parse import parse_qs, urlsplit

from drivers.gpio.base import TableIO
from drivers.gpio.debounce import Debouncer, Settled
from drivers.gpio.events import GpioEvent
from drivers.gpio.pinmap import PinMap

CHATTER_MS = 0.5  # one pulse of contact bounce: shorter than any bounce_ms


class SimIO(TableIO):
    def __init__(self, url: str, pins: PinMap):
        super().__init__(url, pins)
        parts = urlsplit(url)
        query = parse_qs(parts.query)
        if (parts.netloc, parts.path) != ("gpio", "") or set(query) - {"closed"}:
            raise self._error(
                "not a simulated GPIO URL", "write sim://gpio or sim://gpio?closed=door,..."
            )
        closed = {name for value in query.get("closed", []) for name in value.split(",") if name}
        unknown = closed - set(pins.inputs)
        if unknown:
            raise self._error(
                f"closed={','.join(sorted(unknown))}: no such input",
                f"known inputs: {', '.join(pins.inputs)}",
            )
        # The pin levels: contacts open (inputs at their pull's level) but those closed in the
        # URL (a door that starts shut), LEDs dark.
        idle = pins.active_low
        self._levels = {pin: (name in closed) != idle for name, pin in pins.inputs.items()}
        self._levels |= {pin: False for pin in pins.leds.values()}
        self._debouncers = {
            pin: Debouncer(self._levels[pin], pins.bounce_ms * 1_000_000)
            for pin in pins.inputs.values()
        }
        self._led_names = {pin: name for name, pin in pins.leds.items()}
        self._line_lock = threading.Lock()  # guards the clock, the levels and the LED record
        self._clock = 0
        self._leds: list[tuple[str, bool, int]] = []
        self._history: list[GpioEvent] = []

    # Driving it

    def drive(self, name: str, *steps: tuple[bool, float]) -> None:
        """The contact of input `name` closes (True) or opens (False) for each step's
        milliseconds in turn; then it stays in its last position, reported once settled.
        While the GPIO is closed the contact moves but nothing is reported."""
        pin = self._pin("input", self.pins.inputs, name)
        if not steps:
            raise ValueError("drive needs at least one (closed, ms) step")
        durations = [_nanoseconds(ms) for _, ms in steps]
        debouncer = self._debouncers[pin]
        with self._line_lock:
            self._tick()
            for (closed, _), duration in zip(steps, durations):
                self._levels[pin] = level = closed != self.pins.active_low
                self._report(pin, debouncer.sample(level, self._clock))
                self._clock += duration
            settled = debouncer.settle()
            self._report(pin, settled)
            if settled is not None:
                self._clock = max(self._clock, settled.t_ns)

    def press(self, name: str, ms: float = 50) -> None:
        """Press and release: reported if it lasted bounce_ms or more, as on the Pi."""
        self.drive(name, (True, ms), (False, 0))

    def bounce(self, name: str, pulses: int, closed: bool = True) -> None:
        """The contact chatters `pulses` times, then stays `closed`: reported once."""
        chatter = [(closed, CHATTER_MS), (not closed, CHATTER_MS)] * pulses
        self.drive(name, *chatter, (closed, 0))

    def set_switch(self, name: str, closed: bool) -> None:
        self._pin("switch", self.pins.switches, name)
        self.drive(name, (closed, 0))

    @property
    def leds(self) -> list[tuple[str, bool, int]]:
        """Every change of an LED, in order: (name, lit, t_ns)."""
        with self._line_lock:
            return list(self._leds)

    @property
    def history(self) -> list[GpioEvent]:
        """Every event reported, in order."""
        with self._lock:
            return list(self._history)

    # The backend

    def _emit(self, event: GpioEvent) -> None:
        self._history.append(event)
        super()._emit(event)

    def _open(self) -> None:
        """Nothing to claim: the pins are this object's."""

    def _close(self) -> None:
        """Released pins float: the LEDs go dark."""
        for pin in self._led_names:
            self._write(pin, False)

    def _write(self, pin: int, level: bool) -> None:
        with self._line_lock:
            if self._levels[pin] != level:
                self._levels[pin] = level
                self._leds.append((self._led_names[pin], level, self._tick()))

    def _read(self, pin: int) -> bool:
        with self._line_lock:
            return self._levels[pin]

    def _tick(self) -> int:
        """Simulated time, caught up with the monotonic clock."""
        self._clock = max(self._clock, time.monotonic_ns())
        return self._clock

    def _report(self, pin: int, settled: Settled | None) -> None:
        if settled is not None:
            self._edge(pin, settled.level, settled.t_ns)


def _nanoseconds(ms: float) -> int:
    if not (math.isfinite(ms) and ms >= 0):
        raise ValueError(f"a step lasts 0 ms or more, not {ms!r}")
    return round(ms * 1_000_000)
