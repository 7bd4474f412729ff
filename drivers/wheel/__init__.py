"""Roulette wheels: one interface (base.Wheel), backends chosen by the scheme of a URL."""

from __future__ import annotations

from drivers.device import open_url
from drivers.wheel.base import Wheel
from drivers.wheel.board import BoardWheel
from drivers.wheel.cammegh import CammeghWheel
from drivers.wheel.order import WheelOrder
from drivers.wheel.sim import SimWheel

# The one place a backend is registered: URL scheme -> class built as cls(url, order, seed=seed).
BACKENDS: dict[str, type[Wheel]] = {"sim": SimWheel, "cammegh": CammeghWheel, "board": BoardWheel}


def open_wheel(url: str, order: WheelOrder, *, seed: int | None = None) -> Wheel:
    """The wheel at `url`, opened (like open() and serial_for_url; opening again is harmless).
    `seed` drives simulated and emulated backends, over a seed in the URL; hardware ignores it."""
    return open_url(Wheel.kind, BACKENDS, url, order, seed=seed)
