"""The journal on real SQLite files: chain, durability, refusals, streaming, verify, writer."""

import hashlib
import logging
import os
import threading
import time

import pytest
import sqlalchemy as sa

from terminal.common.storage import BATCH
from terminal.contract.events import GENESIS, canonical, check_event, seal
from terminal.runtime.journal.store import Journal, JournalError, JournalWriter, verify

DEADLINE_S = 5.0


def wait_until(predicate, what):
    """Poll `predicate` until true; fail after DEADLINE_S."""
    deadline = time.monotonic() + DEADLINE_S
    while not predicate():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.005)


def build(journal, n):
    return [journal.build("round.open", {"i": i}, round=i) for i in range(n)]


@pytest.fixture
def path(tmp_path):
    return tmp_path / "data" / "RL-01.sqlite"


@pytest.fixture
def journal(path):
    journal = Journal(path, table="RL-01", game="roulette_fr")
    yield journal
    journal.close()


def test_build_seals_a_chain_and_writes_nothing(journal):
    first, second = build(journal, 2)
    assert (first["seq"], first["prev"]) == (1, GENESIS)
    assert (second["seq"], second["prev"]) == (2, first["hash"])
    assert check_event(first) is None and check_event(second) is None
    assert first["table"] == "RL-01" and first["game"] == "roulette_fr" and first["v"] == 1
    assert (journal.last_seq, journal.last_hash) == (2, second["hash"])
    assert journal.committed_seq() == 0


def test_build_copies_data_and_refuses_a_bad_event(journal):
    data = {"bets": [{"id": "b1", "stake": 500}]}
    event = journal.build("round.result", data, round=1)
    data["bets"][0]["stake"] = 9999
    assert event["data"]["bets"][0]["stake"] == 500 and check_event(event) is None
    with pytest.raises(ValueError, match="ts"):
        journal.build("round.open", {}, ts="yesterday")
    assert journal.last_seq == 1


def test_reopening_continues_seq_and_prev(path, journal):
    journal.commit(build(journal, 3))
    journal.close()
    again = Journal(path, table="RL-01", game="roulette_fr")
    try:
        fourth = again.build("round.closed", {}, round=3)
        assert fourth["seq"] == 4 and fourth["prev"] == list(again.events(3))[0]["hash"]
        again.commit([fourth])
        assert verify(path).ok and verify(path).last_seq == 4
    finally:
        again.close()


def test_every_connection_runs_wal_and_synchronous_full(journal):
    with journal.engine.connect() as one, journal.engine.connect() as two:
        for conn in (one, two):
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL


def test_a_duplicate_seq_fails_on_the_primary_key(path, journal):
    other = Journal(path, table="RL-01", game="roulette_fr")  # a second writer on the same file
    try:
        journal.commit(build(journal, 1))
        with pytest.raises(JournalError, match="already holds seq 1"):
            other.commit(build(other, 1))
    finally:
        other.close()
    assert verify(path).events == 1


@pytest.mark.parametrize(
    "damage, reason",
    [
        (lambda events: events[1:], "seq 2 does not follow seq 0"),
        (lambda events: [events[0], events[2]], "seq 3 does not follow seq 1"),
        (lambda events: [{**events[0], "data": {"i": 99}}], "hash mismatch"),
        (lambda events: [seal({**events[0], "table": "RL-02"})], "table 'RL-02'"),
    ],
)
def test_commit_refuses_what_does_not_continue_the_chain(journal, damage, reason):
    with pytest.raises(JournalError, match=reason):
        journal.commit(damage(build(journal, 3)))
    assert journal.committed_seq() == 0


def test_a_journal_of_another_table_is_refused(path, journal):
    with pytest.raises(JournalError, match="belongs to table 'RL-01', not 'BJ-02'"):
        Journal(path, table="BJ-02", game="blackjack")


def under_a_file(tmp):
    (tmp / "file").write_text("x")
    return tmp / "file" / "journal.sqlite"


def a_directory(tmp):
    (tmp / "dir").mkdir()
    return tmp / "dir"


def not_a_database(tmp):
    (tmp / "text").write_text("not sqlite " * 200)
    return tmp / "text"


@pytest.mark.parametrize("make_bad_path", [under_a_file, a_directory, not_a_database])
def test_a_path_that_cannot_hold_a_journal_is_a_clear_error(tmp_path, make_bad_path):
    bad = make_bad_path(tmp_path)
    with pytest.raises(JournalError, match="writable") as raised:
        Journal(bad, table="RL-01", game="roulette_fr")
    assert str(bad) in str(raised.value)


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes read-only files")
def test_a_journal_that_cannot_be_written_is_refused_at_open(path, journal):
    journal.commit(build(journal, 1))
    journal.close()
    path.chmod(0o444)
    with pytest.raises(JournalError, match="writable"):
        Journal(path, table="RL-01", game="roulette_fr")


