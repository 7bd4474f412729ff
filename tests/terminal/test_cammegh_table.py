"""The table over the Cammegh driver against the SS2 emulator on a pseudo-terminal: what the
table does with the wheel's own retries, power-downs, respins and a stop while held. Tests wait
for conditions with deadlines, never sleep-then-assert."""

from __future__ import annotations

import threading
import time

from drivers.emulators.cammegh import CammeghEmulator
from terminal.assemble import assemble
from terminal.config import load_table_config
from terminal.runtime.journal.audit import audit
from terminal.runtime.rounds.spin import WheelPowerOn
from tests.support.helpers import journal_events, quiet, write_config
from tests.support.wheel_backends import CAMMEGH_TIME_FACTOR, cammegh_url

DEADLINE = 30.0  # a guard against a hang, not a measure


def eventually(condition, what: str) -> None:
    deadline = time.monotonic() + DEADLINE
    while not condition():
        assert time.monotonic() < deadline, f"never: {what}"
        time.sleep(0.01)


def ss2(tmp_path) -> CammeghEmulator:
    return CammeghEmulator(
        tmp_path / "cammegh", seed=11, time_factor=CAMMEGH_TIME_FACTOR, mode=1415
    )


def once(action):
    """A table's on_round that runs `action` after the first round only."""
    done = threading.Event()

    def on_round(event) -> None:
        if not done.is_set():
            done.set()
            action()

    return on_round


def kinds(events, kind: str) -> list[dict]:
    return [e for e in events if e["kind"] == kind]


def run_in_thread(table, rounds: int | None = None) -> threading.Thread:
    runner = threading.Thread(target=table.run, kwargs={"rounds": rounds})
    runner.start()
    return runner


def refusals(events) -> list[dict]:
    return [e for e in kinds(events, "fault") if e["data"]["code"] == "wheel_power_refused"]


def stopped(table, runner) -> None:
    """A held table's thread ended whatever the test found (a failure must not hang)."""
    table.control.request_stop()
    runner.join(DEADLINE)


def numbers(events) -> list[int]:
    return [e["data"]["outcome"]["number"] for e in kinds(events, "round.result")]


def test_a_wheel_powered_down_during_a_run_waits_for_a_person_then_plays_on(tmp_path):
    """A permanent fault powers the wheel down: the table holds, the terminal does not switch
    the wheel on (healthy or not), and a person's entry does; the table plays on, no restart."""
    with ss2(tmp_path) as wheel:
        cfg = load_table_config(write_config(tmp_path, wheel=cammegh_url(wheel.link)))
        with assemble(cfg, quiet()) as table:
            table.on_round = once(lambda: wheel.component_fault(5))
            opened = wheel.received.count("*P 1")
            runner = run_in_thread(table, rounds=3)
            try:
                eventually(lambda: "wheel/powered_down" in table.state.faults, "held")
                lines = len(wheel.sent)
                eventually(lambda: len(wheel.sent) > lines + 20, "status lines while held")
                assert wheel.received.count("*P 1") == opened and wheel.state == 6

                table.post(WheelPowerOn(by="tech-1"))
                runner.join(DEADLINE)
                assert not runner.is_alive()
            finally:
                stopped(table, runner)
        assert wheel.received.count("*P 1") == opened + 1
    events = journal_events(cfg)
    raised = [(e["kind"], e["data"]["code"]) for e in events if e["kind"].startswith("fault")]
    assert ("fault", "powered_down") in raised and ("fault", "component_fault") in raised
    (cleared,) = [e for e in kinds(events, "fault.cleared") if e["data"]["code"] == "powered_down"]
    assert cleared["data"]["detail"] == "switched on from the screen by tech-1"
    assert len(kinds(events, "round.result")) == 3 and audit(cfg.db).ok


