"""The dice-reader board through its backend, against the emulated board over real
pseudo-terminals: stale readings, spoilt frames, an unplug, a reboot. Protocol versions,
health and dump: test_readers.py."""

import time

import pytest

from drivers.dice import open_dice
from drivers.dice.events import DiceThrown
from drivers.emulators.dice_board import DiceBoardEmulator
from drivers.faults import Fault, FaultCleared
from firmware_bridge import messages as m
from tests.support.board_emulated import cleared, drain, events_until, faults, wait_for
from tests.support.dice_backends import BOARD_TIME_SCALE

# Long enough a throw (1 s) for the cable to be pulled, or the board rebooted, before it ends.
SLOW_SCALE = 0.25


@pytest.fixture
def emulator(tmp_path):
    with DiceBoardEmulator(
        tmp_path / "dice-reader", seed=4, time_scale=BOARD_TIME_SCALE, drift_ppm=-30
    ) as emulator:
        yield emulator


@pytest.fixture
def slow_emulator(tmp_path):
    with DiceBoardEmulator(tmp_path / "dice-reader", seed=6, time_scale=SLOW_SCALE) as emulator:
        yield emulator


def read_throw(reader, what: str = "the throw") -> list:
    return events_until(reader, lambda e: any(isinstance(x, DiceThrown) for x in e), what)


def thrown(events) -> list:
    return [e.dice for e in events if isinstance(e, DiceThrown)]


def sent_dice(emulator) -> list:
    return [(s.die_a, s.die_b) for s in emulator.sent if isinstance(s, m.Dice)]


def told_to_throw(emulator) -> int:
    return sum(isinstance(c, m.Throw) for c in emulator.commands)


def test_a_throw_is_read_as_the_board_read_it_and_stamped_on_the_host_clock(emulator):
    with open_dice(emulator.url) as reader:
        emulator.set_next(5, 2)
        asked = time.monotonic_ns()
        reader.throw()
        (event,) = read_throw(reader)
        received = time.monotonic_ns()

    assert event.dice == (5, 2) and sent_dice(emulator) == [(5, 2)]
    assert asked <= event.t_ns <= received
    assert told_to_throw(emulator) == 1


def test_a_reading_nobody_asked_for_is_stale_dropped_and_counted(emulator):
    with open_dice(emulator.url) as reader:
        emulator.throw_unasked(4, 4)
        wait_for(lambda: emulator.idle, "the board has had the acknowledgement")
        assert reader.get(timeout=0) is None
        assert reader.health()["stale_readings"] == 1
        emulator.set_next(1, 2)
        reader.throw()
        events = read_throw(reader)

    assert thrown(events) == [(1, 2)] and not faults(events)


def test_a_second_reading_of_the_same_throw_is_stale(emulator):
    with open_dice(emulator.url) as reader:
        reader.throw()
        first = read_throw(reader)
        emulator.throw_unasked(6, 6)  # the stickman moved the dice
        wait_for(lambda: emulator.idle, "the board has had the acknowledgement")

        assert len(thrown(first)) == 1 and reader.get(timeout=0) is None
        assert reader.health()["stale_readings"] == 1


def test_a_reading_sensed_before_the_throw_was_asked_is_stale_though_it_arrives_after(emulator):
    with open_dice(emulator.url) as reader:
        wait_for(lambda: reader.health()["rtt_ms"] is not None, "the board's clock mapped")
        emulator.go_silent()
        emulator.throw_unasked(6, 6)  # sensed now, sent only when the board speaks again
        events = events_until(reader, lambda e: faults(e, "silent"), "the silent board")
        emulator.set_next(1, 2)
        reader.throw()
        wait_for(lambda: sent_dice(emulator) == [(6, 6), (1, 2)], "the throw read, unsent")
        emulator.speak()
        events += read_throw(reader)

        assert thrown(events) == [(1, 2)]
        assert reader.health()["stale_readings"] == 1
        assert "silent" in cleared(events)


