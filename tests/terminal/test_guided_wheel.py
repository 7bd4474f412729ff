"""The guided wheel test (terminal/selftest/guided.py): the state machine on made-up readings,
then walked round the wheel on each backend's pocket test (the simulated wheel, the SS2 emulator,
our board's emulator, over real pseudo-terminals), with a dead pocket, a datum off by k pockets,
a wheel whose numbers are not the table's, and the rotor both ways. Tests wait for conditions
with deadlines, never sleep-then-assert."""

from __future__ import annotations

import time

import pytest

from drivers.errors import DeviceError
from drivers.faults import Fault
from drivers.wheel import open_wheel
from drivers.wheel.events import BallInPocket, BallLaunched, RotorSpin
from drivers.wheel.order import WheelOrder
from terminal.selftest.guided import ASKED, HEARD, PENDING, SKIPPED, WRONG, GuidedWheelTest
from tests.drivers.conftest import FRENCH
from tests.support.wheel_backends import POCKET_TEST_BACKENDS

DEADLINE = 20.0  # a guard against a hang, not a measure
ORDER = WheelOrder(FRENCH)


def drop(test: GuidedWheelTest, pocket: int | tuple[int, ...], t_ns: int = 0) -> bool:
    pockets = (pocket,) if isinstance(pocket, int) else pocket
    return test.heard(BallInPocket(pockets, tuple(ORDER.number(p) for p in pockets), t_ns=t_ns))


def checks(test: GuidedWheelTest) -> dict[str, tuple[bool, str]]:
    return {c.name: (c.ok, c.detail) for c in test.verdict()}


def both_ways(test: GuidedWheelTest, t_ns: int = 0) -> None:
    test.heard(RotorSpin("cw", 6.0, t_ns=t_ns))
    test.heard(RotorSpin("ccw", 5.5, t_ns=t_ns))


# The state machine


def test_it_asks_round_the_wheel_in_its_order_and_passes_when_every_pocket_reads_right():
    test = GuidedWheelTest(ORDER)
    asked = []
    while not test.done:
        ask = test.asked
        assert ask is not None
        asked.append((ask.number, ask.pocket, ask.rotor))
        assert drop(test, ask.pocket, t_ns=len(asked) * 5_000_000_000)
    both_ways(test, t_ns=5_000_000_000)

    assert [number for number, _, _ in asked] == list(FRENCH)
    assert [pocket for _, pocket, _ in asked] == list(range(37))
    assert {rotor for _, _, rotor in asked} == {"cw", "ccw"}  # alternating: a walk turns both
    assert test.asked is None and all(m.state == HEARD for m in test.marks())
    found = checks(test)
    assert all(ok for ok, _ in found.values()), found
    assert found["pocket_coverage"][1] == "37 of 37 pockets reported in 3 min 0 s"
    assert found["rotor"][1] == "seen turning cw (6 rpm) and ccw (5.5 rpm)"


def test_the_marks_say_what_the_screen_draws():
    test = GuidedWheelTest(ORDER)
    assert [m.state for m in test.marks()[:3]] == [ASKED, PENDING, PENDING]
    drop(test, 0)
    drop(test, 5)  # asked pocket 1 (32), read as pocket 5 (21)
    test.skip()  # pocket 2 (15) never reports

    first, second, third, fourth = test.marks()[:4]
    assert (first.state, second.state, third.state, fourth.state) == (HEARD, WRONG, SKIPPED, ASKED)
    assert (second.number, second.read, second.read_numbers) == (32, (5,), (21,))
    assert test.asked is not None and test.asked.number == 19


def test_a_pocket_that_never_reports_is_skipped_and_named():
    test = GuidedWheelTest(ORDER)
    while not test.done:
        assert test.asked is not None
        if test.asked.number == 17:
            test.skip()
        else:
            drop(test, test.asked.pocket)
    both_ways(test)

    found = checks(test)
    assert found["pocket_coverage"] == (False, "36 of 37 pockets reported in 0 s")
    ok, detail = found["silent_pockets"]
    assert not ok and detail.startswith("1 never reported: 17 (pocket 8); check what senses")
    assert found["wheel_order"][0] and found["rotor"][0]


def test_a_pocket_skipped_that_reports_after_all_is_heard_not_a_misreading_of_the_next():
    test = GuidedWheelTest(ORDER)
    drop(test, 0)
    test.skip()  # pocket 1 said nothing in time...
    assert test.asked is not None and test.asked.pocket == 2
    assert drop(test, 1)  # ...then its ball settled
    assert [m.state for m in test.marks()[:3]] == [HEARD, HEARD, ASKED]
    drop(test, 3)  # once the pocket asked has reported, a report of another is a misreading
    assert test.marks()[2].state == WRONG


