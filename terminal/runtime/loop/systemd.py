"""systemd's notify protocol, without libsystemd (sd_notify(3)), and the watchdog built on it.

The parts that must never stop (the round loop, the journal writer, the croupier's screen's
loop) each beat on the monotonic clock at every turn of their loop, while they wait too
(`Beat`). `Watchdog` sends READY=1 once every part has beaten, then WATCHDOG=1 at half of
systemd's watchdog interval, only while every part has beaten within that half: a part that
stalls (a writer stuck on a locked journal, a round loop that never comes back) gets no more
pings sent, a log line and a STATUS= naming it, and systemd restarts the service once
WatchdogSec passes without a ping. STOPPING=1 on the way out. Nothing of this runs when the
terminal was not started by systemd (no NOTIFY_SOCKET). docs/running.md tells the rest.
"""

from __future__ import annotations

import logging
import math
import os
import socket
import threading
import time
from collections.abc import Iterable

log = logging.getLogger(__name__)

WATCHDOG_SEC = 10.0  # the unit's WatchdogSec= (systemd/dealer-terminal.service), if unsaid
READY_POLL_S = 0.01  # how often the parts are looked at until each has beaten once


_dropped = 0  # notifications not sent since the last one that was
_dropped_lock = threading.Lock()


def notify(**fields: str) -> bool:
    """`fields` (READY="1", STATUS="...") to systemd in one datagram, each value on one line;
    whether it was sent. Never waits: a datagram systemd cannot take at once (busy, its queue
    full) is dropped, as is one to a socket gone; the first drop is logged, then none until
    one is sent again (logged with how many were dropped). Nothing when not started by
    systemd."""
    address = os.environ.get("NOTIFY_SOCKET")
    if not address:
        return False
    if address.startswith("@"):
        address = "\0" + address[1:]  # abstract namespace
    message = "\n".join(f"{key}={' '.join(value.split())}" for key, value in fields.items())
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
            sock.setblocking(False)  # a full queue raises BlockingIOError instead of waiting
            sock.connect(address)
            sock.send(message.encode())
    except OSError as exc:
        _drop(exc)
        return False
    _sent()
    return True


def _drop(exc: OSError) -> None:
    global _dropped
    with _dropped_lock:
        _dropped += 1
        first = _dropped == 1
    if first:
        cause = "its queue is full (systemd busy)" if isinstance(exc, BlockingIOError) else exc
        log.warning(
            "cannot notify systemd at %s: %s; dropped, as are the next until one goes through",
            os.environ["NOTIFY_SOCKET"],
            cause,
        )


def _sent() -> None:
    global _dropped
    with _dropped_lock:
        dropped, _dropped = _dropped, 0
    if dropped:
        log.warning(
            "notified systemd at %s again, after %d notification(s) dropped",
            os.environ["NOTIFY_SOCKET"],
            dropped,
        )


def watchdog_seconds() -> float:
    """systemd's watchdog interval: WATCHDOG_USEC (set when the unit has WatchdogSec=), else
    the unit's WatchdogSec."""
    usec = os.environ.get("WATCHDOG_USEC", "")
    return int(usec) / 1e6 if usec.isdigit() and int(usec) > 0 else WATCHDOG_SEC


class Beat:
    """A part's sign of life: its loop calls it at every turn, also while it waits; `at` is
    the last one on the monotonic clock (None before the first)."""

    def __init__(self, name: str):
        self.name = name
        self.at: float | None = None

    def __call__(self) -> None:
        self.at = time.monotonic()

    def silent_for(self, now: float) -> float:
        return math.inf if self.at is None else now - self.at


class Watchdog:
    """Under systemd: READY=1 with STATUS=`ready` once each of `parts` has beaten; then
    WATCHDOG=1 every half of the watchdog interval while each of them has beaten within that
    half; `stop()` ends the pings and says STOPPING=1 with STATUS=`stopping`."""

    def __init__(self, parts: Iterable[Beat], *, ready: str, stopping: str):
        self.parts = tuple(parts)
        self.ready, self.stopping = ready, stopping
        self.period = watchdog_seconds() / 2
        self._stop = threading.Event()
        self._thread = (
            threading.Thread(target=self._run, name="systemd-watchdog", daemon=True)
            if os.environ.get("NOTIFY_SOCKET")
            else None
        )

    def start(self) -> None:
        if self._thread is not None:
            self._thread.start()

    def stop(self, *, stopping: bool = True) -> None:
        """No more pings; STOPPING=1 unless the terminal goes on (`stopping` False: a table
        that starts after its device came, whose own watchdog takes over)."""
        if self._thread is not None:
            self._stop.set()
            self._thread.join()
            if stopping:
                notify(STOPPING="1", STATUS=self.stopping)

    def _run(self) -> None:
        while any(part.at is None for part in self.parts):
            if self._stop.wait(READY_POLL_S):
                return
        notify(READY="1", STATUS=self.ready)
        stalled: list[Beat] = []
        while not self._stop.wait(self.period):
            now = time.monotonic()
            late = [part for part in self.parts if part.silent_for(now) > self.period]
            if late != stalled:
                self._said(late, stalled, now)
            if not late:
                notify(WATCHDOG="1")
            stalled = late

    def _said(self, late: list[Beat], before: list[Beat], now: float) -> None:
        """A log line and a STATUS= when the parts that stalled change."""
        if late:
            which = ", ".join(f"{p.name} ({p.silent_for(now):.1f} s)" for p in late)
            notify(STATUS=f"stalled, no sign of life from {which}: systemd restarts it")
            log.error(
                "watchdog: no sign of life from %s: WATCHDOG=1 withheld, systemd restarts the "
                "terminal once its watchdog interval (%g s) passes without one",
                which,
                2 * self.period,
            )
        else:
            notify(STATUS=self.ready)
            log.warning(
                "watchdog: a sign of life again from %s: WATCHDOG=1 sent again",
                " and ".join(p.name for p in before),
            )
