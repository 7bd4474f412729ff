"""The Cammegh driver against the SS2 emulator over real pseudo-terminals, one failure at a
time. The emulated wheel runs 20 times faster and the driver's windows are scaled the same way;
tests wait for what they expect with deadlines, never sleep-then-assert."""

import re
import time
from datetime import UTC, datetime

import pytest

from drivers.emulators.cammegh import CammeghEmulator
from drivers.errors import DeviceError
from drivers.faults import Fault, FaultCleared
from drivers.wheel import open_wheel
from drivers.wheel.cammegh import CammeghWheel
from drivers.wheel.cammegh_protocol import LogEntry
from drivers.wheel.events import BallInPocket, BallLaunched, BallLeavingRim, RotorSpin
from tests.support.cammegh_wheel import after, eventually, wait_for
from tests.support.wheel_backends import CAMMEGH_TIME_FACTOR as F
from tests.support.wheel_backends import cammegh_url


def faults(events) -> list:
    return [e for e in events if isinstance(e, Fault)]


@pytest.fixture(autouse=True)
def polls_100_ms_apart(emulator):
    """Every test: the driver never polled sooner than 100 ms after its previous poll."""
    yield
    for started in emulator.started:
        if not getattr(started, "polled_too_close_on_purpose", False):
            assert started.close_polls == [], "*X polls closer than 100 ms"


@pytest.mark.parametrize(
    "seconds, flagged_at_least",
    [
        (1.0, 1),  # cleared within the rim's 3 s
        # the controller retrying a failed launch by itself (flag 8, state 2): far past 3 s;
        # more than 4 s of status lines at 500 ms (wheel time)
        (8.0, 9),
    ],
    ids=["cleared-within-3-s", "retried-by-the-wheel"],
)
def test_a_misfire_the_wheel_gets_over_is_no_fault(emulator, wheel, seconds, flagged_at_least):
    """The launch that succeeds is the spin's, and no respin is asked for."""
    ss2 = emulator()
    cam = wheel()
    ss2.misfire(seconds=seconds)
    cam.spin("cw")

    events = wait_for(cam, BallInPocket)
    assert faults(events) == []
    assert [type(e) for e in events if not isinstance(e, RotorSpin)] == [
        BallLaunched,
        BallLeavingRim,
        BallInPocket,
    ]
    flagged = [line for line in ss2.sent if line.startswith("*X;2") and line.split(";")[4] == "8"]
    assert len(flagged) >= flagged_at_least
    assert "*R" not in ss2.received


def test_a_misfire_that_persists_voids_the_spin_and_restarts_the_game(emulator, wheel):
    ss2 = emulator()
    cam = wheel()
    ss2.misfire()
    cam.spin("cw")

    events = wait_for(cam, Fault)
    fault = events[-1]
    assert (fault.code, fault.severity, fault.void) == ("launch_failed", "warning", True)
    assert "retried) for 1 s" in fault.detail  # launch_retry: the wheel's 20 s, scaled
    assert not any(isinstance(e, BallLaunched) for e in events)
    assert "*X;2;" in " ".join(fault.lines)  # the last lines, for the technician
    assert "last lines" not in fault.detail and "*X;" not in fault.detail  # a void's reason
    wait_for(cam, FaultCleared, what="launch_failed")
    assert "*R" in ss2.received

    cam.spin("ccw")  # the wheel's respin of the game is this spin's
    events = wait_for(cam, BallInPocket)
    assert faults(events) == [] and isinstance(events[0], RotorSpin)
    assert "*u 1" not in after(ss2.received, "*R")


def test_a_misspin_voids_the_spin_and_sends_R(emulator, wheel):
    ss2 = emulator()
    cam = wheel()
    ss2.misspin()
    cam.spin("ccw")

    events = wait_for(cam, Fault)
    assert (events[-1].code, events[-1].void) == ("misspin", True)
    (launch,) = [e for e in events if isinstance(e, BallLaunched)]
    assert launch.direction == "ccw"  # with the rotor
    wait_for(cam, FaultCleared, what="misspin")
    assert "*R" in ss2.received and "*R OK" in ss2.sent

    cam.spin("cw")  # the wheel respins the void game by itself, the same way: no start sent
    events = wait_for(cam, BallInPocket)
    assert faults(events) == [] and events[0] == RotorSpin("ccw", events[0].rpm, events[0].t_ns)
    assert "*u 1" not in after(ss2.received, "*R")
    assert_no_game_follows(ss2)


