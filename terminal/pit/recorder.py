"""The pit collector's recorder (collector.py), on a thread of its own: the verified events in
batches into the store (each batch one transaction, its chain checked again by the store), and
only then folded into the tables' views, the alerts they call for raised and the events
republished on the merged feed, with a heartbeat per table. The receiver hands it events,
alerts and tables heard again in the order they came, through one queue: an alert is raised
after the events received before it are stored.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from typing import Any

import zmq

from terminal.contract.events import GENESIS, canonical, heartbeat, topic, utc_ts
from terminal.pit.store import ChainError, PitStore, StoreError
from terminal.pit.view import Raised, TableView

log = logging.getLogger(__name__)

BATCH_ROWS = 2000  # events stored in one transaction at most
TICK_S = 1.0  # the recorder's heartbeats and pace checks
RETRY_STORE_S = 1.0

ONE_OPEN = frozenset({"silent", "refused", "rewound", "direction", "pace", "bias", "float_low"})

# (table, where its chain goes on, whether a hold is released): to the receiver
Resync = queue.Queue[tuple[str, tuple[int, str], bool]]


def alert_key(table_id: str | None, kind: str, detail: str) -> tuple:
    """What makes an alert the same as one still open: for the kinds of ONE_OPEN the table and
    the kind (one open at a time), for the others (a fault, a broken chain) the detail too."""
    return (table_id, kind) if kind in ONE_OPEN else (table_id, kind, detail)


def resume_after(head: tuple[int, str] | None) -> tuple[int, str]:
    """Where a table's chain goes on: after the last event stored of it."""
    return (1, GENESIS) if head is None else (head[0] + 1, head[1])


class Recorder:
    """The recorder of `store`: `views` (under `lock`, shared with the control server) folded,
    `pub` the merged feed, `open_alerts` the keys of the alerts open in the store, `resync` the
    receiver's queue of chains to take up again; it finishes once `stopping` is set and what was
    handed to it is stored."""

    def __init__(
        self,
        store: PitStore,
        views: dict[str, TableView],
        lock: threading.Lock,
        pub: zmq.Socket,
        open_alerts: set[tuple],
        resync: Resync,
        stopping: threading.Event,
    ):
        self.store, self._views, self._lock, self._pub = store, views, lock, pub
        self._open_alerts = open_alerts
        self._resync = resync
        self._stopping = stopping
        self._queue: queue.Queue[tuple[str, Any]] = queue.Queue()
        self.stored = 0  # events stored since start
        self._thread = threading.Thread(target=self._record, name="pit-recorder", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def join(self) -> None:
        if self._thread.is_alive():
            self._thread.join()

    # -- from the receiver, in the order received

    def events(self, rows: list[tuple[dict, str]]) -> None:
        """Events to store, each with when it was received."""
        self._queue.put(("events", rows))

    def alert(self, table_id: str | None, kind: str, detail: str) -> None:
        self._queue.put(("alert", (table_id, kind, detail)))

    def heard(self, table_id: str) -> None:
        """The table is heard again: its `silent` alerts are cleared."""
        self._queue.put(("heard", table_id))

    # -- for the control server (any thread)

    def forget(self, table_id: str | None, kind: str, detail: str) -> None:
        """The alert is no longer open (a person acknowledged it): the same one may come again."""
        with self._lock:
            self._open_alerts.discard(alert_key(table_id, kind, detail))

    # -- the recorder's thread

    def _record(self) -> None:
        next_tick = time.monotonic()
        while not (self._stopping.is_set() and self._queue.empty()):
            rows, then = self._take(min(TICK_S, max(0.0, next_tick - time.monotonic())))
            if rows:
                self._store(rows)
            if then is not None:
                kind, value = then
                if kind == "alert":
                    self._raise(*value)
                else:
                    self._heard_again(value)
            if time.monotonic() >= next_tick:
                self._tick()
                next_tick = time.monotonic() + TICK_S

    def _take(self, wait: float) -> tuple[list, tuple | None]:
        """The events waiting, as one batch, up to the first alert (or table heard again) among
        them, returned too: an alert is raised after the events received before it are stored (a
        `gap` after the events before the gap), whatever the batching."""
        rows: list = []
        try:
            item = self._queue.get(timeout=wait)
        except queue.Empty:
            return rows, None
        while True:
            kind, value = item
            if kind != "events":
                return rows, item
            rows.extend(value)
            if len(rows) >= BATCH_ROWS:
                return rows, None
            try:
                item = self._queue.get_nowait()
            except queue.Empty:
                return rows, None

    def _store(self, rows: list[tuple[dict, str]]) -> None:
        """Store, then show and republish. A store that fails is retried (the events wait in
        memory, the tables keep them too); a batch the store refuses is a bug somewhere: its
        tables are stored one by one so that one table's trouble does not hold the others."""
        while True:
            try:
                bodies = self.store.append(rows)
                break
            except ChainError as exc:
                self._raise(exc.table, "hash", f"the store refused seq {exc.seq}: {exc.reason}")
                rows = [row for row in rows if row[0]["table"] != exc.table]
                self._resync.put(
                    (exc.table, resume_after(self.store.heads().get(exc.table)), False)
                )
                if not rows:
                    return
            except StoreError as exc:
                log.error(
                    "cannot store %d events, retrying in %g s: %s", len(rows), RETRY_STORE_S, exc
                )
                if self._stopping.wait(RETRY_STORE_S) and self._queue.empty():
                    return
        self.stored += len(rows)
        raised: list[tuple[str, Raised]] = []
        with self._lock:
            for event, _ in rows:
                raised += [(event["table"], r) for r in self._views[event["table"]].apply(event)]
        for (event, _), body in zip(rows, bodies):
            self._pub.send_multipart([topic(event), body.encode("utf-8")])
        for table_id, alert in raised:
            self._raise(table_id, alert.kind, alert.detail)

    def _tick(self) -> None:
        now = time.time()
        raised = []
        with self._lock:
            for table_id, view in self._views.items():
                raised += [(table_id, r) for r in view.check_pace(now)]
                self._pub.send_multipart(
                    [
                        f"{table_id}/heartbeat".encode(),
                        canonical(heartbeat(table_id, view.last_seq)),
                    ]
                )
        for table_id, alert in raised:
            self._raise(table_id, alert.kind, alert.detail)

    def _raise(self, table_id: str | None, kind: str, detail: str) -> None:
        """Record an alert, unless the same one is open still."""
        key = alert_key(table_id, kind, detail)
        with self._lock:
            if key in self._open_alerts:
                return
            self._open_alerts.add(key)
        log.warning("alert %s %s: %s", table_id or "floor", kind, detail)
        try:
            self.store.raise_alert(table_id, kind, detail, utc_ts())
        except StoreError as exc:
            log.error("cannot record the alert: %s", exc)
            with self._lock:
                self._open_alerts.discard(key)

    def _heard_again(self, table_id: str) -> None:
        """The table's open `silent` alerts are cleared: it is heard again."""
        try:
            cleared = self.store.clear(table_id, "silent", utc_ts())
        except StoreError as exc:
            log.error("cannot clear the silent alert of table %s: %s", table_id, exc)
            return
        with self._lock:
            self._open_alerts.discard(alert_key(table_id, "silent", ""))
        if cleared:
            log.warning("alert %s silent cleared: the table is heard again", table_id)
