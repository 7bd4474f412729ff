"""`dealer-terminal run --sim-players`: the table file's own devices (a real wheel's protocol,
here an emulator on a pseudo-terminal) with simulated players betting, the journal saying the
players were simulated; `--sim` still replaces every device."""

from __future__ import annotations

import pytest

from terminal.assemble import run_table
from terminal.config import load_table_config
from terminal.runtime.journal.audit import audit
from tests.support.helpers import cli, journal_events, quiet, write_config
from tests.support.wheel_backends import WHEEL_BACKENDS

ROUNDS = 3


def played(events: list[dict]) -> tuple[list[dict], list[dict]]:
    """The journal's `round.result`s and `bet.placed`s."""
    results = [e for e in events if e["kind"] == "round.result"]
    return results, [e for e in events if e["kind"] == "bet.placed"]


def assert_settled_from_the_wheel_with_simulated_bets(cfg) -> None:
    events = journal_events(cfg)
    results, bets = played(events)
    assert len(results) == ROUNDS
    assert all(0 <= r["data"]["outcome"]["number"] <= 36 for r in results)
    assert not [e["data"] for e in events if e["kind"] == "fault"]
    # the players bet, and their bets were settled by the wheel's numbers
    assert bets and {b["round"] for b in bets} <= {r["round"] for r in results}
    settled = [bet for r in results for bet in r["data"]["bets"]]
    assert {b["data"]["id"] for b in bets} == {bet["id"] for bet in settled}
    assert any(r["data"]["settlement"] for r in results)
    # the journal says whose bets they were
    (opened,) = [e for e in events if e["kind"] == "table.open"]
    assert opened["data"]["host"]["players"] == "simulated"
    assert audit(cfg.db).ok


def test_the_cammegh_wheel_with_simulated_players_from_the_command_line(tmp_path):
    with WHEEL_BACKENDS["cammegh"](tmp_path) as url:
        cfg = load_table_config(write_config(tmp_path, wheel=url))
        done = cli(
            "run",
            "--config",
            str(cfg.path),
            "--sim-players",
            "--rounds",
            str(ROUNDS),
            "--seed",
            "3",
            "--headless",
        )
    assert done.returncode == 0, done.stderr
    # the real wheel's driver, not its simulated twin; the gpio's sim:// URL stays as it is
    assert f"wheel {url}, table I/O sim://gpio" in done.stderr
    assert "simulated players" in done.stderr
    assert f"table closed after {ROUNDS} rounds" in done.stdout
    assert_settled_from_the_wheel_with_simulated_bets(cfg)
    verify = cli("journal", "verify", "--db", str(cfg.db))
    assert verify.returncode == 0 and "intact" in verify.stdout


def test_our_sensor_board_with_simulated_players(tmp_path):
    with WHEEL_BACKENDS["board"](tmp_path) as url:
        cfg = load_table_config(write_config(tmp_path, wheel=url))
        assert run_table(cfg, quiet(sim_players=True, rounds=ROUNDS, seed=5)) == ROUNDS
    assert_settled_from_the_wheel_with_simulated_bets(cfg)


def test_sim_still_replaces_the_devices_and_sim_players_does_not(tmp_path):
    """A table file naming a Cammegh wheel that is not plugged in: --sim plays it with the
    simulated wheel; --sim-players opens the real one, and says it is not there."""
    path = write_config(tmp_path, wheel=f"cammegh://{tmp_path}/no-wheel?boot=0.2&launch_retry=10")
    done = cli("run", "--config", str(path), "--sim", "--rounds", "2", "--seed", "1")
    assert done.returncode == 0, done.stderr
    assert "wheel sim://wheel" in done.stderr and "simulated players" in done.stderr
    events = journal_events(load_table_config(path))
    assert played(events)[1]  # the simulated players bet
    assert events[0]["data"]["host"]["players"] == "simulated"

    done = cli("run", "--config", str(path), "--sim-players", "--rounds", "1")
    assert done.returncode == 2 and f"cammegh://{tmp_path}/no-wheel" in done.stderr
    assert "Traceback" not in done.stderr


def test_sim_and_sim_players_are_one_or_the_other(tmp_path):
    done = cli("run", "--config", str(write_config(tmp_path)), "--sim", "--sim-players")
    assert done.returncode == 2 and "not allowed with argument" in done.stderr


@pytest.mark.parametrize("sim_players", [False, True])
def test_only_a_run_with_simulated_players_says_so(tmp_path, sim_players):
    cfg = load_table_config(write_config(tmp_path))
    run_table(cfg, quiet(sim_players=sim_players, rounds=1, seed=1))
    events = journal_events(cfg)
    assert ("players" in events[0]["data"]["host"]) is sim_players
    assert bool(played(events)[1]) is sim_players
