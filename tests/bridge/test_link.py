"""Sequenced delivery and the link session, sans I/O: a host and a board Link joined by a
wire that drops, duplicates, cuts, corrupts and reorders; handshakes, refusals, restarts."""

from hypothesis import given, settings
from hypothesis import strategies as st

from firmware_bridge import codec
from firmware_bridge import messages as m
from firmware_bridge.crc import crc16
from firmware_bridge.link import (
    BOARD,
    HOST,
    Connected,
    Delivered,
    Dropped,
    Link,
    Refused,
)
from firmware_bridge.reliable import (
    DUPLICATE,
    NEW,
    OUT_OF_ORDER,
    Inbox,
    Outbox,
    seq_diff,
)
from tests.support.bridge_helpers import MS, SPOILS, spoil


def test_sequence_numbers_wrap():
    assert seq_diff(1, 255) == 2
    assert seq_diff(255, 1) == -2
    assert seq_diff(7, 7) == 0


def test_the_outbox_resends_until_acknowledged_cumulatively():
    outbox = Outbox(first_seq=254, window=2)
    seqs = [outbox.push(m.Spin("cw")) for _ in range(3)]

    assert seqs == [254, 255, 0]
    assert [seq for seq, _ in outbox.due(0, 100)] == [254, 255]  # the window
    assert outbox.due(50, 100) == []
    assert outbox.acked(253) == [] and outbox.acked(0) == []  # stale, and not yet sent
    assert len(outbox.acked(254)) == 1
    assert [seq for seq, _ in outbox.due(100, 100)] == [255, 0]  # 255 again, 0 at last
    assert outbox.resent == 1
    assert len(outbox.acked(0)) == 2 and len(outbox) == 0 and outbox.base == 1


def test_the_inbox_takes_the_next_drops_the_rest():
    inbox = Inbox()
    inbox.reset(255)

    assert [inbox.accept(seq) for seq in (0, 255, 255, 1, 0)] == [
        OUT_OF_ORDER,
        NEW,
        DUPLICATE,
        OUT_OF_ORDER,
        NEW,
    ]
    assert inbox.ack == 0


def pair(**board_options):
    host, board = Link(HOST, version="host"), Link(BOARD, version="board", **board_options)
    host.connection_made()
    board.connection_made()
    return host, board


def exchange(host, board, now, rounds=3) -> list:
    """Let them talk; what the host heard."""
    heard = []
    for _ in range(rounds):
        heard += board_hears(board, host.poll(now), now)
        heard += host.receive(board.poll(now), now)
    return heard


def board_hears(board, data, now):
    board.receive(data, now)
    return []


@settings(max_examples=80, deadline=None)
@given(st.integers(1, 40), st.lists(st.sampled_from(SPOILS), max_size=80), st.data())
def test_sequenced_messages_arrive_once_and_in_order_whatever_the_wire_does(count, spoils, data):
    """The line does `spoils` to the chunks written, in turn (a held chunk arrives after the
    next ones), then behaves; every message arrives once, in order."""
    host, board = pair()
    sent = [m.Rotor(i, "cw", 2_000_000 + i) for i in range(count)]
    queued, delivered = list(sent), []
    line = iter(spoils)
    held: dict[int, list[bytes]] = {id(host): [], id(board): []}
    now = 0
    while queued or len(board.outbox) or any(held.values()):
        assert now < 30_000 * MS, f"still undelivered after 30 s: {board.health()}"
        now += 20 * MS
        if queued:
            board.send(queued.pop(0))
        for peer, written in ((board, host.poll(now)), (host, board.poll(now))):
            chunks = ([written] if written else []) + held[id(peer)]
            held[id(peer)] = []
            for chunk in chunks:
                how = next(line, "deliver")
                if how == "hold":
                    held[id(peer)].append(chunk)
                    continue
                for part in spoil(chunk, how, data):
                    delivered += [
                        h.message for h in peer.receive(part, now) if isinstance(h, Delivered)
                    ]

    assert delivered == sent


