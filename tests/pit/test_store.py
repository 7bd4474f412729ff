"""The pit store on a real SQLite file and a real PostgreSQL server: chain checks, alerts,
streaming reads, errors, and a writer and a reader on two threads."""

from __future__ import annotations

import json
import socket
import sys
import threading

import psycopg
import pytest
import sqlalchemy as sa

from terminal.common.storage import BATCH
from terminal.contract.events import GENESIS, canonical, seal, utc_ts
from terminal.pit.store import ChainError, PitStore, StoreError, engine_url

RECEIVED = "2026-11-29T21:17:02.500Z"
CYCLE = ("round.open", "round.closed", "round.result")


def chain(
    n: int,
    table: str = "RL-01",
    after: dict | None = None,
    kinds=("round.open",),
    data=lambda seq: {"n": seq},
) -> list[dict]:
    """`n` sealed events of `table` continuing `after` (from seq 1 without it); kinds in turn."""
    seq, prev = (after["seq"], after["hash"]) if after else (0, GENESIS)
    events = []
    for i in range(n):
        event = seal(
            {
                "v": 1,
                "table": table,
                "game": "roulette_fr",
                "seq": seq + 1,
                "round": seq + 1,
                "ts": utc_ts(),
                "kind": kinds[i % len(kinds)],
                "data": data(seq + 1),
                "prev": prev,
            }
        )
        events.append(event)
        seq, prev = event["seq"], event["hash"]
    return events


def rows(events: list[dict]) -> list[tuple[dict, str]]:
    return [(event, RECEIVED) for event in events]


def stored(store: PitStore, table: str) -> list[dict]:
    return list(store.since(table, 1))


def test_append_and_heads_round_trip_and_survive_a_reopen(store_url, store):
    assert store.heads() == {}
    roulette, blackjack = chain(3), chain(2, table="BJ-02")
    store.append(rows(roulette + blackjack))
    more = chain(2, after=roulette[-1])
    store.append(rows(more))
    store.append([])
    assert store.heads() == {"RL-01": (5, more[-1]["hash"]), "BJ-02": (2, blackjack[-1]["hash"])}
    assert stored(store, "RL-01") == roulette + more and stored(store, "BJ-02") == blackjack
    again = PitStore(store_url)
    try:
        assert again.heads() == store.heads()
        indexes = {
            index["name"]: index["column_names"]
            for index in sa.inspect(again.engine).get_indexes("pit_events")
        }
        assert indexes["pit_events_by_kind"] == ["table_id", "kind", "seq"]
    finally:
        again.close()


def test_events_are_checked_against_what_is_stored_not_what_this_instance_saw(store_url, store):
    events = chain(3)
    store.append(rows(events))
    other = PitStore(store_url)  # a second collector on the same store
    try:
        with pytest.raises(ChainError, match="seq 1 does not follow seq 3"):
            other.append(rows(events))
        other.append(rows(chain(1, after=events[-1])))
    finally:
        other.close()
    assert store.heads()["RL-01"][0] == 4


def _tampered(following):
    return [following[0], {**following[1], "data": {"n": 1000}}, following[2]]


def _relinked(following):
    return [following[0], seal({**following[1], "prev": "e" * 64}), following[2]]


def _gap(following):
    return [following[0], following[2]]


BAD_BATCHES = [
    (_tampered, "RL-01", 4, "hash mismatch"),
    (_relinked, "RL-01", 4, "prev of seq 4 is not the hash of seq 3"),
    (_gap, "RL-01", 5, "seq 5 does not follow seq 3"),
]


@pytest.mark.parametrize("spoil, table, seq, reason", BAD_BATCHES, ids=["hash", "prev", "gap"])
def test_one_bad_event_stores_nothing_of_its_batch(store, spoil, table, seq, reason):
    before = chain(2)
    store.append(rows(before))
    batch = chain(2, table="BJ-02") + spoil(chain(3, after=before[-1]))
    with pytest.raises(ChainError) as refused:
        store.append(rows(batch))
    assert f"table {table!r} seq {seq}" in str(refused.value) and reason in str(refused.value)
    assert (refused.value.table, refused.value.seq) == (table, seq)
    assert store.heads() == {"RL-01": (2, before[-1]["hash"])}
    assert stored(store, "RL-01") == before and stored(store, "BJ-02") == []


def test_a_table_with_nothing_stored_must_start_at_seq_1(store):
    with pytest.raises(ChainError, match="'BJ-02' seq 2 refused: seq 2 does not follow seq 0"):
        store.append(rows(chain(1) + chain(3, table="BJ-02")[1:]))
    with pytest.raises(ChainError, match="not a JSON object"):
        store.append([("RL-01/round.open", RECEIVED)])
    assert store.heads() == {}


