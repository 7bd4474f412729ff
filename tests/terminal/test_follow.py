"""The follower over real tables (journal, PUB, replay ROUTER on loopback), and its one-line
format."""

import json
import time

import pytest
import zmq

from terminal.contract.events import GENESIS, canonical, seal, topic
from terminal.feed.follow_source import Source
from terminal.pit.lines import format_event
from tests.support.feed_tables import (
    ANY_PORT,
    DEADLINE_S,
    Table,
    alerts,
    cut_journal,
    seqs,
    sync,
    take,
)


def test_events_the_feed_skipped_come_by_replay_exactly_once_in_order(tables, followers):
    table = tables()
    events = table.commit(10)
    follower = followers([table.source])
    sync(follower, table.publisher.committed, events[0])
    table.publisher.committed([e for e in events if e["seq"] not in (4, 5, 8)])
    items = take(follower, 9)
    assert seqs(items) == list(range(2, 11)) and alerts(items) == []
    assert [item.event for item in items] == events[1:]
    assert list(follower.items(timeout=0.2)) == []  # no duplicate left behind


def test_a_heartbeat_ahead_of_the_last_event_triggers_a_replay(tables, followers):
    table = tables()
    third = table.commit(3)[-1]
    follower = followers([table.source])
    sync(follower, table.publisher.committed, third)  # the baseline: nothing before seq 3
    table.commit(3)  # journaled, not published
    table.publisher.tick(6)
    items = take(follower, 3)
    assert seqs(items) == [4, 5, 6] and alerts(items) == []


@pytest.mark.parametrize("from_seq, first", [(1, 1), (4, 4), (-3, 1)])
def test_from_seq_replays_the_history_then_follows_live(tables, followers, from_seq, first):
    table = tables()
    table.commit(5)
    follower = followers([table.source], from_seq=from_seq)
    writer = table.start_writer()
    assert seqs(take(follower, 6 - first)) == list(range(first, 6))
    writer.submit(table.build(5))
    items = take(follower, 5)
    assert seqs(items) == list(range(6, 11)) and alerts(items) == []


def test_two_tables_at_once(tables, followers):
    roulette, blackjack = tables("RL-01"), tables("BJ-02")
    roulette.commit(2)
    follower = followers([roulette.source, blackjack.source], from_seq=1)
    writers = [roulette.start_writer(), blackjack.start_writer()]
    for _ in range(3):
        for table, writer in zip((roulette, blackjack), writers):
            writer.submit(table.build(1))
    items = take(follower, 8)
    assert alerts(items) == []
    for name, expected in (("RL-01", [1, 2, 3, 4, 5]), ("BJ-02", [1, 2, 3])):
        assert [i.event["seq"] for i in items if i.table == name] == expected
        assert all(i.event["table"] == name for i in items if i.table == name)


@pytest.mark.parametrize(
    "tamper, reason",
    [
        (lambda e: {**e, "data": {"n": 1000}}, "hash mismatch"),  # edited, hash left
        (lambda e: seal({**e, "prev": "e" * 64}), "prev of seq 2"),  # resealed on a wrong link
    ],
    ids=["hash", "link"],
)
def test_a_tampered_event_is_an_alert_and_the_genuine_one_comes_by_replay(
    tables, followers, tamper, reason
):
    table = tables()
    events = table.commit(3)
    follower = followers([table.source])
    sync(follower, table.publisher.committed, events[0])
    forged = tamper(events[1])
    table.publisher.committed([forged, events[2]])
    items = take(follower, 2)
    assert items[0].alert.startswith("hash: event seq 2") and reason in items[0].alert
    assert [item.event for item in items[1:]] == events[1:]


def test_without_a_replay_endpoint_a_gap_is_an_alert_and_the_feed_goes_on(tables, followers):
    table = tables()
    events = table.commit(5)
    follower = followers([(table.publisher.endpoint, None)])
    sync(follower, table.publisher.committed, events[0])
    table.publisher.committed([events[1], events[3], events[4]])
    items = take(follower, 3)
    assert [item.event["seq"] if item.event else item.alert for item in items] == [
        2,
        "gap: seq 3 of RL-01 skipped: no replay endpoint",
        4,
        5,
    ]


