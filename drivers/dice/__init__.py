"""Dice readers for the craps table: one interface (base.DiceReader), backends chosen by the
scheme of a URL."""

from __future__ import annotations

from urllib.parse import urlsplit

from drivers.dice.base import DiceReader
from drivers.dice.board import BoardDice
from drivers.dice.sim import SimDice
from drivers.errors import DeviceError

# The one place a backend is registered: URL scheme -> class built as cls(url, seed=seed).
BACKENDS: dict[str, type[DiceReader]] = {"sim": SimDice, "board": BoardDice}


def open_dice(url: str, *, seed: int | None = None) -> DiceReader:
    """The dice reader at `url`, opened (opening again is harmless). `seed` drives the
    simulated backend, over a seed in the URL; hardware ignores it."""
    scheme = urlsplit(url).scheme
    if scheme not in BACKENDS:
        known = ", ".join(f"{name}://" for name in BACKENDS)
        raise DeviceError(f"dice reader {url}: unknown scheme {scheme!r}; known schemes: {known}")
    reader = BACKENDS[scheme](url, seed=seed)
    reader.open()
    return reader