def test_the_body_is_the_canonical_json_of_the_event(store):
    sealed = seal(
        {
            "v": 1,
            "table": "RL-01",
            "game": "roulette_fr",
            "seq": 1,
            "round": None,
            "ts": utc_ts(),
            "kind": "announcement",
            "prev": GENESIS,
            "data": {
                "text": {"ca": "Vint-i-u, vermell, senar", "en": "21 · red · 5 €"},
                "key": "r21",
            },
        }
    )
    published = dict(reversed(sealed.items()))  # the key order a table might send
    store.append([(published, RECEIVED)])
    with store.engine.connect() as conn:
        row = conn.execute(sa.text("SELECT * FROM pit_events")).one()._asdict()
    assert row["body"] == canonical(sealed).decode("utf-8")
    assert json.loads(row["body"]) == sealed
    assert row == {
        "table_id": "RL-01",
        "seq": 1,
        "kind": "announcement",
        "round": None,
        "ts": sealed["ts"],
        "body": row["body"],
        "hash": sealed["hash"],
        "received_at": RECEIVED,
    }
    assert list(store.events("RL-01", 1)) == [row["body"]]


def test_alerts_are_raised_listed_and_acknowledged_newest_first(store):
    first = store.raise_alert(
        "RL-01", "hash", "seq 4 of RL-01 fails its hash", "2026-11-29T21:00:00.000Z"
    )
    floor = store.raise_alert(None, "silent", "no table heard for 10 s", "2026-11-29T21:01:00.000Z")
    gap = store.raise_alert("BJ-02", "gap", "seq 7 of BJ-02 missing", "2026-11-29T21:02:00.000Z")
    assert [a["id"] for a in store.alerts()] == [gap, floor, first]
    assert store.alerts(table_id="RL-01") == [
        {
            "id": first,
            "table": "RL-01",
            "kind": "hash",
            "detail": "seq 4 of RL-01 fails its hash",
            "raised_at": "2026-11-29T21:00:00.000Z",
            "acknowledged_by": None,
            "acknowledged_at": None,
            "cleared_at": None,
        }
    ]
    assert [a["id"] for a in store.alerts(limit=2)] == [gap, floor]

    acknowledged = store.acknowledge(first, "anna", "2026-11-29T21:05:00.000Z")
    assert acknowledged == {
        **store.alerts(open_only=False, table_id="RL-01")[0],
        "acknowledged_by": "anna",
        "acknowledged_at": "2026-11-29T21:05:00.000Z",
    }
    store.acknowledge(gap, "joan", "2026-11-29T21:03:00.000Z")
    assert [a["id"] for a in store.alerts()] == [floor]
    assert [a["id"] for a in store.alerts(acknowledged_only=True)] == [first, gap]
    assert [a["id"] for a in store.alerts(acknowledged_only=True, limit=1)] == [first]
    assert [a["id"] for a in store.alerts(open_only=False)] == [gap, floor, first]


def test_an_alert_is_acknowledged_once(store):
    alert = store.raise_alert("RL-01", "fault", "wheel sensor", "2026-11-29T21:00:00.000Z")
    store.acknowledge(alert, "anna", "2026-11-29T21:05:00.000Z")
    with pytest.raises(
        ValueError,
        match=f"alert {alert} was already acknowledged by anna at 2026-11-29T21:05:00.000Z",
    ):
        store.acknowledge(alert, "joan", "2026-11-29T21:06:00.000Z")
    with pytest.raises(ValueError, match="no alert 999"):
        store.acknowledge(999, "joan", "2026-11-29T21:06:00.000Z")
    with pytest.raises(ValueError, match="who acknowledges"):
        store.acknowledge(alert, " ", "2026-11-29T21:06:00.000Z")
    assert store.alerts(acknowledged_only=True)[0]["acknowledged_by"] == "anna"


def test_a_silent_alert_the_pit_clears_is_no_longer_open_and_says_when(store):
    """The pit clears a table's `silent` alert once it hears the table again: closed without
    anyone's acknowledgement, and kept with when it was cleared."""
    unheard = store.raise_alert("RL-01", "silent", "no message", "2026-11-29T21:00:00.000Z")
    other = store.raise_alert("BJ-02", "silent", "no message", "2026-11-29T21:00:01.000Z")
    fault = store.raise_alert("RL-01", "fault", "wheel sensor", "2026-11-29T21:00:02.000Z")
    assert store.clear("RL-01", "silent", "2026-11-29T21:04:00.000Z") == [unheard]
    assert [a["id"] for a in store.alerts()] == [fault, other]
    (cleared,) = [a for a in store.alerts(open_only=False) if a["id"] == unheard]
    assert cleared["cleared_at"] == "2026-11-29T21:04:00.000Z"
    assert cleared["acknowledged_by"] is None
    assert store.clear("RL-01", "silent", "2026-11-29T21:05:00.000Z") == []  # cleared once
    with pytest.raises(ValueError, match=f"alert {unheard} was cleared at 2026-11-29T21:04"):
        store.acknowledge(unheard, "anna", "2026-11-29T21:06:00.000Z")
    assert store.alerts(acknowledged_only=True) == []