def assert_no_game_follows(ss2) -> None:
    """Once the game is over the wheel waits in state 1: no start was left pending."""
    eventually(lambda: ss2.state == 1, "the game is over")
    seen = len(ss2.sent)
    eventually(lambda: len([x for x in ss2.sent[seen:] if x.startswith("*X;")]) >= 6, "lines")
    assert {line[:4] for line in ss2.sent[seen:] if line.startswith("*X;")} == {"*X;1"}


def test_a_respin_under_way_before_the_next_spin_is_asked_is_that_spin(emulator, wheel):
    """The void game's respin may be in the rim before the table asks for its next spin: its
    rotor and launch wait for that spin, so the spin's result has its rotor."""
    ss2 = emulator()
    cam = wheel()
    ss2.misspin()
    cam.spin("cw")
    wait_for(cam, FaultCleared, what="misspin")
    eventually(lambda: ss2.state == 3, "the respin is in the rim")
    eventually(lambda: cam._tracker.last.state == 3, "the driver heard it")

    assert cam.get(timeout=0) is None  # nothing of the respin before the spin is asked
    cam.spin("ccw")
    events = wait_for(cam, BallInPocket)
    assert [type(e) for e in events] == [RotorSpin, BallLaunched, BallLeavingRim, BallInPocket]
    assert events[0].direction == "cw" and events[0].rpm > 0
    assert "*u 1" not in after(ss2.received, "*R")


def test_a_ball_missing_for_5_s_voids_the_spin(emulator, wheel):
    ss2 = emulator()
    cam = wheel()
    ss2.remove_ball()
    cam.spin("cw")

    events = wait_for(cam, Fault)
    assert (events[-1].code, events[-1].void) == ("ball_removed", True)
    assert isinstance(events[-2], BallLeavingRim)
    eventually(lambda: "*R" in ss2.received, "the driver sends *R")


def test_a_ball_missing_briefly_is_no_fault(emulator, wheel):
    ss2 = emulator()
    cam = wheel()
    ss2.remove_ball(seconds=2.0)
    cam.spin("cw")

    events = wait_for(cam, BallInPocket)
    assert faults(events) == []
    assert any(line.split(";")[4] == "1" for line in ss2.sent if line.startswith("*X;4"))


def test_a_component_fault_reports_its_codes_and_the_power_down(emulator, wheel):
    ss2 = emulator(mode=1415)
    cam = wheel()  # the default mode, 1415, has bit 256: the *F codes come
    cam.spin("cw")
    wait_for(cam, RotorSpin)
    ss2.component_fault(5, 21)

    events = wait_for(cam, Fault, what="powered_down")
    found = [(f.code, f.severity, f.void) for f in faults(events)]
    assert found == [
        ("component_fault", "critical", True),
        ("component_fault", "critical", False),
        ("powered_down", "critical", False),
    ]
    assert "code 5: motor fault" in faults(events)[0].detail
    assert "code 21: sensor 0 cannot see the ball" in faults(events)[1].detail


def test_a_wheel_powered_down_stays_off_until_a_person_switches_it_on(emulator, wheel):
    """A permanent fault powers the wheel down (state 6); healthy there (flag 4 clear), it is
    still not switched on by the driver: power_on() (a person's button) sends *P 1, and the
    wheel plays again."""
    ss2 = emulator(mode=1415)
    cam = wheel()
    opened = len(ss2.received)
    cam.spin("cw")
    wait_for(cam, RotorSpin)
    ss2.component_fault(5)

    fault = wait_for(cam, Fault, what="powered_down")[-1]
    assert "permanent component fault" in fault.detail
    eventually(lambda: ss2.state == 6 and ss2.warnings == 0, "healthy while off")
    seen = len(ss2.sent)
    eventually(lambda: len(ss2.sent) > seen + 10, "status lines in state 6")
    assert "*P 1" not in ss2.received[opened:] and ss2.state == 6

    cam.power_on()
    wait_for(cam, FaultCleared, what="powered_down")
    assert ss2.received[opened:].count("*P 1") == 1 and ss2.state != 6
    cam.spin("ccw")
    assert faults(wait_for(cam, BallInPocket)) == []


