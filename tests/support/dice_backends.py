"""Every dice reader backend the contract suite (tests/drivers/test_dice_contract.py) runs
against.

name -> factory(tmp_path) giving a context manager that yields a DiceBackend: the reader's URL,
and how to drive what it reads (an emulated board's emulator, or the simulated reader itself),
running while the context is open. On a Pi, add the real reader here, driven by a person.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from drivers.dice.base import DiceReader
from drivers.emulators.dice_board import DiceBoardEmulator

# The board emulator's throw comes to rest in 0.08 s instead of 4 s; its clock drifts 40 ppm.
BOARD_TIME_SCALE = 0.02


class DiceDriver(Protocol):
    """What the suite needs to force a throw's outcome."""

    def set_next(self, d1: int, d2: int) -> None: ...

    def fail_next(self, cause: str) -> None: ...


@dataclass(frozen=True)
class DiceBackend:
    url: str
    driver: Callable[[DiceReader], DiceDriver]  # given the open reader


def _sim(url: str) -> Callable[[Path], AbstractContextManager[DiceBackend]]:
    return lambda tmp_path: nullcontext(DiceBackend(url, lambda reader: reader))


@contextmanager
def _board(tmp_path: Path) -> Iterator[DiceBackend]:
    with DiceBoardEmulator(
        tmp_path / "dice-reader", seed=5, time_scale=BOARD_TIME_SCALE, drift_ppm=40
    ) as emulator:
        yield DiceBackend(emulator.url, lambda reader: emulator)


DICE_BACKENDS: dict[str, Callable[[Path], AbstractContextManager[DiceBackend]]] = {
    "sim-instant": _sim("sim://dice?throw=0"),  # the reading inside throw()
    "sim-timed": _sim("sim://dice?throw=0.05"),  # read by a worker thread
    "board": _board,  # our dice-reader board's emulator on a pty, through the bridge protocol
}