def test_a_store_made_before_alerts_could_be_cleared_gets_the_column(store_url):
    """A store of an earlier release, its alerts without `cleared_at`: opened, the column is
    added and its open alerts stay open."""
    engine = sa.create_engine(engine_url(store_url))
    with engine.begin() as conn:
        conn.exec_driver_sql(
            "CREATE TABLE pit_alerts (id INTEGER PRIMARY KEY, table_id TEXT, kind TEXT NOT NULL, "
            "detail TEXT NOT NULL, raised_at TEXT NOT NULL, acknowledged_by TEXT, "
            "acknowledged_at TEXT)"
        )
        conn.exec_driver_sql(
            "INSERT INTO pit_alerts (id, table_id, kind, detail, raised_at) "
            "VALUES (1, 'RL-01', 'silent', 'no message', '2026-11-29T21:00:00.000Z')"
        )
    engine.dispose()
    store = PitStore(store_url)
    try:
        assert [(a["id"], a["cleared_at"]) for a in store.alerts()] == [(1, None)]
        assert store.clear("RL-01", "silent", "2026-11-29T21:04:00.000Z") == [1]
        assert store.alerts() == []
    finally:
        store.close()


def test_two_pit_bosses_acknowledging_at_once_succeed_exactly_once(store):
    for attempt in range(5):
        alert = store.raise_alert(
            "RL-01", "pace", "slow spins", f"2026-11-29T21:0{attempt}:00.000Z"
        )
        start = threading.Barrier(2)
        outcomes: dict[str, object] = {}

        def acknowledge(who):
            start.wait()
            try:
                outcomes[who] = store.acknowledge(alert, who, "2026-11-29T21:10:00.000Z")
            except ValueError as exc:
                outcomes[who] = exc

        threads = [threading.Thread(target=acknowledge, args=(who,)) for who in ("anna", "joan")]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        winners = [who for who, outcome in outcomes.items() if isinstance(outcome, dict)]
        assert len(winners) == 1, outcomes
        (loser,) = set(outcomes) - set(winners)
        assert f"already acknowledged by {winners[0]}" in str(outcomes[loser])
        assert store.alerts(open_only=False, table_id="RL-01")[0]["acknowledged_by"] == winners[0]


def test_events_streams_a_range_in_batches(store):
    events = chain(2 * BATCH + 200)
    store.append(rows(events) + rows(chain(3, table="BJ-02")))
    assert [json.loads(b)["seq"] for b in store.events("RL-01", 2, 1101)] == list(range(2, 1102))
    assert [json.loads(b) for b in store.events("RL-01", 1150)] == events[1149:]
    assert list(store.events("RL-01", 5, 4)) == [] and list(store.events("PB-09", 1)) == []
    stream = store.events("RL-01", 1)
    next(stream)
    store.append(rows(chain(10, after=events[-1])))  # committed while the stream is paused
    assert sum(1 for _ in stream) == len(events) + 10 - 1


def test_since_and_last_seq_of_kind(store):
    events = chain(12, kinds=CYCLE)  # seq 1 open, 2 closed, 3 result, ... 12 result
    store.append(rows(events) + rows(chain(4, table="BJ-02", kinds=CYCLE)))
    assert list(store.since("RL-01", 10)) == events[9:]
    assert store.last_seq_of_kind("RL-01", "round.closed") == 11
    assert store.last_seq_of_kind("BJ-02", "round.closed") == 2
    assert store.last_seq_of_kind("RL-01", "table.open") is None