def test_a_wheel_switched_off_at_its_panel_is_not_switched_on_by_the_terminal(emulator, wheel):
    ss2 = emulator(mode=1415)
    cam = wheel()
    opened = len(ss2.received)
    cam.spin("cw")
    wait_for(cam, BallLaunched)
    ss2.panel_off()

    fault = wait_for(cam, Fault, what="powered_down")[-1]
    assert fault.void and "switched off at its panel" in fault.detail
    seen = len(ss2.sent)
    eventually(lambda: len(ss2.sent) > seen + 20, "status lines in state 6")
    assert "*P 1" not in ss2.received[opened:] and ss2.state == 6

    ss2.panel_on()  # the person switches it on where they switched it off
    wait_for(cam, FaultCleared, what="powered_down")
    assert "*P 1" not in ss2.received[opened:]
    cam.spin("ccw")
    assert faults(wait_for(cam, BallInPocket)) == []


def test_a_wheel_still_faulty_cannot_be_switched_on_until_repaired(emulator, wheel):
    ss2 = emulator(mode=1415)
    cam = wheel()
    opened = len(ss2.received)
    ss2.component_fault(5, stuck=True)
    wait_for(cam, Fault, what="powered_down")
    seen = len(ss2.sent)
    eventually(lambda: len(ss2.sent) > seen + 6, "status lines in state 6")
    assert not cam.fault_over("powered_down")
    with pytest.raises(DeviceError, match="still reports a component fault") as refused:
        cam.power_on()
    assert "technician" in str(refused.value)
    assert "*P 1" not in ss2.received[opened:]

    ss2.repair()
    eventually(lambda: cam._tracker.last.warnings == 0, "the repair seen")
    cam.power_on()
    wait_for(cam, FaultCleared, what="powered_down")
    assert ss2.received[opened:].count("*P 1") == 1


def test_after_a_restart_the_wheel_says_which_old_faults_are_over(emulator, wheel):
    """The faults a table journaled before it restarted: over when the wheel reports so."""
    emulator(mode=1415)
    cam = wheel()
    assert cam.fault_over("powered_down") and cam.fault_over("component_fault")
    assert cam.fault_over("link_lost") and cam.fault_over("result_mismatch")


def test_a_silent_wheel_is_a_fault_until_it_speaks_again(emulator, wheel):
    ss2 = emulator()
    cam = wheel(silent=2 * F)
    eventually(lambda: cam.link_health().lines > 3, "status lines")
    ss2.go_silent()
    quiet_since = time.monotonic()

    fault = wait_for(cam, Fault)[-1]
    delay = time.monotonic() - quiet_since
    assert (fault.code, fault.void) == ("silent", False), f"after {delay:.3f} s: {fault}"
    print(f"silent fault {delay:.3f} s after the wheel went quiet (threshold {2 * F:g} s)")

    ss2.resume()
    assert wait_for(cam, FaultCleared)[-1].code == "silent"


def test_unplugged_and_replugged_it_resumes_without_a_restart(emulator, wheel):
    ss2 = emulator()
    cam = wheel()
    eventually(lambda: cam.link_health().lines > 3, "status lines")
    ss2.unplug()
    assert wait_for(cam, Fault)[-1].code == "link_lost"
    heard = len(ss2.received)
    ss2.replug()

    assert wait_for(cam, FaultCleared)[-1].code == "link_lost"
    assert cam.is_open and cam.link_health().reconnects == 1
    eventually(
        lambda: {"*S", "*V", "*o 1415"} <= set(ss2.received[heard:]),
        "the driver asks who came back and sets the mode again",
    )
    cam.spin("cw")
    assert faults(wait_for(cam, BallInPocket)) == []