def test_a_silent_replay_endpoint_is_an_alert_after_the_timeout(tables, followers):
    table = tables()
    events = table.commit(3)
    mute = zmq.Context.instance().socket(zmq.ROUTER)  # takes requests, never answers
    mute.linger = 0
    try:
        mute.bind(ANY_PORT)
        follower = followers(
            [(table.publisher.endpoint, mute.last_endpoint.decode())], replay_timeout=0.2
        )
        sync(follower, table.publisher.committed, events[0])
        table.publisher.committed([events[2]])
        items = take(follower, 1)
        (alert,) = alerts(items)
        assert alert.startswith("gap: seq 2 of RL-01 skipped: no answer")
        assert seqs(items) == [3]
    finally:
        mute.close()


def test_a_refused_replay_is_an_alert_and_the_feed_goes_on(tables, followers):
    table = tables()
    events = table.commit(3)
    follower = followers([table.source])
    sync(follower, table.publisher.committed, events[0])
    with table.journal.engine.begin() as conn:  # the replay server can no longer read
        conn.exec_driver_sql("DROP TABLE events")
    table.publisher.committed([events[2]])
    items = take(follower, 1)
    (alert,) = alerts(items)
    assert alert.startswith("gap: seq 2 of RL-01 skipped: the replay was refused: cannot serve")
    assert seqs(items) == [3]


def test_a_journal_event_that_fails_verification_is_skipped_with_alerts(tables, followers):
    table = tables()
    events = table.commit(3)
    with table.journal.engine.begin() as conn:
        conn.exec_driver_sql(
            "UPDATE events SET body = replace(body, '\"n\":1', '\"n\":5') WHERE seq = 2"
        )
    follower = followers([table.source], from_seq=1)
    items = take(follower, 2)
    assert [item.event["seq"] if item.event else item.alert.split(":")[0] for item in items] == [
        1,
        "hash",
        "gap",
        3,
    ]
    assert (
        "seq 2 of RL-01 skipped: the replay up to seq 3 did not deliver them valid"
        in alerts(items)[1]
    )
    assert [item.event for item in items if item.event] == [events[0], events[2]]


def test_foreign_and_malformed_messages_are_alerts(tables, followers):
    table, other = tables("RL-01"), tables("RL-02")
    events = table.commit(2)
    pub = zmq.Context.instance().socket(zmq.PUB)  # a feed that misbehaves
    pub.linger = 0
    try:
        port_endpoint = f"tcp://127.0.0.1:{pub.bind_to_random_port('tcp://127.0.0.1')}"
        follower = followers([Source(port_endpoint, table.replay.endpoint, table="RL-01")])
        send = lambda batch: [pub.send_multipart([topic(e), canonical(e)]) for e in batch]  # noqa: E731
        sync(follower, send, events[0])
        pub.send_multipart([b"RL-01/round.open", b"{not json"])
        pub.send_multipart([b"RL-01/wrong.topic", canonical(events[1])])
        send(other.commit(1))
        send(events[1:])
        items = take(follower, 1)
        assert [a.split(":")[0] for a in alerts(items)] == ["malformed", "malformed", "wrong_table"]
        assert seqs(items) == [2]
    finally:
        pub.close()


# -- the one-line format

LINE_HEAD = {"table": "RL-01", "seq": 42, "round": 17, "ts": "2026-11-29T21:17:02.123Z"}


