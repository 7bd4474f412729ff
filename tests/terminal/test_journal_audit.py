"""`dealer-terminal journal audit`: a table's journal against what a real collector stored of it
(tables on loopback with real journals, the collector's store and control endpoint)."""

from __future__ import annotations

import shutil
import sqlite3

import pytest

from terminal.cli import main
from terminal.feed.curve import CurveServer
from terminal.feed.curve_keys import generate_keys
from tests.support.helpers import forge, made_then_closed
from tests.support.pit_helpers import Pit, floor_file, wait_for

HEADER = "journal {db}: table RL-01, last seq {last}; the pit at {pit}: last seq stored {head}"


@pytest.fixture
def pit_of(tmp_path):
    """A collector following the tables given, on an SQLite store of its own."""
    yield from made_then_closed(
        lambda tables: Pit(floor_file(tmp_path, tables), f"sqlite:///{tmp_path / 'pit.db'}")
    )


@pytest.fixture
def stored(tables, pit_of):
    """Table RL-01's six events, the fourth a settled round, stored by a collector; the table's
    writer stopped then (no heartbeat tells the pit of what the journal gets after)."""
    table = tables("RL-01")
    pit = pit_of([table])
    journal = table.journal
    events = table.build(3)
    events.append(
        journal.build(
            "round.result",
            {
                "outcome": {"number": 17},
                "bets": [{"id": "b1", "seat": 2, "code": "straight:17", "stake": 100}],
                "settlement": [{"id": "b1", "result": "win", "paid": 3500, "returned": 100}],
                "totals": {"staked": 100, "paid": 3500, "returned": 100, "house_net": -3500},
            },
            round=4,
        )
    )
    events += table.build(2)
    writer = table.start_writer()
    writer.submit(events)
    wait_for(lambda: pit.head("RL-01") == 6, "the table stored")
    writer.stop()
    return table, pit


def audit(capsys, db, endpoint, *options):
    code = main(["journal", "audit", "--db", str(db), "--pit", endpoint, *options])
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


def test_a_journal_identical_to_the_store_exits_0_read_piece_by_piece_with_progress(
    stored, capsys, monkeypatch
):
    table, pit = stored
    monkeypatch.setattr("terminal.pit.client.CHUNK", 4)  # the pit's events in two requests
    monkeypatch.setattr("terminal.journal_audit.PROGRESS_S", 0.0)
    code, out, err = audit(capsys, table.journal.path, pit.server.endpoint)
    assert code == 0, err
    assert out == [
        HEADER.format(db=table.journal.path, last=6, pit=pit.server.endpoint, head=6),
        "identical: every event of the journal is the pit's, seq for seq, hash and body",
    ]
    assert "journal audit: seq 6 of 6 compared" in err


@pytest.mark.parametrize(
    "lost, found",
    [
        (
            "seq > 4",
            "journal lacks seq 5-6: stored by the pit, past the journal's end (its last seq is 4)",
        ),
        (
            "seq IN (2, 3)",
            "journal lacks seq 2-3: stored by the pit, missing in the journal, "
            "which goes on at seq 4",
        ),
    ],
    ids=["tail", "holes"],
)
def test_events_lost_from_the_journal_are_listed_as_the_journal_lacks(stored, capsys, lost, found):
    table, pit = stored
    with sqlite3.connect(table.journal.path) as conn:
        conn.execute(f"DELETE FROM events WHERE {lost}")
    conn.close()
    code, out, err = audit(capsys, table.journal.path, pit.server.endpoint)
    assert code == 1, err
    assert out[1:] == [
        found,
        "NOT IDENTICAL: 2 events lacking in the journal, 0 differing, 0 lacking at the pit",
    ]


def test_a_journal_forged_and_sealed_again_differs_at_the_forged_field_and_in_the_hashes_after(
    stored, capsys
):
    table, pit = stored

    def pay_more(event):
        event["data"]["settlement"][0]["paid"] += 100
        event["data"]["totals"]["paid"] += 100
        event["data"]["totals"]["house_net"] -= 100

    forged = forge(table.journal.path, lambda e: e["kind"] == "round.result", pay_more)
    code, out, err = audit(capsys, table.journal.path, pit.server.endpoint)
    assert code == 1, err
    assert forged["seq"] == 4 and out[1:] == [
        "differs seq 4: data.settlement[0].paid is 3600 in the journal, 3500 at the pit",
        "differs seq 5-6: the same content under other hashes (a chain sealed again)",
        "NOT IDENTICAL: 0 events lacking in the journal, 3 differing, 0 lacking at the pit",
    ]


