"""Which device is wired to which pin: configuration data, checked once when built."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

BCM_PINS = range(2, 28)  # the header's GPIOs; 0 and 1 belong to the HAT ID EEPROM
KINDS = {"buttons": "button", "switches": "switch", "leds": "LED"}


@dataclass(frozen=True)
class PinMap:
    """Devices by name -> BCM pin, each name and pin used once. Buttons are momentary (a press is
    reported, not the release); switches report every change; an LED is lit by a high pin.

    `active_low`: buttons and switches close to ground against the pull-ups (False: to 3.3 V
    against pull-downs). A change of an input is reported once it has held for `bounce_ms`, and
    shorter pulses never are (rpi-lgpio's debounce): keep it short, it delays every report.
    """

    buttons: Mapping[str, int] = field(default_factory=dict)
    switches: Mapping[str, int] = field(default_factory=dict)
    leds: Mapping[str, int] = field(default_factory=dict)
    bounce_ms: int = 5
    active_low: bool = True

    def __post_init__(self):
        names: dict[str, str] = {}
        pins: dict[int, str] = {}
        for attribute, kind in KINDS.items():
            devices = MappingProxyType(dict(getattr(self, attribute)))
            object.__setattr__(self, attribute, devices)
            for name, pin in devices.items():
                device = f"{kind} {name!r}"
                if type(name) is not str or not name:
                    raise ValueError(f"a device name is a non-empty string, not {name!r}")
                if name in names:
                    raise ValueError(f"the name {name!r} is used twice: {names[name]} and {device}")
                if type(pin) is not int:
                    raise ValueError(f"{device}: a pin is a BCM number, not {pin!r}")
                if pin not in BCM_PINS:
                    raise ValueError(f"{device}: GPIO{pin} is not a header GPIO; use BCM 2-27")
                if pin in pins:
                    raise ValueError(f"GPIO{pin} is wired twice: {pins[pin]} and {device}")
                names[name] = pins[pin] = device
        if type(self.bounce_ms) is not int or self.bounce_ms < 1:
            raise ValueError(
                f"bounce_ms is a whole number of milliseconds, 1 or more, not {self.bounce_ms!r}"
            )
        if type(self.active_low) is not bool:
            raise ValueError(f"active_low is True or False, not {self.active_low!r}")

    @property
    def inputs(self) -> dict[str, int]:
        """The buttons and the switches."""
        return {**self.buttons, **self.switches}
