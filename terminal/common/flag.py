"""A stop or close request that a signal handler may set."""

from __future__ import annotations


class Flag:
    """A request that is set once and read by polling. Unlike `threading.Event` it takes no
    lock, so a signal handler may set it: a handler that interrupts the main thread inside an
    Event's lock and sets that Event deadlocks the process (seen with two quick SIGTERMs)."""

    def __init__(self) -> None:
        self._on = False

    def set(self) -> None:
        self._on = True

    def is_set(self) -> bool:
        return self._on