def test_json_is_compared_as_json_and_past_the_first_differences_in_content_the_others_are_counted(
    stored, capsys, monkeypatch
):
    table, pit = stored
    monkeypatch.setattr("terminal.journal_audit.LISTED", 2)
    for seq, n in (
        (1, "0"),
        (2, True),
        (3, 2.0),
    ):  # round.open n 0, 1, 2: the same to Python, not in JSON
        forge(
            table.journal.path,
            lambda e, seq=seq: e["seq"] == seq,
            lambda e, n=n: e["data"].update(n=n),
        )
    code, out, err = audit(capsys, table.journal.path, pit.server.endpoint)
    assert code == 1, err
    assert out[1:] == [
        'differs seq 1: data.n is "0" in the journal, 0 at the pit',
        "differs seq 2: data.n is true in the journal, 1 at the pit",
        "differs seq 4-6: the same content under other hashes (a chain sealed again)",
        "... and 1 more that differ in content, not listed",
        "NOT IDENTICAL: 0 events lacking in the journal, 6 differing, 0 lacking at the pit",
    ]


def test_events_the_pit_has_not_stored_yet_are_listed_as_the_pit_lacks(stored, capsys):
    table, pit = stored
    table.commit(2)  # journaled; no writer publishes them
    code, out, err = audit(capsys, table.journal.path, pit.server.endpoint)
    assert code == 1, err
    assert out == [
        HEADER.format(db=table.journal.path, last=8, pit=pit.server.endpoint, head=6),
        "pit lacks seq 7-8: journaled, not stored by the pit (yet)",
        "NOT IDENTICAL: 0 events lacking in the journal, 0 differing, 2 lacking at the pit",
    ]


def test_a_pit_that_does_not_answer_exits_1_saying_so(tables, capsys, monkeypatch, tmp_path):
    table = tables("RL-01")
    table.commit(2)
    monkeypatch.setattr("terminal.journal_audit.PIT_TIMEOUT_S", 0.3)
    code, out, err = audit(capsys, table.journal.path, f"ipc://{tmp_path}/nobody")
    assert code == 1 and out == []
    assert err == (
        "dealer-terminal: cannot compare with the pit: the pit collector at "
        f"ipc://{tmp_path}/nobody "
        "did not answer within 0.3 s\n"
    )


def test_a_table_the_pit_does_not_follow_exits_1_with_the_pits_reason(stored, tables, capsys):
    _, pit = stored
    stranger = tables("XX-99")
    stranger.commit(1)
    code, out, err = audit(capsys, stranger.journal.path, pit.server.endpoint)
    assert code == 1 and out == []
    assert err == (
        f"dealer-terminal: the pit at {pit.server.endpoint} refused: "
        "no table 'XX-99' on this floor\n"
    )


def test_a_journal_path_that_is_no_journal_is_a_usage_error(capsys, tmp_path):
    code, out, err = audit(capsys, tmp_path / "nowhere.sqlite", "tcp://127.0.0.1:1")
    assert code == 2 and out == []
    assert err == f"dealer-terminal: no journal at {tmp_path / 'nowhere.sqlite'}\n"


def test_over_curve_the_audit_proves_its_key_to_the_pit(tables, capsys, monkeypatch, tmp_path):
    console, pit_keys = (
        generate_keys(tmp_path / "console", "auditor"),
        generate_keys(tmp_path / "pit", "pit"),
    )
    allow = tmp_path / "allow"  # the keys of the boards and consoles the pit admits ([pit] allow)
    allow.mkdir()
    shutil.copy(console.public, allow)
    curve = CurveServer(pit_keys.secret, allow)
    table = tables("RL-01")
    table.commit(3)
    pit = Pit(floor_file(tmp_path, [table]), f"sqlite:///{tmp_path / 'pit.db'}", serve=curve.apply)
    try:
        wait_for(lambda: pit.head("RL-01") == 3, "the table stored")
        code, out, err = audit(
            capsys,
            table.journal.path,
            pit.server.endpoint,
            "--key",
            str(console.secret),
            f"--server-key={pit_keys.key.decode()}",  # a Z85 key may begin with "-"
        )
        assert code == 0 and out[-1].startswith("identical: "), err
        monkeypatch.setattr("terminal.journal_audit.PIT_TIMEOUT_S", 0.3)
        code, out, err = audit(capsys, table.journal.path, pit.server.endpoint)  # no key: no answer
        assert code == 1 and "did not answer within 0.3 s" in err
    finally:
        pit.close()
        curve.close()