def test_events_streams_in_seq_order_across_batches(journal):
    journal.commit(build(journal, 2 * BATCH + 7))
    assert [e["seq"] for e in journal.events()] == list(range(1, 2 * BATCH + 8))
    assert [e["seq"] for e in journal.events(BATCH + 3)][:2] == [BATCH + 3, BATCH + 4]
    assert next(journal.events(-5))["seq"] == 1
    assert list(journal.events(2 * BATCH + 8)) == []


def test_events_is_usable_from_another_thread_and_sees_later_commits(journal):
    journal.commit(build(journal, BATCH))
    stream = journal.events()
    first = next(stream)
    journal.commit(build(journal, 5))  # committed while the reader is paused
    seen = []
    reader = threading.Thread(target=lambda: seen.extend(e["seq"] for e in stream))
    reader.start()
    reader.join()
    assert [first["seq"]] + seen == list(range(1, BATCH + 6))


# -- verify


def file_digest(path):
    """The database and its WAL (the -shm index is shared memory that readers mark)."""
    return {
        p.name: hashlib.sha256(p.read_bytes()).hexdigest()
        for p in path.parent.glob("*.sqlite*")
        if not p.name.endswith("-shm")
    }


def test_verify_an_intact_journal_without_touching_it(path, journal):
    journal.commit(build(journal, 10))  # still open: the events are in the WAL
    before = file_digest(path)
    report = verify(path)
    assert (report.ok, report.events, report.last_seq, report.bad_seq, report.reason) == (
        True,
        10,
        10,
        None,
        None,
    )
    assert file_digest(path) == before


def update(journal, sql):
    with journal.engine.begin() as conn:
        conn.exec_driver_sql(sql)


def set_body(journal, seq, body, **columns):
    """Replace the body of `seq` (and some columns) as an intruder would."""
    assignments = "".join(f", {name} = '{value}'" for name, value in columns.items())
    update(journal, f"UPDATE events SET body = '{body}' {assignments} WHERE seq = {seq:d}")


def fourth(journal, **change):
    return {**next(journal.events(4)), **change}


def body_edited(journal):
    set_body(journal, 4, canonical(fourth(journal, data={"i": 7})).decode())


def prev_edited_and_resealed(journal):
    set_body(journal, 4, canonical(seal(fourth(journal, prev="e" * 64))).decode())


def event_rewritten_and_resealed(journal):
    forged = seal(fourth(journal, data={"i": 7}))
    set_body(journal, 4, canonical(forged).decode(), hash=forged["hash"])


@pytest.mark.parametrize(
    "damage, bad_seq, reason",
    [
        (body_edited, 4, "hash mismatch"),
        (
            lambda j: update(j, f"UPDATE events SET hash = '{'f' * 64}' WHERE seq = 4"),
            4,
            "column(s) hash",
        ),
        (
            lambda j: update(j, "UPDATE events SET kind = 'round.void' WHERE seq = 4"),
            4,
            "column(s) kind",
        ),
        (prev_edited_and_resealed, 4, "prev of seq 4"),
        (event_rewritten_and_resealed, 5, "prev of seq 5"),  # found at the next link
        (lambda j: set_body(j, 4, "{not json"), 4, "not JSON"),
        (
            lambda j: update(j, "DELETE FROM events WHERE seq = 4"),
            4,
            "seq 4 is missing (the next row is seq 5)",
        ),
        (
            lambda j: update(j, "DELETE FROM events WHERE seq < 3"),
            1,
            "seq 1 is missing (the next row is seq 3)",
        ),
    ],
    ids=["body", "hash-column", "kind-column", "prev", "resealed", "not-json", "gap", "not-from-1"],
)
def test_verify_reports_the_first_bad_seq(path, journal, damage, bad_seq, reason):
    journal.commit(build(journal, 6))
    damage(journal)
    report = verify(path)
    assert not report.ok
    assert report.bad_seq == bad_seq and report.last_seq == bad_seq - 1 == report.events
    assert reason in report.reason


def test_verify_a_missing_or_foreign_file_is_a_failed_report(tmp_path):
    missing = verify(tmp_path / "nope.sqlite")
    assert not missing.ok and "no journal at" in missing.reason
    assert not (tmp_path / "nope.sqlite").exists()
    other = tmp_path / "other.sqlite"
    engine = sa.create_engine(f"sqlite:///{other}")
    with engine.begin() as conn:
        conn.exec_driver_sql("CREATE TABLE things (x)")
    engine.dispose()
    report = verify(other)
    assert not report.ok and "no events table" in report.reason


# -- the writer


class Recorder:
    """A sink that records what it gets and whether each event was already in the file."""

    def __init__(self, journal):
        self.journal = journal
        self.calls: list[list[dict]] = []
        self.durable: list[bool] = []
        self.ticks: list[int] = []

    def committed(self, events):
        self.calls.append(list(events))
        self.durable.append(self.journal.committed_seq() >= events[-1]["seq"])

    def tick(self, last_seq):
        self.ticks.append(last_seq)

    @property
    def seqs(self):
        return [e["seq"] for call in self.calls for e in call]


