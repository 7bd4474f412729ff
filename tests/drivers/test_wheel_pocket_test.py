"""The wheels' pocket test (drivers/wheel/base.py), backend by backend: what each sends and
reports while a technician drops the ball by hand and turns the rotor, on the simulated wheel
and over real pseudo-terminals (the SS2 emulator, our board's emulator). Tests wait for what
they expect with deadlines, never sleep-then-assert."""

from __future__ import annotations

import time

import pytest

from drivers.emulators.cammegh import CammeghEmulator
from drivers.emulators.wheel_board import WheelBoardEmulator
from drivers.errors import DeviceError
from drivers.faults import Fault
from drivers.wheel import open_wheel
from drivers.wheel.events import BallInPocket, BallLaunched, RotorSpin
from tests.drivers.conftest import FRENCH
from tests.support.wheel_backends import BOARD_TIME_SCALE, CAMMEGH_TIME_FACTOR, cammegh_url

DEADLINE = 20.0  # a guard against a hang, not a measure


def eventually(condition, what: str) -> None:
    deadline = time.monotonic() + DEADLINE
    while not condition():
        assert time.monotonic() < deadline, f"never: {what}"
        time.sleep(0.01)


def wait_for(wheel, wanted) -> list:
    """The events up to and including the first `wanted`."""
    deadline = time.monotonic() + DEADLINE
    events = []
    while True:
        event = wheel.get(timeout=max(0.0, deadline - time.monotonic()))
        assert event is not None, f"no {wanted.__name__} before the deadline: {events}"
        events.append(event)
        if isinstance(event, wanted):
            return events


@pytest.fixture
def ss2(tmp_path):
    with CammeghEmulator(
        tmp_path / "ss2", seed=5, time_factor=CAMMEGH_TIME_FACTOR, mode=1415, order=FRENCH
    ) as emulator:
        yield emulator


@pytest.fixture
def cam(ss2, french, tmp_path):
    wheel = open_wheel(cammegh_url(tmp_path / "ss2"), french)
    yield wheel
    wheel.close()


# The Cammegh


def test_the_cammegh_turns_sensor_debug_on_and_reports_each_pocket_by_its_number(ss2, cam):
    cam.pocket_test(True)
    assert cam.pocket_testing
    eventually(lambda: ss2.sensor_debug, "*I 4 taken")
    assert "*I 4" in ss2.received

    ss2.drop_in(17)
    (event,) = [e for e in wait_for(cam, BallInPocket) if isinstance(e, BallInPocket)]
    assert (event.pockets, event.numbers, event.entered_by) == ((FRENCH.index(17),), (17,), None)

    cam.pocket_test(False)
    eventually(lambda: not ss2.sensor_debug, "*I 0 taken")
    assert ss2.received.count("*I 0") == 1 and not cam.pocket_testing
    ss2.drop_in(5)
    ss2.send_raw(b"*bn 3\r\n")  # a pocket report outside the test: no reading
    lines = len(ss2.sent)
    eventually(lambda: len(ss2.sent) > lines + 3, "status lines after")
    assert not [e for e in iter(lambda: cam.get(timeout=0), None) if isinstance(e, BallInPocket)]


def test_the_cammegh_reports_the_rotor_turned_either_way_from_its_status_lines(ss2, cam):
    cam.pocket_test(True)
    ss2.turn_rotor("cw", 5.0)
    rotor = [e for e in wait_for(cam, RotorSpin) if isinstance(e, RotorSpin)][-1]
    while (rotor.direction, rotor.rpm) != ("cw", 5.0):  # the motor's turn before it, maybe
        rotor = [e for e in wait_for(cam, RotorSpin) if isinstance(e, RotorSpin)][-1]
    ss2.turn_rotor("ccw", 4.0)
    rotor = [e for e in wait_for(cam, RotorSpin) if isinstance(e, RotorSpin)][-1]
    assert (rotor.direction, rotor.rpm) == ("ccw", 4.0)
    lines = len(ss2.sent)
    eventually(lambda: len(ss2.sent) > lines + 3, "more status lines")
    assert cam.get(timeout=0) is None  # the same rotor is reported once


def test_a_datum_off_on_the_wheel_reads_every_pocket_that_many_on(tmp_path, french):
    with CammeghEmulator(
        tmp_path / "ss2", time_factor=CAMMEGH_TIME_FACTOR, mode=1415, order=FRENCH, datum_offset=3
    ) as ss2:
        cam = open_wheel(cammegh_url(tmp_path / "ss2"), french)
        try:
            cam.pocket_test(True)
            eventually(lambda: ss2.sensor_debug, "*I 4 taken")
            ss2.drop_in(0)
            event = wait_for(cam, BallInPocket)[-1]
            assert (event.pockets, event.numbers) == ((3,), (FRENCH[3],))
        finally:
            cam.close()
        assert ss2.received[-1] == "*I 0"  # closing ended the test


def test_the_cammegh_pocket_test_is_refused_during_a_game(ss2, cam):
    cam.spin("cw")
    wait_for(cam, BallLaunched)
    with pytest.raises(DeviceError, match="no pocket test during a game: the wheel is in state 3"):
        cam.pocket_test(True)
    assert "*I 4" not in ss2.received and not cam.pocket_testing
    assert [e for e in wait_for(cam, BallInPocket) if isinstance(e, Fault)] == []


