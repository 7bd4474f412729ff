"""`dealer-terminal selftest`: the technician's check of a table's devices."""

from __future__ import annotations

import io

from drivers.emulators.wheel_board import WheelBoardEmulator
from terminal.config import load_table_config
from terminal.selftest import run_selftest
from tests.support.helpers import cli, write_config
from tests.support.wheel_backends import BOARD_TIME_SCALE


def test_the_simulated_table_passes(table_config):
    done = cli("selftest", "--config", str(table_config), "--sim")
    assert done.returncode == 0, done.stderr
    assert "all checks passed" in done.stdout and "switch door" in done.stdout
    assert "on simulated devices only (--sim): no hardware was tested" in done.stdout


def test_a_pass_on_the_example_tables_simulated_devices_says_so():
    """Without --sim, the example table's devices are simulated all the same: the pass says so."""
    done = cli("selftest", "--game", "craps")
    assert done.returncode == 0, done.stderr
    assert "dice (sim://dice" in done.stdout and ", simulated):" in done.stdout
    assert done.stdout.rstrip().endswith(
        "all checks passed on simulated devices only (the table file names them so): "
        "no hardware was tested"
    )


def test_a_stuck_sensor_on_the_board_fails_the_selftest(tmp_path):
    with WheelBoardEmulator(tmp_path / "wheel-board", seed=5, time_scale=BOARD_TIME_SCALE) as board:
        cfg = load_table_config(write_config(tmp_path, wheel=board.url))
        out = io.StringIO()
        assert run_selftest(cfg, sim=False, out=out) is True, out.getvalue()
        assert (
            "gpio simulated (the table file names them so), not tested on hardware"
            in out.getvalue()
        )
        board.stick("pocket")
        out = io.StringIO()
        assert run_selftest(cfg, sim=False, out=out) is False
    assert "FAIL" in out.getvalue() and "some checks FAILED" in out.getvalue()
