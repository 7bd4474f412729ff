"""One queue for everything the devices report (and the croupier enters), so the table thread
waits in one place.

Each device keeps its own thread-safe queue (`get(timeout)`); a forwarder thread per device
moves its events, tagged with the device's name, into the table's inbox in the order sensed.
"""

from __future__ import annotations

import queue
import threading
from typing import Any, Protocol

POLL_SECONDS = 0.2


class EventSource(Protocol):
    def get(self, timeout: float | None = None) -> Any: ...


class Inbox:
    def __init__(self) -> None:
        self._queue: queue.SimpleQueue[tuple[str, Any]] = queue.SimpleQueue()
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []

    def attach(self, name: str, source: EventSource) -> None:
        thread = threading.Thread(target=self._forward, args=(name, source), name=f"inbox {name}", daemon=True)
        thread.start()
        self._threads.append(thread)

    def post(self, name: str, event: Any) -> None:
        """An event from outside the devices (the croupier's screen), from any thread."""
        self._queue.put((name, event))

    def get(self, timeout: float | None = None) -> tuple[str, Any] | None:
        try:
            return self._queue.get(timeout=timeout)
        except queue.Empty:
            return None

    def close(self) -> None:
        self._stop.set()
        for thread in self._threads:
            thread.join(timeout=2)

    def _forward(self, name: str, source: EventSource) -> None:
        while not self._stop.is_set():
            event = source.get(timeout=POLL_SECONDS)
            if event is not None:
                self._queue.put((name, event))
