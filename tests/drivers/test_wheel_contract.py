"""What every wheel backend does; the same tests run against each backend that can run here
(on the Pi, against the real wheel)."""

import time

import pytest

from drivers.errors import DeviceError
from drivers.faults import Fault
from drivers.wheel import open_wheel
from drivers.wheel.base import SelfTestCheck
from drivers.wheel.events import BallInPocket, BallLaunched, BallLeavingRim, RotorSpin
from tests.support.wheel_backends import WHEEL_BACKENDS

SPIN_DEADLINE = 30.0  # a guard against a hang, not a measure: a spin ends long before


@pytest.fixture(params=sorted(WHEEL_BACKENDS))
def url(request, tmp_path):
    """A URL per backend that can run here; an emulated backend's emulator runs meanwhile."""
    with WHEEL_BACKENDS[request.param](tmp_path) as url:
        yield url


@pytest.fixture
def wheel(url, french):
    with open_wheel(url, french, seed=7) as wheel:
        yield wheel


def one_spin(wheel) -> list:
    """The events up to and including the ball in a pocket."""
    deadline = time.monotonic() + SPIN_DEADLINE
    events = []
    while not events or not isinstance(events[-1], BallInPocket):
        event = wheel.get(timeout=max(0.0, deadline - time.monotonic()))
        assert event is not None, f"the spin did not end before the deadline: {events}"
        assert not isinstance(event, Fault), event
        events.append(event)
    return events


@pytest.mark.parametrize("direction, ball", [("cw", "ccw"), ("ccw", "cw")])
def test_a_spin_reads_rotor_launch_leaving_rim_then_pocket(wheel, french, direction, ball):
    wheel.spin(direction)
    events = one_spin(wheel)

    assert isinstance(events[0], RotorSpin)
    # A backend may measure the rotor again during the spin.
    assert [type(e) for e in events if not isinstance(e, RotorSpin)] == [
        BallLaunched,
        BallLeavingRim,
        BallInPocket,
    ]
    assert {e.direction for e in events if isinstance(e, RotorSpin)} == {direction}
    assert all(e.rpm > 0 for e in events if isinstance(e, RotorSpin))
    (launch,) = [e for e in events if isinstance(e, BallLaunched)]
    assert launch.direction == ball
    (pocket,) = events[-1].pockets
    assert events[-1].numbers == (french.number(pocket),)
    assert events[-1].numbers[0] is not None


def test_timestamps_never_go_back(wheel):
    before = time.monotonic_ns()
    wheel.spin("cw")
    events = one_spin(wheel)
    wheel.spin("ccw")
    events += one_spin(wheel)

    stamps = [e.t_ns for e in events]
    assert stamps == sorted(stamps)
    assert stamps[0] >= before


def test_get_returns_none_when_nothing_happens(wheel):
    assert wheel.get(timeout=0) is None
    assert wheel.get(timeout=0.01) is None


def test_open_close_and_reopen(url, french):
    wheel = open_wheel(url, french, seed=1)
    assert wheel.is_open
    wheel.open()  # already open: harmless
    wheel.close()
    assert not wheel.is_open
    wheel.close()  # already closed: harmless
    with wheel:
        assert wheel.is_open
        wheel.spin("cw")
        assert isinstance(one_spin(wheel)[-1], BallInPocket)
    assert not wheel.is_open


def test_a_closed_wheel_refuses_to_spin_and_says_why(url, french):
    wheel = open_wheel(url, french)
    wheel.close()
    with pytest.raises(DeviceError, match="not open") as refused:
        wheel.spin("cw")
    assert url in str(refused.value)
    assert "open()" in str(refused.value)
    with pytest.raises(DeviceError, match="not open"):
        wheel.selftest()


def test_a_direction_is_cw_or_ccw(wheel):
    with pytest.raises(ValueError, match="cw"):
        wheel.spin("left")


def test_selftest_of_a_healthy_wheel_passes(wheel):
    checks = wheel.selftest()
    assert checks and all(isinstance(c, SelfTestCheck) for c in checks)
    assert all(c.ok for c in checks), checks
