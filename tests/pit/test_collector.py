"""The collector against tables on loopback: real journals, PUB and replay sockets, a real store
(SQLite and PostgreSQL), its control server and the merged feed."""

from __future__ import annotations

import json
import tempfile
import time
from types import SimpleNamespace

import pytest
import zmq

from terminal.contract.events import canonical, seal, topic
from terminal.feed.follow import FeedFollower
from terminal.pit.store import PitStore
from tests.support.feed_tables import DEADLINE_S, Table, released
from tests.support.pit_helpers import floor_file, wait_for


def test_every_event_of_every_table_is_stored_in_order_on_both_stores(
    tables, pits, tmp_path, store_url
):
    roulette, craps = tables("RL-01"), tables("CR-01")
    roulette.commit(5)  # history from before the pit started
    pit = pits(floor_file(tmp_path, [roulette, craps]), store_url)
    for table in (roulette, craps):
        table.start_writer().submit(table.build(7))
    wait_for(lambda: pit.head("RL-01") == 12 and pit.head("CR-01") == 7, "both tables stored")
    assert pit.stored("RL-01") == list(range(1, 13)) and pit.stored("CR-01") == list(range(1, 8))
    assert pit.alerts() == []
    genuine = [canonical(e) for e in roulette.journal.events()]
    assert [canonical(json.loads(b)) for b in pit.store.events("RL-01", 1)] == genuine


def test_messages_the_feed_dropped_come_by_replay(tables, pits, tmp_path, db):
    table = tables("RL-01")
    pit = pits(floor_file(tmp_path, [table]), db)
    events = table.commit(10)
    table.publisher.committed([e for e in events if e["seq"] not in (3, 4, 8)])  # lost on the way
    wait_for(lambda: pit.head("RL-01") == 10, "the gaps filled")
    assert pit.stored("RL-01") == list(range(1, 11))
    assert pit.alerts() == []


def test_a_collector_restarted_takes_up_from_what_it_stored(tables, pits, tmp_path, db):
    table = tables("RL-01")
    writer = table.start_writer()
    floor = floor_file(tmp_path, [table])
    first = pits(floor, db)
    writer.submit(table.build(6))
    wait_for(lambda: first.head("RL-01") == 6, "the first run stored")
    first.close()
    writer.submit(table.build(5))  # while no pit listens
    second = pits(floor, db)
    writer.submit(table.build(2))
    wait_for(lambda: second.head("RL-01") == 13, "the second run caught up")
    assert second.stored("RL-01") == list(range(1, 14))


def test_a_table_restarted_on_the_same_endpoints_is_followed_on(tables, pits, tmp_path, db):
    table = tables("RL-01")
    table.commit(3)
    pit = pits(floor_file(tmp_path, [table]), db, replay_timeout=0.3)
    wait_for(lambda: pit.head("RL-01") == 3, "the history stored")
    again = table.restarted()  # same journal, same endpoints
    try:
        again.commit(4)  # committed while the pit's sockets reconnect: only a replay brings them
        again.start_writer().submit(again.build(1))
        wait_for(lambda: pit.head("RL-01") == 8, "the events after the restart stored")
    finally:
        again.close()
    assert pit.stored("RL-01") == list(range(1, 9))


def test_a_tampered_event_on_the_feed_is_flagged_and_the_genuine_one_stored(
    tables, pits, tmp_path, db
):
    table = tables("RL-01")
    pit = pits(floor_file(tmp_path, [table]), db)
    events = table.commit(4)
    forged = {**events[1], "data": {"n": 1000}}  # the hash no longer matches
    table.publisher.committed([events[0], forged, events[2], events[3]])
    wait_for(lambda: pit.head("RL-01") == 4, "the genuine events stored")
    assert pit.alerts("hash")[0]["detail"].startswith("event seq 2 refused")
    stored = json.loads(next(pit.store.events("RL-01", 2, 2)))
    assert stored == events[1]


