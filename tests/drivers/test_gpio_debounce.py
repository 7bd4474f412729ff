"""The debouncer, which makes the simulation filter exactly what rpi-lgpio filters on the Pi: a
level is reported once it has held for the bounce time. Pinned by the waveforms of rpi-lgpio's
documentation ("Differences: Debounce") and by its definition over random waveforms."""

from hypothesis import given
from hypothesis import strategies as st

from drivers.gpio.debounce import Debouncer, Settled

MS = 1_000_000
US = 1_000


def play(debouncer: Debouncer, steps, start: int = 0) -> list[Settled]:
    """Feeds (level, ns) steps from `start`, the last level holding for good."""
    reports, t = [], start
    for level, ns in steps:
        reports.append(debouncer.sample(level, t))
        t += ns
    reports.append(debouncer.settle())
    return [r for r in reports if r is not None]


# rpi-lgpio's chart: low; rising edges at 2, 3 and 4 ms, each of the first two falling half a
# millisecond later; then high for good.
BOUNCY_RISE = [
    (False, 2 * MS),
    (True, 500 * US),
    (False, 500 * US),
    (True, 500 * US),
    (False, 500 * US),
    (True, 0),
]


def test_a_bouncy_rise_is_reported_once_when_it_has_held_3_ms():
    assert play(Debouncer(False, 3 * MS), BOUNCY_RISE) == [Settled(True, 7 * MS)]


def test_a_shorter_bounce_time_reports_the_same_rise_sooner():
    assert play(Debouncer(False, 2 * MS), BOUNCY_RISE) == [Settled(True, 6 * MS)]


def test_pulses_shorter_than_the_bounce_time_are_never_reported():
    pwm = [(True, 1 * MS), (False, 1 * MS)] * 6 + [(False, 0)]
    assert play(Debouncer(False, 3 * MS), pwm) == []


def test_a_level_that_held_exactly_the_bounce_time_is_reported():
    assert play(Debouncer(True, 5 * MS), [(False, 5 * MS), (True, 0)]) == [
        Settled(False, 5 * MS),
        Settled(True, 10 * MS),
    ]
    assert play(Debouncer(True, 5 * MS), [(False, 5 * MS - 1), (True, 0)]) == []


def test_a_return_to_the_reported_level_reports_nothing():
    debouncer = Debouncer(False, 5)
    assert play(debouncer, [(False, 100)]) == []
    assert debouncer.level is False


def runs(steps):
    """Maximal runs of one level: [start, level, length], the last one endless."""
    merged, t = [], 0
    for level, ns in steps:
        if merged and merged[-1][1] == level:
            merged[-1][2] += ns
        else:
            merged.append([t, level, ns])
        t += ns
    if merged:
        merged[-1][2] = float("inf")
    return merged


@given(
    initial=st.booleans(),
    bounce=st.integers(1, 10),
    steps=st.lists(st.tuples(st.booleans(), st.integers(0, 20)), max_size=30),
)
def test_reports_are_the_runs_that_held_the_bounce_time_and_changed_the_level(
    initial, bounce, steps
):
    expected, level = [], initial
    for start, run_level, length in runs(steps):
        if run_level != level and length >= bounce:
            expected.append(Settled(run_level, start + bounce))
            level = run_level

    debouncer = Debouncer(initial, bounce)
    assert play(debouncer, steps) == expected
    assert debouncer.level == level
