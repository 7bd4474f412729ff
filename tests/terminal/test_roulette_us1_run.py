"""An American single-zero roulette table run from the command line, as a user runs it."""

from __future__ import annotations

from helpers import cli, journal_events, write_config
from terminal.config import load_table_config


def test_a_us_table_runs_journals_its_game_and_verifies(tmp_path):
    """Seed 25 spins a zero in the three rounds: even chances take half back, none goes to prison."""
    path = write_config(tmp_path, game="roulette_us1", table_id="RA-T1")
    done = cli("run", "--config", str(path), "--sim", "--rounds", "3", "--seed", "25")
    assert done.returncode == 0, done.stderr
    assert "table closed after 3 rounds" in done.stdout
    cfg = load_table_config(path)
    events = journal_events(cfg)
    assert {(e["table"], e["game"]) for e in events} == {("RA-T1", "roulette_us1")}
    (opened,) = [e for e in events if e["kind"] == "table.open"]
    assert opened["data"]["limits"]["max"]["straight"] == 20 * cfg.minimum
    assert opened["data"]["limits"]["max"]["red"] == 360 * cfg.minimum
    assert len([e for e in events if e["kind"] == "round.result"]) == 3
    results = [s["result"] for e in events if e["kind"] == "round.result" for s in e["data"]["settlement"]]
    assert "half" in results and "prison" not in results
    verify = cli("journal", "verify", "--db", str(cfg.db))
    assert verify.returncode == 0 and "intact" in verify.stdout, verify.stdout


def test_rules_prints_the_american_profile():
    done = cli("rules", "--game", "roulette_us1")
    assert done.returncode == 0, done.stderr
    assert "roulette_us1 under profile valencia-1994" in done.stdout
    assert "red (half on zero)" in done.stdout and "1/74" in done.stdout
    assert "prison" not in done.stdout