@pytest.mark.parametrize("k", [1, 3, 36])
def test_every_report_off_by_the_same_k_pockets_is_a_datum_k_off(k):
    test = GuidedWheelTest(ORDER)
    while not test.done:
        assert test.asked is not None
        drop(test, (test.asked.pocket + k) % 37)

    finding = test.finding()
    assert (finding.kind, finding.offset, len(finding.wrong)) == ("offset", k, 37)
    ok, detail = checks(test)["wheel_order"]
    zero = FRENCH[-k]  # the pocket the wheel reads as 0
    assert not ok and f"every pocket reads {k} pockets on" in detail
    assert f"the pocket read as 0 holds {zero}, not 0" in detail
    assert f"the order starting at {zero}" in detail
    assert ("(1 back)" in detail) == (k == 36)
    # the table's order rotated to start there reads every pocket right
    rotated = WheelOrder(FRENCH[-k:] + FRENCH[:-k])
    assert all(rotated.number((ORDER.index(n) + k) % 37) == n for n in FRENCH)


def test_an_offset_is_seen_from_the_first_drops_already():
    test = GuidedWheelTest(ORDER)
    for _ in range(3):
        assert test.asked is not None
        drop(test, (test.asked.pocket + 2) % 37)
    assert (test.finding().kind, test.finding().offset) == ("offset", 2)
    assert checks(test)["pocket_coverage"][0] is False  # not done: 3 of 37


def test_pockets_read_the_other_way_round_are_a_reversed_count():
    test = GuidedWheelTest(ORDER)
    while not test.done:
        assert test.asked is not None
        drop(test, (5 - test.asked.pocket) % 37)
    assert test.finding().kind == "reversed"
    ok, detail = checks(test)["wheel_order"]
    assert not ok and "count the other way round" in detail and "rotor_a and rotor_b" in detail


def test_a_wheel_whose_numbers_are_not_in_the_configured_order_is_named_with_its_order():
    physical = list(FRENCH)
    physical[3], physical[4] = physical[4], physical[3]  # 19 and 4 swapped
    test = GuidedWheelTest(ORDER)
    while not test.done:
        assert test.asked is not None
        drop(test, physical.index(test.asked.number))
    both_ways(test)

    found = checks(test)
    assert found["pocket_coverage"][0] and found["silent_pockets"][0] and found["rotor"][0]
    ok, detail = found["wheel_order"]
    assert not ok and test.finding().kind == "wrong"
    assert "2 pockets read elsewhere than asked" in detail
    assert "19 (pocket 3) read as pocket 4 (4 on the configured order)" in detail
    assert "the wheel's order as read from its datum: " + ", ".join(map(str, physical)) in detail


def test_two_pockets_at_once_and_a_pocket_off_the_wheel_are_wrong_not_an_offset():
    test = GuidedWheelTest(ORDER)
    drop(test, (0, 1))
    test.heard(BallInPocket((40,), (None,), t_ns=0))
    drop(test, 3)  # asked pocket 2
    finding = test.finding()
    assert finding.kind == "wrong" and len(finding.wrong) == 3
    detail = checks(test)["wheel_order"][1]
    assert "0 read in 2 pockets at once (0, 1)" in detail and "(off the wheel)" in detail


def test_the_rotor_one_way_only_says_which_way_is_missing():
    test = GuidedWheelTest(ORDER)
    assert checks(test)["rotor"][1].startswith("never seen turning: turn it cw and ccw")
    test.heard(RotorSpin("ccw", 7.0, t_ns=0))
    ok, detail = checks(test)["rotor"]
    assert not ok and detail.startswith("seen turning ccw (7 rpm) only: turn it cw")


def test_what_is_no_sensed_drop_changes_nothing():
    test = GuidedWheelTest(ORDER)
    entered = BallInPocket((0,), (0,), entered_by="c1")  # the croupier's entry, not a sensor
    assert not test.heard(entered)
    assert not test.heard(BallLaunched("cw"))
    assert not test.heard(Fault("misspin", "warning", "x", True))
    assert test.asked is not None and test.asked.pocket == 0
    while not test.done:
        test.skip()
    assert not drop(test, 0)  # once done, a drop answers nothing


def test_a_pocket_can_be_asked_again():
    test = GuidedWheelTest(ORDER)
    drop(test, 5)  # pocket 0 read wrong: a slip
    test.redo(0)
    assert test.asked is not None and test.asked.pocket == 0
    assert [m.state for m in test.marks()[:2]] == [ASKED, PENDING]
    drop(test, 0)
    assert test.marks()[0].state == HEARD and test.asked is not None and test.asked.pocket == 1
    with pytest.raises(ValueError, match="pocket 37 is not one of 0 to 36"):
        test.redo(37)


# On each backend


def eventually(condition, what: str, deadline: float) -> None:
    while not condition():
        assert time.monotonic() < deadline, f"never: {what}"
        time.sleep(0.01)