def test_an_event_the_table_cannot_give_valid_is_never_stored_and_the_chain_waits(
    tables, pits, tmp_path, db
):
    table = tables("RL-01")
    events = table.commit(3)
    with (
        table.journal.engine.begin() as conn
    ):  # the table's own journal altered: replay gives it altered
        conn.exec_driver_sql(
            "UPDATE events SET body = replace(body, '\"n\":1', '\"n\":5') WHERE seq = 2"
        )
    pit = pits(floor_file(tmp_path, [table]), db)
    table.publisher.committed([events[2]])
    wait_for(lambda: pit.alerts("gap"), "the gap reported")
    assert pit.stored("RL-01") == [1]  # nothing after the bad event: no gap in the store
    assert any("seq 2 refused" in a["detail"] for a in pit.alerts("hash"))
    assert (
        "seq 2 of RL-01 missing: the replay up to seq 3 did not deliver them valid"
        in pit.alerts("gap")[0]["detail"]
    )


def test_an_event_of_another_table_on_a_feed_is_an_alert_never_stored(tables, pits, tmp_path, db):
    table, stranger = tables("RL-01"), tables("XX-99")
    pit = pits(floor_file(tmp_path, [table]), db)
    table.start_writer()
    wait_for(
        lambda: pit.collector.floor_snapshot()["tables"][0]["link"] == "live", "the table heard"
    )
    # a misconfigured table publishing on RL-01's feed
    table.publisher.committed(stranger.commit(1))
    wait_for(lambda: pit.alerts("wrong_table"), "the wrong table reported")
    assert pit.store.heads().get("XX-99") is None


def test_a_silent_table_is_an_alert_and_shown_silent(tables, pits, tmp_path, db):
    table = tables("RL-01")
    pit = pits(floor_file(tmp_path, [table], alerts="silent_after = 1.5"), db)
    writer = table.start_writer()
    wait_for(lambda: pit.client.floor()["tables"][0]["link"] == "live", "the table live")
    writer.stop()  # no more heartbeats
    wait_for(lambda: pit.client.floor()["tables"][0]["link"] == "silent", "the table shown silent")
    # by the recorder thread, just after
    wait_for(lambda: pit.alerts("silent"), "the alert recorded")
    assert pit.alerts("silent")[0]["detail"] == "no message from table RL-01 for more than 1.5 s"


def test_a_table_of_the_floor_never_heard_is_an_alert_until_it_is_heard(tmp_path, pits, db):
    """Nothing publishes at a table of the floor file: a `silent` alert, raised again if it is
    acknowledged while the table is still unheard; once heard, the pit clears it itself."""
    sockets = tempfile.mkdtemp(prefix="dt-")  # ipc paths must stay short
    feed, replay = f"ipc://{sockets}/feed", f"ipc://{sockets}/replay"
    floor = floor_file(
        tmp_path,
        [SimpleNamespace(name="RL-01", source=(feed, replay))],
        alerts="silent_after = 1.5",
    )
    pit = pits(floor, db)

    def open_silent():
        return [a for a in pit.client.floor()["alerts"] if a["kind"] == "silent"]

    (first,) = wait_for(open_silent, "the unheard table's alert")
    assert (
        first["detail"] == "no message from table RL-01 for more than 1.5 s since the pit started"
    )
    assert pit.link("RL-01") == "silent"
    pit.client.acknowledge(first["id"], "Marta Puig")  # seen, but the table is still unheard
    (again,) = wait_for(open_silent, "the alert raised again")
    assert again["id"] != first["id"]

    table = Table(tmp_path, "RL-01", feed=feed, replay=replay)
    try:
        table.start_writer().submit(table.build(3))
        wait_for(lambda: not open_silent(), "the alert cleared", timeout=30)
        wait_for(lambda: pit.head("RL-01") == 3, "the table's events stored")
        assert pit.link("RL-01") == "live"
        assert pit.client.floor()["tables"][0]["open_alerts"] == 0
    finally:
        table.close()  # silent again from now on
    (cleared,) = [a for a in pit.alerts("silent") if a["id"] == again["id"]]
    assert cleared["cleared_at"] and cleared["acknowledged_by"] is None


