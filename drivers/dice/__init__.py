"""Dice readers for the craps table: one interface (base.DiceReader), backends chosen by the
scheme of a URL."""

from __future__ import annotations

from drivers.device import check_url, open_url
from drivers.dice.base import DiceReader
from drivers.dice.board import BoardDice
from drivers.dice.hand import HandDice
from drivers.dice.sim import SimDice

# The one place a backend is registered: URL scheme -> class built as cls(url, seed=seed).
BACKENDS: dict[str, type[DiceReader]] = {
    "sim": SimDice,
    "board": BoardDice,
    "screen": HandDice,  # the croupier enters the dice
}


def open_dice(url: str, *, seed: int | None = None) -> DiceReader:
    """The dice reader at `url`, opened (opening again is harmless). `seed` drives the
    simulated backend, over a seed in the URL; hardware ignores it."""
    return open_url(DiceReader.kind, BACKENDS, url, seed=seed)


def check_dice_url(url: str) -> DiceReader:
    """DeviceError when `url` is no dice reader's, found without opening anything."""
    return check_url(DiceReader.kind, BACKENDS, url)
