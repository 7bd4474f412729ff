"""Every wheel backend the contract suite (tests/drivers/test_wheel_contract.py) runs against.

name -> factory(tmp_path) giving a context manager that yields a wheel URL: a simulated wheel,
or an emulator of a real wheel speaking its wire protocol over a pseudo-terminal, running
while the context is open. On a Pi, add the real device's URL here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from pathlib import Path

from drivers.emulators.cammegh import CammeghEmulator
from drivers.emulators.wheel_board import WheelBoardEmulator

# The Cammegh emulator's wheel runs 20 times faster; the driver's windows scale the same way.
CAMMEGH_TIME_FACTOR = 0.05
# The sensor board emulator plays an 8-second spin in 0.16 s; its clock drifts 40 ppm.
BOARD_TIME_SCALE = 0.02


def _url(url: str) -> Callable[[Path], AbstractContextManager[str]]:
    return lambda tmp_path: nullcontext(url)


def cammegh_url(link: Path, factor: float = CAMMEGH_TIME_FACTOR, **params: object) -> str:
    """The driver's URL for an emulated wheel at `link` with its timing scaled by `factor`;
    `silent` stays generous, so that a busy test machine is not a silent wheel."""
    settings = {
        "boot": 5,
        "answer": 0.5,
        "silent": 1.0,
        "launch_grace": 3 * factor,
        "launch_retry": 20 * factor,
        "ball_grace": 5 * factor,
        "selftest": 30,
    } | params
    return f"cammegh://{link}?" + "&".join(f"{name}={value:g}" for name, value in settings.items())


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
