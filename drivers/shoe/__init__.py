"""Card shoes for the card tables: one interface (base.Shoe), backends chosen by the scheme of
a URL."""

from __future__ import annotations

from drivers.device import check_url, open_url
from drivers.shoe.base import Shoe
from drivers.shoe.board import BoardShoe
from drivers.shoe.hand import HandShoe
from drivers.shoe.sim import SimShoe

# The one place a backend is registered: URL scheme -> class built as cls(url, seed=seed).
BACKENDS: dict[str, type[Shoe]] = {
    "sim": SimShoe,
    "board": BoardShoe,
    "screen": HandShoe,  # the croupier enters the cards
}


def open_shoe(url: str, *, seed: int | None = None) -> Shoe:
    """The card shoe at `url`, opened (opening again is harmless). `seed` drives the simulated
    backend, over a seed in the URL; hardware ignores it."""
    return open_url(Shoe.kind, BACKENDS, url, seed=seed)


def check_shoe_url(url: str) -> Shoe:
    """DeviceError when `url` is no card shoe's, found without opening anything."""
    return check_url(Shoe.kind, BACKENDS, url)
