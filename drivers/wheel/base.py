"""The interface every wheel backend implements. As in python-can's BusABC, the base class does
once what every backend needs: the event queue, the open check, URL parameters and errors."""

from __future__ import annotations

import queue
from abc import ABC, abstractmethod
from typing import Any, Callable, Mapping
from urllib.parse import parse_qsl, urlsplit

from drivers.errors import DeviceError
from drivers.selftest import SelfTestCheck  # kept importable from here, its first home
from drivers.wheel.events import WheelEvent, check_direction
from drivers.wheel.order import WheelOrder


class Wheel(ABC):
    """One wheel; backends fill an internal thread-safe queue through self._emit(event).

    A backend is constructed as `Backend(url, order, *, seed=None)` (seed only matters to
    simulated and emulated backends) and implements `_open`, `_close`, `_spin`, `_selftest`.
    """

    def __init__(self, url: str, order: WheelOrder):
        self.url = url
        self.order = order
        self.is_open = False
        self._events: queue.SimpleQueue[WheelEvent] = queue.SimpleQueue()

    def open(self) -> None:
        if not self.is_open:
            self._open()
            self.is_open = True

    def close(self) -> None:
        if self.is_open:
            self.is_open = False
            self._close()

    def __enter__(self) -> Wheel:
        self.open()
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()

    def spin(self, direction: str) -> None:
        """Ask for the next spin, the rotor turning `direction` ("cw"/"ccw") and the ball launched
        against it. An automatic wheel starts a game; a manual wheel (spun by hand) ignores it."""
        check_direction(direction)
        self._require_open("spin")
        self._spin(direction)

    def get(self, timeout: float | None = None) -> WheelEvent | None:
        """The next event in the order sensed; None if none came within `timeout` seconds."""
        try:
            return self._events.get(timeout=timeout)
        except queue.Empty:
            return None

    def health(self) -> dict[str, object]:
        """Link-health figures for the once-a-second log line; none for a wheel with no link."""
        return {}

    def selftest(self) -> list[SelfTestCheck]:
        self._require_open("run a self-test")
        return self._selftest()

    def _emit(self, event: WheelEvent) -> None:
        self._events.put(event)

    def _error(self, problem: str, fix: str) -> DeviceError:
        return DeviceError(f"wheel {self.url}: {problem}; {fix}")

    def _require_open(self, action: str) -> None:
        if not self.is_open:
            raise self._error(f"cannot {action}, the wheel is not open", "call open() first")

    def _query(self, params: Mapping[str, Callable[[str], Any]]) -> dict[str, Any]:
        """This URL's query parameters, each converted by `params[name]`, which raises
        ValueError for a bad value. Unknown, repeated or bad parameters raise DeviceError."""
        known = f"known parameters: {', '.join(params)}"
        found: dict[str, Any] = {}
        for name, text in parse_qsl(urlsplit(self.url).query, keep_blank_values=True):
            if name not in params:
                raise self._error(f"unknown parameter {name!r}", known)
            if name in found:
                raise self._error(f"parameter {name!r} given twice", "give it once")
            try:
                found[name] = params[name](text)
            except ValueError as e:
                raise self._error(f"bad {name}={text!r} ({e})", known) from None
        return found

    @abstractmethod
    def _open(self) -> None: ...

    @abstractmethod
    def _close(self) -> None: ...

    @abstractmethod
    def _spin(self, direction: str) -> None: ...

    @abstractmethod
    def _selftest(self) -> list[SelfTestCheck]: ...