def test_a_table_whose_handshake_failed_while_it_was_down_is_heard_when_it_comes_back(
    tables, pits, tmp_path, db
):
    """While a table is down, the pit's SUB reaches a socket that is not the table's (as when its
    own reconnection to a port in the ephemeral range connects to itself): the handshake fails,
    and libzmq never tries that endpoint again. The pit renews the sockets of a table it does not
    hear: the table back on its port is heard and followed on."""
    table = tables("RL-01")
    table.commit(2)
    pit = pits(floor_file(tmp_path, [table], alerts="silent_after = 1.5"), db)
    wait_for(lambda: pit.head("RL-01") == 2, "the history stored")
    feed, replay = table.source
    table.close()
    wait_for(lambda: released(feed), "the table's feed port released")
    stranger = zmq.Context.instance().socket(zmq.SUB)  # a SUB to SUB handshake fails
    watch = stranger.get_monitor_socket(zmq.EVENT_DISCONNECTED)
    stranger.bind(feed)
    try:
        assert watch.poll(DEADLINE_S * 1000), "the pit's SUB never reached the stranger"
    finally:
        stranger.disable_monitor()
        watch.close(linger=0)
        stranger.close(linger=0)
    wait_for(lambda: released(feed, replay), "the stranger's port and the replay's released")
    again = Table(tmp_path, "RL-01", feed=feed, replay=replay)
    try:
        again.start_writer().submit(again.build(3))
        wait_for(lambda: pit.head("RL-01") == 5, "the table heard again", timeout=30)
        wait_for(lambda: pit.link("RL-01") == "live", "its link live")
    finally:
        again.close()


def test_alerts_stay_until_acknowledged_and_who_and_when_is_recorded(tables, pits, tmp_path, db):
    table = tables("RL-01")
    pit = pits(floor_file(tmp_path, [table]), db)
    journal = table.journal
    fault = journal.build(
        "fault", {"device": "wheel", "code": "ball_out", "severity": "error", "detail": "ball off"}
    )
    journal.commit([fault])
    table.publisher.committed([fault])
    wait_for(lambda: pit.client.floor()["alerts"], "the fault alert")
    floor = pit.client.floor()
    (alert,) = floor["alerts"]
    assert (alert["kind"], alert["detail"]) == ("fault", "error wheel ball_out: ball off")
    assert (
        floor["tables"][0]["faults"][0]["code"] == "ball_out"
        and floor["tables"][0]["open_alerts"] == 1
    )
    acked = pit.client.acknowledge(alert["id"], "Marta Puig")
    assert acked["acknowledged_by"] == "Marta Puig" and acked["acknowledged_at"]
    with pytest.raises(ValueError, match="already acknowledged by Marta Puig"):
        pit.client.acknowledge(alert["id"], "Joan")
    floor = pit.client.floor()
    assert floor["alerts"] == [] and floor["acknowledged"][0]["id"] == alert["id"]


def test_consoles_follow_the_merged_feed_from_any_seq(tables, pits, tmp_path, db):
    roulette, craps = tables("RL-01"), tables("CR-01")
    roulette.commit(4)
    craps.commit(2)
    pit = pits(floor_file(tmp_path, [roulette, craps]), db)
    wait_for(lambda: pit.head("RL-01") == 4 and pit.head("CR-01") == 2, "the history stored")
    follower = FeedFollower([(pit.collector.publish_endpoint, pit.server.endpoint)], from_seq=1)
    try:
        for table in (roulette, craps):
            table.start_writer().submit(table.build(3))
        got: dict[str, list[int]] = {"RL-01": [], "CR-01": []}
        alerts = []
        for item in follower.items(timeout=DEADLINE_S):
            if item.event:
                got[item.table].append(item.event["seq"])
            else:
                alerts.append(item.alert)
            if len(got["RL-01"]) == 7 and len(got["CR-01"]) == 5:
                break
    finally:
        follower.close()
    assert got == {"RL-01": list(range(1, 8)), "CR-01": list(range(1, 6))} and alerts == []