def test_idle_powers_the_wheel_off_and_on_again_without_a_fault(ss2, cam):
    with cam.idle():
        assert ss2.state == 6
        assert cam.log_pages() == 0
    asked = ss2.received[ss2.received.index("*P 0") :]
    assert asked.index("*s t") < asked.index("*P 1")
    eventually(lambda: ss2.state == 1, "on again")
    lines = len(ss2.sent)
    eventually(lambda: len(ss2.sent) > lines + 3, "status lines after")
    assert [e for e in iter(lambda: cam.get(timeout=0), None) if isinstance(e, Fault)] == []


def test_idle_is_refused_during_a_game(ss2, cam):
    cam.spin("cw")
    wait_for(cam, BallLaunched)
    with pytest.raises(DeviceError, match="a game is never interrupted"), cam.idle():
        pass
    assert "*P 0" not in ss2.received


# Our board


@pytest.fixture
def board(tmp_path):
    with WheelBoardEmulator(
        tmp_path / "wb", seed=2, time_scale=BOARD_TIME_SCALE, numbers=FRENCH
    ) as emulator:
        yield emulator


def test_the_board_plays_a_spin_per_drop_and_reports_the_pocket_asked(board, french):
    wheel = open_wheel(board.url, french)
    try:
        wheel.pocket_test(True)
        board.drop_in(26)
        wheel.ask_drop(36, "ccw")  # lights the ccw arrow: a Spin
        events = wait_for(wheel, BallInPocket)
        assert events[-1].pockets == (36,) and events[-1].numbers == (26,)
        assert {e.direction for e in events if isinstance(e, RotorSpin)} == {"ccw"}
        assert [m.direction for m in board.commands if type(m).__name__ == "Spin"] == ["ccw"]
    finally:
        wheel.close()


def test_in_the_pocket_test_a_ball_running_with_the_rotor_voids_nothing(board, french):
    """Rolled by hand, the ball may run either way."""
    wheel = open_wheel(board.url, french)
    try:
        wheel.pocket_test(True)
        board.fail_next("misspin")  # the ball runs the way the rotor turns
        board.drop_in(4)
        wheel.ask_drop(4, "cw")
        events = wait_for(wheel, BallInPocket)
        assert not [e for e in events if isinstance(e, Fault)]
        launched = next(e for e in events if isinstance(e, BallLaunched))
        assert launched.direction == "cw" and events[-1].numbers == (4,)
    finally:
        wheel.close()


def test_a_dead_pocket_on_the_board_reports_no_pocket(board, french):
    wheel = open_wheel(board.url, french)
    try:
        wheel.pocket_test(True)
        board.dead_pocket(17)
        board.drop_in(17)
        wheel.ask_drop(FRENCH.index(17), "cw")
        eventually(lambda: board.idle, "the spin played")
        board.drop_in(6)
        wheel.ask_drop(FRENCH.index(6), "ccw")
        assert wait_for(wheel, BallInPocket)[-1].numbers == (6,)  # the first drop: none
    finally:
        wheel.close()


def test_the_board_rotor_turned_by_hand_is_reported(board, french):
    wheel = open_wheel(board.url, french)
    try:
        wheel.pocket_test(True)
        board.turn_rotor("ccw", rpm=15.0)
        (rotor,) = wait_for(wheel, RotorSpin)
        assert (rotor.direction, rotor.rpm) == ("ccw", 15.0)
    finally:
        wheel.close()


# The simulated wheel, the hand wheel, the interface


def test_the_simulated_wheel_drops_the_ball_where_asked(french):
    wheel = open_wheel("sim://wheel?spin=0", french)
    try:
        with pytest.raises(DeviceError, match="no drop is asked outside the pocket test"):
            wheel.ask_drop(3, "cw")
        wheel.pocket_test(True)
        wheel.ask_drop(3, "ccw")
        rotor, ball = wheel.get(timeout=0), wheel.get(timeout=0)
        assert (rotor.direction, ball.pockets, ball.numbers) == ("ccw", (3,), (FRENCH[3],))
        with pytest.raises(ValueError, match="pocket 37 is not one of this wheel's, 0 to 36"):
            wheel.ask_drop(37, "cw")
        with pytest.raises(ValueError, match="direction"):
            wheel.ask_drop(3, "up")
    finally:
        wheel.close()
    assert not wheel.pocket_testing


def test_the_pocket_test_does_not_change_the_seeded_spins(french):
    plain = open_wheel("sim://wheel?spin=0&seed=9", french)
    tested = open_wheel("sim://wheel?spin=0&seed=9", french)
    try:
        tested.pocket_test(True)
        tested.ask_drop(0, "cw")
        tested.pocket_test(False)
        plain.spin("cw")
        tested.spin("cw")
        assert plain.history[-1].pockets == tested.history[-1].pockets
    finally:
        plain.close()
        tested.close()


def test_the_hand_wheel_says_it_has_nothing_to_test(french):
    wheel = open_wheel("screen://", french)
    try:
        assert "the croupier enters each number by hand" in wheel.no_pocket_test
        with pytest.raises(DeviceError, match="there is nothing to test"):
            wheel.pocket_test(True)
    finally:
        wheel.close()