@pytest.mark.parametrize(
    "kind, data, line",
    [
        (
            "round.result",
            {
                "outcome": {"number": 17},
                "totals": {"staked": 1500, "paid": 700, "returned": 500, "house_net": 300},
                "announcement": {
                    "key": "result",
                    "text": {"ca": "Disset, vermell", "en": "Seventeen, red"},
                },
                "bets": [],
                "settlement": [],
            },
            'round.result 17 — staked 15.00 paid 7.00 returned 5.00 house +3.00 "Seventeen, red"',
        ),
        (
            "round.result",
            {
                "outcome": {"dice": [3, 4]},
                "totals": {"staked": 100, "paid": 300, "returned": 100, "house_net": -300},
                "announcement": {"text": {"ca": "Set"}},
                "last_round": True,
            },
            'round.result 3,4 — staked 1.00 paid 3.00 returned 1.00 house -3.00 "Set" (last round)',
        ),
        (
            "table.open",
            {
                "croupier": "Núria",
                "profile": "casino-1",
                "limits": {"min": 100, "chip_unit": 100, "max": {"straight": 2500}},
            },
            "table.open croupier Núria profile casino-1 min 1.00 unit 1.00 max straight=25.00",
        ),
        (
            "table.limits",
            {"old": {"min": 100, "chip_unit": 100}, "new": {"min": 200, "chip_unit": 100}},
            "table.limits min 1.00 unit 1.00 → min 2.00 unit 1.00",
        ),
        ("round.open", {}, "round.open"),
        ("round.open", {"last_rounds_left": 2}, "round.open last rounds left 2"),
        ("round.closed", {}, "round.closed no more bets"),
        (
            "round.void",
            {"reason": "ball left the wheel", "bets": []},
            "round.void void: ball left the wheel",
        ),
        (
            "announcement",
            {"key": "last3", "text": {"ca": "Tres últimes\nboles", "en": "Last three"}},
            'announcement "Last three"',
        ),
        (
            "float.advance",
            {"amount": 50000, "chips": {"100": 200, "500": 60}},
            "float.advance amount 500.00 chips 200x1.00,60x5.00",
        ),
        (
            "float.count",
            {"chips": 48000, "drop": 12000, "advances": 50000, "result": 10000},
            "float.count chips 480.00 drop 120.00 result +100.00",
        ),
        (
            "fault",
            {"device": "wheel", "code": "W12", "severity": "error", "detail": "ball sensor stuck"},
            "fault error wheel W12: ball sensor stuck",
        ),
        (
            "fault.cleared",
            {"device": "wheel", "code": "W12", "severity": "error", "detail": "sensor moves"},
            "fault.cleared cleared error wheel W12: sensor moves",
        ),
        (
            "bet.placed",
            {"id": "b7", "seat": 3, "code": "straight:17", "stake": 500},
            "bet.placed seat 3 straight:17 stake 5.00 (bet b7)",
        ),
        (
            "selftest.report",
            {"wheel": "ok", "checks": [1, 2], "ball": {"sensor": "ok"}},
            "selftest.report wheel=ok checks=1,2 ball={sensor=ok}",
        ),
    ],
)
def test_format_event_is_one_line_per_kind(kind, data, line):
    assert (
        format_event({**LINE_HEAD, "kind": kind, "data": data})
        == f"RL-01 #42 r17 21:17:02.123 {line}"
    )


def test_format_event_outside_a_round_and_long_unknown_data():
    line = format_event({**LINE_HEAD, "round": None, "kind": "x.new", "data": {"blob": "z" * 500}})
    assert line.startswith("RL-01 #42 - 21:17:02.123 x.new blob=zzz") and line.endswith("…")
    assert len(line) < 160 and "\n" not in line


def test_holding_a_gap_a_table_heard_again_is_asked_at_once_not_at_the_next_retry(
    tables, followers, tmp_path, monkeypatch
):
    # the next retry would be far away
    monkeypatch.setattr("terminal.feed.follow_source.RETRY_FIRST_S", 60.0)
    feed, replay = f"ipc://{tmp_path}/feed", f"ipc://{tmp_path}/replay"
    follower = followers(
        [Source(feed, replay, table="RL-01", start=(1, GENESIS))], hold=True, replay_timeout=0.2
    )
    assert [a.split(":")[0] for a in alerts(follower.poll(1.0))] == [
        "replay"
    ]  # nobody answers: the table is down
    table = Table(tmp_path, "RL-01", feed=feed, replay=replay)  # it comes up with history
    try:
        table.commit(3)
        table.start_writer()  # its heartbeat says seq 3
        assert seqs(take(follower, 3)) == [1, 2, 3]
    finally:
        table.close()


def test_events_committed_after_the_replay_read_the_journal_are_asked_again_not_skipped(
    tables, followers
):
    table = tables()
    router = zmq.Context.instance().socket(zmq.ROUTER)  # a replay whose timing the test holds
    router.linger = 0
    try:
        router.bind(ANY_PORT)
        follower = followers(
            [
                Source(
                    table.publisher.endpoint,
                    router.last_endpoint.decode(),
                    table="RL-01",
                    start=(1, GENESIS),
                )
            ]
        )
        assert router.poll(int(DEADLINE_S * 1000))
        # asked from seq 1 at start: the journal is empty still
        identity, _ = router.recv_multipart()
        events = table.commit(3)
        items = []
        for _ in range(20):  # seq 3 reaches the follower live while the replay is under way
            table.publisher.committed([events[2]])
            items += follower.poll(0.02)
        router.send_multipart([identity, canonical({"op": "replay.end", "last_seq": 0})])
        items += follower.poll(1.0)
        assert router.poll(int(DEADLINE_S * 1000))  # asked again, not skipped
        identity, request = router.recv_multipart()
        assert json.loads(request)["from_seq"] == 1
        for event in events:
            router.send_multipart([identity, canonical(event)])
        router.send_multipart([identity, canonical({"op": "replay.end", "last_seq": 3})])
        items += take(follower, 3)
        assert seqs(items) == [1, 2, 3] and alerts(items) == []
    finally:
        router.close()