def test_a_game_missed_while_unplugged_is_void(emulator, wheel):
    ss2 = emulator()
    cam = wheel()
    cam.spin("cw")
    wait_for(cam, BallLaunched)
    ss2.unplug()
    eventually(lambda: ss2.state == 1, "the game ends while unplugged")
    ss2.replug()

    events = wait_for(cam, Fault, what="no_result")
    assert events[-1].void
    assert not any(isinstance(e, BallInPocket) for e in events)
    cam.spin("ccw")  # the next game gives its number: the fault is over
    events = wait_for(cam, FaultCleared)
    assert events[-1].code == "no_result" and isinstance(events[-2], BallInPocket)
    assert cam.fault_over("no_result")  # and, journaled before a restart, cleared at start


def test_garbage_is_counted_and_never_a_result(emulator, wheel):
    ss2 = emulator()
    cam = wheel()
    cam.spin("cw")
    wait_for(cam, BallLaunched)
    ss2.send_raw(b"\xff\xfe 7\r\n#?\r\n*X;5;001;17;0;1%3;0\r\n*X;5;00\r\n*X;5;001;99;Z;100;0\r\n")

    events = wait_for(cam, BallInPocket)
    assert faults(events) == []
    assert events[-1].numbers == (ss2.winning,)
    assert cam.link_health().malformed == 5


def test_a_stray_number_outside_a_game_is_ignored(emulator, wheel):
    ss2 = emulator()
    cam = wheel()
    eventually(lambda: cam.link_health().lines > 3, "status lines")
    ss2.send_raw(b" 7\r\n")

    eventually(lambda: any(line == "< 7" for line in cam.link_health().last_lines), "the line read")
    assert cam.get(timeout=0.1) is None


def test_open_waits_out_the_power_on_silence(emulator, wheel):
    ss2 = emulator(boot=8.0)  # 0.4 s here
    cam = wheel(answer=0.1)

    pings = ss2.received[: ss2.received.index("*S")]
    assert len(pings) >= 2 and set(pings) == {"*X"}
    assert cam.firmware.short == "1.20"


def test_a_wheel_that_never_answers_is_a_clear_error(emulator, french, tmp_path):
    emulator(boot=1000.0)
    url = cammegh_url(tmp_path / "ss2", boot=0.5, answer=0.2)

    with pytest.raises(DeviceError, match="no status from the wheel within 0.5 s") as refused:
        open_wheel(url, french)
    assert url in str(refused.value) and "null-modem" in str(refused.value)


def test_selftest_powers_the_wheel_off_for_F_and_on_again(emulator, wheel):
    """`*F` runs only from idle (state 6): from state 1 the driver powers the wheel off, runs
    the self-test, and powers it on again; its own power-off is no fault."""
    ss2 = emulator()
    cam = wheel()
    assert ss2.state == 1
    opened = len(ss2.received)
    (check,) = cam.selftest()

    assert (check.name, check.ok, check.detail) == ("selftest", True, "code 0: no errors")
    asked = [line for line in ss2.received[opened:] if line != "*X"]
    assert asked == ["*P 0", "*F", "*P 1"]
    assert "*F BUSY" not in ss2.sent and ss2.state == 1
    assert cam.get(timeout=0.05) is None  # no powered_down fault
    cam.spin("cw")
    assert faults(wait_for(cam, BallInPocket)) == []


def test_the_emulator_refuses_F_unless_in_state_6(emulator, wheel):
    ss2 = emulator()
    cam = wheel()
    assert ss2.state == 1
    cam._write(b"*F\r\n")
    eventually(lambda: "*F BUSY" in ss2.sent, "*F BUSY")


def test_selftest_reports_each_failure_code(emulator, wheel):
    emulator(selftest_codes=(5, 21))
    checks = wheel().selftest()

    assert [(c.name, c.ok, c.detail) for c in checks] == [
        ("motor", False, "code 5: motor fault"),
        ("sensor_0_blind", False, "code 21: sensor 0 cannot see the ball"),
    ]


def test_selftest_is_refused_unless_idle(emulator, wheel):
    ss2 = emulator()
    cam = wheel()
    cam.spin("cw")
    wait_for(cam, BallLaunched)

    (check,) = cam.selftest()
    assert (check.name, check.ok) == ("idle", False)
    assert "must be idle" in check.detail and "state 3" in check.detail
    assert "*F" not in ss2.received and "*P 0" not in ss2.received  # the game goes on
    assert faults(wait_for(cam, BallInPocket)) == []


