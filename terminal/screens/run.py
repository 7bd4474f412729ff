"""A table with its croupier's screen: the table on a thread of its own, the screen on the
main thread (the one UI thread: SDL wants the main thread on some systems), until the table is
done or the screen is closed (the window closed, or F10: the session then stays open)."""

from __future__ import annotations

import threading
from typing import Any

import pygame

from terminal.runtime.loop.systemd import Beat
from terminal.screens.app import FRAME_RATE, CroupierApp
from terminal.screens.croupier.screens import screens_for
from terminal.screens.display import Display
from terminal.screens.model import ScreenModel, ScreenSink


def run_with_screen(
    table: Any,
    sink: ScreenSink,
    display: Display,
    *,
    rounds: int | None,
    language: str,
    shown: Beat | None = None,
) -> int:
    """Run `table` with its screen on `display`; the rounds it settled. `shown` beats at every
    turn of the UI loop from its first frame on (systemd's watchdog:
    terminal/runtime/loop/systemd.py)."""
    # a copy of the table's state taken before its thread starts (nothing changes it now) and
    # the session's rounds recalled from the journal, then the events committed from here on
    model = ScreenModel.for_table(table)
    app = CroupierApp(table, model, sink, display.size, screens=screens_for, language=language)
    outcome: dict[str, Any] = {}

    def play() -> None:
        try:
            outcome["settled"] = table.run(rounds)
        except BaseException as exc:  # re-raised on the main thread
            outcome["error"] = exc

    thread = threading.Thread(target=play, name=f"table-{table.setup.table}", daemon=True)
    thread.start()
    clock = pygame.time.Clock()
    try:
        while thread.is_alive() and not app.quit_requested:
            app.handle(pygame.event.get(), display)
            if app.step():  # always at the first turn: the first beat follows the first frame
                app.draw(display.surface)
                display.show()
            if shown is not None:
                shown()
            clock.tick(FRAME_RATE)
    finally:
        if thread.is_alive():
            table.control.request_stop()
        thread.join()
        display.close()
    if "error" in outcome:
        raise outcome["error"]
    return outcome.get("settled", 0)