def walk(wheel, test: GuidedWheelTest, hands, dead: tuple[int, ...] = ()) -> None:
    """The technician goes round the wheel: for each pocket asked, turns the rotor the way
    asked, drops the ball there (skips a dead pocket: nothing will come), and waits for the
    wheel's report, and for the rotor the first time it turns each way."""
    deadline = time.monotonic() + DEADLINE
    eventually(hands.ready, "the wheel ready for the pocket test", deadline)
    while not test.done:
        ask = test.asked
        assert ask is not None
        hands.turn_rotor(ask.rotor)
        hands.drop_in(ask.number)
        wheel.ask_drop(ask.pocket, ask.rotor)
        if ask.number in dead:
            eventually(hands.dropped, f"the ball dropped in {ask.number}", deadline)
            test.skip()
        while test.asked == ask or ask.rotor not in test.rotor_seen:
            event = wheel.get(timeout=max(0.0, deadline - time.monotonic()))
            assert event is not None, f"nothing heard for {ask}: {test.marks()}"
            test.heard(event)


@pytest.fixture(params=sorted(POCKET_TEST_BACKENDS))
def backend(request):
    return request.param


def pocket_test(tmp_path, backend, **physical):
    """The wheel of `backend` (the table's order French, the physical wheel `physical`), its
    pocket test on, and the technician's hands."""
    hands_cm = POCKET_TEST_BACKENDS[backend](tmp_path, FRENCH, **physical)
    hands = hands_cm.__enter__()
    wheel = open_wheel(hands.url, ORDER)
    wheel.pocket_test(True)

    def done():
        wheel.close()
        hands_cm.__exit__(None, None, None)

    return wheel, hands, done


def test_every_pocket_is_covered_and_the_rotor_seen_both_ways_on_each_backend(tmp_path, backend):
    wheel, hands, done = pocket_test(tmp_path, backend)
    try:
        test = GuidedWheelTest(ORDER)
        walk(wheel, test, hands)
        found = checks(test)
        assert all(ok for ok, _ in found.values()), found
        assert found["pocket_coverage"][1].startswith("37 of 37 pockets reported")
        wheel.pocket_test(False)
        assert not wheel.pocket_testing
    finally:
        done()


@pytest.mark.parametrize("backend", ["cammegh", "board"])
def test_a_dead_pocket_is_skipped_and_reported(tmp_path, backend):
    wheel, hands, done = pocket_test(tmp_path, backend, dead=(17, 5))
    try:
        test = GuidedWheelTest(ORDER)
        walk(wheel, test, hands, dead=(17, 5))
        found = checks(test)
        ok, detail = found["silent_pockets"]
        assert not ok and "2 never reported: 17 (pocket 8), 5 (pocket 19)" in detail
        assert found["pocket_coverage"][1].startswith("35 of 37 pockets reported")
        assert found["wheel_order"][0], found  # no late report of a dead pocket took a place
        assert found["rotor"][0]
    finally:
        done()


@pytest.mark.parametrize("backend", ["cammegh", "board"])
def test_a_datum_k_pockets_off_is_found(tmp_path, backend):
    wheel, hands, done = pocket_test(tmp_path, backend, datum_offset=4)
    try:
        test = GuidedWheelTest(ORDER)
        walk(wheel, test, hands)
        assert (test.finding().kind, test.finding().offset) == ("offset", 4)
        ok, detail = checks(test)["wheel_order"]
        assert not ok and f"the pocket read as 0 holds {FRENCH[-4]}" in detail
    finally:
        done()


@pytest.mark.parametrize("backend", ["cammegh", "board"])
def test_a_wheel_in_another_order_is_found(tmp_path, backend):
    physical = list(FRENCH)
    physical[10], physical[20] = physical[20], physical[10]  # 6 and 24 swapped
    wheel, hands, done = pocket_test(tmp_path, backend, order=physical)
    try:
        test = GuidedWheelTest(ORDER)
        walk(wheel, test, hands)
        finding = test.finding()
        assert finding.kind == "wrong"
        assert {(m.number, m.read) for m in finding.wrong} == {(6, (20,)), (24, (10,))}
    finally:
        done()


def test_the_simulated_wheel_plays_a_wrong_reading_when_told(tmp_path):
    wheel, hands, done = pocket_test(tmp_path, "sim")
    try:
        test = GuidedWheelTest(ORDER)
        wheel.drop_ball(9)  # the next drop reads pocket 9, whatever is asked
        wheel.ask_drop(0, "cw")
        for event in (wheel.get(timeout=1), wheel.get(timeout=1)):
            test.heard(event)
        assert test.marks()[0].state == WRONG and test.marks()[0].read == (9,)
    finally:
        done()


def test_the_hand_wheel_has_nothing_to_test():
    wheel = open_wheel("screen://", ORDER)
    try:
        assert wheel.no_pocket_test is not None and "no sensor" in wheel.no_pocket_test
        with pytest.raises(DeviceError, match="no pocket test: this wheel has no sensor"):
            wheel.pocket_test(True)
    finally:
        wheel.close()
