"""What Cammegh status lines mean, at the maker's own timing (3 s for flag 8, 5 s for flag 1,
a status line every 500 ms), with the clock given line by line: no pty, no waiting."""

import pytest

from drivers.faults import Fault, FaultCleared
from drivers.wheel.cammegh_game import GameTracker
from drivers.wheel.cammegh_protocol import Status
from drivers.wheel.events import BallInPocket, BallLaunched, BallLeavingRim, RotorSpin

SECOND = 1_000_000_000
PERIOD = SECOND // 2


class Wheel:
    """Status lines every 500 ms into a tracker; collects what it emits."""

    def __init__(self, order):
        self.tracker = GameTracker(order, launch_grace=3.0, ball_grace=5.0)
        self.t = 0
        self.events = []

    def lines(self, state, count=1, *, warnings=0, winning=None, rpm=21.4, direction="cw"):
        for _ in range(count):
            self.t += PERIOD
            status = Status(state, 1, winning, warnings, rpm, direction)
            self.events += self.tracker.status(status, self.t)

    def faults(self):
        return [e for e in self.events if isinstance(e, Fault)]


@pytest.fixture
def wheel(french):
    wheel = Wheel(french)
    wheel.lines(1)
    return wheel


def test_a_game_reads_rotor_launch_leaving_rim_and_pocket_once(wheel, french):
    wheel.lines(2, 3)
    wheel.lines(3, 3)
    wheel.lines(4, 3)
    wheel.lines(5, 4, winning=17)
    wheel.events += wheel.tracker.winning_line(17, wheel.t)

    assert [type(e) for e in wheel.events] == [
        RotorSpin,
        BallLaunched,
        BallLeavingRim,
        BallInPocket,
    ]
    assert wheel.events[0] == RotorSpin("cw", 21.4, PERIOD * 2)
    assert wheel.events[1].direction == "ccw"
    assert wheel.events[-1].pockets == (french.index(17),) and wheel.events[-1].numbers == (17,)


def test_a_game_already_under_way_at_open_is_not_reported(french):
    wheel = Wheel(french)
    wheel.lines(3, 2)
    wheel.lines(4, 2)
    wheel.lines(5, 2, winning=4)

    assert wheel.events == []


def test_the_second_report_of_the_number_is_compared_with_the_first(wheel):
    wheel.lines(2)
    wheel.lines(4)
    wheel.events += wheel.tracker.winning_line(17, wheel.t)
    wheel.lines(5, 3, winning=18)

    assert [e.numbers for e in wheel.events if isinstance(e, BallInPocket)] == [(17,)]
    (fault,) = wheel.faults()
    assert (fault.code, fault.severity, fault.void) == ("result_mismatch", "critical", False)
    assert "18" in fault.detail and "17" in fault.detail


def test_a_number_off_the_wheel_is_a_pocket_with_no_number(wheel):
    wheel.lines(2)
    wheel.lines(4)
    wheel.lines(5, winning=37)

    assert wheel.events[-1] == BallInPocket((-1,), (None,), wheel.t)


def test_the_wheel_retrying_a_failed_launch_is_no_fault_until_the_retry_bound(wheel):
    """Flag 8 in state 2 is the controller retrying the launch by itself: three tries of some
    seconds each are no fault; only the retry bound (20 s here) voids the game."""
    wheel.lines(2, 2)
    wheel.lines(2, 40, warnings=8)  # 19.5 s of retries, far past the 3 s of state 3's rule

    assert wheel.faults() == []
    wheel.lines(2, warnings=8)  # 20 s
    (fault,) = wheel.faults()
    assert (fault.code, fault.void) == ("launch_failed", True)
    assert "retried) for 20 s" in fault.detail
    assert wheel.tracker.restart_due

    wheel.lines(1)
    assert wheel.events[-1] == FaultCleared("launch_failed", wheel.t)


def test_retries_that_launch_in_time_read_the_game(wheel):
    wheel.lines(2, 2)
    wheel.lines(2, 30, warnings=8)  # 15 s: the third try launches
    wheel.lines(3, 2)
    wheel.lines(4)
    wheel.lines(5, winning=3)

    assert wheel.faults() == []
    assert [type(e) for e in wheel.events][-3:] == [BallLaunched, BallLeavingRim, BallInPocket]


def test_flag_8_lingering_in_state_3_for_3_s_voids(wheel):
    wheel.lines(2, 2)
    wheel.lines(3, 6, warnings=8)  # 2.5 s in the rim

    assert wheel.faults() == []
    wheel.lines(3, warnings=8)  # 3 s
    (fault,) = wheel.faults()
    assert (fault.code, fault.void) == ("launch_failed", True)
    assert "in the rim) for 3 s" in fault.detail