def test_statistics_are_busy_outside_states_5_and_6(emulator, wheel):
    emulator()
    cam = wheel()

    refusal = "BUSY to \\*w: statistics are given only in state 5"
    with pytest.raises(DeviceError, match=refusal) as busy:
        cam.statistics()
    assert cam.url in str(busy.value) and "state 1" in str(busy.value)


def test_statistics_while_the_result_is_shown(emulator, wheel):
    emulator(mode=1415 - 1024, between=100.0)  # the delay in state 5: five seconds here
    cam = wheel(mode=1415 - 1024)
    cam.spin("cw")
    (number,) = wait_for(cam, BallInPocket)[-1].numbers

    stats = cam.statistics()
    assert (stats.games, stats.wins[number], sum(stats.wins), stats.misfires) == (1, 1, 1, 0)
    assert len(stats.wins) == 37 and stats.chi_squared > 0
    assert cam.log_pages() == 1


def test_the_game_log_is_read_when_the_wheel_is_idle(emulator, wheel):
    ss2 = emulator(mode=1415)
    cam = wheel()
    cam.spin("cw")
    (number,) = wait_for(cam, BallInPocket)[-1].numbers
    ss2.component_fault(1, stuck=True)  # stays idle: not powered on again
    wait_for(cam, Fault, what="powered_down")

    page = cam.log_page(0)
    assert (page.page, page.entries) == (0, (LogEntry("win", number),))


def test_the_clock_is_read_and_its_drift_reported(emulator, wheel):
    emulator()
    cam = wheel()
    assert abs((cam.clock() - datetime.now(UTC)).total_seconds()) < 5
    assert cam.get(timeout=0.05) is None


def test_a_drifting_clock_is_a_warning_at_open(emulator, wheel):
    emulator(clock_offset=600)
    cam = wheel()

    fault = cam.get(timeout=1)
    assert (fault.code, fault.severity, fault.void) == ("clock_drift", "warning", False)
    assert re.search(r"clock is \+(599|600) s off", fault.detail), fault.detail  # whole seconds


def test_without_the_bare_line_the_status_line_gives_the_number(emulator, wheel):
    ss2 = emulator(mode=1159 | 16)
    cam = wheel(mode=1159 | 16)
    cam.spin("cw")

    assert wait_for(cam, BallInPocket)[-1].numbers == (ss2.winning,)
    assert not any(len(line) == 2 for line in ss2.sent)


def test_a_corrupted_bare_line_voids_that_spin_only_and_play_goes_on(emulator, wheel):
    """The bare line says 4, the status lines 17: nothing is paid, that spin is void (an error,
    not a hold), no *R (the wheel's game is over), and the next spin settles and clears it."""
    ss2 = emulator()
    cam = wheel()
    ss2.force_number(17)
    ss2.misread_next(4)
    cam.spin("cw")

    events = wait_for(cam, Fault, what="result_mismatch")
    assert not any(isinstance(e, BallInPocket) for e in events)
    fault = events[-1]
    assert (fault.severity, fault.void) == ("error", True)
    assert "says 4, the status line 17 twice" in fault.detail

    cam.spin("ccw")
    events = wait_for(cam, FaultCleared, what="result_mismatch")
    (result,) = [e for e in events if isinstance(e, BallInPocket)]
    assert result.numbers == (ss2.winning,) and faults(events) == []
    assert "*R" not in ss2.received


def test_state_4_read_as_5_settles_nothing_and_opens_no_game(emulator, wheel):
    """One flipped bit: a state-4 line read as 5, carrying the last game's number. Nothing is
    settled on it and no game begins: the spin's number is the one its ball dropped in."""
    ss2 = emulator()
    cam = wheel()
    ss2.force_number(9)
    cam.spin("cw")
    assert wait_for(cam, BallInPocket)[-1].numbers == (9,)

    ss2.force_number(26)
    ss2.flip_state(4, 5)
    cam.spin("ccw")
    events = wait_for(cam, BallInPocket)
    assert any(line.startswith("*X;5;") and line.split(";")[3] == " 9" for line in ss2.sent[-40:])
    assert events[-1].numbers == (26,) and faults(events) == []
    assert [type(e) for e in events if not isinstance(e, RotorSpin)] == [
        BallLaunched,
        BallLeavingRim,
        BallInPocket,
    ]
    assert cam.get(timeout=0.1) is None  # no game of its own begun at the flipped line
    assert cam._tracker.games == 2


