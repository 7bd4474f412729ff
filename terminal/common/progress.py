"""A line now and then while a long piece of work goes on (a store read back at start-up, a
journal compared with the pit's): the person waiting sees it move, the log is not flooded."""

from __future__ import annotations

import sys
import time
from typing import TextIO


class ProgressLine:
    """Called for every item of the work, `line(template, *args)` prints `template` formatted
    with `args` on `out`, at most once every `every_s` seconds (formatting only then)."""

    def __init__(self, out: TextIO | None = None, every_s: float = 5.0):
        self.out, self.every_s = sys.stdout if out is None else out, every_s
        self._next = time.monotonic() + every_s

    def __call__(self, template: str, *args: object) -> None:
        if time.monotonic() >= self._next:
            print(template.format(*args), file=self.out, flush=True)
            self._next = time.monotonic() + self.every_s