def test_the_control_endpoint_refuses_what_it_cannot_serve(tables, pits, tmp_path, db):
    table = tables("RL-01")
    pit = pits(floor_file(tmp_path, [table]), db)
    with pytest.raises(ValueError, match="no table 'XX-99'"):
        pit.client.table("XX-99")
    with pytest.raises(ValueError, match="no alert 99"):
        pit.client.acknowledge(99, "Marta")
    dealer = zmq.Context.instance().socket(zmq.DEALER)
    dealer.linger = 0
    dealer.connect(pit.server.endpoint)
    try:
        dealer.send(b'{"op": "explode"}')
        assert dealer.poll(int(DEADLINE_S * 1000))
        assert b"unknown op" in dealer.recv()
    finally:
        dealer.close()


def test_the_table_detail_has_the_wheel_statistics_also_after_a_restart(tables, pits, tmp_path, db):
    table = tables("RL-01")
    floor = floor_file(tmp_path, [table])
    pit = pits(floor, db)
    journal = table.journal
    opened = journal.build(
        "table.open",
        {
            "limits": {"min": 100, "chip_unit": 100, "max": {}},
            "profile": "valencia-1994",
            "croupier": "C-1",
        },
    )
    results = [
        journal.build(
            "round.result",
            {
                "outcome": {"number": n},
                "bets": [],
                "settlement": [],
                "totals": {"staked": 0, "paid": 0, "returned": 0, "house_net": 0},
            },
            round=i + 1,
        )
        for i, n in enumerate([17, 17, 5])
    ]
    journal.commit([opened, *results])
    table.publisher.committed([opened, *results])
    wait_for(lambda: pit.head("RL-01") == 4, "stored")
    detail = pit.client.table("RL-01")
    assert detail["table"]["recent"] == ["17", "17", "5"]
    cells = {c["label"]: c["observed"] for c in detail["bias"]["cells"]}
    assert (cells["17"], cells["5"], cells["0"], detail["bias"]["valid"]) == (2, 1, 0, False)
    pit.close()
    restarted = pits(floor, db)  # its views rebuilt from the store, the bias window too
    assert restarted.client.table("RL-01")["bias"] == detail["bias"]


def test_the_store_refusing_a_batch_resyncs_the_table_from_what_is_stored(
    tables, pits, tmp_path, db
):
    table = tables("RL-01")
    events = table.commit(2)
    pit = pits(floor_file(tmp_path, [table]), db)
    wait_for(lambda: pit.head("RL-01") == 2, "stored")
    # a second writer (a mistake of the operator's) stores seq 3 behind its back
    other = PitStore(db)
    forged = seal({**events[1], "seq": 3, "data": {"n": 9}, "prev": events[1]["hash"]})
    other.append([(forged, "2026-11-30T00:00:00.000Z")])
    other.close()
    table.start_writer().submit(table.build(2))
    wait_for(lambda: pit.alerts("hash"), "the refusal reported")
    assert pit.head("RL-01") == 3  # nothing stored over it, and nothing half-stored


def test_a_follower_of_a_table_feed_and_the_pit_agree_on_topics(tables, pits, tmp_path, db):
    table = tables("RL-01")
    pit = pits(floor_file(tmp_path, [table]), db)
    sub = zmq.Context.instance().socket(zmq.SUB)
    sub.linger = 0
    sub.setsockopt(zmq.SUBSCRIBE, b"RL-01/round.open")
    sub.connect(pit.collector.publish_endpoint)
    try:
        writer = table.start_writer()
        deadline = time.monotonic() + DEADLINE_S
        while not sub.poll(50) and time.monotonic() < deadline:
            writer.submit(table.build(1))
        frames = sub.recv_multipart()
        assert frames[0] == b"RL-01/round.open" and frames[0] == topic(json.loads(frames[1]))
    finally:
        sub.close()
