"""The simulated dice reader: seeded, fair, drivable, recorded; throw=0 reads inside throw(),
a timed reader reads on a worker thread that close() stops."""

import dataclasses
import threading
import time
from collections import Counter

import pytest

from drivers.dice import open_dice
from drivers.dice.events import VOID_CAUSES, DiceThrown
from drivers.faults import Fault, FaultCleared

INSTANT = "sim://dice?throw=0"


def throws(reader, count: int) -> list:
    """The unstamped events of `count` throws."""
    events = []
    for _ in range(count):
        reader.throw()
        while (event := reader.get(timeout=0)) is not None:
            events.append(dataclasses.replace(event, t_ns=0))
    return events


def dice(events) -> list:
    return [e.dice for e in events if isinstance(e, DiceThrown)]


def test_same_seed_same_throws():
    first = throws(open_dice(INSTANT + "&void=0.2", seed=42), 50)
    again = throws(open_dice(INSTANT + "&void=0.2", seed=42), 50)
    other = throws(open_dice(INSTANT + "&void=0.2", seed=43), 50)

    assert first == again
    assert first != other


def test_the_seed_argument_overrides_the_urls():
    from_url = throws(open_dice(INSTANT + "&seed=5"), 20)
    overridden = throws(open_dice(INSTANT + "&seed=99", seed=5), 20)

    assert from_url == overridden


def test_a_random_seed_is_kept_so_the_run_can_be_replayed():
    reader = open_dice(INSTANT)
    replay = open_dice(INSTANT, seed=reader.seed)

    assert throws(reader, 20) == throws(replay, 20)


def test_the_dice_are_fair():
    faces = Counter()
    for d1, d2 in dice(throws(open_dice(INSTANT, seed=2024), 6000)):
        faces[("a", d1)] += 1
        faces[("b", d2)] += 1

    for die in "ab":
        counts = [faces[(die, face)] for face in range(1, 7)]
        chi2 = sum((n - 1000) ** 2 / 1000 for n in counts)
        assert chi2 < 20.5, f"die {die}: {counts}"  # 5 degrees of freedom, p = 0.001


def test_void_throws_come_at_the_asked_rate_with_every_cause():
    events = throws(open_dice(INSTANT + "&void=0.25", seed=8), 2000)
    voids = [e for e in events if isinstance(e, Fault)]

    assert abs(len(voids) - 500) < 4 * (2000 * 0.25 * 0.75) ** 0.5
    assert {v.code for v in voids} == set(VOID_CAUSES)
    assert all(v.void for v in voids)
    assert len(dice(events)) + len(voids) == 2000


def test_void_1_voids_every_throw():
    events = throws(open_dice(INSTANT + "&void=1", seed=3), 10)

    assert [type(e) for e in events] == [Fault, FaultCleared] * 10


def test_forcing_a_throw_does_not_change_the_following_ones():
    forced, free = open_dice(INSTANT, seed=11), open_dice(INSTANT, seed=11)
    forced.set_next(6, 6)
    first = throws(forced, 1)
    forced.fail_next("broken")
    second = throws(forced, 1)

    assert dice(first) == [(6, 6)]
    assert [(e.code, e.void) for e in second if isinstance(e, Fault)] == [("broken", True)]
    assert throws(forced, 30) == throws(free, 32)[2:]


@pytest.mark.parametrize("d1, d2", [(0, 3), (3, 7), ("3", 4)])
def test_set_next_refuses_a_die_that_does_not_exist(d1, d2):
    with pytest.raises(ValueError, match="each die shows 1 to 6"):
        open_dice(INSTANT).set_next(d1, d2)


def test_the_reading_is_emitted_inside_throw_with_throw_0():
    reader = open_dice(INSTANT, seed=1)
    reader.set_next(4, 5)
    reader.throw()

    assert [e.dice for e in reader.history] == [(4, 5)]
    assert reader.get(timeout=0).dice == (4, 5)


def test_a_timed_throw_is_read_after_its_seconds():
    with open_dice("sim://dice?throw=0.1", seed=1) as reader:
        asked = time.monotonic_ns()
        reader.throw()
        thrown = reader.get(timeout=10)

    assert isinstance(thrown, DiceThrown)
    assert thrown.t_ns - asked >= 100_000_000


def test_close_stops_a_throw_in_progress_at_once():
    reader = open_dice("sim://dice?throw=60", seed=1)
    reader.throw()
    started = time.monotonic()
    reader.close()

    assert time.monotonic() - started < 5
    assert not [t for t in threading.enumerate() if t.name == f"sim dice {reader.url}"]
    assert reader.history == [] and reader.get(timeout=0) is None


def test_a_failed_selftest_check_is_reported():
    reader = open_dice(INSTANT)
    reader.fail_selftest("camera")

    assert [(c.name, c.ok) for c in reader.selftest()] == [
        ("camera", False),
        ("lighting", True),
        ("calibration", True),
    ]
    with pytest.raises(ValueError, match="unknown check 'lens'"):
        reader.fail_selftest("lens")
