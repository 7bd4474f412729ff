"""`pit collect`: every table's feed, verified, stored, watched and republished.

Three threads, one job each:
- the receiver (the caller's thread) follows every table of the floor file (`FeedFollower`
  with `hold=True`: a chain never goes past a gap or a refused event; it waits and asks the
  table's replay again) and watches the links: silence, CURVE handshakes refused;
- the recorder (recorder.py) stores the verified events in batches (each batch one
  transaction, its chain checked again by the store), and only then folds them into the
  tables' views, raises the alerts they call for and republishes them on the merged feed, with
  a heartbeat per table;
- the control server (`PitServer`) answers the board and the consoles: the floor, a table's
  detail, acknowledgements, and replays of the merged feed from the store.

After a restart the collector starts each table's chain from the last event it stored, so
the replay brings exactly what it missed.

A table that comes back with a chain that does not continue the one stored (the follower's
`rewound`: a journal that lost its tail, a restored backup, a second terminal) is held: one
`rewound` alert, nothing of the table stored, its link shown "rewound", until a person
acknowledges the alert; then its chain is taken up again from the last event stored (and held
again, with a new alert, if the table still does not continue it). The open alert is in the
store, so a restarted collector holds the table too.

A table of the floor the pit does not hear is a `silent` alert that stands until it is heard:
raised after `silent_after` seconds without a message (since the pit started, for one never
heard), raised again if a person acknowledges it while the table is still unheard, and cleared by
the pit (`cleared_at`) once the table is heard again. Whatever keeps it unheard, the pit renews
the table's sockets every RENEW_QUIET_S while it hears nothing, because libzmq gives up for good
on an endpoint whose handshake failed (a protocol error is never retried). That happens to a
table's port in the ephemeral range (32768-60999 on Linux) while the table is down: the pit's
own reconnection attempt can get that port as its source port, a TCP connection to itself (or,
two tables down, to its SUB of the other), and a SUB to SUB handshake fails; the table comes back
on its port, a new subscriber hears it at once, and the pit's SUB would never again.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import zmq

from terminal.common.flag import Flag
from terminal.contract.events import utc_ts
from terminal.feed import bind
from terminal.feed.follow import REPLAY_TIMEOUT_S, FeedFollower
from terminal.feed.follow_source import FeedItem, Source
from terminal.pit.floorfile import Floor, FloorTable
from terminal.pit.recorder import Recorder, Resync, alert_key, resume_after
from terminal.pit.store import PitStore, is_open
from terminal.pit.view import FOLDED_KINDS, TableView

log = logging.getLogger(__name__)

POLL_S = 0.2  # the receiver's longest wait, so that link checks run on time
# the receiver's shortest round: polling 1,000 sockets costs the same for 1 message or 50
RECEIVE_CYCLE_S = 0.01
LINK_CHECK_S = 0.5
RECONNECT_REFUSED_S = 5.0  # a table that refused the pit's key is tried again this often
RENEW_QUIET_S = 5.0  # a table unheard this long gets new sockets, and again as often (docstring)
LINGER_MS = 1000


class Collector:
    """The pit collector of `floor`, storing into `store`. `secure(table, socket)` prepares a
    table's SUB and DEALER sockets before they connect (CURVE) and returns, for a SUB, a
    handshake watch (`socket`, `read()` of the failures) or None; `serve(socket)` prepares the
    merged feed's PUB before it binds; `progress(done, total)` is told how the rebuilding of the
    tables' views from the store goes (it takes a while on a big floor)."""

    def __init__(
        self,
        floor: Floor,
        store: PitStore,
        *,
        publish: str | None = None,
        context: zmq.Context | None = None,
        replay_timeout: float | None = None,
        secure: Callable[[FloorTable, zmq.Socket], Any] | None = None,
        serve: Callable[[zmq.Socket], None] | None = None,
        progress: Callable[[int, int], None] | None = None,
    ):
        self.floor, self.store = floor, store
        self._context = context or zmq.Context.instance()
        self._context.set(zmq.MAX_SOCKETS, max(4 * len(floor.tables) + 64, 1024))
        self._tables = {t.id: t for t in floor.tables}
        self._views = {t.id: TableView(t.id, t.alerts) for t in floor.tables}
        # the views and the link states, shared with the control server
        self._lock = threading.Lock()
        self._links: dict[str, tuple[str, float | None]] = {
            t.id: ("waiting", None) for t in floor.tables
        }
        self._refused: dict[str, float] = {}  # table -> since when its handshakes fail
        self._renewed: dict[str, float] = {}  # table -> when its quiet sockets were last renewed
        open_alerts = store.alerts(open_only=True)
        # the receiver's: tables with a `silent` alert open, to clear once heard
        self._unheard = {a["table"] for a in open_alerts if a["kind"] == "silent"}
        self._held = {
            a["table"] for a in open_alerts if a["kind"] == "rewound"
        }  # the receiver's: rewound tables
        # recorder and control server -> receiver: (table, where its chain goes on, whether a hold
        # is released)
        self._resync: Resync = Resync()
        self._watches: dict[str, Any] = {}  # table -> the handshake watch of its SUB
        self._stop_asked = Flag()  # by a signal handler, say: no lock
        # set once the receiver has stopped: the recorder finishes
        self._stopping = threading.Event()
        self._started = time.monotonic()

        heads = store.heads()
        self._rebuild_views(heads, progress or (lambda done, total: None))
        pub = self._context.socket(zmq.PUB)
        pub.linger = LINGER_MS
        if serve is not None:
            serve(pub)
        self.publish_endpoint = bind(pub, publish or floor.publish, "pit's merged feed PUB socket")
        self._pub = pub
        self._recorder = Recorder(
            store,
            self._views,
            self._lock,
            pub,
            {alert_key(a["table"], a["kind"], a["detail"]) for a in open_alerts},
            self._resync,
            self._stopping,
        )
        sources = [
            Source(
                t.feed,
                t.replay,
                table=t.id,
                start=resume_after(heads.get(t.id)),
                held=t.id in self._held,
            )
            for t in floor.tables
        ]
        self._secure = secure
        # None while it is built: `_setup` registers watches after
        self._follower: FeedFollower | None = None
        self._follower = FeedFollower(
            sources,
            context=self._context,
            replay_timeout=REPLAY_TIMEOUT_S if replay_timeout is None else replay_timeout,
            hold=True,
            setup=None if secure is None else self._setup,
        )
        for table_id, watch in self._watches.items():
            self._follower.watch(watch.socket, partial(self._on_handshake, table_id, watch))

    @property
    def _feed(self) -> FeedFollower:
        """The follower: None only while it is built, when `_setup` alone runs."""
        assert self._follower is not None
        return self._follower

    @property
    def stored(self) -> int:
        """Events stored since start."""
        return self._recorder.stored

    def _rebuild_views(
        self, heads: dict[str, tuple[int, str]], progress: Callable[[int, int], None]
    ) -> None:
        """Each view from the store, quietly (their alerts were raised when the events came):
        the events of the last session, then the results the bias test looks back on.
        `progress(done, total)` after each table."""
        for done, (table_id, view) in enumerate(self._views.items(), 1):
            progress(done, len(self._views))
            if table_id not in heads:
                continue
            opened = self.store.last_seq_of_kind(table_id, "table.open") or heads[table_id][0]
            for event in self.store.since(table_id, opened, kinds=FOLDED_KINDS):
                view.apply(event, quiet=True)
            view.last_seq = heads[table_id][0]  # the events the view has no use for count too
            if view.tally is not None:  # a wheel or dice: the results its bias test looks back on
                view.restore_tally(self.store.outcomes(table_id, view.settings.bias_spins))

    # -- the receiver

    def run(self) -> None:
        """Follow the floor until `stop()`."""
        self._recorder.start()
        next_check = 0.0
        while not self._stop_asked.is_set():
            while not self._resync.empty():
                self._take_up(*self._resync.get())
            cycle = time.monotonic()
            items = self._feed.poll(POLL_S)
            if items:
                self._received(items)
            now = time.monotonic()
            # let messages gather: one poll of every socket serves many
            if now - cycle < RECEIVE_CYCLE_S:
                time.sleep(RECEIVE_CYCLE_S - (now - cycle))
                now = time.monotonic()
            if now >= next_check:
                self._check_links(now)
                next_check = now + LINK_CHECK_S
        self._stopping.set()

    def _take_up(self, table_id: str, start: tuple[int, str], release: bool) -> None:
        """The table's chain again from `start`; a held one only once its hold is released (the
        release starts it from the head stored then)."""
        if release:
            self._held.discard(table_id)
        if table_id not in self._held:
            self._feed.restart(table_id, start)

    def _received(self, items: list[FeedItem]) -> None:
        """Events and alerts to the recorder in the order the follower gave them."""
        received_at = utc_ts()
        rows = []
        for item in items:
            if item.event is not None:
                rows.append((item.event, received_at))
                continue
            assert item.alert is not None  # an item is an event or an alert
            kind, _, detail = item.alert.partition(": ")
            if kind == "replay" and item.table in self._refused:
                log.info("table %s: %s (the table refuses the pit's key)", item.table, item.alert)
                continue  # its `refused` alert says why; a second alert would say less
            if kind == "rewound":
                self._held.add(item.table)
            if rows:
                self._recorder.events(rows)
                rows = []
            self._recorder.alert(item.table if item.table in self._tables else None, kind, detail)
        if rows:
            self._recorder.events(rows)

    def _setup(self, source: Source, socket: zmq.Socket) -> None:
        """CURVE on a table's new socket, and a handshake watch on its SUB (replacing the old)."""
        # the follower is given this setup only with `secure`, and sources of one table each
        assert self._secure is not None and source.table is not None
        table_id = source.table
        watch = self._secure(self._tables[table_id], socket)
        if watch is None:
            return
        old = self._watches.pop(table_id, None)
        if old is not None and self._follower is not None:
            self._follower.unwatch(old.socket)
        if old is not None:
            old.close()
        self._watches[table_id] = watch
        if self._follower is not None:
            self._follower.watch(watch.socket, lambda: self._on_handshake(table_id, watch))

    def _on_handshake(self, table_id: str, watch) -> None:
        """A table's handshakes: the first failure after a success (or at start) is an alert;
        libzmq retries every fraction of a second, and the same failure is not news."""
        for handshake in watch.read():
            if handshake.ok:
                self._refused.pop(table_id, None)
            elif table_id not in self._refused:
                self._refused[table_id] = time.monotonic()
                log.warning("table %s: %s", table_id, handshake.alert(table_id))
                self._recorder.alert(table_id, "refused", handshake.alert(table_id))

    def _check_links(self, now: float) -> None:
        heard = self._feed.heard()
        links = {}
        for table in self.floor.tables:
            last = heard.get(table.id)
            quiet_for = now - (last if last is not None else self._started)
            if table.id in self._refused:
                state = "refused"
                if now - self._refused[table.id] >= RECONNECT_REFUSED_S:
                    # a session the table refused is not retried by libzmq
                    self._refused[table.id] = now
                    self._feed.reconnect(table.id)
            else:
                if quiet_for >= RENEW_QUIET_S:
                    self._renew(table.id, now)
                state = self._hearing(table, last is not None, quiet_for)
            if state != "refused" and table.id in self._held:
                # held, whether it speaks or not (a silence is an alert of its own)
                state = "rewound"
            links[table.id] = (state, None if last is None else now - last)
        with self._lock:
            self._links = links

    def _renew(self, table_id: str, now: float) -> None:
        """New sockets for a table the pit does not hear, every RENEW_QUIET_S (module docstring);
        where its chain stands is kept."""
        if now - self._renewed.get(table_id, self._started) >= RENEW_QUIET_S:
            self._renewed[table_id] = now
            log.info(
                "table %s unheard for %g s or more: its sockets renewed", table_id, RENEW_QUIET_S
            )
            self._feed.reconnect(table_id)

    def _hearing(self, table: FloorTable, ever: bool, quiet_for: float) -> str:
        """The link of a table heard `quiet_for` seconds ago (`ever`: heard at all): `silent`
        beyond its threshold, an alert that stands until it is heard again, then cleared."""
        if quiet_for > table.alerts.silent_after:
            self._unheard.add(table.id)
            detail = (
                f"no message from table {table.id} for more than {table.alerts.silent_after:g} s"
                + ("" if ever else " since the pit started")
            )
            self._recorder.alert(table.id, "silent", detail)
            return "silent"
        if ever and table.id in self._unheard:
            self._unheard.discard(table.id)
            self._recorder.heard(table.id)
        return "live" if ever else "waiting"

    # -- for the control server (any thread)

    def acknowledge(self, alert_id: int, by: str) -> dict:
        """Record the acknowledgement; a `rewound` one releases its table's hold."""
        alert = self.store.acknowledge(alert_id, by, utc_ts())
        self._recorder.forget(alert["table"], alert["kind"], alert["detail"])
        if alert["kind"] == "rewound" and alert["table"] in self._tables:
            self._resync.put(
                (alert["table"], resume_after(self.store.heads().get(alert["table"])), True)
            )
        return alert

    def floor_snapshot(self) -> dict[str, Any]:
        alerts = self.store.alerts(open_only=True)
        counts: dict[str, int] = {}
        for alert in alerts:
            counts[alert["table"]] = counts.get(alert["table"], 0) + 1
        now = time.time()
        with self._lock:
            tables = [self._entry(t.id, now, counts.get(t.id, 0)) for t in self.floor.tables]
        return {
            "ts": utc_ts(),
            "tables": tables,
            "alerts": alerts,
            "acknowledged": self.store.alerts(acknowledged_only=True, limit=20),
            "cleared": self.store.alerts(cleared_only=True, limit=20),
        }

    def _entry(self, table_id: str, now: float, open_alerts: int) -> dict[str, Any]:
        link, quiet_for = self._links[table_id]
        return {
            **self._views[table_id].entry(now),
            "link": link,
            "silent_for": None if quiet_for is None else round(quiet_for, 1),
            "open_alerts": open_alerts,
        }

    def table_detail(self, table_id: str) -> dict[str, Any] | None:
        if table_id not in self._views:
            return None
        alerts = self.store.alerts(open_only=False, table_id=table_id, limit=50)
        with self._lock:
            view = self._views[table_id]
            entry = self._entry(table_id, time.time(), sum(is_open(a) for a in alerts))
            bias = (
                None
                if view.tally is None
                else view.tally.report(view.settings.bias_alpha).to_json()
            )
        return {"table": entry, "alerts": alerts, "bias": bias}

    def stored_head(self, table_id: str) -> int:
        """The last seq stored and shown of a table (0: none yet)."""
        with self._lock:
            return self._views[table_id].last_seq

    @property
    def table_ids(self) -> list[str]:
        return list(self._tables)

    @property
    def stopping(self) -> threading.Event:
        return self._stopping

    def stop(self) -> None:
        """Stop receiving, store what was received (`run` returns), then `close()`."""
        self._stop_asked.set()

    def close(self) -> None:
        self._recorder.join()
        for watch in self._watches.values():
            watch.close()
        self._feed.close()
        self._pub.close()
