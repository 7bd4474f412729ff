"""The table's append-only event journal: SQLite through SQLAlchemy 2 Core (`docs/events.md`).

Three parts:
- `Journal` builds the sealed events (in memory, on the caller's thread: each hashed and
  serialised once, `terminal.contract.events.Sealer`) and commits them, storing each event's
  own bytes (`Event.raw`) as its row's body;
- `JournalWriter` commits them off the caller's thread and only then hands them to the sinks
  (the PUB feed), so that nothing is ever published that is not durable;
- `verify` recomputes a journal's hash chain, read-only, for `journal verify` and the auditors.

Who writes from which thread: the table's thread builds each event and submits it alone
(`JournalWriter.submit`); the writer's thread alone commits (`Journal.commit`, on the journal's
own connection) and then hands the events to the sinks. Nothing else uses the connection or
the sinks, so nothing but the writer's queue is locked, and a batch goes in the plain way:
BEGIN, one INSERT a row, COMMIT. Two cleverer mechanisms were here and went, as neither was
needed for correctness (the lock guarded no shared state) and benchmarks/bench_journal.py,
which keeps them to measure them against this under the product's threads, found no gain
beyond its run-to-run noise: a batch as ONE multi-row INSERT outside any transaction (to let
go of the GIL once a commit), and a lock (`_turn`) holding the table's thread off at its next
submit while the writer published (to keep the GIL through the sends). On a 2-core x86
machine, medians of five passes, headless / beside a UI-like thread busy 12 ms a frame: this
insert 53,000 / 43,000 appends/s, a round.result to a subscriber p50 4.5 / 4.6 ms, a simulated
table 866 / 690 rounds/s; the one statement 59,000 / 40,000, 4.5 / 4.5 ms, 869 / 687; this
insert with the lock 51,000 / 44,000, 4.4 / 4.5 ms, 843 / 662; one variant's passes spread
over 40-50 % of its appends/s, 20-35 % of its rounds/s. SQLAlchemy Core's insert, plainer
still, was slower beyond the noise (40,000 / 31,000 appends/s, 642 / 538 rounds/s, p50 5.0 /
5.2 ms), hence the commits' own DBAPI connection.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import sqlalchemy as sa
from sqlalchemy import exc as sa_exc

from games.registry import GAMES
from terminal.common.storage import (
    EVENTS,
    JOURNAL_METADATA,
    META,
    JournalError,
    driver_reason,
    durable_sqlite_engine,
    max_seq,
    open_reader,
    owner_of,
    read_rows,
    recorded_owner,
)
from terminal.contract.events import (
    GENESIS,
    Event,
    Sealer,
    as_event,
    check_link,
    check_next,
)
from terminal.runtime.loop.systemd import Beat

log = logging.getLogger(__name__)


class Journal:
    """The table's append-only SQLite journal (SQLAlchemy 2 Core).

    `build` is meant for one thread (the runtime's); `commit`, `committed_seq` and `events` may
    be called from any thread. `engine` is public for the projections derived from the journal.
    """

    def __init__(self, path: str | Path, *, table: str, game: str):
        self.path = Path(path)
        self.table = table
        self.game = game
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise JournalError(
                f"cannot create the directory of journal {self.path}: {exc.strerror}; "
                "put the journal on a writable data partition (--db)"
            ) from exc
        self.engine = durable_sqlite_engine(
            sa.URL.create("sqlite+pysqlite", database=str(self.path)),
            f"journal {self.path}",
            JournalError,
        )
        try:
            JOURNAL_METADATA.create_all(self.engine)
            with self.engine.begin() as conn:
                owner = owner_of(conn)
                if owner is None:
                    conn.execute(sa.insert(META).values(key="table", value=table))
                elif owner == table:  # a write that changes nothing: a read-only journal fails now
                    conn.execute(sa.update(META).where(META.c.key == "table").values(value=table))
                last = conn.execute(
                    sa.select(EVENTS.c.seq, EVENTS.c.hash).order_by(EVENTS.c.seq.desc()).limit(1)
                ).first()
        except JournalError:
            self.engine.dispose()
            raise
        except sa_exc.SQLAlchemyError as exc:
            self.engine.dispose()
            raise JournalError(
                f"cannot open journal {self.path}: {driver_reason(exc)}; it must be an SQLite file "
                "(or a new path) on a writable partition, writable by this user"
            ) from exc
        if owner not in (None, table):
            self.engine.dispose()
            raise JournalError(
                f"journal {self.path} belongs to table {owner!r}, not {table!r}: "
                "give each table its own journal"
            )
        self.last_seq: int = last.seq if last else 0
        self.last_hash: str = last.hash if last else GENESIS
        self._committed = (self.last_seq, self.last_hash)
        self._commit_lock = threading.Lock()
        own = GAMES[game].kinds if game in GAMES else {}  # its game's kinds beside the shared
        self._sealer = Sealer(table, game, own)
        self._raw: Any = None  # the commits' DBAPI connection, once taken (`_connection`)

    def build(
        self, kind: str, data: dict, round: int | None = None, ts: str | None = None
    ) -> Event:
        """The next sealed event, chained on the last one built. Writes nothing.

        `kind` must be one of the contract's (terminal/contract/kinds.py). `data` is copied
        through its canonical JSON (`Sealer.seal` says why), so the event is exactly what
        subscribers will decode and a later change to the caller's dict cannot break the hash.
        """
        try:
            event = self._sealer.seal(self.last_seq + 1, round, ts, kind, data, self.last_hash)
        except ValueError as exc:
            raise ValueError(f"cannot build a {kind!r} event: {exc}") from exc
        self.last_seq, self.last_hash = event["seq"], event["hash"]
        return event

    def commit(self, events: Sequence[dict]) -> list[Event]:
        """Insert `events` in one transaction; returns them as sealed `Event`s. Refused
        (JournalError, nothing written) unless they are valid events of this table continuing
        the committed chain; a seq already in the file (another writer) fails on the primary
        key.

        An `Event` was hashed when it was sealed: only its link and its table are checked. Any
        other dict (an event from elsewhere) is checked whole (`check_next`) and serialised."""
        if not events:
            return []
        with self._commit_lock:
            seq, last_hash = self._committed
            sealed: list[Event] = []
            rows: list[tuple[Any, ...]] = []
            for given in events:
                event = given if type(given) is Event else None
                if event is not None:
                    reason = check_link(event, seq, last_hash)
                else:
                    reason = check_next(given, seq, last_hash)
                    if reason is None:
                        event = as_event(given)
                if reason is not None or event is None:
                    raise JournalError(f"journal {self.path} refused an event: {reason}")
                if event["table"] != self.table:
                    reason = f"event of table {event['table']!r}"
                if reason is not None:
                    raise JournalError(f"journal {self.path} refused an event: {reason}")
                seq, last_hash = event["seq"], event["hash"]
                sealed.append(event)
                rows.append(
                    (seq, event["ts"], event["kind"], event["round"], event.raw.decode(), last_hash)
                )
            self._insert(rows, sealed[0]["seq"])
            self._committed = (seq, last_hash)
            return sealed

    def _insert(self, rows: list[tuple[Any, ...]], first_seq: int) -> None:
        """The rows in one transaction on the journal's own connection: BEGIN, one INSERT a
        row, COMMIT."""
        try:
            conn = self._connection()
            try:
                conn.execute("BEGIN")
                conn.executemany(INSERT, rows)
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.rollback()
                raise
        except sqlite3.IntegrityError as exc:
            raise JournalError(
                f"journal {self.path} already holds seq {first_seq} or later: "
                "is another terminal writing to it?"
            ) from exc
        except (sqlite3.Error, sa_exc.SQLAlchemyError) as exc:
            raise JournalError(
                f"commit to journal {self.path} failed: {driver_reason(exc)}"
            ) from exc

    def _connection(self) -> sqlite3.Connection:
        """The DBAPI connection the commits use, taken from the engine's pool once (its
        pragmas set: WAL, synchronous FULL), kept until `close`; in autocommit mode, so that
        its only transactions are `_insert`'s own BEGIN and COMMIT."""
        if self._raw is None:
            raw = self.engine.raw_connection()
            conn = raw.driver_connection
            assert conn is not None  # a pool's connection holds its DBAPI connection until closed
            conn.isolation_level = None
            self._raw = raw
        return self._raw.driver_connection

    def committed_seq(self) -> int:
        """max(seq) in the file."""
        return max_seq(self.engine)

    def events(self, from_seq: int = 1) -> Iterator[dict]:
        """The committed events from `from_seq` in seq order, streamed (see `read_rows`)."""
        for row in read_rows(self.engine, from_seq):
            yield json.loads(row.body)

    def close(self) -> None:
        with self._commit_lock:
            if self._raw is not None:
                self._raw.driver_connection.isolation_level = ""  # as the pool gave it
                self._raw.close()
                self._raw = None
        self.engine.dispose()