def test_a_replay_that_keeps_ending_below_what_the_table_announced_is_not_asked_forever(
    tables, followers
):
    table = tables()
    router = zmq.Context.instance().socket(zmq.ROUTER)  # a replay serving another, older journal
    router.linger = 0
    try:
        router.bind(ANY_PORT)
        follower = followers(
            [
                Source(
                    table.publisher.endpoint,
                    router.last_endpoint.decode(),
                    table="RL-01",
                    start=(1, GENESIS),
                )
            ]
        )
        events = table.commit(3)
        items = []
        for _ in range(2):
            assert router.poll(int(DEADLINE_S * 1000))
            identity, _ = router.recv_multipart()
            for _ in range(20):
                table.publisher.committed([events[2]])
                items += follower.poll(0.02)
            router.send_multipart([identity, canonical({"op": "replay.end", "last_seq": 0})])
            items += follower.poll(0.5)
        assert seqs(items) == [3]
        assert alerts(items) == [
            "gap: seq 1-2 of RL-01 skipped: the table announces seq 3 but its replay ends at seq 0"
        ]
        assert not router.poll(200)  # not asked a third time
    finally:
        router.close()


# -- holding: a table that comes back with another chain


def until_alert(follower, send):
    """`send()` again and again until the follower gives an alert (a message sent before its
    subscription is through is lost); the items up to it."""
    items = []
    deadline = time.monotonic() + DEADLINE_S
    while time.monotonic() < deadline:
        send()
        items += follower.poll(0.05)
        if alerts(items):
            return items
    pytest.fail(f"no alert before the deadline: {items}")


def test_holding_a_table_whose_journal_lost_its_tail_is_rewound_once_and_held_until_restarted(
    tables, followers
):
    table = tables()
    events = table.commit(5)
    follower = followers(
        [Source(*table.source, table="RL-01", start=(4, events[2]["hash"]))], hold=True
    )
    items = take(follower, 2)  # asked from seq 3, which the follower holds: the same event, dropped
    assert seqs(items) == [4, 5] and alerts(items) == []
    cut_journal(table.journal.path, after=3)
    # a heartbeat below seq 5: its replay is asked
    items = until_alert(follower, lambda: table.publisher.tick(3))
    assert (
        alerts(items)
        == [
            "rewound: the last seq of RL-01 is 3 (its replay ends there): its chain does not "
            "continue the one taken up to seq 5; nothing more of RL-01 is taken until it is "
            "taken up again"
        ]
        and seqs(items) == []
    )
    for _ in range(10):  # held: heartbeats and events of the other chain alike are nothing
        table.publisher.tick(3)
        table.publisher.committed(
            [seal({**events[3], "data": {"n": 99}}), seal({**events[4], "prev": "e" * 64})]
        )
        assert follower.poll(0.02) == []
    follower.restart("RL-01", (6, events[4]["hash"]))
    # its replay says so, or a seq 5 above, read only now
    (alert,) = alerts(until_alert(follower, lambda: None))
    assert alert.startswith("rewound: ") and "the one taken up to seq 5;" in alert


def test_holding_an_event_at_the_head_with_another_hash_is_rewound_the_same_one_is_dropped(
    tables, followers
):
    table = tables()
    events = table.commit(3)
    follower = followers(
        [Source(*table.source, table="RL-01", start=(4, events[2]["hash"]))], hold=True
    )
    fourth = table.commit(1)[0]
    # seq 3 again: dropped
    sync(follower, lambda batch: table.publisher.committed([events[2], *batch]), fourth)
    forked = seal({**fourth, "data": {"n": 99}})  # seq 4 of another journal
    items = until_alert(follower, lambda: table.publisher.committed([fourth, forked]))
    assert alerts(items) == [
        f"rewound: seq 4 of RL-01 is another event than the one taken (hash "
        f"{forked['hash'][:12]}..., not {fourth['hash'][:12]}...): its chain does not continue "
        "the one taken up to seq 4; nothing more of RL-01 is taken until it is taken up again"
    ]
    assert seqs(items) == []
