"""The table over the Cammegh driver against the SS2 emulator on a pseudo-terminal: what the
table does with the wheel's own retries, power-downs, respins and a stop while held. Tests wait
for conditions with deadlines, never sleep-then-assert."""

from __future__ import annotations

import threading
import time

from drivers.emulators.cammegh import CammeghEmulator
from terminal.assemble import assemble
from terminal.config import load_table_config
from terminal.runtime.audit import audit
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


def test_a_wheel_powered_down_during_a_run_is_powered_on_and_the_table_plays_on(tmp_path):
    with ss2(tmp_path) as wheel:
        cfg = load_table_config(write_config(tmp_path, wheel=cammegh_url(wheel.link)))
        with assemble(cfg, quiet()) as table:
            table.on_round = once(lambda: wheel.component_fault(5))
            opened = wheel.received.count("*P 1")
            assert table.run(rounds=3) == 3
        assert wheel.received.count("*P 1") > opened  # powered on again during the run
    events = journal_events(cfg)
    raised = [(e["kind"], e["data"]["code"]) for e in events if e["kind"].startswith("fault")]
    assert ("fault", "powered_down") in raised and ("fault.cleared", "powered_down") in raised
    assert ("fault", "component_fault") in raised
    assert len(kinds(events, "round.result")) == 3 and audit(cfg.db).ok


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


def test_the_respin_after_a_void_keeps_its_rotor_and_its_direction_is_checked(tmp_path):
    """A misspin voids the spin and the wheel respins it the same way: the next result has its
    rotor, and a rotor that did not alternate is a rotor_direction alert."""
    with ss2(tmp_path) as wheel:
        cfg = load_table_config(write_config(tmp_path, wheel=cammegh_url(wheel.link)))
        with assemble(cfg, quiet()) as table:
            table.on_round = once(wheel.misspin)
            assert table.run(rounds=3) == 3
    events = journal_events(cfg)
    (void,) = kinds(events, "round.void")
    respin = next(e for e in kinds(events, "round.result") if e["seq"] > void["seq"])
    outcome = respin["data"]["outcome"]
    assert outcome["rotor"] == void["data"]["rotor"] and outcome["rpm"] > 0
    alerts = [e for e in kinds(events, "fault") if e["data"]["code"] == "rotor_direction"]
    assert len(alerts) == 1 and void["seq"] < alerts[0]["seq"] < respin["seq"]
    assert audit(cfg.db).ok
