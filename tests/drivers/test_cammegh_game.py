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
    """Status lines every 500 ms into a tracker; collects what it emits. The spin count goes
    up when state 2 follows another state, as the wheel's does when a game starts (`spin`
    gives it instead: a respin keeps its game's)."""

    def __init__(self, order, *, bare_line=True):
        self.tracker = GameTracker(order, launch_grace=3.0, ball_grace=5.0, bare_line=bare_line)
        self.t = 0
        self.spin = 1
        self.state = None
        self.events = []

    def lines(
        self, state, count=1, *, warnings=0, winning=None, rpm=21.4, direction="cw", spin=None
    ):
        if spin is not None:
            self.spin = spin
        elif state == 2 and self.state not in (2, None):
            self.spin = self.spin % 256 + 1
        self.state = state
        for _ in range(count):
            self.t += PERIOD
            status = Status(state, self.spin, winning, warnings, rpm, direction)
            self.events += self.tracker.status(status, self.t)

    def bare(self, number):
        self.events += self.tracker.winning_line(number, self.t)

    def game(self, number, *, rim=3, dropping=3, shown=2):
        """A whole game from state 2 to 5, the bare line at the drop."""
        self.lines(2, 2)
        self.lines(3, rim)
        self.lines(4, dropping)
        self.bare(number)
        self.lines(5, shown, winning=number)

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
    assert wheel.events[0] == RotorSpin("cw", 21.4, PERIOD * 3)  # the start, confirmed
    assert wheel.events[1].direction == "ccw"
    assert wheel.events[-1].pockets == (french.index(17),) and wheel.events[-1].numbers == (17,)


def test_a_game_already_under_way_at_open_is_not_reported(french):
    wheel = Wheel(french)
    wheel.lines(3, 2)
    wheel.lines(4, 2)
    wheel.lines(5, 2, winning=4)

    assert wheel.events == []


def test_a_bare_line_and_status_lines_that_differ_void_that_game_only(wheel):
    """One corrupted bare line: no number is paid, the game is void (not held: an error), and
    the next game's number clears the fault."""
    wheel.lines(2, 2)
    wheel.lines(3)
    wheel.lines(4)
    wheel.bare(17)
    wheel.lines(5, winning=18)
    assert wheel.faults() == []  # one status line against the bare one: wait for another
    wheel.lines(5, 3, winning=18)

    assert not any(isinstance(e, BallInPocket) for e in wheel.events)
    (fault,) = wheel.faults()
    assert (fault.code, fault.severity, fault.void) == ("result_mismatch", "error", True)
    assert "says 17, the status line 18 twice" in fault.detail
    assert not wheel.tracker.restart_due  # the wheel's game is over: nothing to restart

    wheel.lines(1, 2)
    wheel.game(5)
    assert wheel.events[-2].numbers == (5,)
    assert wheel.events[-1] == FaultCleared("result_mismatch", wheel.t - PERIOD)


def test_a_status_line_corrupted_after_the_drop_is_outvoted(wheel):
    wheel.lines(2, 2)
    wheel.lines(3)
    wheel.lines(4)
    wheel.bare(17)
    wheel.lines(5, winning=13)  # 17 with a flipped bit
    wheel.lines(5, winning=17)

    assert [e.numbers for e in wheel.events if isinstance(e, BallInPocket)] == [(17,)]
    assert wheel.faults() == []


def test_state_4_read_as_5_is_no_result_and_the_game_goes_on(wheel):
    """The flipped line says 5 with the last game's number (9): nothing is settled on it, and
    the next game is not taken to have begun."""
    wheel.game(9)
    wheel.lines(1, 2)
    wheel.events.clear()
    wheel.lines(2, 2)
    wheel.lines(3, 2, winning=9)
    wheel.lines(4, winning=9)
    wheel.lines(5, spin=wheel.spin, winning=9)  # the flipped line
    wheel.lines(4, 2, winning=9)
    assert not any(isinstance(e, BallInPocket) for e in wheel.events)
    assert wheel.tracker.playing and wheel.tracker.games == 2
    wheel.bare(26)
    wheel.lines(5, 2, winning=26)

    assert [e.numbers for e in wheel.events if isinstance(e, BallInPocket)] == [(26,)]
    assert wheel.faults() == [] and wheel.tracker.games == 2


def test_a_number_needs_the_states_in_order(wheel):
    """A game whose lines never said 3 and 4 settles no number: what said 5 was noise."""
    wheel.lines(2, 2)
    wheel.bare(17)
    wheel.lines(5, spin=wheel.spin, winning=17)
    wheel.lines(2, 2, spin=wheel.spin)

    assert not any(isinstance(e, BallInPocket) for e in wheel.events)


def test_without_the_bare_line_two_status_lines_must_agree(french):
    wheel = Wheel(french, bare_line=False)
    wheel.lines(1)
    wheel.lines(2, 2)
    wheel.lines(3)
    wheel.lines(4)
    wheel.lines(5, winning=17)
    assert not any(isinstance(e, BallInPocket) for e in wheel.events)
    wheel.lines(5, winning=13)  # noise
    wheel.lines(5, 2, winning=17)

    assert [e.numbers for e in wheel.events if isinstance(e, BallInPocket)] == [(17,)]


def test_a_lost_bare_line_voids_the_game_saying_so(wheel):
    wheel.lines(2, 2)
    wheel.lines(3)
    wheel.lines(4)
    wheel.lines(5, 4, winning=17)  # the bare line was cut by noise: counted as malformed
    wheel.lines(1, 2)

    (fault,) = wheel.faults()
    assert (fault.code, fault.void) == ("no_result", True)
    assert "the bare winning-number line never came" in fault.detail


