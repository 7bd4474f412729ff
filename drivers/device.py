"""What every device of the table is, whatever it senses. As in python-can's BusABC, the base
class does once what every backend needs: the events' delivery (a queue read by `get`, or a
callback: `deliver_to`), the open check, URL parameters, errors that name the device, the
self-test's open check."""

from __future__ import annotations

import queue
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Generic, Self, TypeVar
from urllib.parse import parse_qsl, urlsplit

from drivers.errors import DeviceError
from drivers.selftest import SelfTestCheck

E = TypeVar("E")  # what the device reports
D = TypeVar("D", bound="Device")


class Device(ABC, Generic[E]):
    """One device at `url`; backends report each event through self._emit(event), from any
    thread, and implement `_open`, `_close`, `_selftest`. A backend's constructor parses and
    checks its URL and touches nothing (check_url builds one to check a URL): ports, pins,
    threads and hardware libraries wait for `_open`.

    An event goes into the device's own thread-safe queue, which `get` reads; or, once a
    consumer has called `deliver_to(callback)` (the table's inbox), straight to the callback,
    on the thread that sensed it, in the order sensed, with no thread in between."""

    kind: ClassVar[str]  # what errors call it: "wheel", "dice reader"
    # its events are a person's entries: the table waits for them without a deadline
    manual: ClassVar[bool] = False

    def __init__(self, url: str):
        self.url = url
        self.is_open = False
        self._events: queue.SimpleQueue[E] = queue.SimpleQueue()
        self._deliver: Callable[[E], object] | None = None
        self._delivery = threading.Lock()  # one event delivered at a time, in order

    def open(self) -> None:
        if not self.is_open:
            self._open()
            self.is_open = True

    def close(self) -> None:
        if self.is_open:
            self.is_open = False
            self._close()

    def __enter__(self) -> Self:
        self.open()
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()

    def get(self, timeout: float | None = None) -> E | None:
        """The next event in the order sensed; None if none came within `timeout` seconds.
        Events delivered to a callback (`deliver_to`) do not come here."""
        try:
            return self._events.get(timeout=timeout)
        except queue.Empty:
            return None

    def deliver_to(self, deliver: Callable[[E], object] | None) -> None:
        """From now on hand each event to `deliver(event)` instead of queueing it for `get`:
        called on the thread that sensed the event, in the order sensed, one at a time, with
        the device's own locks held: it must neither block nor raise nor call back into the
        device (a queue's put, as the table's inbox does). The events queued before are
        delivered first. None: back to the queue."""
        with self._delivery:
            if deliver is not None:
                while True:
                    try:
                        event = self._events.get_nowait()
                    except queue.Empty:
                        break
                    deliver(event)
            self._deliver = deliver

    def health(self) -> dict[str, object]:
        """Link-health figures for the once-a-second log line; none for a device with no link."""
        return {}

    @property
    def quiet_up_to(self) -> float:
        """The longest this device may rightly say nothing during a round, in seconds (a
        Cammegh wheel retrying a failed launch by itself): the table's timeout for the device
        must be longer, or it would void a round the device is still playing."""
        return 0.0

    @property
    def quiet_cause(self) -> tuple[str, str]:
        """What keeps this device quiet for `quiet_up_to`, and how to shorten it, as a table
        file's error says them."""
        return ("nothing", "nothing")

    def fault_over(self, code: str) -> bool:
        """Whether a fault `code` journaled earlier (before a restart) is over, as the device
        reports it now: the table clears such a fault when it starts. A device that cannot tell
        says no: its faults clear as they always did, when it reports them over."""
        return False

    def selftest(self) -> list[SelfTestCheck]:
        self._require_open("run a self-test")
        return self._selftest()

    def _emit(self, event: E) -> None:
        with self._delivery:
            if self._deliver is None:
                self._events.put(event)
            else:
                self._deliver(event)

    def _error(self, problem: str, fix: str) -> DeviceError:
        return DeviceError(f"{self.kind} {self.url}: {problem}; {fix}")

    def _require_open(self, action: str) -> None:
        if not self.is_open:
            raise self._error(f"cannot {action}, the {self.kind} is not open", "call open() first")

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
    def _selftest(self) -> list[SelfTestCheck]: ...


def open_url(
    kind: str, backends: Mapping[str, Callable[..., D]], url: str, *args: Any, **kwargs: Any
) -> D:
    """The `kind` device at `url`, built as backends[scheme](url, *args, **kwargs) and opened
    (like open() and serial_for_url; opening again is harmless). Each interface registers its
    backends in one `BACKENDS` dict."""
    device = _build(kind, backends, url, *args, **kwargs)
    device.open()
    return device


def check_url(
    kind: str, backends: Mapping[str, Callable[..., D]], url: str, *args: Any, **kwargs: Any
) -> D:
    """DeviceError when `url` is no `kind` device's (an unknown scheme, a path or a parameter its
    backend refuses), found without touching the device: the backend is built as open_url builds
    it, and returned unopened (for what its URL makes of it)."""
    return _build(kind, backends, url, *args, **kwargs)


def _build(
    kind: str, backends: Mapping[str, Callable[..., D]], url: str, *args: Any, **kwargs: Any
) -> D:
    scheme = urlsplit(url).scheme
    if scheme not in backends:
        known = ", ".join(f"{name}://" for name in backends)
        raise DeviceError(f"{kind} {url}: unknown scheme {scheme!r}; known schemes: {known}")
    return backends[scheme](url, *args, **kwargs)