def test_flag_8_counts_again_from_the_start_of_state_3(wheel):
    wheel.lines(2, 5, warnings=8)  # 2.5 s of retries
    wheel.lines(3, 5, warnings=8)  # the good launch; the flag lingers 2.5 s
    wheel.lines(3, 2)
    wheel.lines(4)
    wheel.lines(5, winning=3)

    assert wheel.faults() == []
    assert isinstance(wheel.events[-1], BallInPocket)


def test_flag_2_in_state_3_is_a_misspin_ball_running_with_the_rotor(wheel):
    wheel.lines(2)
    wheel.lines(3, 3, warnings=2)

    assert [type(e) for e in wheel.events] == [RotorSpin, BallLaunched, Fault]
    assert wheel.events[1].direction == "cw" == wheel.events[0].direction
    assert (wheel.events[2].code, wheel.events[2].void) == ("misspin", True)
    assert wheel.tracker.restart_due


def test_flag_1_in_state_4_is_ignored_for_5_s_then_voids(wheel):
    wheel.lines(2)
    wheel.lines(3)
    wheel.lines(4, 10, warnings=1)  # 4.5 s after the first flag: ten lines

    assert wheel.faults() == []
    wheel.lines(4, warnings=1)
    (fault,) = wheel.faults()
    assert (fault.code, fault.void) == ("ball_removed", True)


def test_flag_1_that_clears_within_5_s_is_no_fault(wheel):
    wheel.lines(2)
    wheel.lines(3)
    wheel.lines(4, 9, warnings=1)
    wheel.lines(4)
    wheel.lines(5, winning=0)

    assert wheel.faults() == []
    assert wheel.events[-1].numbers == (0,)


def test_a_void_game_reports_nothing_more(wheel):
    wheel.lines(2)
    wheel.lines(3, warnings=2)
    wheel.lines(4)
    wheel.lines(5, winning=9)

    assert [type(e) for e in wheel.events] == [RotorSpin, BallLaunched, Fault, FaultCleared]


def test_a_game_that_ends_without_a_number_is_void(wheel):
    wheel.lines(2)
    wheel.lines(3)
    wheel.lines(1)

    (fault,) = wheel.faults()
    assert (fault.code, fault.void) == ("no_result", True)
    assert "state 3 to 1" in fault.detail


def test_a_component_fault_voids_the_game_and_powering_down_is_critical(wheel):
    wheel.lines(2)
    wheel.events += wheel.tracker.fault_code(5, wheel.t)
    wheel.lines(2, warnings=4)
    wheel.events += wheel.tracker.fault_code(21, wheel.t)
    wheel.lines(6, warnings=4)

    faults = wheel.faults()
    assert [(f.code, f.severity, f.void) for f in faults] == [
        ("component_fault", "critical", True),
        ("component_fault", "critical", False),
        ("powered_down", "critical", False),
    ]
    assert "code 5: motor fault" in faults[0].detail
    assert "code 21: sensor 0 cannot see the ball" in faults[1].detail


def test_flag_4_without_a_code_says_where_to_look(wheel):
    wheel.lines(1, warnings=4)
    wheel.lines(1)

    (fault,) = wheel.faults()
    assert "self-test" in fault.detail and not fault.void
    assert wheel.events[-1] == FaultCleared("component_fault", wheel.t)


def test_a_faster_or_reversed_rotor_is_reported_again(wheel):
    wheel.lines(2, rpm=20.0)
    wheel.lines(3, rpm=20.3)
    wheel.lines(4, rpm=25.0)

    assert [e.rpm for e in wheel.events if isinstance(e, RotorSpin)] == [20.0, 25.0]


def test_silence_and_the_link_are_faults_until_heard_again(wheel):
    wheel.events += wheel.tracker.heard(wheel.t)
    wheel.events += wheel.tracker.silent(2.1, wheel.t)
    wheel.events += wheel.tracker.silent(2.1, wheel.t)
    wheel.events += wheel.tracker.heard(wheel.t)
    wheel.events += wheel.tracker.link_lost("unplugged", wheel.t)
    wheel.events += wheel.tracker.link_up(wheel.t)

    assert [(type(e).__name__, e.code) for e in wheel.events] == [
        ("Fault", "silent"),
        ("FaultCleared", "silent"),
        ("Fault", "link_lost"),
        ("FaultCleared", "link_lost"),
    ]


def test_the_respin_after_R_OK_is_a_new_game_even_if_state_1_was_missed(wheel):
    wheel.lines(2, 2)
    wheel.lines(3, warnings=2)  # a misspin: void
    assert wheel.tracker.restart_due
    wheel.tracker.restarted()  # *R OK
    wheel.events.clear()
    wheel.lines(2, direction="cw")  # the state 1 in between fell between two lines
    wheel.lines(3)
    wheel.lines(4)
    wheel.lines(5, winning=8)

    assert [type(e) for e in wheel.events if not isinstance(e, FaultCleared)] == [
        RotorSpin,
        BallLaunched,
        BallLeavingRim,
        BallInPocket,
    ]
    assert wheel.faults() == [] and not wheel.tracker.restart_due