def test_a_different_major_version_is_refused_on_both_sides_with_both_versions():
    host, board = pair(protocol=(2, 3))
    heard = exchange(host, board, 0)

    assert heard == [Refused("the board speaks bridge protocol 2.3 and this host 1.3")]
    assert board.refused == "the host speaks bridge protocol 1.3 and this board 2.3"
    assert not host.connected and host.poll(10**10) == b""  # no more hellos on this connection


def test_a_port_echoing_the_hosts_own_frames_is_refused():
    host = Link(HOST, version="host")
    host.connection_made()

    (refused,) = host.receive(host.poll(0), 0)
    assert "looped back" in refused.reason


def test_a_restarted_board_is_known_and_its_new_numbers_taken():
    host, board = pair()
    exchange(host, board, 0)
    board.send(m.BallLeaving(1, 1_500_000))
    exchange(host, board, MS)
    reborn = Link(BOARD, version="board", first_seq=200)
    reborn.announce()
    reborn.send(m.BallLeaving(2, 1_600_000))
    heard = exchange(host, reborn, 2 * MS)

    assert [type(h) for h in heard] == [Connected, Delivered]
    assert heard[0].restarted and heard[1].message == m.BallLeaving(2, 1_600_000)


def test_a_restarted_host_gets_what_the_board_could_not_deliver():
    host, board = pair()
    exchange(host, board, 0)
    board.send(m.BallLeaving(1, 1_500_000))
    board.poll(MS)  # sent to nobody: the host died
    board.connection_lost()
    new_host = Link(HOST, version="host")
    new_host.connection_made()
    board.connection_made()
    heard = exchange(new_host, board, 2 * MS + 300 * MS)

    assert [h.message for h in heard if isinstance(h, Delivered)] == [m.BallLeaving(1, 1_500_000)]


def test_crossing_hellos_resend_nothing():
    """The board's boot hello and the host's hello cross: each answers the other's, and the
    host's command sent in between is not sent twice when the board's late answer arrives."""
    host, board = pair()
    board.announce()
    host_hello, board_hello = host.poll(0), board.poll(0)
    board.receive(host_hello, MS)
    board_answer = board.poll(MS)
    host.receive(board_hello, MS)
    host.send(m.Spin("cw"))
    board.receive(host.poll(2 * MS), 2 * MS)  # the spin
    host.receive(board_answer, 3 * MS)
    host.poll(3 * MS)
    host.receive(board.poll(4 * MS), 4 * MS)

    assert host.connected and board.connected
    assert host.outbox.resent == 0 and board.dropped()["duplicate"] == 0


def test_a_hello_from_a_board_that_reconnected_brings_the_unacknowledged_again():
    host, board = pair()
    exchange(host, board, 0)
    host.send(m.Spin("cw"))
    host.poll(MS)  # lost: the board's port was reopened meanwhile
    board.connection_made()
    board.announce()
    heard = exchange(host, board, 2 * MS)

    assert [type(h) for h in heard] == [Connected] and host.outbox.resent == 1
    assert len(host.outbox) == 0  # the board took the command the second time


def test_an_unreadable_sequenced_frame_is_taken_reported_and_not_used():
    host, board = pair()
    exchange(host, board, 0)
    data = bytes((0x7F, 0, 0, 1, 9))  # seq 0: the board's next
    unknown = codec.wrap(data + crc16(data).to_bytes(2, "big"))
    board.send(m.BallLeaving(1, 1_500_000))  # seq 0 too, for the board's outbox
    host.receive(unknown, MS)

    assert host.receive(board.poll(MS), MS) == [Dropped("duplicate")]  # seq 0 was taken
    assert host.dropped()["unknown_type"] == 1


def test_health_and_dump_describe_the_link():
    host, board = pair()
    exchange(host, board, 0)
    board.send(m.Rotor(5, "ccw", 2_000_000))
    exchange(host, board, MS)
    host.receive(b"\x00\x01\x02\x00", 2 * MS)
    health = host.health()

    assert health["connected"] and health["peer"]["protocol"] == "1.3"
    assert health["dropped"] == {"truncated": 1}
    assert health["rtt_ms"] == 0.0 and health["unacked"] == 0
    assert "Rotor(t_us=5, direction='ccw'" in host.dump()
    assert "< truncated: 01 02" in host.dump()
