"""Every card-shoe backend the contract suite (tests/drivers/test_shoe_contract.py) runs
against.

name -> factory(tmp_path) giving a context manager that yields a ShoeBackend: the shoe's URL,
and how to drive what it deals (an emulated board's emulator, or the simulated shoe itself),
running while the context is open. On a Pi, add the real reader here, driven by a person.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from drivers.emulators.shoe_board import ShoeBoardEmulator
from drivers.shoe.base import Shoe

# The board emulator's card comes out 2 ms after "deal" instead of 1 s, a shoe is loaded in
# 4 ms instead of 2 s; its clock drifts 40 ppm.
BOARD_TIME_SCALE = 0.002


class ShoeDriver(Protocol):
    """What the suite needs to force the next cards out of the shoe."""

    def stack(self, *cards: str) -> None: ...

    def fail_next(self, code: str) -> None: ...


@dataclass(frozen=True)
class ShoeBackend:
    url: str
    driver: Callable[[Shoe], ShoeDriver]  # given the open shoe


def _sim(url: str) -> Callable[[Path], AbstractContextManager[ShoeBackend]]:
    return lambda tmp_path: nullcontext(ShoeBackend(url, lambda shoe: shoe))


@contextmanager
def _board(tmp_path: Path) -> Iterator[ShoeBackend]:
    with ShoeBoardEmulator(
        tmp_path / "shoe-reader", seed=5, time_scale=BOARD_TIME_SCALE, drift_ppm=40
    ) as emulator:
        yield ShoeBackend(emulator.url, lambda shoe: emulator)


SHOE_BACKENDS: dict[str, Callable[[Path], AbstractContextManager[ShoeBackend]]] = {
    "sim-instant": _sim("sim://shoe?deal=0"),  # the card inside deal()
    "sim-timed": _sim("sim://shoe?deal=0.001"),  # reported by a worker thread
    "board": _board,  # our shoe-reader board's emulator on a pty, through the bridge protocol
}
