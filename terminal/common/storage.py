"""What the journal, the carrousel pool's store and the pit's store share: SQLite engines that
commit durably, and the journal file's schema and its readers (the replay server and the
auditors read a journal without the table runtime)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import sqlalchemy as sa
from sqlalchemy import exc as sa_exc

BATCH = 500  # rows per read: bounds the memory of a replay or a verify, whatever the journal size
BUSY_TIMEOUT_S = 10.0  # how long a connection waits for another one's lock before failing

JOURNAL_METADATA = sa.MetaData()
EVENTS = sa.Table(
    "events",
    JOURNAL_METADATA,
    sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("ts", sa.Text, nullable=False),
    sa.Column("kind", sa.Text, nullable=False),
    sa.Column("round", sa.Integer),
    sa.Column("body", sa.Text, nullable=False),
    sa.Column("hash", sa.Text, nullable=False),
)
META = sa.Table(
    "journal_meta",
    JOURNAL_METADATA,
    sa.Column("key", sa.Text, primary_key=True),
    sa.Column("value", sa.Text, nullable=False),
)


class JournalError(Exception):
    """The journal cannot be opened, or refused or failed a write."""


def driver_reason(exc: Exception) -> str:
    """The driver's own message when there is one (SQLAlchemy's wrapper adds the SQL)."""
    return str(getattr(exc, "orig", None) or exc)


def durable_sqlite_engine(url: sa.URL, what: str, error: type[Exception]) -> sa.Engine:
    """An engine whose every connection runs WAL with synchronous FULL (committed rows survive
    a power cut; NORMAL may lose the last ones; a reader never blocks the writer). A file that
    cannot use WAL raises `error` naming `what`."""
    engine = sa.create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_S})

    @sa.event.listens_for(engine, "connect")
    def _pragmas(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        try:
            mode = cursor.execute("PRAGMA journal_mode=WAL").fetchone()[0]
            if mode.lower() != "wal":
                raise error(
                    f"{what} cannot use WAL (journal_mode stays {mode!r}): "
                    "put it on a local filesystem that supports shared memory"
                )
            cursor.execute("PRAGMA synchronous=FULL")
        finally:
            cursor.close()

    return engine


def open_reader(path: str | Path) -> sa.Engine:
    """A read-only engine on an existing journal (replay server, verify): it can neither
    create the file nor change it."""
    path = Path(path).absolute()
    if not path.is_file():
        raise JournalError(f"no journal at {path}")
    url = sa.URL.create(
        "sqlite+pysqlite",
        database="file:" + quote(str(path)),
        query={"mode": "ro", "uri": "true"},
    )
    engine = sa.create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_S})
    try:
        has_events = sa.inspect(engine).has_table("events")
    except sa_exc.SQLAlchemyError as exc:
        engine.dispose()
        raise JournalError(f"cannot read {path}: {driver_reason(exc)}") from exc
    if not has_events:
        engine.dispose()
        raise JournalError(f"{path} has no events table: it is not a table journal")
    return engine


def max_seq(engine: sa.Engine) -> int:
    """The highest committed seq (0 for an empty journal)."""
    try:
        with engine.connect() as conn:
            return conn.scalar(sa.select(sa.func.max(EVENTS.c.seq))) or 0
    except sa_exc.SQLAlchemyError as exc:
        raise JournalError(f"cannot read the journal: {driver_reason(exc)}") from exc


def read_rows(engine: sa.Engine, from_seq: int = 1, to_seq: int | None = None) -> Iterator[sa.Row]:
    """The rows from `from_seq` (to `to_seq`) in seq order, `BATCH` at a time.

    Each batch is read on a connection taken for that batch only: a paused reader holds no
    connection and no read snapshot, so it never keeps the WAL from being checkpointed, and it
    sees the events committed while it streams.
    """
    next_seq = max(from_seq, 1)
    while True:
        query = sa.select(EVENTS).where(EVENTS.c.seq >= next_seq)
        if to_seq is not None:
            query = query.where(EVENTS.c.seq <= to_seq)
        try:
            with engine.connect() as conn:
                batch = conn.execute(query.order_by(EVENTS.c.seq).limit(BATCH)).all()
        except sa_exc.SQLAlchemyError as exc:
            raise JournalError(f"cannot read the journal: {driver_reason(exc)}") from exc
        yield from batch
        if len(batch) < BATCH:
            return
        next_seq = batch[-1].seq + 1


def owner_of(conn: sa.Connection) -> str | None:
    return conn.scalar(sa.select(META.c.value).where(META.c.key == "table"))


def recorded_owner(conn: sa.Connection) -> str | None:
    """The table a journal records itself as belonging to (None: it records none, an older
    journal without its meta table)."""
    return owner_of(conn) if sa.inspect(conn).has_table(META.name) else None