def test_flipped_end_and_fault_lines_once_void_nothing(emulator, wheel):
    """A line of state 6 (power down), 1 (the game's end) or with flag 2 or 4, once, in the
    middle of a game: no fault, no void, no *R; the game's number is settled."""
    ss2 = emulator()
    cam = wheel()
    ss2.flip_state(3, 1)
    ss2.corrupt(lambda line: line.startswith("*X;4;"), lambda line: "*X;6;" + line[5:])
    cam.spin("cw")

    events = wait_for(cam, BallInPocket)
    assert faults(events) == [] and events[-1].numbers == (ss2.winning,)
    # during the next game: a misspin flag once, then a component fault once
    for flag in ("2", "4"):
        ss2.corrupt(lambda line: line.startswith("*X;3;"), lambda line, f=flag: flagged(line, f))
    cam.spin("ccw")
    events = wait_for(cam, BallInPocket)
    assert faults(events) == [] and "*R" not in ss2.received
    assert sum(line.startswith("*X;3;") and line.split(";")[4] != "0" for line in ss2.sent) == 2


def flagged(line: str, warnings: str) -> str:
    """A status line with its warnings field replaced."""
    fields = line.split(";")
    fields[4] = warnings
    return ";".join(fields)


def test_impossible_lines_are_malformed_and_void_nothing(emulator, wheel):
    ss2 = emulator()
    cam = wheel()
    cam.spin("cw")
    wait_for(cam, BallLaunched)
    spin = f"{ss2.spin:03d}"
    ss2.send_raw(
        f"*X;5;{spin};99;0;100;0\r\n*X;5;{spin};  ;0;100;0\r\n*X;3;999;17;0;100;0\r\n"
        "88\r\n".encode()
    )

    events = wait_for(cam, BallInPocket)
    assert faults(events) == [] and events[-1].numbers == (ss2.winning,)
    assert cam.link_health().malformed == 4


def test_a_number_off_the_wheel_reads_no_number(emulator, wheel):
    ss2 = emulator()
    cam = wheel()
    ss2.force_number(37)
    cam.spin("cw")

    assert wait_for(cam, BallInPocket)[-1].numbers == (None,)


def test_polling_when_the_wheel_does_not_report_by_itself(emulator, french, tmp_path):
    """Polls must see every state of a game (2, 3, 4, 5): the wheel runs 5 times faster here,
    not 20, so that its 1.5 s of state 2 last more than a 0.1 s poll."""
    ss2 = emulator(mode=1415 - 128, time_factor=0.2)
    cam = open_wheel(cammegh_url(tmp_path / "ss2", 0.2, mode=1415 - 128, poll=0.1), french)
    try:
        cam.spin("ccw")
        assert faults(wait_for(cam, BallInPocket)) == []
    finally:
        cam.close()
    assert ss2.received.count("*X") > 3
    assert ss2.close_polls == []  # the opening's polls and the poller's: 100 ms apart


def test_opening_from_state_6_polls_100_ms_apart(emulator, wheel):
    """The opening polls for the first line, then again after *P 1: never within 100 ms."""
    ss2 = emulator(mode=1415 - 128, boot=0.0)
    wheel(mode=1415 - 128, poll=0.1, answer=0.1)
    assert "*P 1" in ss2.received and ss2.received.count("*X") >= 2
    assert ss2.close_polls == []


def test_the_emulator_flags_polls_closer_than_100_ms(emulator, wheel):
    ss2 = emulator()
    cam = wheel()
    cam._write(b"*X\r\n*X\r\n")
    eventually(lambda: ss2.close_polls != [], "a close poll flagged")
    assert ss2.close_polls[0] < 0.1
    ss2.polled_too_close_on_purpose = True


def test_the_default_mode_has_bit_256_and_1159_is_warned_about(emulator, wheel, caplog):
    ss2 = emulator()
    wheel().close()
    assert "*o 1415" in ss2.received and ss2.mode == 1415
    assert "lacks bit 256" not in caplog.text

    wheel(mode=1159)
    assert "mode 1159 lacks bit 256" in caplog.text and "use mode 1415" in caplog.text


