"""Every wheel backend the contract suite (tests/drivers/test_wheel_contract.py) runs against.

name -> factory(tmp_path) giving a context manager that yields a wheel URL: a simulated wheel,
or an emulator of a real wheel speaking its wire protocol over a pseudo-terminal, running
while the context is open. On a Pi, add the real device's URL here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from pathlib import Path

from drivers.emulators.cammegh import CammeghEmulator, driver_url
from drivers.emulators.wheel_board import WheelBoardEmulator

# The Cammegh emulator's wheel runs 20 times faster; the driver's windows scale the same way.
CAMMEGH_TIME_FACTOR = 0.05
# The sensor board emulator plays an 8-second spin in 0.16 s; its clock drifts 40 ppm.
BOARD_TIME_SCALE = 0.02


def _url(url: str) -> Callable[[Path], AbstractContextManager[str]]:
    return lambda tmp_path: nullcontext(url)


def cammegh_url(link: Path, factor: float = CAMMEGH_TIME_FACTOR, **params: object) -> str:
    """The driver's URL for an emulated wheel at `link`, by default at the tests' pace."""
    return driver_url(link, factor, **params)


@contextmanager
def _cammegh(tmp_path: Path) -> Iterator[str]:
    with CammeghEmulator(
        tmp_path / "cammegh", seed=11, time_factor=CAMMEGH_TIME_FACTOR, selftest_seconds=4
    ):
        yield cammegh_url(tmp_path / "cammegh")


@contextmanager
def _board(tmp_path: Path) -> Iterator[str]:
    with WheelBoardEmulator(
        tmp_path / "wheel-board", seed=5, time_scale=BOARD_TIME_SCALE, drift_ppm=40
    ) as emulator:
        yield emulator.url


WHEEL_BACKENDS: dict[str, Callable[[Path], AbstractContextManager[str]]] = {
    "sim-instant": _url("sim://wheel?spin=0"),  # the whole spin inside spin()
    "sim-timed": _url("sim://wheel?spin=0.05"),  # played in real time by a worker thread
    "cammegh": _cammegh,  # the SS2 emulator on a pty, through the real driver
    "board": _board,  # our sensor board's emulator on a pty, through the bridge protocol
}


# The pocket test (drivers/wheel/base.py) on each backend: a technician's hands on the wheel.


class Hands:
    """What a technician does to a wheel under the pocket test, for a backend at `url`:
    `drop_in(number)` before the drop is asked for, `turn_rotor(direction)`; `ready()` once the
    wheel reports (a Cammegh after `*I 4`). The simulated wheel does as asked by itself."""

    def __init__(self, url: str, emulator: object = None):
        self.url = url
        self.emulator = emulator

    def drop_in(self, number: int) -> None:
        if self.emulator is not None:
            self.emulator.drop_in(number)

    def turn_rotor(self, direction: str) -> None:
        if isinstance(self.emulator, CammeghEmulator):
            self.emulator.turn_rotor(direction)
        # our board's spin per drop turns it, as the simulated wheel's drop does

    def ready(self) -> bool:
        return not isinstance(self.emulator, CammeghEmulator) or self.emulator.sensor_debug

    def dropped(self) -> bool:
        """Whether the drop is done (our board's: its spin has taken the ball)."""
        return not isinstance(self.emulator, WheelBoardEmulator) or not self.emulator.drop_pending


@contextmanager
def _sim_hands(tmp_path: Path, table_order: Sequence[int], **physical: object) -> Iterator[Hands]:
    yield Hands("sim://wheel?spin=0")


@contextmanager
def _cammegh_hands(
    tmp_path: Path, table_order: Sequence[int], **physical: object
) -> Iterator[Hands]:
    """The SS2 emulator; `physical`: `order` and `datum_offset` of the wheel itself (by default
    the table's `order`), `dead` numbers whose pockets never report."""
    dead = physical.pop("dead", ())
    with CammeghEmulator(
        tmp_path / "cammegh",
        seed=11,
        time_factor=CAMMEGH_TIME_FACTOR,
        mode=1415,
        **({"order": table_order} | physical),
    ) as emulator:
        emulator.dead_pocket(*dead)
        yield Hands(cammegh_url(tmp_path / "cammegh"), emulator)


@contextmanager
def _board_hands(tmp_path: Path, table_order: Sequence[int], **physical: object) -> Iterator[Hands]:
    """The board emulator; `physical` as for the Cammegh (`order` is its `numbers`)."""
    dead = physical.pop("dead", ())
    numbers = physical.pop("order", table_order)
    with WheelBoardEmulator(
        tmp_path / "wheel-board",
        seed=5,
        time_scale=BOARD_TIME_SCALE,
        numbers=numbers,
        **physical,
    ) as emulator:
        emulator.dead_pocket(*dead)
        yield Hands(emulator.url, emulator)


# name -> factory(tmp_path, the table's order, **the physical wheel) giving a context manager
# that yields the technician's hands on that wheel
POCKET_TEST_BACKENDS: dict[str, Callable[..., AbstractContextManager[Hands]]] = {
    "sim": _sim_hands,
    "cammegh": _cammegh_hands,
    "board": _board_hands,
}
