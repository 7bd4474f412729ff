"""The whole table over the real drivers, against emulators speaking the devices' wire
protocols on pseudo-terminals."""

from __future__ import annotations

import io
import random
import threading

import pytest

from drivers.emulators.dice_board import DiceBoardEmulator
from drivers.emulators.wheel_board import WheelBoardEmulator
from terminal.assemble import assemble, run_table
from terminal.config import load_table_config
from terminal.runtime.journal.audit import audit
from terminal.runtime.loop.health import HealthLog
from terminal.runtime.simulation.players import SimPlayers
from terminal.selftest.command import run_selftest
from tests.support.dice_backends import BOARD_TIME_SCALE as DICE_TIME_SCALE
from tests.support.helpers import journal_events, quiet, write_config
from tests.support.selftest_host import healthy_pi
from tests.support.wheel_backends import BOARD_TIME_SCALE, WHEEL_BACKENDS


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
            HealthLog({"wheel": table.device, "gpio": table.io}, log).tick(0)
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


def test_a_craps_table_plays_over_the_dice_reader_board(tmp_path):
    """The whole craps table over the real driver and the bridge protocol: rolls settled from
    the board's readings, a void throw the board reports voids the roll, and a restart of the
    board in the middle of the session costs a void roll, never a wrong result."""
    with DiceBoardEmulator(tmp_path / "dice-reader", seed=4, time_scale=DICE_TIME_SCALE) as board:
        cfg = load_table_config(write_config(tmp_path, game="craps", dice=board.url))
        with assemble(cfg, quiet()) as table:  # the board itself, with simulated players
            table.players = SimPlayers(
                random.Random(2), table.rules.codes(), seats=6, max_bets=3, buyin=100
            )
            seen = []

            def script(event):
                seen.append(event["round"])
                if len(seen) == 2:
                    board.fail_next("stacked")
                elif len(seen) == 4:
                    board.reboot()

            table.on_round = script
            settled = table.run(rounds=8)
    assert settled >= 8
    events = journal_events(cfg)
    voids = [e["data"] for e in events if e["kind"] == "round.void"]
    assert voids[0]["cause"] == "stacked"
    assert any("restart" in v["reason"] for v in voids)
    assert any(e["kind"] == "fault" and e["data"]["code"] == "board_restarted" for e in events)
    assert all(
        len(e["data"]["outcome"]["dice"]) == 2 for e in events if e["kind"] == "round.result"
    )
    assert audit(cfg.db).ok


def test_the_dice_reader_board_passes_its_selftest(tmp_path):
    with DiceBoardEmulator(tmp_path / "dice-reader", seed=4, time_scale=DICE_TIME_SCALE) as board:
        cfg = load_table_config(write_config(tmp_path, game="craps", dice=board.url))
        pi = healthy_pi(tmp_path / "pi")  # the host's checks as on a sound Pi
        out = io.StringIO()
        assert run_selftest(cfg, sim=False, out=out, probes=pi) is True, out.getvalue()
        board.fail_selftest("camera")
        out = io.StringIO()
        assert run_selftest(cfg, sim=False, out=out, probes=pi) is False
    assert "dice (board://" in out.getvalue() and "FAIL camera" in out.getvalue()