def test_a_wheel_switched_off_at_its_panel_stays_off_and_a_faulty_one_is_refused(tmp_path):
    """Switched off at its panel mid-spin: the spin is void and the table holds, the wheel off.
    A wheel that still reports a fault cannot be switched on from the screen (refused, saying
    what to do); switched on at its panel, the table plays on."""
    with ss2(tmp_path) as wheel:
        cfg = load_table_config(write_config(tmp_path, wheel=cammegh_url(wheel.link)))
        with assemble(cfg, quiet()) as table:
            opened = wheel.received.count("*P 1")
            runner = run_in_thread(table, rounds=2)
            try:
                held_at_the_panel(cfg, table, wheel, runner, opened)
            finally:
                stopped(table, runner)
    events = journal_events(cfg)
    (void,) = kinds(events, "round.void")
    assert "powered down" in void["data"]["reason"]
    refused = refusals(events)
    assert len(refused) == 1 and "mends it first" in refused[0]["data"]["detail"]
    assert len(kinds(events, "round.result")) == 2 and audit(cfg.db).ok


def held_at_the_panel(cfg, table, wheel, runner, opened) -> None:
    """Switched off at its panel mid-spin, then a fault that stays: refused, then on again."""
    eventually(lambda: len(kinds(journal_events(cfg), "round.result")) == 1, "a round")
    eventually(lambda: wheel.state == 3, "the next ball in the rim")
    wheel.panel_off()
    eventually(lambda: "wheel/powered_down" in table.state.faults, "held")
    lines = len(wheel.sent)
    eventually(lambda: len(wheel.sent) > lines + 20, "status lines while held")
    assert wheel.received.count("*P 1") == opened and wheel.state == 6

    wheel.component_fault(5, stuck=True)
    eventually(lambda: wheel.warnings & 4 and len(wheel.sent) > lines + 30, "flag 4")
    table.post(WheelPowerOn(by="tech-1"))
    eventually(lambda: refusals(journal_events(cfg)), "refused")
    assert wheel.state == 6
    wheel.repair()
    wheel.panel_on()
    runner.join(DEADLINE)
    assert not runner.is_alive()


def test_noise_on_the_line_pays_only_the_numbers_the_balls_dropped_in(tmp_path):
    """Injected corruption over a run: a state 4 read as 5 (the last number in it), impossible
    lines in a live spin, a corrupted bare line. Every settled number is the one the ball
    dropped in; the corrupted bare line voids its spin alone and the table plays on."""
    with ss2(tmp_path) as wheel:
        cfg = load_table_config(write_config(tmp_path, wheel=cammegh_url(wheel.link)))
        noise = iter(
            [
                lambda: wheel.flip_state(4, 5, times=2),
                lambda: wheel.corrupt(lambda line: line.startswith("*X;3;"), impossible, 3),
                lambda: (wheel.force_number(10), wheel.misread_next(11)),
                lambda: None,
            ]
        )
        with assemble(cfg, quiet()) as table:
            table.on_round = lambda event: next(noise, lambda: None)()
            settled = table.run(rounds=4)
            assert not [f for f in table.state.faults.values() if f["severity"] == "critical"]
        played = list(wheel.wins)
    events = journal_events(cfg)
    voids = kinds(events, "round.void")
    assert settled == 4 and len(voids) == 1
    assert "says" in voids[0]["data"]["reason"] and "twice" in voids[0]["data"]["reason"]
    # the void spin's number is the one of the played games the journal lacks
    assert len(played) == 5 and numbers(events) == played[:3] + played[4:]
    assert audit(cfg.db).ok


def impossible(line: str) -> str:
    """A state-3 line as a state 5 with the number 99: well formed, impossible."""
    fields = line.split(";")
    fields[1], fields[3] = "5", "99"
    return ";".join(fields)


