"""The firmware's session (firmware/wheel_board/bridge.py, run under CPython) against the
host's Link: the board side of the protocol as it runs on the RP2040."""

import pytest

from firmware_bridge import messages as m
from firmware_bridge.link import HOST, Connected, Delivered, Dropped, Link, Refused
from tests.support.bridge_helpers import MS


class Board:
    """The firmware's Session on a clock: microseconds = host ns // 1000 + an offset."""

    def __init__(self, fw_bridge, **options):
        self.session = fw_bridge.Session(
            "wheel-board 0.1.0", b"\xe6\x61\x41\x03", 0xB007, **options
        )
        self.commands = []

    def hear(self, data: bytes, now: int) -> None:
        self.commands += self.session.receive(data, now // 1000 + 10**9)

    def say(self, now: int) -> bytes:
        return self.session.poll(now // 1000 + 10**9)


def talk(host, board, now, rounds=3) -> list:
    heard = []
    for _ in range(rounds):
        board.hear(host.poll(now), now)
        heard += host.receive(board.say(now), now)
    return heard


def connected(fw_bridge):
    host, board = Link(HOST, version="host"), Board(fw_bridge)
    host.connection_made()
    board.session.announce()
    heard = talk(host, board, 0)
    return host, board, heard


def test_the_handshake_gives_the_host_the_boards_identity(fw_bridge):
    host, board, heard = connected(fw_bridge)

    (hello,) = [h for h in heard if isinstance(h, Connected)][:1]
    assert (hello.peer.version, hello.peer.unique_id, hello.peer.boot_id) == (
        "wheel-board 0.1.0",
        b"\xe6\x61\x41\x03",
        0xB007,
    )
    assert host.connected and board.session.connected
    assert host.clock.rtt_ns == 0  # the board echoed the host's ping


def test_readings_reach_the_host_once_and_in_order_across_losses(fw_bridge):
    host, board, _ = connected(fw_bridge)
    board.session.send("rotor", {"t_us": 1, "direction": "cw", "period_us": 2_000_000})
    board.session.send("ball_in_rim", {"t_us": 2, "direction": "ccw", "period_us": 600_000})
    board.say(MS)  # lost on the line
    board.session.send("ball_leaving", {"t_us": 3, "period_us": 1_500_000})
    first = host.receive(board.say(2 * MS), 2 * MS)  # arrives before the lost ones
    again = talk(host, board, 300 * MS)  # resent

    assert first == [Dropped("out_of_order")]
    assert [h.message for h in again if isinstance(h, Delivered)] == [
        m.Rotor(1, "cw", 2_000_000),
        m.BallInRim(2, "ccw", 600_000),
        m.BallLeaving(3, 1_500_000),
    ]
    assert not board.session.pending
    assert board.session.counters["resent"] == 3


def test_the_hosts_commands_reach_the_board_once_and_a_selftest_is_answered(fw_bridge):
    host, board, _ = connected(fw_bridge)
    host.send(m.Config(38, 1_500_000, 3000, 5000))
    host.send(m.Spin("ccw"))
    request = host.send(m.SelfTestRequest())
    wire = host.poll(MS)
    board.hear(wire, MS)
    board.hear(wire, MS)  # the line repeats it
    board.session.send(
        "selftest_answer", {"request_seq": request, "checks": (("rim_a", True, "ok"),)}
    )
    heard = talk(host, board, 2 * MS)

    assert [(name, fields) for _, name, fields in board.commands] == [
        (
            "config",
            {
                "pocket_count": 38,
                "leaving_period_us": 1_500_000,
                "ball_lost_ms": 3000,
                "stuck_ms": 5000,
            },
        ),
        ("spin", {"direction": "ccw"}),
        ("selftest_request", {}),
    ]
    assert board.session.counters["duplicate"] == 3
    assert [h.message for h in heard if isinstance(h, Delivered)] == [
        m.SelfTestAnswer(request, (m.Check("rim_a", True, "ok"),))
    ]
    assert len(host.outbox) == 0


def test_a_board_speaking_another_major_version_is_refused_by_the_host(fw_bridge):
    host, board = Link(HOST, version="host"), Board(fw_bridge, protocol=(2, 1))
    host.connection_made()
    heard = talk(host, board, 0)

    assert heard == [Refused("the board speaks bridge protocol 2.1 and this host 1.3")]
    assert not board.session.connected


def test_a_restarted_host_gets_the_readings_the_dead_one_missed(fw_bridge):
    _, board, _ = connected(fw_bridge)
    board.session.send("ball_lost", {"t_us": 9, "unseen_us": 3_000_000})
    board.say(MS)  # to the host that just died
    new_host = Link(HOST, version="host")
    new_host.connection_made()
    heard = talk(new_host, board, 400 * MS)

    assert [h.message for h in heard if isinstance(h, Delivered)] == [m.BallLost(9, 3_000_000)]


def test_a_full_queue_refuses_new_readings_instead_of_breaking_the_sequence(fw_bridge):
    board = Board(fw_bridge)
    seqs = [
        board.session.send("ball_leaving", {"t_us": i, "period_us": 1})
        for i in range(fw_bridge.MAX_PENDING + 1)
    ]

    assert seqs[-2:] == [fw_bridge.MAX_PENDING - 1, -1]
    assert board.session.counters["dropped_full"] == 1


def test_a_dice_readers_throw_and_readings_cross_the_firmware_session(fw_bridge):
    host, board, _ = connected(fw_bridge)
    host.send(m.Throw())
    board.hear(host.poll(MS), MS)
    board.session.send("dice_void", {"t_us": 5, "cause": "in_reserve"})
    board.session.send("dice", {"t_us": 6, "die_a": 1, "die_b": 6})
    heard = talk(host, board, 2 * MS)

    assert [(name, fields) for _, name, fields in board.commands] == [("throw", {})]
    assert [h.message for h in heard if isinstance(h, Delivered)] == [
        m.DiceVoid(5, "in_reserve"),
        m.Dice(6, 1, 6),
    ]


def test_a_shoe_readers_commands_and_readings_cross_the_firmware_session(fw_bridge):
    host, board, _ = connected(fw_bridge)
    host.send(m.NewShoe(6, 260))
    host.send(m.Deal())
    board.hear(host.poll(MS), MS)
    board.session.send("shoe_loaded", {"t_us": 4, "decks": 6})
    board.session.send("cut_card", {"t_us": 5})
    board.session.send("card", {"t_us": 6, "rank": 12, "suit": 3})
    board.session.send("card_fault", {"t_us": 7, "code": "card_face_up"})
    heard = talk(host, board, 2 * MS)

    assert [(name, fields) for _, name, fields in board.commands] == [
        ("new_shoe", {"decks": 6, "cut_after": 260, "pack": "french"}),
        ("deal", {}),
    ]
    assert [h.message for h in heard if isinstance(h, Delivered)] == [
        m.ShoeLoaded(4, 6),
        m.CutCard(5),
        m.Card(6, 12, 3),
        m.CardFault(7, "card_face_up"),
    ]


@pytest.mark.parametrize("minor", [0, 1, 2])
def test_a_board_speaking_an_earlier_minor_version_connects_to_this_host(fw_bridge, minor):
    host, board = Link(HOST, version="host"), Board(fw_bridge, protocol=(1, minor))
    host.connection_made()
    board.session.announce()
    heard = talk(host, board, 0)

    assert host.protocol == (1, 3) and host.connected and board.session.connected
    assert (host.peer.major, host.peer.minor) == (1, minor)
    assert {type(h) for h in heard} == {Connected}  # its hello, then its answer to ours
