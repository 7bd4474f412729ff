"""The simulated table I/O: gestures played in simulated time (no sleeping), debounced as on
the Pi, recorded. Its part of the contract is in test_gpio_contract.py."""

import dataclasses
import time

import pytest

from drivers.gpio import ButtonPressed, PinMap, SwitchChanged, open_gpio

MS = 1_000_000
TABLE = PinMap(buttons={"no_more_bets": 17}, switches={"door": 22}, leds={"open": 5, "fault": 13})


@pytest.fixture
def sim():
    with open_gpio("sim://gpio", TABLE) as sim:
        yield sim


def drain(sim) -> list:
    events = []
    while (event := sim.get(timeout=0)) is not None:
        events.append(event)
    return events


def unstamped(events) -> list:
    return [dataclasses.replace(e, t_ns=0) for e in events]


def test_a_gesture_is_reported_before_it_returns(sim):
    sim.press("no_more_bets")
    sim.set_switch("door", True)

    assert unstamped(drain(sim)) == [
        ButtonPressed("no_more_bets", 0),
        SwitchChanged("door", True, 0),
    ]


def test_reports_come_bounce_ms_after_each_change_in_simulated_time(sim):
    before = time.monotonic_ns()
    sim.drive("door", (True, 30), (False, 0))

    closing, opening = drain(sim)
    assert closing.t_ns >= before + 5 * MS
    assert opening.t_ns - closing.t_ns == 30 * MS


@pytest.mark.parametrize("ms, reported", [(4.999, False), (5, True), (5000, True)])
def test_a_press_is_reported_only_if_it_lasted_bounce_ms(sim, ms, reported):
    sim.press("no_more_bets", ms=ms)

    assert unstamped(drain(sim)) == ([ButtonPressed("no_more_bets", 0)] if reported else [])


def test_a_bouncy_press_and_release_make_one_press(sim):
    sim.bounce("no_more_bets", 8)
    assert unstamped(drain(sim)) == [ButtonPressed("no_more_bets", 0)]
    assert not sim.selftest()[0].ok  # still held down

    sim.bounce("no_more_bets", 8, closed=False)
    sim.press("no_more_bets")
    assert unstamped(drain(sim)) == [ButtonPressed("no_more_bets", 0)]


def test_a_bouncy_switch_changes_once(sim):
    sim.bounce("door", 8)
    sim.set_switch("door", True)  # already closed: nothing new

    assert unstamped(drain(sim)) == [SwitchChanged("door", True, 0)]
    assert sim.switch_closed("door")


def test_history_records_every_event_in_order(sim):
    sim.press("no_more_bets")
    sim.set_switch("door", True)
    sim.set_switch("door", False)

    assert sim.history == drain(sim)
    assert [type(e) for e in sim.history] == [ButtonPressed, SwitchChanged, SwitchChanged]


def test_leds_record_each_change_and_go_dark_on_close(sim):
    before = time.monotonic_ns()
    sim.led("open", True)
    sim.led("open", True)  # no change
    sim.led("fault", True)
    sim.led("open", False)
    sim.close()

    assert [(name, lit) for name, lit, _ in sim.leds] == [
        ("open", True),
        ("fault", True),
        ("open", False),
        ("fault", False),
    ]
    stamps = [t for _, _, t in sim.leds]
    assert stamps == sorted(stamps) and stamps[0] >= before


def test_stamps_never_go_back_across_gestures(sim):
    before = time.monotonic_ns()
    for _ in range(5):
        sim.press("no_more_bets", ms=1000)
        sim.led("open", True)
        sim.led("open", False)

    stamps = sorted([e.t_ns for e in sim.history] + [t for _, _, t in sim.leds])
    assert stamps[0] >= before
    presses = [e.t_ns for e in sim.history]
    assert presses == sorted(presses) and len(set(presses)) == 5


def test_a_contact_moved_while_closed_reports_nothing(sim):
    sim.close()
    sim.press("no_more_bets")
    sim.set_switch("door", True)
    sim.open()

    assert sim.history == []
    assert sim.switch_closed("door")


@pytest.mark.parametrize(
    "gesture, message",
    [
        (lambda sim: sim.press("fault"), "no input named 'fault'; input names: no_more_bets, door"),
        (lambda sim: sim.set_switch("no_more_bets", True), "no switch named 'no_more_bets'"),
        (lambda sim: sim.drive("door"), "at least one"),
        (lambda sim: sim.drive("door", (True, -1)), "0 ms or more, not -1"),
        (lambda sim: sim.drive("door", (True, float("nan"))), "not nan"),
    ],
)
def test_a_bad_gesture_is_refused_and_moves_nothing(sim, gesture, message):
    with pytest.raises(ValueError, match=message):
        gesture(sim)
    assert sim.history == []


def test_contacts_named_in_the_url_start_closed():
    from drivers.errors import DeviceError
    from drivers.gpio import PinMap, open_gpio

    pins = PinMap(buttons={"no_more_bets": 17}, switches={"tilt": 27, "door": 22}, leds={})
    with open_gpio("sim://gpio?closed=door", pins) as io:
        assert io.switch_closed("door") is True and io.switch_closed("tilt") is False
        io.set_switch("door", True)  # already shut: nothing to report
        io.set_switch("door", False)
        event = io.get(timeout=5)
        assert event.name == "door" and event.closed is False
    with pytest.raises(DeviceError, match="closed=hatch"):
        open_gpio("sim://gpio?closed=hatch", pins)