INSERT = "INSERT INTO events (seq, ts, kind, round, body, hash) VALUES (?, ?, ?, ?, ?, ?)"


@dataclass(frozen=True)
class VerifyReport:
    """`events` events checked intact up to `last_seq`; when not `ok`, `bad_seq` is the first
    seq whose event is missing or wrong (None when the file itself is unusable)."""

    ok: bool
    events: int
    last_seq: int
    bad_seq: int | None = None
    reason: str | None = None


def _row_error(
    row: sa.Row, last_seq: int, last_hash: str, owner: str | None
) -> tuple[int, str] | None:
    """(bad seq, reason) if `row` does not continue the chain at (`last_seq`, `last_hash`)."""
    if row.seq != last_seq + 1:
        return last_seq + 1, f"seq {last_seq + 1} is missing (the next row is seq {row.seq})"
    try:
        event = json.loads(row.body)
    except ValueError:
        return row.seq, "body is not JSON"
    reason = check_next(event, last_seq, last_hash)
    if reason is None:
        columns = {
            "seq": row.seq,
            "ts": row.ts,
            "kind": row.kind,
            "round": row.round,
            "hash": row.hash,
        }
        differing = [name for name, value in columns.items() if event[name] != value]
        if differing:
            reason = f"body does not match the column(s) {', '.join(differing)}"
        elif owner is not None and event["table"] != owner:
            reason = f"event of table {event['table']!r} in the journal of table {owner!r}"
    return None if reason is None else (row.seq, reason)


