"""A device's events go to its own queue (`get`) or, once a consumer asks (`deliver_to`),
straight to a callback, on the thread that sensed them, in the order sensed."""

import dataclasses
import threading

import pytest

from drivers.gpio import ButtonPressed, PinMap, SwitchChanged, open_gpio
from drivers.wheel import open_wheel
from drivers.wheel.events import BallInPocket, BallLaunched, BallLeavingRim, RotorSpin

INSTANT = "sim://wheel?spin=0"  # a whole spin emitted inside spin()
TABLE = PinMap(buttons={"no_more_bets": 17}, switches={"door": 22}, leds={"open": 5})


def kinds(events) -> list[type]:
    return [type(e) for e in events]


SPIN = [RotorSpin, BallLaunched, BallLeavingRim, BallInPocket]


@pytest.fixture
def wheel(french):
    with open_wheel(INSTANT, french, seed=7) as wheel:
        yield wheel


def test_a_device_nobody_attached_still_answers_get(wheel):
    wheel.spin("cw")
    events = [wheel.get(timeout=0) for _ in SPIN]
    assert kinds(events) == SPIN and wheel.get(timeout=0) is None


def test_delivered_events_go_to_the_callback_in_order_and_not_to_get(wheel):
    got = []
    wheel.deliver_to(got.append)
    wheel.spin("cw")
    wheel.spin("ccw")
    assert kinds(got) == SPIN * 2 and got == wheel.history
    assert wheel.get(timeout=0) is None


def test_events_queued_before_come_first_then_the_rest(wheel):
    wheel.spin("cw")  # queued: nobody delivers yet
    got = []
    wheel.deliver_to(got.append)
    assert kinds(got) == SPIN  # handed over at once
    wheel.spin("ccw")
    assert got == wheel.history


def test_back_to_the_queue_when_delivery_ends(wheel):
    got = []
    wheel.deliver_to(got.append)
    wheel.spin("cw")
    wheel.deliver_to(None)
    wheel.spin("ccw")
    assert kinds(got) == SPIN
    assert [wheel.get(timeout=0) for _ in SPIN] == wheel.history[len(SPIN) :]


def test_an_event_is_delivered_on_the_thread_that_sensed_it(wheel):
    seen = []
    wheel.deliver_to(lambda event: seen.append((event, threading.current_thread())))
    sensing = threading.Thread(target=lambda: wheel.emit(BallLeavingRim()), name="sensor")
    sensing.start()
    sensing.join()
    assert [thread for _, thread in seen] == [sensing]


def test_the_table_io_delivers_too():
    with open_gpio("sim://gpio", TABLE) as io:
        got = []
        io.deliver_to(got.append)
        io.press("no_more_bets")
        io.set_switch("door", True)
        assert [dataclasses.replace(e, t_ns=0) for e in got] == [
            ButtonPressed("no_more_bets", 0),
            SwitchChanged("door", True, 0),
        ]
        assert io.get(timeout=0) is None
