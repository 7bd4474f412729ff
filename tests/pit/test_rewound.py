"""The collector against a table that comes back with a chain that does not continue what the
pit stored (docs/pit.md's `rewound`): tables on loopback with real journals, restarted on the same
endpoints, a real store, acknowledgements through the control endpoint."""

from __future__ import annotations

import sqlalchemy as sa

from tests.support.feed_tables import Table, copy_journal, cut_journal
from tests.support.pit_helpers import floor_file, wait_for

QUIET = "silent_after = 60"  # a table restarting is not silent for these tests


def test_a_table_back_with_a_journal_that_lost_its_tail_is_rewound_and_held_until_acknowledged(
    tables, pits, tmp_path, db
):
    table, other = tables("RL-01"), tables("CR-01")
    pit = pits(floor_file(tmp_path, [table, other], alerts=QUIET), db)
    table.start_writer().submit(table.build(10))
    wait_for(lambda: pit.head("RL-01") == 10, "the table stored")
    stored = list(pit.store.events("RL-01", 1))
    table.close()
    cut_journal(table.journal.path, after=7)  # its last three events lost with the -wal file
    again = table.restarted()
    try:
        writer = again.start_writer()  # its heartbeats say seq 7
        wait_for(lambda: pit.alerts("rewound"), "the rewound alert")
        (alert,) = pit.alerts("rewound")
        assert alert["detail"] == (
            "the last seq of RL-01 is 7 (its replay ends there): its chain does not "
            "continue the one taken up to seq 10; nothing more of RL-01 is taken until it "
            "is taken up again"
        )
        wait_for(lambda: pit.link("RL-01") == "rewound", "the table shown rewound")
        writer.submit(again.build(2))  # seq 8 and 9 of another chain
        writer.flush()
        other.start_writer().submit(other.build(3))  # the other tables go on
        wait_for(lambda: pit.head("CR-01") == 3, "the other table stored")
        assert pit.client.acknowledge(alert["id"], "Marta Puig")["acknowledged_by"] == "Marta Puig"
        wait_for(
            lambda: len(pit.alerts("rewound")) == 2,
            "a new alert: taken up again, still not continued",
        )
        assert pit.alerts("rewound")[0]["detail"].startswith(
            "the last seq of RL-01 is 9 (its replay ends there)"
        )
        assert pit.link("RL-01") == "rewound"
    finally:
        again.close()
    # every event kept, nothing of the other chain
    assert list(pit.store.events("RL-01", 1)) == stored
    assert {a["kind"] for a in pit.alerts()} == {"rewound"}


def test_a_second_terminal_is_rewound_at_the_stored_seq_where_its_chain_holds_another_event(
    tables, pits, tmp_path, db
):
    table = tables("RL-01")
    pit = pits(floor_file(tmp_path, [table], alerts=QUIET), db)
    table.start_writer().submit(table.build(5))
    wait_for(lambda: pit.head("RL-01") == 5, "the table stored")
    feed, replay = table.source
    table.close()
    # another terminal, its own journal
    spare = Table(tmp_path / "spare", "RL-01", feed=feed, replay=replay)
    try:
        spare.journal.commit([spare.journal.build("round.open", {"spare": n}) for n in range(7)])
        spare.start_writer()  # its heartbeats say seq 7: the pit asks from seq 5, its last stored
        wait_for(lambda: pit.alerts("rewound"), "the rewound alert")
        (alert,) = pit.alerts("rewound")
        assert alert["detail"].startswith(
            "seq 5 of RL-01 is another event than the one taken (hash "
        )
        assert "up to seq 5;" in alert["detail"]
        assert pit.head("RL-01") == 5 and pit.alerts("hash") == [] and pit.alerts("gap") == []
    finally:
        spare.close()


def test_the_hold_outlasts_a_collector_restart_and_the_acknowledgement_takes_the_table_up_again(
    tables, pits, tmp_path, db
):
    table = tables("RL-01")
    floor = floor_file(tmp_path, [table], alerts=QUIET)
    pit = pits(floor, db)
    table.start_writer().submit(table.build(6))
    wait_for(lambda: pit.head("RL-01") == 6, "the table stored")
    table.close()
    whole = tmp_path / "whole.sqlite"
    copy_journal(table.journal.path, whole)
    cut_journal(table.journal.path, after=4)
    cut = table.restarted()
    try:
        cut.start_writer()
        wait_for(lambda: pit.alerts("rewound"), "the rewound alert")
    finally:
        cut.close()
    pit.close()
    copy_journal(whole, table.journal.path)  # the technician puts the lost tail back
    restored = table.restarted()
    try:
        restored.commit(2)  # seq 7 and 8: the chain the pit stored, continued
        restored.start_writer()
        # the open alert is in the store: the table is held from the start
        restarted = pits(floor, db)
        wait_for(
            lambda: restarted.client.floor()["tables"][0]["silent_for"] is not None,
            "the table heard",
        )
        assert restarted.link("RL-01") == "rewound" and restarted.head("RL-01") == 6
        (alert,) = restarted.alerts("rewound")
        acknowledged = restarted.client.acknowledge(alert["id"], "Marta Puig")
        wait_for(lambda: restarted.head("RL-01") == 8, "taken up again from seq 6")
        wait_for(lambda: restarted.link("RL-01") == "live", "the table shown live")
    finally:
        restored.close()
    assert restarted.stored("RL-01") == list(range(1, 9))
    with (
        restarted.store.engine.connect() as conn
    ):  # the pit's own times: taken after the acknowledgement only
        received = (
            conn.execute(sa.text("SELECT received_at FROM pit_events WHERE seq > 6"))
            .scalars()
            .all()
        )
    assert len(received) == 2 and min(received) >= acknowledged["acknowledged_at"]
    assert [a["kind"] for a in restarted.alerts()] == [
        "rewound"
    ]  # acknowledged, and not raised again