def test_a_reader_beside_a_writer_sees_only_whole_batches(store):
    per_batch, batches = 5, 40
    events = chain(per_batch * batches)
    done, seen, errors = threading.Event(), [], []

    def write():
        try:
            for start in range(0, len(events), per_batch):
                store.append(rows(events[start : start + per_batch]))
        except Exception as exc:
            errors.append(exc)
        finally:
            done.set()

    def read():  # the collector's other thread: views, and acknowledgements that write too
        try:
            while not done.is_set():
                head = store.heads().get("RL-01", (0, GENESIS))
                bodies = list(store.events("RL-01", 1))
                seen.append((head[0], len(bodies)))
                alert = store.raise_alert("RL-01", "pace", "slow", utc_ts())
                store.acknowledge(alert, "anna", utc_ts())
        except Exception as exc:
            errors.append(exc)

    threads = [threading.Thread(target=write), threading.Thread(target=read)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert seen and all(seq % per_batch == 0 and count % per_batch == 0 for seq, count in seen)
    assert stored(store, "RL-01") == events


def test_sqlite_connections_run_wal_and_synchronous_full(tmp_path):
    store = PitStore(str(tmp_path / "var" / "pit.db"))  # a plain path; its directory is created
    try:
        with store.engine.connect() as one, store.engine.connect() as two:
            for conn in (one, two):
                assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
                assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL
    finally:
        store.close()


def test_engine_urls():
    assert engine_url(None).render_as_string() == "sqlite+pysqlite:///pit.db"
    assert engine_url("var/pit.db").database == "var/pit.db"
    assert engine_url("sqlite:////srv/pit.db").database == "/srv/pit.db"
    assert engine_url("postgresql://pit:s3cret@db:5432/pit").drivername == "postgresql+psycopg"


@pytest.mark.parametrize(
    "url, reason",
    [
        ("mysql://pit:s3cret@db/pit", "not supported"),
        ("postgresql+psycopg2://pit:s3cret@db/pit", "not supported"),
        ("sqlite://", "in-memory"),
        ("postgresql://pit:s3cret@db:port/pit", "not a database URL"),
        ("pg sql://pit:s3cret@db/pit", "not a database URL"),
    ],
)
def test_an_unsupported_url_says_what_is_supported_without_the_password(url, reason):
    with pytest.raises(StoreError) as refused:
        PitStore(url)
    message = str(refused.value)
    assert reason in message and "s3cret" not in message
    assert "postgresql://" in message or "sqlite:///PATH" in message


def test_a_missing_psycopg_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "psycopg", None)  # import psycopg now fails
    with pytest.raises(StoreError, match=r"pip install 'dealer-terminal\[postgres\]'"):
        engine_url("postgresql://pit:s3cret@db/pit")


def test_an_unwritable_sqlite_path_is_a_store_error(tmp_path):
    (tmp_path / "file").write_text("not a directory")
    with pytest.raises(StoreError, match="cannot create the directory"):
        PitStore(str(tmp_path / "file" / "pit.db"))
    (tmp_path / "junk.db").write_bytes(b"this is no SQLite database " * 100)
    with pytest.raises(StoreError, match="it must be an SQLite file"):
        PitStore(str(tmp_path / "junk.db"))


def test_an_unreachable_postgresql_server_is_a_store_error_without_the_password():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]  # nothing listens there once closed
    with pytest.raises(StoreError) as refused:
        PitStore(f"postgresql://pit:s3cret@127.0.0.1:{port}/pit")
    message = str(refused.value)
    assert f"postgresql+psycopg://pit:***@127.0.0.1:{port}/pit" in message
    assert "s3cret" not in message and "server runs" in message


def test_a_wrong_password_is_a_store_error_without_the_password(postgres_url):
    url = (
        sa.make_url(postgres_url).set(password="wrong-s3cret").render_as_string(hide_password=False)
    )
    with pytest.raises(StoreError, match="password authentication failed") as refused:
        PitStore(url)
    assert "wrong-s3cret" not in str(refused.value)


def test_a_user_who_may_not_create_tables_is_told_what_to_grant(
    postgres_url, new_postgres_database
):
    url = new_postgres_database()
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        conn.execute("CREATE ROLE clerk LOGIN PASSWORD 'clerk-s3cret'")
    try:
        clerk = (
            sa.make_url(url)
            .set(username="clerk", password="clerk-s3cret")
            .render_as_string(hide_password=False)
        )
        with pytest.raises(
            StoreError, match="permission denied.*GRANT CREATE ON SCHEMA public"
        ) as refused:
            PitStore(clerk)
        assert "clerk-s3cret" not in str(refused.value)
    finally:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("DROP OWNED BY clerk")
        with psycopg.connect(postgres_url, autocommit=True) as conn:
            conn.execute("DROP ROLE clerk")


def test_outcomes_are_the_last_results_outcomes_oldest_first(store):
    outcome = lambda seq: {"number": seq, "rotor": "cw"}  # noqa: E731
    store.append(
        rows(
            chain(9, kinds=CYCLE, data=lambda seq: {"outcome": outcome(seq), "bets": [{"id": "b"}]})
        )
    )
    assert store.outcomes("RL-01", 2) == [outcome(6), outcome(9)]  # every third event is a result
    assert store.outcomes("RL-02", 3) == []


def test_since_can_keep_to_some_kinds(store):
    store.append(rows(chain(6, kinds=CYCLE)))
    assert [e["seq"] for e in store.since("RL-01", 1, kinds=["nothing.such"])] == []
    assert [e["seq"] for e in store.since("RL-01", 2, kinds=["round.open", "round.result"])] == [
        3,
        4,
        6,
    ]