def test_a_stop_during_a_spin_waits_for_its_ball_and_settles_it(tmp_path):
    """Stopped while the ball is in the rim: bets close, the ball's number is the round's
    (settled, not void), no *R, and the table stops after it."""
    with ss2(tmp_path) as wheel:
        cfg = load_table_config(write_config(tmp_path, wheel=cammegh_url(wheel.link)))
        with assemble(cfg, quiet()) as table:
            runner = run_in_thread(table)
            eventually(lambda: wheel.state == 3, "a ball in the rim")
            table.control.request_stop()
            runner.join(DEADLINE)
            assert not runner.is_alive()
        played = list(wheel.wins)
        assert "*R" not in wheel.received
    events = journal_events(cfg)
    assert not kinds(events, "round.void")
    assert numbers(events) == played and len(played) >= 1
    closed = kinds(events, "round.closed")[-1]
    assert closed["seq"] < kinds(events, "round.result")[-1]["seq"]
    assert audit(cfg.db).ok


def test_a_held_table_stops_without_a_round_and_restarts_clear_of_the_old_fault(tmp_path):
    """A wheel still faulty holds the table; a stop then opens no round and sends no start
    (the wheel stays idle). Repaired while the terminal is down, the wheel is healthy at the
    restart: the journaled power-down is cleared and the table plays."""
    with ss2(tmp_path) as wheel:
        cfg = load_table_config(write_config(tmp_path, wheel=cammegh_url(wheel.link)))
        with assemble(cfg, quiet()) as table:
            table.on_round = once(lambda: wheel.component_fault(5, stuck=True))
            runner = threading.Thread(target=table.run)
            runner.start()
            eventually(lambda: "wheel/powered_down" in table.state.faults, "held")
            held_at, lines = len(wheel.received), len(wheel.sent)
            eventually(lambda: len(wheel.sent) > lines + 10, "status lines while held")
            table.control.request_stop()
            runner.join(DEADLINE)
            assert not runner.is_alive()
        assert "*u 1" not in wheel.received[held_at:]
        assert wheel.state == 6  # idle: no game played after the exit
        events = journal_events(cfg)
        fault_seq = next(
            e["seq"] for e in events if e["kind"] == "fault" and e["data"]["code"] == "powered_down"
        )
        assert not [e for e in kinds(events, "round.open") if e["seq"] > fault_seq]

        wheel.repair()
        with assemble(cfg, quiet()) as table:
            assert table.run(rounds=1) == 1
    events = journal_events(cfg)
    cleared = [e["data"] for e in kinds(events, "fault.cleared")]
    assert {"powered_down", "component_fault"} <= {c["code"] for c in cleared}
    assert any("at start-up" in c["detail"] for c in cleared)
    assert audit(cfg.db).ok


def test_the_respin_after_a_void_keeps_its_rotor_and_alternates_from_the_last_number(tmp_path):
    """A misspin voids the spin and the wheel respins it the same way: the next result has its
    rotor, the other way from the number before the void, and no rotor_direction alert."""
    with ss2(tmp_path) as wheel:
        cfg = load_table_config(write_config(tmp_path, wheel=cammegh_url(wheel.link)))
        with assemble(cfg, quiet()) as table:
            table.on_round = once(wheel.misspin)
            assert table.run(rounds=3) == 3
    events = journal_events(cfg)
    (void,) = kinds(events, "round.void")
    reason = void["data"]["reason"]
    assert "last lines" not in reason and "*X;" not in reason  # the fault's detail, no dump
    fault = [e for e in kinds(events, "fault") if e["seq"] < void["seq"]][-1]["data"]
    # the lines heard before it, for the technician ("<" the wheel's, ">" the terminal's)
    assert fault["detail"] == reason and fault["lines"][-1].startswith("<*X;3;")
    respin = next(e for e in kinds(events, "round.result") if e["seq"] > void["seq"])
    outcome = respin["data"]["outcome"]
    assert outcome["rotor"] == void["data"]["rotor"] and outcome["rpm"] > 0
    before = [e for e in kinds(events, "round.result") if e["seq"] < void["seq"]][-1]
    assert before["data"]["outcome"]["rotor"] != outcome["rotor"]
    assert not [e for e in kinds(events, "fault") if e["data"]["code"] == "rotor_direction"]
    assert audit(cfg.db).ok
