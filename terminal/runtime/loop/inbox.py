"""One queue for everything the devices report (and the croupier enters), so the table thread
waits in one place.

Each attached device delivers its events straight into the inbox's queue, tagged with the
device's name, on the thread that sensed them and in the order sensed (`Device.deliver_to`):
no thread in between, nothing polled.
"""

from __future__ import annotations

import queue
from collections.abc import Callable
from typing import Any, Protocol


class EventSource(Protocol):
    """What the inbox attaches: a device (drivers.device.Device)."""

    def deliver_to(self, deliver: Callable[[Any], object] | None) -> None: ...


class Inbox:
    def __init__(self) -> None:
        self._queue: queue.SimpleQueue[tuple[str, Any]] = queue.SimpleQueue()
        self._sources: list[EventSource] = []

    def attach(self, name: str, source: EventSource) -> None:
        """From now on `source`'s events (those it queued already first) come out of `get` as
        (`name`, event)."""
        put = self._queue.put
        source.deliver_to(lambda event: put((name, event)))
        self._sources.append(source)

    def post(self, name: str, event: Any) -> None:
        """An event from outside the devices (the croupier's screen), from any thread."""
        self._queue.put((name, event))

    def get(self, timeout: float | None = None) -> tuple[str, Any] | None:
        try:
            return self._queue.get(timeout=timeout)
        except queue.Empty:
            return None

    def close(self) -> None:
        """The devices keep their events for `get` again."""
        for source in self._sources:
            source.deliver_to(None)
        self._sources.clear()
