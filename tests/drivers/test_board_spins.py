"""The wheel sensor board's readings through its backend, against the emulated board over a
real pseudo-terminal: spins, void spins, a stuck sensor, an impossible pocket reading."""

import time

import pytest

from drivers.emulators.wheel_board import WheelBoardEmulator
from drivers.faults import Fault, FaultCleared
from drivers.wheel import open_wheel
from drivers.wheel.events import BallInPocket, BallLaunched, RotorSpin
from tests.support.board_emulated import (
    cleared,
    drain,
    events_until,
    faults,
    readings,
    sent_readings,
    wait_for,
)
from tests.support.wheel_backends import BOARD_TIME_SCALE


@pytest.fixture
def emulator(tmp_path):
    with WheelBoardEmulator(
        tmp_path / "wheel-board", seed=8, time_scale=BOARD_TIME_SCALE, drift_ppm=120
    ) as emulator:
        yield emulator


@pytest.fixture
def wheel(emulator, french):
    with open_wheel(emulator.url, french) as wheel:
        yield wheel


def a_spin(wheel) -> list:
    return events_until(wheel, lambda e: any(isinstance(x, BallInPocket) for x in e), "the spin")


@pytest.mark.parametrize("direction, ball", [("cw", "ccw"), ("ccw", "cw")])
def test_a_normal_spin_reads_what_the_board_sensed_stamped_on_the_host_clock(
    emulator, wheel, french, direction, ball
):
    emulator.drop_ball(8)
    asked = time.monotonic_ns()
    wheel.spin(direction)
    events = a_spin(wheel)
    received = time.monotonic_ns()

    assert (
        readings(events)
        == sent_readings(emulator)
        == [
            ("rotor", direction),
            ("ball_in_rim", ball),
            ("rotor", direction),
            ("ball_leaving",),
            ("ball_in_pockets", (8,)),
        ]
    )
    assert events[-1].numbers == (french.number(8),)
    assert all(18 <= e.rpm <= 31 for e in events if isinstance(e, RotorSpin))
    stamps = [e.t_ns for e in events]
    assert asked <= stamps[0] and stamps == sorted(stamps) and stamps[-1] <= received
    assert emulator.commands[-1].direction == direction  # the board was told the direction


def test_a_misspin_is_a_void_spin_and_the_rest_of_it_is_dropped(emulator, wheel):
    emulator.fail_next("misspin")
    wheel.spin("cw")
    events = events_until(wheel, lambda e: "misspin" in cleared(e), "the misspin")
    wait_for(lambda: emulator.idle, "the rest of the spin sensed and delivered")
    events += drain(wheel)

    assert [type(e) for e in events] == [RotorSpin, BallLaunched, Fault, FaultCleared]
    assert events[1].direction == "cw"  # the same way as the rotor
    fault = events[2]
    assert (fault.code, fault.void) == ("misspin", True)
    assert wheel.health()["readings_after_void"] == 3  # rotor, leaving, pocket: no result
    wheel.spin("ccw")
    assert not faults(a_spin(wheel))


def test_a_ball_removed_from_the_rim_is_a_void_spin(emulator, wheel):
    emulator.fail_next("ball_removed")
    wheel.spin("ccw")
    events = events_until(wheel, lambda e: "ball_removed" in cleared(e), "the ball removed")
    wait_for(lambda: emulator.idle, "the board done")
    events += drain(wheel)

    assert [type(e) for e in events] == [RotorSpin, BallLaunched, Fault, FaultCleared]
    fault = events[2]
    assert (fault.code, fault.severity, fault.void) == ("ball_removed", "warning", True)
    assert "unseen for 3.0 s" in fault.detail


def test_a_stuck_sensor_is_an_error_fault_and_fails_the_selftest_until_it_moves(emulator, wheel):
    emulator.stick("pocket")
    events = events_until(wheel, lambda e: faults(e, "sensor_stuck"), "the stuck sensor")

    (fault,) = faults(events)
    assert (fault.severity, fault.void) == ("error", True)
    assert fault.detail == "pocket stuck active for 5.0 s"
    assert [check.name for check in wheel.selftest() if not check.ok] == ["pocket"]
    emulator.unstick("pocket")
    events_until(wheel, lambda e: "sensor_stuck" in cleared(e), "the sensor moving again")
    assert all(check.ok for check in wheel.selftest())


def test_a_ball_in_two_pockets_is_reported_as_sensed(emulator, wheel, french):
    emulator.drop_ball(3, 4)
    wheel.spin("cw")
    pocket = a_spin(wheel)[-1]

    assert (pocket.pockets, pocket.numbers) == ((3, 4), (french.number(3), french.number(4)))
