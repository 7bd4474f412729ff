"""Every wheel backend the contract suite (tests/drivers/test_wheel_contract.py) runs against.

name -> factory(tmp_path) giving a context manager that yields a wheel URL: a simulated wheel,
or an emulator of a real wheel speaking its wire protocol over a pseudo-terminal, running
while the context is open. On a Pi, add the real device's URL here.
"""

from __future__ import annotations

from contextlib import nullcontext
from pathlib import Path
from typing import Callable, ContextManager


def _url(url: str) -> Callable[[Path], ContextManager[str]]:
    return lambda tmp_path: nullcontext(url)


WHEEL_BACKENDS: dict[str, Callable[[Path], ContextManager[str]]] = {
    "sim-instant": _url("sim://wheel?spin=0"),  # the whole spin inside spin()
    "sim-timed": _url("sim://wheel?spin=0.05"),  # played in real time by a worker thread
}
