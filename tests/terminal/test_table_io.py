"""The croupier's button, the tilt and door switches and the lamps, through the running table."""

from __future__ import annotations

import io

from terminal.assemble import RunOptions, assemble
from terminal.config import load_table_config
from tests.support.helpers import journal_events, write_config


def table(tmp_path, wheel="sim://wheel?spin=0.3"):
    """A table whose spins take 0.3 s, so that a switch moved before the spin is heard first:
    the table hears each device in the order it reports, devices among themselves as they come."""
    cfg = load_table_config(write_config(tmp_path, wheel=wheel))
    return cfg, assemble(cfg, RunOptions(sim=True, seed=5, out=io.StringIO(), log=io.StringIO()))


def test_the_no_more_bets_button_closes_the_bets_before_the_wheel_does(tmp_path):
    cfg, parts = table(tmp_path)
    with parts as t:
        t.open_session()
        t.io.press("no_more_bets")
        assert t.play_round() is True
        assert t.io.led_state("open") is False and t.io.led_state("closed") is False
    events = journal_events(cfg)
    kinds = [e["kind"] for e in events]
    assert kinds.count("round.closed") == 1
    announcements = [e["data"]["key"] for e in events if e["kind"] == "announcement"]
    assert announcements.count("no_more_bets") == 1
    assert kinds.index("round.closed") < kinds.index("round.result")


def test_a_tilted_wheel_voids_the_spin_and_the_fault_clears_when_it_is_level(tmp_path):
    cfg, parts = table(tmp_path)
    with parts as t:
        t.open_session()
        t.io.set_switch("tilt", True)
        assert t.play_round() is False
        assert t.io.led_state("fault") is True
        t.io.set_switch("tilt", False)
        assert t.play_round() is True
        assert t.io.led_state("fault") is False
    events = journal_events(cfg)
    void = next(e for e in events if e["kind"] == "round.void")
    assert "tilt" in void["data"]["reason"]
    faults = [(e["kind"], e["data"]["code"]) for e in events if e["kind"].startswith("fault")]
    assert faults == [("fault", "tilt"), ("fault.cleared", "tilt")]
    cleared = next(e["data"] for e in events if e["kind"] == "fault.cleared")
    assert cleared == {
        "device": "gpio",
        "code": "tilt",
        "severity": "error",
        "detail": "tilt switch open again",
    }


def test_an_open_door_is_a_fault_that_does_not_void_the_spin(tmp_path):
    cfg, parts = table(tmp_path)
    with parts as t:
        t.open_session()
        t.io.set_switch("door", True)  # closed: all is well, no fault
        t.io.set_switch("door", False)  # opened
        assert t.play_round() is True
        assert t.io.led_state("fault") is True
    events = journal_events(cfg)
    assert [e["data"]["code"] for e in events if e["kind"] == "fault"] == ["door_open"]
    assert not [e for e in events if e["kind"] == "round.void"]


def test_a_switch_already_in_alarm_at_start_up_is_a_fault(tmp_path):
    cfg, parts = table(tmp_path)
    with parts as t:
        t.io.set_switch("door", False)  # open before the table starts
        t.run(rounds=1)
    faults = [e["data"] for e in journal_events(cfg) if e["kind"] == "fault"]
    assert faults[0]["code"] == "door_open" and "start-up" in faults[0]["detail"]


def test_a_critical_wheel_fault_holds_the_game_until_it_clears(tmp_path):
    import threading

    from drivers.faults import Fault, FaultCleared

    cfg, parts = table(tmp_path, wheel="sim://wheel?spin=0")
    with parts as t:
        t.device.emit(Fault("powered_down", "critical", "state 6", False, 0))
        cleared = threading.Timer(0.5, lambda: t.device.emit(FaultCleared("powered_down", 0)))
        cleared.start()
        t.run(rounds=1)
        cleared.join()
    events = journal_events(cfg)
    kinds = [(e["kind"], e["data"].get("code")) for e in events]
    fault, clear = (
        kinds.index(("fault", "powered_down")),
        kinds.index(("fault.cleared", "powered_down")),
    )
    assert events[clear]["data"]["severity"] == "critical" and events[clear]["data"]["detail"]
    (result,) = [i for i, (kind, _) in enumerate(kinds) if kind == "round.result"]
    assert fault < clear < result  # nothing settled while the wheel was down
    # a round opened before the fault was heard ended void; none opened while it stood
    opened = [i for i, (kind, _) in enumerate(kinds) if kind == "round.open"]
    assert not [i for i in opened if fault < i < clear]
    assert all(("round.void", None) in kinds[i:] for i in opened if i < fault)
