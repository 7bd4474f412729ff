import dataclasses

import pytest

from drivers.faults import Fault
from drivers.wheel.events import BallInPocket, BallLaunched, RotorSpin, opposite


def test_events_are_immutable_and_stamped_on_creation():
    event = BallLaunched("cw")

    with pytest.raises(dataclasses.FrozenInstanceError):
        event.direction = "ccw"
    assert event.t_ns > 0
    assert BallLaunched("cw", t_ns=123).t_ns == 123  # a device's own stamp


def test_a_reading_gives_the_numbers_of_its_pockets(french):
    assert BallInPocket.read(french, [17, 99]).numbers == (23, None)


@pytest.mark.parametrize(
    "make",
    [
        lambda: RotorSpin("left", 20.0),
        lambda: BallLaunched("CW"),
        lambda: BallInPocket((), ()),
        lambda: BallInPocket((1, 2), (32,)),
        lambda: Fault("ball_out", "fatal", "", True),
    ],
)
def test_malformed_events_are_refused(make):
    with pytest.raises(ValueError):
        make()


def test_opposite():
    assert (opposite("cw"), opposite("ccw")) == ("ccw", "cw")
