"""The interface of the table's discrete I/O. As in gpiozero, devices are names in a PinMap and a
backend overrides only a few pin hooks; the base class does once what every backend needs: the
debounced switch states, name look-ups and the self-test, over what every device has
(drivers.device: the events' delivery, the open check, errors)."""

from __future__ import annotations

import threading
from abc import abstractmethod
from collections.abc import Callable, Mapping

from drivers.device import Device
from drivers.errors import DeviceError
from drivers.gpio.events import ButtonPressed, GpioEvent, SwitchChanged
from drivers.gpio.pinmap import PinMap
from drivers.selftest import SelfTestCheck


class TableIO(Device[GpioEvent]):
    """The table's buttons, switches and status LEDs, by their names in `pins`.

    A backend is built as `Backend(url, pins)` and implements `_open` (claim the pins, then
    report each debounced change of an input through `_edge`, from any thread), `_close`
    (release them), `_write` and `_read` (a pin's level).
    """

    kind = "gpio"

    def __init__(self, url: str, pins: PinMap):
        super().__init__(url)
        self.pins = pins
        self._lock = threading.Lock()  # guards the switch states and the order of their events
        self._switch_states: dict[str, bool] = {}  # closed or not, debounced, as last reported
        self._inputs = {pin: name for name, pin in pins.inputs.items()}

    def open(self) -> None:
        """Claim the pins (opening again is harmless); switches start as they read now."""
        if self.is_open:
            return
        with self._lock:
            self._switch_states.clear()
        self._open()
        try:
            levels = {name: self._read(pin) for name, pin in self.pins.switches.items()}
        except BaseException:
            self._close()
            raise
        self.is_open = True
        # A change reported since the reading is newer than it: keep it.
        with self._lock:
            for name, level in levels.items():
                self._switch_states.setdefault(name, self._contact(level))

    def led(self, name: str, on: bool) -> None:
        pin = self._pin("LED", self.pins.leds, name)
        self._require_open("set an LED")
        self._write(pin, bool(on))

    def led_state(self, name: str) -> bool:
        """Whether the LED is lit, read back from its pin."""
        pin = self._pin("LED", self.pins.leds, name)
        self._require_open("read an LED")
        return self._read(pin)

    def switch_closed(self, name: str) -> bool:
        """The switch's debounced state: the last one reported, or read at open()."""
        self._pin("switch", self.pins.switches, name)
        self._require_open("read a switch")
        with self._lock:
            return self._switch_states[name]

    def _selftest(self) -> list[SelfTestCheck]:
        """Every button released, every switch readable, every LED read back lit and dark (a
        short lamp test, leaving each LED as it was)."""
        groups = (
            ("button", self.pins.buttons, self._check_button),
            ("switch", self.pins.switches, self._check_switch),
            ("LED", self.pins.leds, self._check_led),
        )
        return [
            self._run_check(f"{kind} {name}", check, pin)
            for kind, devices, check in groups
            for name, pin in devices.items()
        ]

    # For backends

    def _edge(self, pin: int, level: bool, t_ns: int) -> None:
        """Input `pin` settled at `level` (debounced), reported at `t_ns`. Any thread."""
        if not self.is_open:
            return
        name, closed = self._inputs[pin], self._contact(level)
        with self._lock:
            if name in self.pins.buttons:
                if closed:
                    self._emit(ButtonPressed(name, t_ns))
            elif self._switch_states.get(name) != closed:
                self._switch_states[name] = closed
                self._emit(SwitchChanged(name, closed, t_ns))

    @abstractmethod
    def _write(self, pin: int, level: bool) -> None: ...

    @abstractmethod
    def _read(self, pin: int) -> bool: ...

    # Inside

    def _contact(self, level: bool) -> bool:
        """Whether an input at `level` is closed."""
        return bool(level) != self.pins.active_low

    def _pin(self, kind: str, devices: Mapping[str, int], name: str) -> int:
        if name not in devices:
            known = ", ".join(devices) or "none"
            raise ValueError(f"gpio {self.url}: no {kind} named {name!r}; {kind} names: {known}")
        return devices[name]

    def _run_check(
        self, name: str, check: Callable[[int], tuple[bool, str]], pin: int
    ) -> SelfTestCheck:
        try:
            return SelfTestCheck(name, *check(pin))
        except DeviceError as e:
            return SelfTestCheck(name, False, str(e))

    def _check_button(self, pin: int) -> tuple[bool, str]:
        if self._contact(self._read(pin)):
            return False, f"GPIO{pin} reads pressed: stuck, shorted, or held down now"
        return True, f"GPIO{pin} released"

    def _check_switch(self, pin: int) -> tuple[bool, str]:
        return True, f"GPIO{pin} {'closed' if self._contact(self._read(pin)) else 'open'}"

    def _check_led(self, pin: int) -> tuple[bool, str]:
        was = self._read(pin)
        self._write(pin, not was)
        flipped = self._read(pin)
        self._write(pin, was)
        if (flipped, self._read(pin)) != (not was, was):
            return False, f"GPIO{pin} does not read back the level written"
        return True, f"GPIO{pin} reads back lit and dark"
