"""The PUB feed and the replay ROUTER over real ZeroMQ sockets on loopback, on real journals."""

import json
import time

import pytest
import zmq

from terminal.common.storage import BATCH
from terminal.contract.events import canonical, check_event
from terminal.feed import FeedError
from terminal.feed.publisher import FeedPublisher
from terminal.feed.replay import ReplayServer
from terminal.runtime.journal.store import Journal, JournalError, JournalWriter

ANY_PORT = "tcp://127.0.0.1:*"
DEADLINE_MS = 5000
STATE = {"session": "S1", "limits": {"min": 100}, "round": None}


def recv(socket):
    """The next message; fails after DEADLINE_MS."""
    assert socket.poll(DEADLINE_MS), "nothing received before the deadline"
    return socket.recv_multipart()


def fill(journal, n):
    journal.commit([journal.build("round.open", {"i": i}, round=i) for i in range(n)])


@pytest.fixture
def journal(tmp_path):
    journal = Journal(tmp_path / "RL-01.sqlite", table="RL-01", game="roulette_fr")
    yield journal
    journal.close()


@pytest.fixture
def sockets():
    """Client sockets of the test, closed at the end."""
    opened = []

    def make(kind, endpoint, subscribe=None):
        socket = zmq.Context.instance().socket(kind)
        socket.linger = 0
        for prefix in subscribe or ():
            socket.setsockopt(zmq.SUBSCRIBE, prefix)
        socket.connect(endpoint)
        opened.append(socket)
        return socket

    yield make
    for socket in opened:
        socket.close()


@pytest.fixture
def feed(journal):
    """The table's writer publishing on a PUB socket, ticking fast."""
    publisher = FeedPublisher(ANY_PORT, "RL-01")
    writer = JournalWriter(journal, [publisher], tick_seconds=0.02)
    writer.start()
    yield writer, publisher
    writer.stop()
    publisher.close()


def next_heartbeat(sub, last_seq):
    """Read until a heartbeat announcing `last_seq` (the subscription is then known to work)."""
    deadline = time.monotonic() + DEADLINE_MS / 1000
    while time.monotonic() < deadline:
        topic, body = recv(sub)
        message = json.loads(body)
        if topic == b"RL-01/heartbeat" and message["last_seq"] == last_seq:
            return message
    pytest.fail(f"no heartbeat with last_seq {last_seq}")


def test_the_publisher_binds_now_and_resolves_its_port(sockets):
    publisher = FeedPublisher(ANY_PORT, "RL-01")
    try:
        assert publisher.endpoint.startswith(
            "tcp://127.0.0.1:"
        ) and not publisher.endpoint.endswith("*")
        with pytest.raises(
            FeedError, match="another table or terminal is already using it"
        ) as busy:
            FeedPublisher(publisher.endpoint, "RL-02")
        assert publisher.endpoint in str(busy.value) and busy.value.in_use
    finally:
        publisher.close()
    with pytest.raises(FeedError, match="nonsense"):
        FeedPublisher("nonsense", "RL-01")


def test_subscribers_get_topic_and_event_only_once_committed(journal, feed, sockets):
    writer, publisher = feed
    everything = sockets(zmq.SUB, publisher.endpoint, [b""])
    results = sockets(zmq.SUB, publisher.endpoint, [b"RL-01/heartbeat", b"RL-01/round.result"])
    next_heartbeat(everything, 0)
    next_heartbeat(results, 0)
    sent = [
        journal.build("round.open", {}, round=1),
        journal.build("round.closed", {}, round=1),
        journal.build("round.result", {"outcome": {"number": 17}}, round=1),
    ]
    writer.submit(sent)
    received = []
    while len(received) < 3:
        topic, body = recv(everything)
        event = json.loads(body)
        if event["kind"] == "heartbeat":
            continue
        assert list(journal.events(event["seq"]))[0] == event  # already in the file when it arrives
        assert topic == f"RL-01/{event['kind']}".encode() and body == canonical(event)
        received.append(event)
    assert received == sent
    kinds = set()
    while "round.result" not in kinds:
        topic, body = recv(results)
        kinds.add(json.loads(body)["kind"])
    assert kinds <= {"heartbeat", "round.result"}  # no round.open, no round.closed


