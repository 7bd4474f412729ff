"""The whole table over the real drivers, against emulators speaking the devices' wire
protocols on pseudo-terminals."""

from __future__ import annotations

import io
import threading

import pytest

from drivers.emulators.wheel_board import WheelBoardEmulator
from helpers import journal_events, write_config
from terminal.audit import audit
from terminal.config import load_table_config
from terminal.health import HealthLog
from terminal.runtime import RunOptions, assemble, run_table
from wheel_backends import BOARD_TIME_SCALE, WHEEL_BACKENDS


def quiet(**kw) -> RunOptions:
    return RunOptions(out=io.StringIO(), log=io.StringIO(), **kw)


@pytest.mark.parametrize("backend", ["board", "cammegh"])
def test_the_table_settles_rounds_from_a_real_wheel_protocol(tmp_path, backend):
    with WHEEL_BACKENDS[backend](tmp_path) as url:
        cfg = load_table_config(write_config(tmp_path, wheel=url))
        assert run_table(cfg, quiet(rounds=3)) == 3
    events = journal_events(cfg)
    results = [e["data"]["outcome"] for e in events if e["kind"] == "round.result"]
    assert len(results) == 3 and all(0 <= r["number"] <= 36 for r in results)
    assert not [e["data"] for e in events if e["kind"] == "fault"]
    assert audit(cfg.db).ok


def test_an_unplugged_board_is_a_fault_and_the_table_goes_on_after_the_replug(tmp_path):
    with WheelBoardEmulator(tmp_path / "wheel-board", seed=5, time_scale=BOARD_TIME_SCALE) as board:
        cfg = load_table_config(write_config(tmp_path, wheel=board.url))
        with assemble(cfg, quiet()) as table:
            table.on_round = lambda event: unplug_once()
            unplugged = threading.Event()

            def unplug_once():
                if not unplugged.is_set():
                    unplugged.set()
                    board.unplug()
                    threading.Timer(0.5, board.replug).start()

            assert table.run(rounds=3) == 3
            log = io.StringIO()
            HealthLog({"wheel": table.wheel, "gpio": table.io}, log).tick(0)
    assert log.getvalue().startswith("health wheel: ") and "reconnects=1" in log.getvalue()
    assert "gpio" not in log.getvalue()  # no link, no figures
    events = journal_events(cfg)
    faults = [(e["kind"], e["data"]["code"]) for e in events if e["kind"].startswith("fault")]
    assert ("fault", "link_lost") in faults and ("fault.cleared", "link_lost") in faults
    assert len([e for e in events if e["kind"] == "round.result"]) == 3
    assert audit(cfg.db).ok


@pytest.mark.parametrize("game, pockets", [("boule", 18), ("fortune_wheel", 54)])
def test_our_sensor_board_reads_a_boule_platform_and_a_wheel_of_fortune(tmp_path, game, pockets):
    with WheelBoardEmulator(tmp_path / "wheel-board", seed=3, time_scale=BOARD_TIME_SCALE) as board:
        cfg = load_table_config(write_config(tmp_path, wheel=board.url, game=game))
        assert run_table(cfg, quiet(rounds=3)) == 3
        assert board.config.pocket_count == pockets  # the table told the board its layout
    events = journal_events(cfg)
    assert len([e for e in events if e["kind"] == "round.result"]) == 3
    assert not [e["data"] for e in events if e["kind"] == "fault"]
    assert audit(cfg.db).ok
