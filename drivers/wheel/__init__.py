"""Roulette wheels: one interface (base.Wheel), backends chosen by the scheme of a URL."""

from __future__ import annotations

from drivers.device import check_url, open_url
from drivers.wheel.base import Wheel
from drivers.wheel.board import BoardWheel
from drivers.wheel.cammegh import CammeghWheel
from drivers.wheel.hand import HandWheel
from drivers.wheel.order import WheelOrder
from drivers.wheel.sim import SimWheel

# The one place a backend is registered: URL scheme -> class built as cls(url, order, seed=seed).
BACKENDS: dict[str, type[Wheel]] = {
    "sim": SimWheel,
    "cammegh": CammeghWheel,
    "board": BoardWheel,
    "screen": HandWheel,  # the croupier enters the number
}
# No backend's URL depends on the pockets of the wheel: any order will do to check one.
_ANY_ORDER = WheelOrder((0, 1))


def open_wheel(url: str, order: WheelOrder, *, seed: int | None = None) -> Wheel:
    """The wheel at `url`, opened (like open() and serial_for_url; opening again is harmless).
    `seed` drives simulated and emulated backends, over a seed in the URL; hardware ignores it."""
    return open_url(Wheel.kind, BACKENDS, url, order, seed=seed)


def check_wheel_url(url: str) -> Wheel:
    """DeviceError when `url` is no wheel's, found without opening anything (and without the
    rulebook's wheel order, which no URL depends on)."""
    return check_url(Wheel.kind, BACKENDS, url, _ANY_ORDER)