def test_heartbeats_carry_the_last_committed_seq(journal, feed, sockets):
    writer, publisher = feed
    sub = sockets(zmq.SUB, publisher.endpoint, [b"RL-01/heartbeat"])
    next_heartbeat(sub, 0)
    writer.submit([journal.build("round.open", {}, round=1)])
    beat = next_heartbeat(sub, 1)
    assert beat["v"] == 1 and beat["table"] == "RL-01" and "seq" not in beat and "hash" not in beat


def test_heartbeats_come_by_default_every_second(journal, sockets):
    fill(journal, 2)
    publisher = FeedPublisher(ANY_PORT, "RL-01")
    writer = JournalWriter(journal, [publisher])
    sub = sockets(zmq.SUB, publisher.endpoint, [b""])
    writer.start()
    try:
        assert writer.tick_seconds == 1.0
        next_heartbeat(sub, 2)
    finally:
        writer.stop()
        publisher.close()


# -- replay


@pytest.fixture
def replay(journal):
    server = ReplayServer(ANY_PORT, journal.path, lambda: STATE)
    server.start()
    yield server
    server.stop()


def ask(dealer, *frames):
    """Send one request, collect the replies up to the last one."""
    dealer.send_multipart(list(frames))
    replies = []
    while not replies or "op" not in replies[-1] or replies[-1]["op"] == "replay":
        (frame,) = recv(dealer)
        replies.append(json.loads(frame))
    return replies


def replay_from(dealer, from_seq):
    return ask(dealer, canonical({"op": "replay", "from_seq": from_seq}))


@pytest.mark.parametrize("from_seq, first", [(1, 1), (4, 4), (0, 1), (-5, 1), (10, 10)])
def test_replay_sends_each_event_from_the_seq_then_the_end(
    journal, replay, sockets, from_seq, first
):
    fill(journal, 10)
    replies = replay_from(sockets(zmq.DEALER, replay.endpoint), from_seq)
    assert replies[:-1] == list(journal.events(first))
    assert [e["seq"] for e in replies[:-1]] == list(range(first, 11))
    assert all(check_event(e) is None for e in replies[:-1])
    assert replies[-1] == {"op": "replay.end", "last_seq": 10}


def test_replay_past_the_end_sends_only_the_end(journal, replay, sockets):
    fill(journal, 3)
    assert replay_from(sockets(zmq.DEALER, replay.endpoint), 4) == [
        {"op": "replay.end", "last_seq": 3}
    ]
    assert replay_from(sockets(zmq.DEALER, replay.endpoint), 99) == [
        {"op": "replay.end", "last_seq": 3}
    ]


def test_a_long_replay_streams_in_order(journal, replay, sockets):
    fill(journal, 2 * BATCH + 1)
    replies = replay_from(sockets(zmq.DEALER, replay.endpoint), 1)
    assert [e.get("seq") for e in replies[:-1]] == list(range(1, 2 * BATCH + 2))


def test_state_returns_the_table_state(replay, sockets):
    assert ask(sockets(zmq.DEALER, replay.endpoint), b'{"op":"state"}') == [
        {"op": "state", "state": STATE}
    ]