@pytest.mark.parametrize(
    "how, kind",
    [
        ("corrupt", "bad_crc"),
        ("truncate", "truncated"),
        ("duplicate", "duplicate"),
        ("reorder", "out_of_order"),
    ],
)
def test_a_spoilt_frame_gives_exactly_one_reading(emulator, how, kind):
    with open_dice(emulator.url) as reader:
        emulator.set_next(3, 5)
        emulator.tamper(how, "dice")
        reader.throw()
        if how == "reorder":  # held back until the next frame: the self-test's answer
            wait_for(lambda: sent_dice(emulator), "the reading held back")
            assert all(check.ok for check in reader.selftest())
        events = events_until(
            reader, lambda e: thrown(e) and faults(e, "bad_frame"), f"the throw with a {how} frame"
        )
        wait_for(lambda: emulator.idle, "the board has had every acknowledgement")
        events += drain(reader)
        health = reader.health()

    assert thrown(events) == [(3, 5)]
    (fault,) = faults(events)
    assert (fault.code, fault.severity, fault.void) == ("bad_frame", "warning", False)
    assert f"1 frame(s) dropped as {kind}" in fault.detail
    assert set(health["dropped"]) == {kind} and health["stale_readings"] == 0


def test_unplug_and_replug_loses_nothing_read_meanwhile(slow_emulator):
    emulator = slow_emulator
    with open_dice(emulator.url) as reader:
        emulator.set_next(2, 6)
        reader.throw()
        wait_for(lambda: told_to_throw(emulator), "the board told to throw")
        emulator.unplug()
        events = events_until(reader, lambda e: faults(e, "link_lost"), "the link lost")
        wait_for(lambda: sent_dice(emulator), "the dice read while unplugged")
        events += drain(reader)
        assert not thrown(events)
        emulator.replug()
        events += events_until(
            reader,
            lambda e: "link_lost" in cleared(e) and thrown(e),
            "link_lost cleared and the throw",
        )
        health = reader.health()
        reader.throw()
        after = read_throw(reader, "the next throw")

    assert thrown(events) == [(2, 6)]
    (lost,) = faults(events)
    assert (lost.code, lost.severity, lost.void) == ("link_lost", "error", False)
    assert (health["reconnects"], health["connected"], health["unacked"]) == (1, True, 0)
    assert len(thrown(after)) == 1 and not faults(after)


def test_a_board_rebooting_during_a_throw_voids_it_and_the_next_throw_plays(slow_emulator):
    emulator = slow_emulator
    with open_dice(emulator.url) as reader:
        reader.throw()
        wait_for(lambda: told_to_throw(emulator), "the board told to throw")
        emulator.reboot()
        events = events_until(reader, lambda e: "board_restarted" in cleared(e), "the reboot")
        reader.throw()
        after = read_throw(reader, "the throw after the reboot")

    assert [type(e) for e in events] == [Fault, FaultCleared]
    assert (events[0].code, events[0].severity, events[0].void) == (
        "board_restarted",
        "warning",
        True,
    )
    assert "readings of the throw in progress may be lost" in events[0].detail
    assert len(thrown(after)) == 1 and not faults(after)
    assert sent_dice(emulator) == thrown(after)  # the throw in progress was never read


def test_a_reader_reopened_during_a_throw_forgets_it(slow_emulator):
    emulator = slow_emulator
    reader = open_dice(emulator.url)
    reader.throw()
    wait_for(lambda: told_to_throw(emulator), "the board told to throw")
    reader.close()
    with reader:
        wait_for(lambda: sent_dice(emulator) and emulator.idle, "the old throw delivered")

        assert reader.get(timeout=0) is None
        assert reader.health()["stale_readings"] == 1


def test_a_misread_die_voids_the_throw_and_says_what_was_read(emulator):
    with open_dice(emulator.url) as reader:
        emulator.set_next(0, 7)
        reader.throw()
        events = events_until(reader, lambda e: "misread" in cleared(e), "the misreading")

    assert [type(e) for e in events] == [Fault, FaultCleared]
    assert (events[0].code, events[0].void) == ("misread", True)
    assert "the reader read 0 and 7" in events[0].detail


def test_a_failed_check_fails_the_selftest(emulator):
    with open_dice(emulator.url) as reader:
        emulator.fail_selftest("lighting")

        assert [c.name for c in reader.selftest() if not c.ok] == ["lighting"]
