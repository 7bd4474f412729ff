"""The Cammegh driver's records and messages against the SS2 emulator over real
pseudo-terminals: the statistics' per-pocket lines, the mode set again after a reconnection, a
command the controller does not answer, a sensor debug it ignores, a fault's last lines kept
apart from its detail. Tests wait for what they expect with deadlines, never sleep-then-assert."""

import time

import pytest

from drivers.errors import DeviceError
from drivers.faults import Fault, FaultCleared
from drivers.wheel.events import BallInPocket
from terminal.selftest.guided import GuidedWheelTest
from tests.support.cammegh_wheel import after, eventually, wait_for


def test_the_wins_and_misfires_by_number_come_on_a_line_each_and_are_read(emulator, wheel):
    ss2 = emulator(mode=1415)
    ss2.played_before([17, 17, 5, 0], misfires=2)
    cam = wheel()
    with cam.idle():
        stats = cam.statistics()
    assert "*W 4" in ss2.sent and "*W 17 2" in ss2.sent and "*M 0 2" in ss2.sent
    counts = [line.split() for line in ss2.sent if line.startswith("*W ")]
    assert len(counts) == 1 + 37 and all(len(fields) <= 3 for fields in counts)  # one each
    assert (stats.games, stats.misfires) == (4, 2)
    assert len(stats.wins) == 37 and (stats.wins[17], stats.wins[5], stats.wins[0]) == (2, 1, 1)
    assert sum(stats.wins) == 4 and stats.misfires_by_number[0] == 2


def test_a_count_line_lost_on_the_wire_is_a_clear_error(emulator, wheel):
    ss2 = emulator(mode=1415)
    ss2.played_before([17, 17, 5])
    cam = wheel()
    ss2.lose_line("*W 17 2")
    with cam.idle(), pytest.raises(DeviceError, match=r"none for 17\)") as lost:
        cam.statistics()
    assert "the wins of 36 of its 37 numbers" in str(lost.value)
    with cam.idle():
        assert cam.statistics().wins[17] == 2  # asked again, it is whole


def test_counts_that_do_not_add_up_to_the_total_are_refused(emulator, wheel):
    """A controller set for 38 pockets (`*T z 38`) at a table of 37 numbers: its 00's wins
    are in its total and in none of the table's numbers."""
    ss2 = emulator(mode=1415, pockets=38)
    ss2.played_before([37, 5])
    cam = wheel()
    with cam.idle(), pytest.raises(DeviceError, match="add up to 1, not its total \\*W 2"):
        cam.statistics()


# -- the mode after a reconnection


def test_a_replacement_controller_in_arcade_mode_is_set_to_the_table_s_mode(emulator, wheel):
    ss2 = emulator(mode=1415)
    cam = wheel()
    eventually(lambda: cam.link_health().lines > 3, "status lines")
    ss2.unplug()
    assert wait_for(cam, Fault)[-1].code == "link_lost"
    ss2.set_mode(1157)  # a replacement controller, from the factory: plays on its own
    ss2.replug()

    wait_for(cam, FaultCleared, what="link_lost")
    eventually(lambda: ss2.mode == 1415, "the mode set again")
    assert "*o 1415" in after(ss2.received, "*S")
    assert "*V" in after(ss2.received, "*S")  # who came back is asked in full
    cam.spin("cw")
    events = wait_for(cam, BallInPocket)
    assert not [e for e in events if isinstance(e, Fault)]


def test_a_mode_that_does_not_take_after_a_reconnection_holds_the_table(emulator, wheel):
    ss2 = emulator(mode=1415)
    cam = wheel()
    eventually(lambda: cam.link_health().lines > 3, "status lines")
    ss2.unplug()
    wait_for(cam, Fault, what="link_lost")
    ss2.set_mode(1157)
    ss2.refuse_mode()
    ss2.replug()

    fault = wait_for(cam, Fault, what="wrong_mode")[-1]
    assert (fault.severity, fault.void) == ("critical", True)
    assert "*o 1157 to *o 1415" in fault.detail and "holds" in fault.detail
    assert not cam.fault_over("wrong_mode")
    ss2.refuse_mode(False)
    wait_for(cam, FaultCleared, what="wrong_mode")  # tried again until it takes
    assert ss2.mode == 1415 and cam.fault_over("wrong_mode")


# -- what the controller does not answer


def test_a_command_unanswered_by_a_talking_wheel_is_not_blamed_on_the_cable(emulator, wheel):
    ss2 = emulator(mode=1415)
    cam = wheel()
    ss2.ignore("s")  # its port 2, or a firmware without the game log
    with pytest.raises(DeviceError, match="no answer to \\*s t") as unanswered:
        cam.log_pages()
    said = str(unanswered.value)
    assert "though the wheel is talking" in said and "port 1" in said
    assert "null-modem" not in said


def test_a_silent_wheel_s_unanswered_command_is_the_cable(emulator, wheel):
    ss2 = emulator(mode=1415)
    cam = wheel()
    ss2.go_silent()
    eventually(lambda: (time.monotonic_ns() - cam._heard_ns) / 1e9 > 2.5, "the wheel silent")
    with pytest.raises(DeviceError, match="nothing else heard") as unanswered:
        cam.log_pages()
    assert "null-modem cable" in str(unanswered.value)


def test_a_controller_that_ignores_I_4_is_said_so_not_its_sensors(emulator, wheel, french):
    ss2 = emulator(mode=1415)
    cam = wheel()
    ss2.ignore("I")
    cam.pocket_test(True)
    test = GuidedWheelTest(french)
    for _ in range(3):  # the technician drops, nothing comes, skips
        ask = test.asked
        assert ask is not None
        ss2.drop_in(ask.number)
        cam.ask_drop(ask.pocket, ask.rotor)
        test.skip()
    eventually(lambda: ss2.received.count("*I 4") >= 3, "*I 4 sent again with each drop")
    assert not ss2.sensor_debug
    silence = cam.pocket_test_silence
    assert silence is not None and "ignored the pocket test" in silence
    silent = {c.name: c for c in test.verdict(silence)}["silent_pockets"]
    assert not silent.ok and "3 never reported" in silent.detail
    assert "ignored" in silent.detail and "port 1" in silent.detail
    assert "ball sensors), then drop" not in silent.detail


def test_a_controller_that_answers_I_4_has_no_silence(emulator, wheel):
    ss2 = emulator(mode=1415)
    cam = wheel()
    cam.pocket_test(True)
    eventually(lambda: ss2.sensor_debug, "sensor debug on")
    eventually(lambda: cam.pocket_test_silence is None, "the answer to *I 4 heard")
    cam.pocket_test(False)
    assert cam.pocket_test_silence is None


# -- a fault's last lines


def test_a_fault_keeps_its_last_lines_apart_from_its_detail(emulator, wheel):
    ss2 = emulator(mode=1415)
    cam = wheel()
    ss2.misspin()
    cam.spin("cw")
    fault = wait_for(cam, Fault, what="misspin")[-1]
    assert fault.lines and any(line.startswith("<*X;3;") for line in fault.lines)
    assert "*X;" not in fault.detail and "last lines" not in fault.detail
    assert len(fault.detail) < 200  # what a void says: one sentence
