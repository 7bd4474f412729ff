"""The pit's store: every verified event of every table, and the pit's alerts (`docs/pit.md`).

SQLAlchemy 2 Core on SQLite (one file, the default) or PostgreSQL (a casino's server).
The collector appends from one writer thread while another serves reads and acknowledgements:
every call takes its own connection from the engine's pool, and on SQLite every write starts
with `BEGIN IMMEDIATE`, so that a transaction that reads before it writes (`append` reads the
heads it checks against) holds the write lock from its first statement instead of failing to
upgrade a stale read snapshot when another connection committed meanwhile.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy import exc as sa_exc
from sqlalchemy.dialects.postgresql import JSONB

from terminal.common.storage import BATCH, durable_sqlite_engine
from terminal.contract.events import GENESIS, canonical, check_next

DEFAULT_URL = "sqlite:///pit.db"
SUPPORTED = "sqlite:///PATH, a plain file path, or postgresql://USER:PASSWORD@HOST:PORT/DATABASE"
CONNECT_TIMEOUT_S = 10  # an unreachable PostgreSQL server fails the start-up, it does not hang it
_WRITE = "pit_write"  # the execution option that makes SQLite begin with BEGIN IMMEDIATE

_metadata = sa.MetaData()
EVENTS = sa.Table(
    "pit_events",
    _metadata,
    sa.Column("table_id", sa.Text, primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("kind", sa.Text, nullable=False),
    sa.Column("round", sa.Integer),
    sa.Column("ts", sa.Text, nullable=False),
    sa.Column("body", sa.Text, nullable=False),
    sa.Column("hash", sa.Text, nullable=False),
    sa.Column("received_at", sa.Text, nullable=False),
)
sa.Index("pit_events_by_kind", EVENTS.c.table_id, EVENTS.c.kind, EVENTS.c.seq)
HEADS = sa.Table(  # the last event stored of each table, kept with it in the same transaction
    "pit_heads",
    _metadata,
    sa.Column("table_id", sa.Text, primary_key=True),
    sa.Column("seq", sa.Integer, nullable=False),
    sa.Column("hash", sa.Text, nullable=False),
)
ALERTS = sa.Table(
    "pit_alerts",
    _metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("table_id", sa.Text),  # NULL: an alert about the floor, not one table
    sa.Column("kind", sa.Text, nullable=False),
    sa.Column("detail", sa.Text, nullable=False),
    sa.Column("raised_at", sa.Text, nullable=False),
    sa.Column("acknowledged_by", sa.Text),  # NULL while the alert is open
    sa.Column("acknowledged_at", sa.Text),
    # a `silent` alert the pit closed itself, the table heard again: when (NULL otherwise)
    sa.Column("cleared_at", sa.Text),
)
# alert columns a store made by an earlier release lacks, added when it is opened
ADDED_ALERT_COLUMNS = ("cleared_at",)


class StoreError(Exception):
    """The store cannot be opened, or refused or failed an operation."""


class ChainError(StoreError):
    """A batch refused because one of its events is not valid or does not continue the stored
    chain of its table; nothing of the batch was stored."""

    def __init__(self, table: Any, seq: Any, reason: str, batch_size: int):
        super().__init__(
            f"event of table {table!r} seq {seq!r} refused: {reason}; "
            f"nothing of its batch of {batch_size} event(s) was stored"
        )
        self.table, self.seq, self.reason = table, seq, reason


def engine_url(url: str | None) -> sa.URL:
    """The SQLAlchemy URL of `--db`: None is `sqlite:///pit.db`, a plain path is an SQLite file,
    `postgresql://` uses psycopg 3."""
    if url is None:
        url = DEFAULT_URL
    if "://" not in url:
        return sa.URL.create("sqlite+pysqlite", database=url)
    try:
        parsed = sa.make_url(url)
    except (sa_exc.ArgumentError, ValueError) as exc:  # ValueError: a port that is no number
        raise StoreError(
            f"--db is not a database URL (is its port a number?); use {SUPPORTED}"
        ) from exc
    backend, _, driver = parsed.drivername.partition("+")
    if backend == "sqlite" and driver in ("", "pysqlite"):
        if parsed.database in (None, "", ":memory:"):
            raise StoreError(
                f"--db {_masked(parsed)} is an in-memory database that loses everything at exit; "
                "give a file: sqlite:///PATH"
            )
        return parsed.set(drivername="sqlite+pysqlite")
    if backend == "postgresql" and driver in ("", "psycopg"):
        try:
            import psycopg  # noqa: F401  (only to tell a missing driver apart)
        except ImportError as exc:
            raise StoreError(
                "a PostgreSQL pit store needs psycopg 3: pip install 'dealer-terminal[postgres]'"
            ) from exc
        return parsed.set(drivername="postgresql+psycopg")
    raise StoreError(f"--db {_masked(parsed)} is not supported; use {SUPPORTED}")


def _masked(url: sa.URL) -> str:
    return url.render_as_string(hide_password=True)


def _sqlite_engine(url: sa.URL) -> sa.Engine:
    """WAL with synchronous FULL like the table's journal, and the driver's own transaction
    handling replaced by SQLAlchemy's `begin` so that writes can say BEGIN IMMEDIATE."""
    engine = durable_sqlite_engine(url, f"pit store {url.database}", StoreError)

    @sa.event.listens_for(engine, "connect")
    def _no_driver_begin(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # the driver emits no BEGIN of its own

    @sa.event.listens_for(engine, "begin")
    def _begin(conn: sa.Connection) -> None:
        conn.exec_driver_sql(
            "BEGIN IMMEDIATE" if conn.get_execution_options().get(_WRITE) else "BEGIN"
        )

    return engine


def _postgresql_engine(url: sa.URL) -> sa.Engine:
    connect_args = {} if "connect_timeout" in url.query else {"connect_timeout": CONNECT_TIMEOUT_S}
    # pre_ping: a connection left in the pool across a server restart is replaced, not failed
    return sa.create_engine(url, pool_pre_ping=True, connect_args=connect_args)


def _alert(row: sa.Row) -> dict:
    return {
        "id": row.id,
        "table": row.table_id,
        "kind": row.kind,
        "detail": row.detail,
        "raised_at": row.raised_at,
        "acknowledged_by": row.acknowledged_by,
        "acknowledged_at": row.acknowledged_at,
        "cleared_at": row.cleared_at,
    }


def is_open(alert: dict) -> bool:
    """Neither acknowledged by a person nor cleared by the pit."""
    return alert["acknowledged_by"] is None and alert["cleared_at"] is None


_OPEN = sa.and_(ALERTS.c.acknowledged_by.is_(None), ALERTS.c.cleared_at.is_(None))


class PitStore:
    """The pit's database. Safe to share between threads; `close()` at the end."""

    def __init__(self, url: str | None):
        self.url = engine_url(url)
        self.name = _masked(self.url)
        sqlite = self.url.get_backend_name() == "sqlite"
        if sqlite:
            assert self.url.database is not None  # engine_url refuses an SQLite URL with no file
            try:
                Path(self.url.database).parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise StoreError(
                    f"cannot create the directory of pit store {self.name}: {exc.strerror}; "
                    "put it on a writable data partition (--db)"
                ) from exc
        self.engine = _sqlite_engine(self.url) if sqlite else _postgresql_engine(self.url)
        self._writer = self.engine.execution_options(**{_WRITE: True})
        try:
            _metadata.create_all(self.engine)
            self._add_missing_columns()
        except StoreError:
            self.engine.dispose()
            raise
        except sa_exc.SQLAlchemyError as exc:
            self.engine.dispose()
            what_to_do = (
                "it must be an SQLite file (or a new path) on a writable partition, "
                "writable by this user"
                if sqlite
                else "check that the server runs and accepts connections at that host and port, "
                "that the database exists, that user and password are right, and that the user "
                "may create tables in it (GRANT CREATE ON SCHEMA public), or create the tables as "
                "its owner once"
            )
            raise StoreError(
                f"cannot open the pit store {self.name}: {self._reason(exc)}; {what_to_do}"
            ) from exc

    def _add_missing_columns(self) -> None:
        """A store made by an earlier release gets the alert columns added since."""
        with self._writer.begin() as conn:
            present = {column["name"] for column in sa.inspect(conn).get_columns("pit_alerts")}
            for name in ADDED_ALERT_COLUMNS:
                if name not in present:
                    conn.execute(sa.text(f"ALTER TABLE pit_alerts ADD COLUMN {name} TEXT"))

    def _reason(self, exc: Exception) -> str:
        """The driver's own message (SQLAlchemy's wrapper adds the SQL) on one line, password
        masked."""
        reason = " ".join(str(getattr(exc, "orig", None) or exc).split())
        return reason.replace(self.url.password, "***") if self.url.password else reason

    @contextmanager
    def _failing_as(self, doing: str) -> Iterator[None]:
        try:
            yield
        except sa_exc.SQLAlchemyError as exc:
            raise StoreError(f"pit store {self.name}: {doing} failed: {self._reason(exc)}") from exc

    def heads(self) -> dict[str, tuple[int, str]]:
        """table id -> (last stored seq, its hash), for every table with something stored."""
        with self._failing_as("reading the heads"), self.engine.connect() as conn:
            return {row.table_id: (row.seq, row.hash) for row in conn.execute(sa.select(HEADS))}

    def append(self, rows: Sequence[tuple[dict, str]]) -> list[str]:
        """Store (event as published, received_at) rows in one transaction, each checked inside it
        against the stored head of its table (a table with nothing stored starts at seq 1), and
        return the bodies stored (the canonical JSON, for whoever passes them on).
        ChainError, and nothing of the batch stored, on the first event that does not fit."""
        if not rows:
            return []
        try:
            with self._writer.begin() as conn:
                tables = {event.get("table") for event, _ in rows if isinstance(event, dict)}
                stored = {
                    row.table_id: (row.seq, row.hash)
                    for row in conn.execute(
                        sa.select(HEADS).where(
                            HEADS.c.table_id.in_([t for t in tables if isinstance(t, str)])
                        )
                    )
                }
                heads = dict(stored)
                records = []
                for event, received_at in rows:
                    table = event.get("table") if isinstance(event, dict) else None
                    key = table if isinstance(table, str) else None
                    reason = check_next(event, *heads.get(key, (0, GENESIS)))
                    if reason is not None:
                        seq = event.get("seq") if isinstance(event, dict) else None
                        raise ChainError(table, seq, reason, len(rows))
                    heads[key] = (event["seq"], event["hash"])
                    records.append(
                        {
                            "table_id": table,
                            "seq": event["seq"],
                            "kind": event["kind"],
                            "round": event["round"],
                            "ts": event["ts"],
                            "body": canonical(event).decode("utf-8"),
                            "hash": event["hash"],
                            "received_at": received_at,
                        }
                    )
                conn.execute(sa.insert(EVENTS), records)
                self._move_heads(conn, stored, heads)
            return [record["body"] for record in records]
        except sa_exc.IntegrityError as exc:
            raise StoreError(
                f"pit store {self.name} already holds an event of this batch "
                f"({self._reason(exc)}): is another collector writing to the same store?"
            ) from exc
        except sa_exc.SQLAlchemyError as exc:
            raise StoreError(
                f"pit store {self.name}: storing events failed: {self._reason(exc)}"
            ) from exc

    def _move_heads(self, conn: sa.Connection, stored: dict, heads: dict) -> None:
        """The heads after the batch; each moves only from the head read at its start, so that a
        second writer's head moving meanwhile fails the transaction rather than forks the chain."""
        moved = [
            {"t": t, "old": stored[t][0], "seq": seq, "hash": h}
            for t, (seq, h) in heads.items()
            if t in stored
        ]
        if moved:
            update = (
                sa.update(HEADS)
                .where(HEADS.c.table_id == sa.bindparam("t"), HEADS.c.seq == sa.bindparam("old"))
                .values(seq=sa.bindparam("seq"), hash=sa.bindparam("hash"))
            )
            if conn.execute(update, moved).rowcount != len(moved):
                raise StoreError(
                    f"pit store {self.name}: the last stored event of a table changed during this "
                    "batch: is another collector writing to the same store?"
                )
        new = [
            {"table_id": t, "seq": seq, "hash": h}
            for t, (seq, h) in heads.items()
            if t not in stored
        ]
        if new:
            conn.execute(sa.insert(HEADS), new)

    def raise_alert(self, table_id: str | None, kind: str, detail: str, raised_at: str) -> int:
        """Record an open alert; its id."""
        values = {"table_id": table_id, "kind": kind, "detail": detail, "raised_at": raised_at}
        with self._failing_as("raising an alert"), self._writer.begin() as conn:
            key = conn.execute(sa.insert(ALERTS).values(**values)).inserted_primary_key
            assert key is not None  # an INSERT of one row (its id autoincremented) has its key
            return key[0]

    def acknowledge(self, alert_id: int, by: str, at: str) -> dict:
        """Record who acknowledged the alert and when, only if it is open (two pit bosses
        acknowledging at once: one wins, the other gets ValueError; so does an alert the pit
        cleared meanwhile). The alert as `alerts` gives it."""
        if not by or not by.strip():
            raise ValueError(f"say who acknowledges alert {alert_id}")
        with self._failing_as(f"acknowledging alert {alert_id}"), self._writer.begin() as conn:
            updated = conn.execute(
                sa.update(ALERTS)
                .where(ALERTS.c.id == alert_id, _OPEN)
                .values(acknowledged_by=by, acknowledged_at=at)
            ).rowcount
            row = conn.execute(sa.select(ALERTS).where(ALERTS.c.id == alert_id)).first()
        if row is None:
            raise ValueError(f"no alert {alert_id}")
        if not updated and row.cleared_at is not None:
            raise ValueError(
                f"alert {alert_id} was cleared at {row.cleared_at}: its table is heard again"
            )
        if not updated:
            raise ValueError(
                f"alert {alert_id} was already acknowledged by {row.acknowledged_by} "
                f"at {row.acknowledged_at}"
            )
        return _alert(row)

    def clear(self, table_id: str, kind: str, at: str) -> list[int]:
        """Close the open alerts of `kind` of a table whose cause is over (`silent`: it is heard
        again), recording when; their ids."""
        with (
            self._failing_as(f"clearing the {kind} alerts of {table_id}"),
            self._writer.begin() as conn,
        ):
            which = sa.and_(ALERTS.c.table_id == table_id, ALERTS.c.kind == kind, _OPEN)
            ids = list(conn.scalars(sa.select(ALERTS.c.id).where(which)))
            if ids:
                conn.execute(sa.update(ALERTS).where(ALERTS.c.id.in_(ids)).values(cleared_at=at))
            return ids

    def alerts(
        self,
        *,
        open_only: bool = True,
        table_id: str | None = None,
        limit: int | None = None,
        acknowledged_only: bool = False,
        cleared_only: bool = False,
    ) -> list[dict]:
        """Alerts, newest first: the open ones (default: neither acknowledged nor cleared), all
        (`open_only=False`), the acknowledged ones, newest acknowledgement first
        (`acknowledged_only`), or those the pit cleared, newest clearing first (`cleared_only`;
        either overrides `open_only`); of one table when `table_id` is given."""
        query = sa.select(ALERTS)
        if acknowledged_only:
            query = query.where(ALERTS.c.acknowledged_by.is_not(None)).order_by(
                ALERTS.c.acknowledged_at.desc(), ALERTS.c.id.desc()
            )
        elif cleared_only:
            query = query.where(ALERTS.c.cleared_at.is_not(None)).order_by(
                ALERTS.c.cleared_at.desc(), ALERTS.c.id.desc()
            )
        else:
            if open_only:
                query = query.where(_OPEN)
            query = query.order_by(ALERTS.c.raised_at.desc(), ALERTS.c.id.desc())
        if table_id is not None:
            query = query.where(ALERTS.c.table_id == table_id)
        if limit is not None:
            query = query.limit(limit)
        with self._failing_as("reading alerts"), self.engine.connect() as conn:
            return [_alert(row) for row in conn.execute(query)]

    def events(
        self,
        table_id: str,
        from_seq: int,
        to_seq: int | None = None,
        kinds: Sequence[str] | None = None,
    ) -> Iterator[str]:
        """The stored bodies of a table from `from_seq` (to `to_seq`, included; of `kinds` only,
        if given) in seq order, `BATCH` at a time, each batch on a connection of its own (a
        paused reader holds none)."""
        next_seq = from_seq
        while True:
            query = sa.select(EVENTS.c.seq, EVENTS.c.body).where(
                EVENTS.c.table_id == table_id, EVENTS.c.seq >= next_seq
            )
            if to_seq is not None:
                query = query.where(EVENTS.c.seq <= to_seq)
            if kinds is not None:
                query = query.where(EVENTS.c.kind.in_(list(kinds)))
            with (
                self._failing_as(f"reading the events of {table_id}"),
                self.engine.connect() as conn,
            ):
                batch = conn.execute(query.order_by(EVENTS.c.seq).limit(BATCH)).all()
            yield from (row.body for row in batch)
            if len(batch) < BATCH:
                return
            next_seq = batch[-1].seq + 1

    def since(
        self, table_id: str, from_seq: int, kinds: Sequence[str] | None = None
    ) -> Iterator[dict]:
        """The stored events of a table from `from_seq` on (of `kinds` only, if given), decoded,
        streamed like `events`."""
        return (json.loads(body) for body in self.events(table_id, from_seq, kinds=kinds))

    def outcomes(self, table_id: str, limit: int) -> list[dict]:
        """The outcomes of the last `limit` results of a table, oldest first, each as its last
        `round.correction` left it. The database takes them out of the bodies, which hold every
        bet of the round besides: the pit reads thousands of them per wheel when it starts."""
        outcome = self._body_field("data", "outcome")
        query = (
            sa.select(EVENTS.c.seq, outcome)
            .where(EVENTS.c.table_id == table_id, EVENTS.c.kind == "round.result")
            .order_by(EVENTS.c.seq.desc())
            .limit(limit)
        )
        with self._failing_as(f"reading the results of {table_id}"), self.engine.connect() as conn:
            found = {seq: text for seq, text in reversed(conn.execute(query).all())}
            if found:
                corrections = conn.execute(
                    sa.select(self._body_field("data", "corrects"), outcome)
                    .where(
                        EVENTS.c.table_id == table_id,
                        EVENTS.c.kind == "round.correction",
                        EVENTS.c.seq > min(found),
                    )
                    .order_by(EVENTS.c.seq)
                ).all()
                for corrects, text in corrections:
                    seq = int(corrects) if str(corrects).isdigit() else None
                    if seq in found:
                        found[seq] = text
        return [json.loads(text) for text in found.values() if text is not None]

    def _body_field(self, *path: str) -> Any:
        """A field of the stored bodies, taken out by the database."""
        if self.url.get_backend_name() == "sqlite":
            return sa.func.json_extract(EVENTS.c.body, "$." + ".".join(path))
        return sa.func.jsonb_extract_path_text(sa.cast(EVENTS.c.body, JSONB), *path)

    def last_seq_of_kind(self, table_id: str, kind: str) -> int | None:
        """The seq of the last stored event of that kind, None if there is none."""
        query = sa.select(sa.func.max(EVENTS.c.seq)).where(
            EVENTS.c.table_id == table_id, EVENTS.c.kind == kind
        )
        with self._failing_as(f"reading the events of {table_id}"), self.engine.connect() as conn:
            return conn.scalar(query)

    def close(self) -> None:
        self.engine.dispose()