def test_alternating_spins_need_no_mode_change(emulator, wheel):
    ss2 = emulator()
    cam = wheel()
    for direction in ("cw", "ccw", "cw"):
        cam.spin(direction)
        events = wait_for(cam, BallInPocket)
        assert {e.direction for e in events if isinstance(e, RotorSpin)} == {direction}

    assert ss2.received.count("*o 1158") <= 1  # bit 1 flipped for the first start at most


@pytest.mark.parametrize(
    "url, problem",
    [
        ("cammegh://ttyUSB0", "not a Cammegh wheel's URL"),
        ("cammegh://", "not a Cammegh wheel's URL"),
        ("cammegh:///dev/ttyUSB0?mode=x", "bad mode='x'"),
        ("cammegh:///dev/ttyUSB0?poll=0.05", "bad poll='0.05'"),
        ("cammegh:///dev/ttyUSB0?speed=1", "unknown parameter 'speed'"),
        ("cammegh:///dev/ttyUSB0?mode=1031", "with this mode the wheel never reports its state"),
        ("cammegh:///dev/ttyUSB0?poll=2&silent=2", "poll=2 would make the wheel look silent"),
    ],
)
def test_a_bad_url_says_what_to_do(french, url, problem):
    with pytest.raises(DeviceError) as refused:
        CammeghWheel(url, french)
    assert str(refused.value).startswith(f"wheel {url}: {problem}")


def test_a_missing_port_names_the_url_and_the_fix(french, tmp_path):
    url = f"cammegh://{tmp_path}/nothing"
    with pytest.raises(DeviceError, match="no such device") as refused:
        open_wheel(url, french)
    assert url in str(refused.value)


def test_the_emulated_log_drops_its_oldest_page_when_full(emulator, wheel):
    ss2 = emulator(mode=1415, log_pages=2)
    ss2.played_before(list(range(37)) * 13 + [0, 1, 2], misfires=1)  # 485 entries
    cam = wheel()
    with cam.idle():
        assert cam.log_pages() == 2
        first = cam.log_page(0)
        assert first.entries[0] == LogEntry("misfire", 0) and len(first.entries) == 256
        ss2.played_before(list(range(30)))  # 515 entries: page 0 gone, page 2 begun
        assert cam.log_pages() == 2
        assert cam.log_page(0).entries[0] == LogEntry("win", 255 % 37)
        assert [e.number for e in cam.log_page(1).entries][-3:] == [27, 28, 29]
        stats = cam.statistics()
    assert (stats.games, stats.misfires) == (514, 1)  # the statistics keep every game


def test_the_emulated_wheel_plays_alone_on_its_start_key(emulator, wheel):
    ss2 = emulator(mode=1415)
    ss2.play_alone(2)
    eventually(lambda: len(ss2.wins) == 2 and ss2.state == 1, "two games played")
    cam = wheel()
    with cam.idle():
        assert [e.number for e in cam.log_page(0).entries] == ss2.wins
    assert "*u 1" not in ss2.received  # nobody asked for them


def test_a_late_emulator_thread_still_reports_every_state_it_passed(tmp_path):
    """On a loaded machine the emulator's thread may wake after a whole state went by (state 3
    lasts 150 ms at the tests' speed); its lines report every state all the same, in order, as
    the real controller's do (each of its states lasts seconds). The test holds the emulator's
    lock and wakes it by hand at chosen times."""
    with CammeghEmulator(tmp_path / "ss2", seed=3, mode=1415) as ss2, ss2._lock:
        ss2.state, ss2._phase_end = 1, None  # powered on, waiting for its start key
        ss2.play_alone(1)
        start, told = ss2._phase_end, len(ss2.sent)
        for late in (0.0, 1.6, 4.7, 6.6, 30.0):  # each wake-up after the state it found ended
            ss2._advance(start + late)
        states = [int(line.split(";")[1]) for line in ss2.sent[told:] if line.startswith("*X;")]
    assert [s for i, s in enumerate(states) if i == 0 or states[i - 1] != s] == [1, 2, 3, 4, 5, 1]