def test_a_game_starts_only_from_state_2_of_a_fresh_spin_confirmed(wheel):
    wheel.game(9)
    wheel.lines(5, winning=9)
    wheel.lines(2, spin=wheel.spin, winning=9)  # 6 (or 3) with a flipped bit, the old count
    wheel.lines(5, winning=9)
    wheel.lines(2, spin=wheel.spin + 1, winning=9)  # a flipped digit of the count, once
    wheel.lines(5, 2, winning=9)
    assert wheel.tracker.games == 1
    wheel.lines(1)
    wheel.lines(2)
    assert wheel.tracker.games == 1  # not before the next line confirms it
    wheel.lines(3)
    assert wheel.tracker.games == 2


def test_one_line_of_state_1_or_6_ends_no_game(wheel):
    wheel.lines(2, 2)
    wheel.lines(3)
    wheel.lines(6, spin=wheel.spin)  # 2 or 4 with a flipped bit
    wheel.lines(3)
    wheel.lines(1, spin=wheel.spin)
    wheel.lines(3)
    wheel.lines(4)
    wheel.bare(8)
    wheel.lines(5, winning=8)

    assert wheel.faults() == []
    assert wheel.events[-1].numbers == (8,)


def test_one_line_with_a_flag_voids_nothing(wheel):
    wheel.lines(2, 2)
    wheel.lines(3)
    wheel.lines(3, warnings=2)  # misspin, once
    wheel.lines(3, warnings=4)  # component fault, once
    wheel.lines(3)
    wheel.lines(4)
    wheel.bare(8)
    wheel.lines(5, winning=8)

    assert wheel.faults() == []
    assert wheel.events[-1].numbers == (8,)


def test_a_number_off_the_wheel_is_a_pocket_with_no_number(wheel):
    wheel.game(37)

    assert wheel.events[-1] == BallInPocket((-1,), (None,), wheel.t - PERIOD)


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
    wheel.bare(3)
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
    wheel.bare(3)
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
    wheel.lines(2, 2)
    wheel.lines(3)
    wheel.lines(4, 9, warnings=1)
    wheel.lines(4)
    wheel.bare(0)
    wheel.lines(5, winning=0)

    assert wheel.faults() == []
    assert wheel.events[-1].numbers == (0,)


def test_a_void_game_reports_nothing_more(wheel):
    wheel.lines(2, 2)
    wheel.lines(3, 2, warnings=2)
    wheel.lines(4)
    wheel.bare(9)
    wheel.lines(5, 2, winning=9)

    assert [type(e) for e in wheel.events] == [RotorSpin, BallLaunched, Fault, FaultCleared]


def test_a_game_that_ends_without_a_number_is_void(wheel):
    wheel.lines(2, 2)
    wheel.lines(3)
    wheel.lines(1, 2)

    (fault,) = wheel.faults()
    assert (fault.code, fault.void) == ("no_result", True)
    assert "state 3 to 1" in fault.detail


def test_a_component_fault_voids_the_game_and_powering_down_is_critical(wheel):
    wheel.lines(2, 2)
    wheel.events += wheel.tracker.fault_code(5, wheel.t)
    wheel.lines(2, warnings=4)
    wheel.events += wheel.tracker.fault_code(21, wheel.t)
    wheel.lines(6, 2, warnings=4)

    faults = wheel.faults()
    assert [(f.code, f.severity, f.void) for f in faults] == [
        ("component_fault", "critical", True),
        ("component_fault", "critical", False),
        ("powered_down", "critical", False),
    ]
    assert "code 5: motor fault" in faults[0].detail
    assert "code 21: sensor 0 cannot see the ball" in faults[1].detail
    assert "permanent component fault" in faults[2].detail
    assert wheel.tracker.powered_down


def test_a_wheel_switched_off_at_its_panel_stays_off_until_switched_on(wheel):
    wheel.lines(2, 2)
    wheel.lines(6, 8, rpm=0)

    (fault,) = wheel.faults()
    assert (fault.code, fault.severity, fault.void) == ("powered_down", "critical", True)
    assert "switched off at its panel" in fault.detail and "until a person" in fault.detail
    assert wheel.tracker.powered_down and not wheel.tracker.over("powered_down")
    wheel.lines(1, 2)  # switched on (at the panel, or *P 1 from the screen)
    assert wheel.events[-1] == FaultCleared("powered_down", wheel.t)


def test_flag_4_without_a_code_says_where_to_look(wheel):
    wheel.lines(1, 2, warnings=4)
    wheel.lines(1, 2)

    (fault,) = wheel.faults()
    assert "self-test" in fault.detail and not fault.void
    assert wheel.events[-1] == FaultCleared("component_fault", wheel.t)


def test_a_faster_or_reversed_rotor_is_reported_again(wheel):
    wheel.lines(2, 2, rpm=20.0)
    wheel.lines(3, rpm=20.3)
    wheel.lines(4, 2, rpm=25.0)
    wheel.lines(4, direction="ccw", rpm=25.0)  # a flipped direction bit, once
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
    wheel.lines(3, 2, warnings=2)  # a misspin: void
    assert wheel.tracker.restart_due
    wheel.tracker.restarted()  # *R OK
    wheel.events.clear()
    wheel.lines(2, 2, direction="cw", spin=wheel.spin)  # the same count; state 1 was missed
    wheel.lines(3)
    wheel.lines(4)
    wheel.bare(8)
    wheel.lines(5, winning=8)

    assert [type(e) for e in wheel.events if not isinstance(e, FaultCleared)] == [
        RotorSpin,
        BallLaunched,
        BallLeavingRim,
        BallInPocket,
    ]
    assert wheel.faults() == [] and not wheel.tracker.restart_due