@pytest.mark.parametrize(
    "frames, reason",
    [
        ([b"{nope"], "not JSON"),
        ([b"[1,2]"], "not a JSON object"),
        ([b'{"op":"snapshot"}'], "unknown op 'snapshot'"),
        ([b'{"op":"replay"}'], "integer from_seq"),
        ([b'{"op":"replay","from_seq":"3"}'], "integer from_seq"),
        ([b"", b'{"op":"state"}'], "one frame"),
    ],
)
def test_a_request_that_cannot_be_served_gets_an_error(replay, sockets, frames, reason):
    dealer = sockets(zmq.DEALER, replay.endpoint)
    (reply,) = ask(dealer, *frames)
    assert reply["op"] == "error" and reason in reply["reason"]
    assert ask(dealer, b'{"op":"state"}')[0]["op"] == "state"  # the server goes on


def test_a_failing_state_is_an_error_reply(journal, sockets):
    def broken():
        raise RuntimeError("no session open")

    server = ReplayServer(ANY_PORT, journal.path, broken)
    server.start()
    try:
        (reply,) = ask(sockets(zmq.DEALER, server.endpoint), b'{"op":"state"}')
        assert reply["op"] == "error" and "no session open" in reply["reason"]
    finally:
        server.stop()


def test_a_vanished_client_does_not_block_the_others(journal, replay, sockets):
    fill(journal, 2 * BATCH)
    gone = sockets(zmq.DEALER, replay.endpoint)
    gone.send(canonical({"op": "replay", "from_seq": 1}))
    recv(gone)  # the server is streaming to it
    gone.close()
    assert ask(sockets(zmq.DEALER, replay.endpoint), b'{"op":"state"}')[0]["op"] == "state"


def test_replay_over_ipc(journal, sockets, tmp_path):
    fill(journal, 2)
    server = ReplayServer(f"ipc://{tmp_path}/replay.ipc", journal.path, lambda: STATE)
    server.start()
    try:
        assert server.endpoint == f"ipc://{tmp_path}/replay.ipc"
        assert replay_from(sockets(zmq.DEALER, server.endpoint), 2)[-1] == {
            "op": "replay.end",
            "last_seq": 2,
        }
    finally:
        server.stop()


def test_the_replay_server_fails_clearly_at_start_up(journal, replay, tmp_path):
    with pytest.raises(FeedError, match="replay ROUTER") as busy:
        ReplayServer(replay.endpoint, journal.path, dict)
    assert replay.endpoint in str(busy.value)
    with pytest.raises(JournalError, match="no journal at"):
        ReplayServer(ANY_PORT, tmp_path / "missing.sqlite", dict)


def test_a_request_over_the_size_limit_is_dropped_and_the_server_goes_on(journal, replay, sockets):
    """A 100 MB frame never reaches the server whole: ZeroMQ drops the peer that sends it."""
    from terminal.feed.router import MAX_REQUEST_BYTES

    huge = sockets(zmq.DEALER, replay.endpoint)
    huge.send(b'{"op":"state","pad":"' + b"x" * 100_000_000 + b'"}')
    assert not huge.poll(3000)  # no answer ever: the connection was dropped
    just_under = b'{"op":"state","pad":"' + b"x" * (MAX_REQUEST_BYTES - 40) + b'"}'
    assert ask(sockets(zmq.DEALER, replay.endpoint), just_under)[0]["op"] == "state"


@pytest.mark.parametrize(
    "request_",
    [
        {"op": "replay", "from_seq": 10**30},
        {"op": "replay", "from_seq": -(10**30)},
        {"op": ["replay"]},
        {"op": "replay", "from_seq": True},
    ],
)
def test_a_bad_request_is_refused_on_one_line_without_a_traceback(
    journal, replay, sockets, caplog, request_
):
    fill(journal, 2)
    dealer = sockets(zmq.DEALER, replay.endpoint)
    with caplog.at_level("DEBUG", logger="terminal.feed.router"):
        (reply,) = ask(dealer, canonical(request_))
    assert reply["op"] == "error" and reply["reason"]
    assert not [r for r in caplog.records if r.exc_info] and len(caplog.records) <= 1
    assert replay_from(dealer, 1)[-1] == {"op": "replay.end", "last_seq": 2}
