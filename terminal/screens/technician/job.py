"""Work the screen must never wait for (a device's self-test, the wheel's log read), on a thread
of its own: the screen looks at `seen()` and `finished` at each frame, and never joins it."""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from typing import Any


class Job:
    """`work(step)` runs on a daemon thread; it calls `step(item)` as it goes (a check done),
    and what it returns is `result`, or what it raised, `error`."""

    def __init__(self, work: Callable[[Callable[[Any], None]], Any], name: str):
        self._lock = threading.Lock()
        self._steps: list[Any] = []
        self.result: Any = None
        self.error: BaseException | None = None
        self._finished = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(work,), name=name, daemon=True)
        self._thread.start()

    def _run(self, work: Callable[[Callable[[Any], None]], Any]) -> None:
        try:
            self.result = work(self._step)
        except Exception as error:  # shown on the screen; the screen goes on
            self.error = error
        finally:
            self._finished.set()

    def _step(self, item: Any) -> None:
        with self._lock:
            self._steps.append(item)

    def seen(self) -> list[Any]:
        with self._lock:
            return list(self._steps)

    @property
    def finished(self) -> bool:
        return self._finished.is_set()


class Commands:
    """Device calls made in order on a thread of their own (the pocket test's start, each drop
    asked, its end): the screen hands them over and goes on; what one raised is kept in
    `errors` for the screen to show."""

    def __init__(self, name: str):
        self.errors: list[BaseException] = []
        self._queue: queue.SimpleQueue[Callable[[], object] | None] = queue.SimpleQueue()
        self._idle = threading.Event()
        self._idle.set()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def do(self, call: Callable[[], object]) -> None:
        self._idle.clear()
        self._queue.put(call)

    def end(self) -> None:
        """No more calls: the thread ends once it has made those handed over."""
        self._queue.put(None)

    @property
    def busy(self) -> bool:
        return not self._idle.is_set()

    def _run(self) -> None:
        while (call := self._queue.get()) is not None:
            try:
                call()
            except Exception as error:  # shown on the screen; the calls after it still run
                self.errors.append(error)
            if self._queue.empty():
                self._idle.set()