def verify(path: str | Path) -> VerifyReport:
    """Recompute the chain of the journal at `path` from seq 1, without modifying it."""
    try:
        engine = open_reader(path)
    except JournalError as exc:
        return VerifyReport(ok=False, events=0, last_seq=0, reason=str(exc))
    count, last_seq, last_hash = 0, 0, GENESIS
    try:
        with engine.connect() as conn:
            owner = recorded_owner(conn)
        for row in read_rows(engine):
            error = _row_error(row, last_seq, last_hash, owner)
            if error is not None:
                return VerifyReport(False, count, last_seq, bad_seq=error[0], reason=error[1])
            count, last_seq, last_hash = count + 1, row.seq, row.hash
        return VerifyReport(True, count, last_seq)
    except (JournalError, sa_exc.SQLAlchemyError) as exc:
        return VerifyReport(False, count, last_seq, bad_seq=last_seq + 1, reason=driver_reason(exc))
    finally:
        engine.dispose()


class Sink(Protocol):
    """Receives what the writer committed, on the writer's thread (and only there)."""

    def committed(self, events: list[dict]) -> None: ...

    def tick(self, last_seq: int) -> None: ...


class JournalWriter(threading.Thread):
    """Commits events off the caller's thread (a commit with synchronous FULL on an SD card takes
    ms to tens of ms, with stalls), groups whatever is queued into one transaction, THEN hands the
    committed events to the sinks, in seq order.

    Call `start()`, then `stop()` at shutdown. Every `tick_seconds` the sinks get
    `tick(committed_seq)` (the feed's heartbeat). A failed commit is final: the writer hands on
    nothing more, stops ticking (the pit then sees the table fall silent) and `submit`, `flush`
    and `stop` raise the error. A sink that raises is logged and does not stop the journal:
    its subscribers catch up by replay.
    """

    def __init__(self, journal: Journal, sinks: Sequence[Sink] = (), *, tick_seconds: float = 1.0):
        super().__init__(name=f"journal-writer-{journal.table}", daemon=True)
        self.journal = journal
        self.sinks = tuple(sinks)
        self.tick_seconds = tick_seconds
        self.committed_seq = journal.committed_seq()
        self._wake = threading.Condition()
        self._queue: list[dict] = []
        self._submitted = 0  # events ever submitted
        self._handed = 0  # events committed and handed to the sinks
        self._error: JournalError | None = None
        self._stopping = False
        # its sign of life for systemd's watchdog: at every turn, a commit stuck on a locked
        # file or a sink that blocks stops it
        self.beat = Beat("the journal writer")

    def _raise_if_failed(self) -> None:
        if self._error is not None:
            raise JournalError(f"the journal writer has failed: {self._error}") from self._error

    def submit(self, events: Sequence[dict]) -> None:
        with self._wake:
            self._raise_if_failed()
            if self._stopping:
                raise JournalError("the journal writer has been stopped")
            self._queue.extend(events)
            self._submitted += len(events)
            self._wake.notify_all()

    def flush(self, timeout: float | None = None) -> None:
        """Block until everything submitted so far is committed and handed to the sinks
        (TimeoutError after `timeout` seconds)."""
        with self._wake:
            target = self._submitted
            done = self._wake.wait_for(
                lambda: self._error is not None or self._handed >= target, timeout
            )
            self._raise_if_failed()
            if not done:
                raise TimeoutError(
                    f"{target - self._handed} event(s) still not committed after {timeout} s"
                )

    def stop(self) -> None:
        """Commit and hand on what is queued, then end the thread."""
        with self._wake:
            self._stopping = True
            self._wake.notify_all()
        if self.ident is None:
            self.start()
        self.join()
        self._raise_if_failed()

    def run(self) -> None:
        next_tick = time.monotonic() + self.tick_seconds
        while True:
            self.beat()
            with self._wake:
                while not (self._queue or self._stopping):
                    remaining = next_tick - time.monotonic()
                    if remaining <= 0:
                        break
                    self._wake.wait(remaining)
                batch, self._queue = self._queue, []
                stopping = self._stopping
            if batch and not self._commit(batch):
                return
            now = time.monotonic()
            if now >= next_tick:
                self._hand_on("tick", self.committed_seq)
                next_tick += self.tick_seconds
                if next_tick <= now:  # behind after a long commit stall: no burst of ticks
                    next_tick = now + self.tick_seconds
            if stopping:
                return

    def _commit(self, batch: list[dict]) -> bool:
        try:
            committed = self.journal.commit(batch)
        except Exception as exc:  # anything: the writer must record it, never die silently
            error = (
                exc if isinstance(exc, JournalError) else JournalError(f"commit failed: {exc!r}")
            )
            if error is not exc:
                error.__cause__ = exc
            log.error("journal commit failed, nothing more will be published: %s", error)
            with self._wake:
                self._error = error
                self._wake.notify_all()
            return False
        self.committed_seq = committed[-1]["seq"]
        self._hand_on("committed", committed)
        with self._wake:
            self._handed += len(committed)
            self._wake.notify_all()
        return True

    def _hand_on(self, method: str, argument: Any) -> None:
        for sink in self.sinks:
            try:
                getattr(sink, method)(argument)
            except Exception:
                log.exception("journal sink %r failed in %s()", sink, method)