@pytest.fixture
def writers():
    started = []

    def make(journal, sinks=(), **kwargs):
        writer = JournalWriter(journal, sinks, **kwargs)
        started.append(writer)
        return writer

    yield make
    for writer in started:
        if writer.is_alive():
            writer.stop()


def test_writer_commits_then_hands_on_in_seq_order(journal, writers):
    first, second = Recorder(journal), Recorder(journal)
    writer = writers(journal, [first, second])
    writer.start()
    for _ in range(5):
        writer.submit(build(journal, 3))
    writer.flush()
    assert first.seqs == second.seqs == list(range(1, 16))
    assert all(first.durable) and writer.committed_seq == 15 == journal.committed_seq()


def test_writer_groups_what_is_queued_into_one_transaction(journal, writers):
    sink = Recorder(journal)
    writer = writers(journal, [sink])
    for _ in range(3):
        writer.submit(build(journal, 2))  # queued before the thread runs
    writer.start()
    writer.flush()
    assert [[e["seq"] for e in call] for call in sink.calls] == [[1, 2, 3, 4, 5, 6]]


class Gate(Recorder):
    """A sink that holds the writer until opened."""

    def __init__(self, journal):
        super().__init__(journal)
        self.open = threading.Event()

    def committed(self, events):
        self.open.wait(DEADLINE_S)
        super().committed(events)


def test_flush_waits_until_the_sinks_have_the_events(journal, writers):
    gate = Gate(journal)
    writer = writers(journal, [gate])
    writer.start()
    writer.submit(build(journal, 2))
    with pytest.raises(TimeoutError, match="2 event"):
        writer.flush(timeout=0.05)
    gate.open.set()
    writer.flush()
    assert gate.seqs == [1, 2]


def test_writer_ticks_with_the_last_committed_seq(journal, writers):
    journal.commit(build(journal, 3))  # a restart: the heartbeats continue from the file
    sink = Recorder(journal)
    writer = writers(journal, [sink], tick_seconds=0.01)
    writer.start()
    wait_until(lambda: sink.ticks, "a first tick")
    assert sink.ticks[0] == 3
    writer.submit(build(journal, 2))
    wait_until(lambda: sink.ticks[-1] == 5, "a tick after the commit")
    assert sink.seqs == [4, 5]


def test_a_failed_commit_is_raised_and_nothing_is_handed_on(journal, writers):
    sink = Recorder(journal)
    writer = writers(journal, [sink], tick_seconds=0.01)
    writer.start()
    writer.submit(build(journal, 1))
    writer.flush()
    wait_until(lambda: sink.ticks, "a tick")
    with journal.engine.begin() as conn:  # the file is damaged under the writer
        conn.exec_driver_sql("DROP TABLE events")
    writer.submit(build(journal, 2))
    with pytest.raises(JournalError, match="no such table"):
        writer.flush()
    with pytest.raises(JournalError, match="has failed"):
        writer.submit(build(journal, 1))
    with pytest.raises(JournalError):
        writer.stop()
    assert not writer.is_alive()
    assert sink.seqs == [1]


def test_a_failing_sink_is_logged_and_the_others_still_get_the_events(journal, writers, caplog):
    class Broken:
        def committed(self, events):
            raise RuntimeError("pit unplugged")

        def tick(self, last_seq):
            return None

    sink = Recorder(journal)
    writer = writers(journal, [Broken(), sink])
    writer.start()
    with caplog.at_level(logging.ERROR, logger="terminal.runtime.journal.store"):
        writer.submit(build(journal, 1))
        writer.flush()
        writer.submit(build(journal, 1))
        writer.flush()
    assert sink.seqs == [1, 2]
    assert "pit unplugged" in caplog.text


def test_stop_commits_what_is_queued_and_closes_the_door(journal, writers):
    sink = Recorder(journal)
    writer = writers(journal, [sink])
    writer.submit(build(journal, 4))
    writer.stop()  # never started: stop still commits and hands on
    assert sink.seqs == [1, 2, 3, 4] and journal.committed_seq() == 4
    with pytest.raises(JournalError, match="stopped"):
        writer.submit(build(journal, 1))


def test_the_sinks_get_the_events_on_the_writers_thread_alone(journal, writers):
    """Why the writer locks nothing but its queue: the table's thread only submits, the
    writer's alone commits and hands on (terminal/runtime/journal/store.py)."""

    class Where(Recorder):
        def committed(self, events):
            self.threads.add(threading.current_thread())
            super().committed(events)

    sink = Where(journal)
    sink.threads = set()
    writer = writers(journal, [sink])
    writer.start()
    for _ in range(3):
        writer.submit(build(journal, 2))
    writer.flush()
    assert sink.threads == {writer} and sink.seqs == list(range(1, 7))
