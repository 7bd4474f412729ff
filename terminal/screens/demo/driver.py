"""The croupier's screen driven without a display: frames drawn on a surface, taps made by the
names of what is on screen, the table running on its own thread as it does at a table. The
`screens` command renders a session's screens with it, and the tests script whole sessions.

Every wait is for a condition of what the screen shows (the journal's answer reached it),
never for a fixed time.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from terminal.screens import kit
from terminal.screens.app import CroupierApp
from terminal.screens.croupier.screens import screens_for
from terminal.screens.model import ScreenModel, ScreenSink

WAIT_S = 30.0  # a guard against a hang, not a measure


class ScreenTimeout(AssertionError):
    pass


class Driver:
    """`table` (assembled with `sink` among its writer's sinks) with its croupier's screen of
    `size`; `start()` runs the table's thread, `stop()` ends it."""

    def __init__(
        self, table: Any, sink: ScreenSink, size: tuple[int, int], *, language: str = "ca"
    ):
        pygame.font.init()
        self.table = table
        self.model = ScreenModel.for_table(table)
        self.app = CroupierApp(
            table, self.model, sink, size, screens=screens_for, language=language
        )
        self.surface = pygame.Surface(size)
        self.frames = 0
        self.taps = 0  # every tap made on the screen (`press`, `tap`): what a session counts
        self.small: set[str] = set()  # the targets drawn smaller than a finger (kit.MIN_TARGET)
        self.overlapping: set[tuple[str, str]] = set()  # targets drawn one over the other
        self._thread: threading.Thread | None = None
        self._failure: BaseException | None = None
        self.rounds: int | None = None

    # -- the table's thread ----------------------------------------------------------------
    def start(self, rounds: int | None = None) -> Driver:
        def play() -> None:
            try:
                self.table.run(rounds)
            except BaseException as exc:  # the test or the command says it
                self._failure = exc

        self._thread = threading.Thread(target=play, name="table", daemon=True)
        self._thread.start()
        self.frame()
        return self

    def stop(self) -> None:
        if self._thread is not None:
            self.table.control.request_stop()
            self._thread.join()
            self._thread = None
        if self._failure is not None:
            raise self._failure

    @property
    def table_running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    # -- frames and taps -------------------------------------------------------------------
    def frame(self) -> None:
        """One frame: what was committed meanwhile taken, the screen drawn."""
        self.app.step()
        self.app.draw(self.surface)
        self.frames += 1
        buttons = [t for t in self.app.targets if isinstance(t, kit.Button)]
        for n, button in enumerate(buttons):
            if min(button.rect.w, button.rect.h) < kit.MIN_TARGET:
                self.small.add(button.name)
            for other in buttons[n + 1 :]:
                if button.rect.colliderect(other.rect):
                    self.overlapping.add((button.name, other.name))

    def press(self, *names: str) -> Driver:
        """Tap each named target in turn, a frame drawn before each."""
        for name in names:
            self.frame()
            self.app.press(name)
            self.taps += 1
        self.frame()
        return self

    def press_twice(self, name: str) -> Driver:
        """Tap the named target twice at once, no frame drawn between (a finger that bounced:
        the screen has not moved on yet)."""
        self.frame()
        self.app.press(name)
        self.app.press(name)
        self.taps += 2
        self.frame()
        return self

    def tap(self, pos: tuple[int, int]) -> bool:
        self.frame()
        taken = self.app.tap(pos)
        self.taps += 1
        self.frame()
        return taken

    def until(self, condition: Callable[[], object], what: str, timeout: float = WAIT_S) -> Any:
        """Draw frames until `condition()` is true (its value); ScreenTimeout naming `what`,
        and what is on screen, after `timeout` seconds or when the table's thread died."""
        end = time.monotonic() + timeout
        while True:
            self.frame()
            value = condition()
            if value:
                return value
            if self._failure is not None:
                raise self._failure
            if time.monotonic() > end:
                raise ScreenTimeout(
                    f"{what}: not within {timeout:g} s; on screen: {', '.join(self.app.names())}"
                )
            time.sleep(0.002)

    def call_for_bets(self) -> Driver:
        """Tap the call for bets once it shows; asked about the last round's money not all
        handed over (croupier/unpaid.py), open the round all the same: a script pays only the
        seats it means to."""
        self.until(lambda: self.showing("open_round"), "the call for bets")
        self.press("open_round")
        if self.showing("unpaid_open"):
            self.press("unpaid_open")
        return self

    def showing(self, name: str) -> bool:
        """Whether a target named `name` is on screen (after a frame)."""
        self.frame()
        return name in self.app.names()

    def screen(self) -> str:
        """The name of the screen (or dialog) showing."""
        app = self.app
        return (app.dialog or app.screens.current()).name

    def shot(self, path: Path) -> Path:
        self.frame()
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.surface, str(path))
        return path
