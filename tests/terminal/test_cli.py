"""The `dealer-terminal` command line, run as a user runs it."""

from __future__ import annotations

import json
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from terminal.cli import EXIT_CONFIG
from terminal.config import load_table_config
from tests.support.helpers import REPO, cli, edit_toml, forge, write_config
from tests.support.table_process import TableProcess


def test_run_rounds_exits_zero_and_prints_the_croupier(table_config):
    done = cli("run", "--config", str(table_config), "--sim", "--rounds", "4", "--seed", "1")
    assert done.returncode == 0, done.stderr
    assert "No hi va més" in done.stdout
    assert "Les tres últimes boles" in done.stdout
    assert "table closed after 4 rounds" in done.stdout
    verify = cli("journal", "verify", "--db", str(load_table_config(table_config).db))
    assert verify.returncode == 0 and "intact" in verify.stdout


def test_verify_names_the_first_bad_event(table_config):
    cfg = load_table_config(table_config)
    assert (
        cli(
            "run", "--config", str(table_config), "--sim", "--rounds", "3", "--seed", "2"
        ).returncode
        == 0
    )
    with sqlite3.connect(cfg.db) as db:
        seq, body = db.execute(
            "SELECT seq, body FROM events WHERE kind = 'bet.placed' ORDER BY seq"
        ).fetchone()
        event = json.loads(body)
        event["data"]["stake"] += 500  # a bet made bigger after the fact
        db.execute("UPDATE events SET body = ? WHERE seq = ?", (json.dumps(event), seq))
    verify = cli("journal", "verify", "--db", str(cfg.db))
    assert verify.returncode != 0
    assert f"seq {seq}" in verify.stdout


def test_verify_catches_a_settlement_that_the_rules_do_not_give(table_config):
    """A journal whose chain is intact but whose money is wrong (re-sealed by a forger)."""
    cfg = load_table_config(table_config)
    assert (
        cli(
            "run", "--config", str(table_config), "--sim", "--rounds", "3", "--seed", "2"
        ).returncode
        == 0
    )

    def pay_more(event):
        event["data"]["settlement"][0]["paid"] += 100

    target = forge(
        cfg.db, lambda e: e["kind"] == "round.result" and e["data"]["settlement"], pay_more
    )
    verify = cli("journal", "verify", "--db", str(cfg.db))
    assert verify.returncode != 0
    assert f"seq {target['seq']}" in verify.stdout


def test_rules_prints_every_bet_with_its_edge():
    done = cli("rules", "--game", "roulette_fr")
    assert done.returncode == 0, done.stderr
    for family in (
        "straight",
        "split",
        "street",
        "corner",
        "sixline",
        "column",
        "dozen",
        "columns",
        "dozens",
        "red",
        "black",
        "even",
        "odd",
        "low",
        "high",
    ):
        assert family in done.stdout
    assert "2.7027%" in done.stdout  # 1/37
    assert "1.3514%" in done.stdout  # 1/74, half back on zero


def test_bad_configuration_gives_a_clear_error(tmp_path):
    broken = tmp_path / "broken.toml"
    broken.write_text("[table\nid = 1", encoding="utf-8")
    done = cli("run", "--config", str(broken), "--sim")
    assert (
        done.returncode == EXIT_CONFIG
        and "not valid TOML" in done.stderr
        and "Traceback" not in done.stderr
    )

    missing = edit_toml(write_config(tmp_path), lambda table: table["table"].update(minimum=-5))
    done = cli("run", "--config", str(missing), "--sim")
    assert (
        done.returncode == EXIT_CONFIG
        and "minimum" in done.stderr
        and "Traceback" not in done.stderr
    )

    done = cli("run", "--game", "blackjack-ish", "--sim")
    assert (
        done.returncode == EXIT_CONFIG
        and "unknown game" in done.stderr
        and "roulette_fr" in done.stderr
    )

    done = cli("run", "--config", str(tmp_path / "nowhere.toml"), "--sim")
    assert done.returncode == EXIT_CONFIG and "no such configuration file" in done.stderr


def test_unknown_wheel_url_names_the_device(tmp_path):
    path = write_config(tmp_path, wheel="telepathy://wheel")
    done = cli("run", "--config", str(path))
    assert (
        done.returncode == EXIT_CONFIG
        and "telepathy://wheel" in done.stderr
        and "Traceback" not in done.stderr
    )


def test_pit_follow_prints_every_event_of_a_table(tmp_path):
    path = write_config(tmp_path, wheel="sim://wheel?spin=0.05")
    cfg = load_table_config(path)
    table = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "terminal.cli",
            "run",
            "--config",
            str(path),
            "--sim",
            "--rounds",
            "20",
            "--seed",
            "4",
        ],
        cwd=REPO,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 30
    while not cfg.db.exists() and time.monotonic() < deadline:  # the table is up and journaling
        time.sleep(0.05)
    follow = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "terminal.cli",
            "pit",
            "follow",
            "--connect",
            cfg.publish,
            "--replay",
            cfg.replay,
            "--from",
            "1",
            "--idle-exit",
            "3",
        ],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert table.wait(timeout=120) == 0, table.stderr.read()
    table.stderr.close()
    out, err = follow.communicate(timeout=60)
    lines = out.splitlines()
    with sqlite3.connect(cfg.db) as db:
        count = db.execute("SELECT count(*) FROM events").fetchone()[0]
    assert len(lines) == count, err + out[-2000:]
    assert [int(line.split()[1].lstrip("#")) for line in lines] == list(range(1, count + 1))
    assert "round.result" in out and "ALERT" not in out


def _results(db_path) -> int:
    """Round results journaled so far (0 while the journal is being created)."""
    try:
        with sqlite3.connect(db_path) as db:
            return db.execute("SELECT count(*) FROM events WHERE kind = 'round.result'").fetchone()[
                0
            ]
    except sqlite3.OperationalError:
        return 0


def _running_table(path):
    cfg = load_table_config(path)
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "terminal.cli",
            "run",
            "--config",
            str(path),
            "--sim",
            "--seed",
            "3",
        ],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:  # wait until a few rounds are journaled
        if cfg.db.exists() and _results(cfg.db) >= 2:
            break
        time.sleep(0.05)
    return cfg, proc


@pytest.mark.parametrize(
    "game, closing",
    [
        ("roulette_fr", "the last three spins"),
        ("boule", "the last three spins"),
        ("craps", "the last shooter"),
        ("blackjack", "the last shoe"),
        ("punto_banco", "the last five hands"),
        ("poker_stud", "the last five hands"),
        ("trente_quarante", "the last cut"),
    ],
)
@pytest.mark.parametrize("rounds", [(), ("--rounds", "100000")])
def test_ctrl_c_closes_the_table_with_its_games_closing(tmp_path, game, closing, rounds):
    """The first Ctrl-C plays the game's own closing and closes the session, `--rounds` or not."""
    path = write_config(
        tmp_path,
        game=game,
        wheel="sim://wheel?spin=0.01",
        dice="sim://dice?throw=0.01",
        shoe="sim://shoe?deal=0.002",
    )
    cfg = load_table_config(path)
    table = TableProcess(path, cfg.publish, 3, *rounds)
    assert table.hear_until(lambda e: e["kind"] == "round.result") is not None, table.stderr()
    assert table.interrupt() == 0
    err = table.process.stderr.read().decode()
    assert f"closing the table: {closing}" in err and "Traceback" not in err
    kinds = [k for (k,) in sqlite3.connect(cfg.db).execute("SELECT kind FROM events ORDER BY seq")]
    assert kinds[-2:] == ["float.count", "table.close"]
    # the session's last round says so: a result, or trente et quarante's red card that voids
    # the coup of the last cut (05 IV)
    rounds_ended = [
        json.loads(b)["data"].get("last_round")
        for (b,) in sqlite3.connect(cfg.db).execute(
            "SELECT body FROM events WHERE kind IN ('round.result', 'round.void') ORDER BY seq"
        )
    ]
    assert rounds_ended[-1] is True


def test_sigterm_stops_now_and_the_next_run_resumes_the_session(tmp_path):
    path = write_config(tmp_path, wheel="sim://wheel?spin=0.5")
    cfg, proc = _running_table(path)
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 0, err
    events = [
        json.loads(b)
        for (b,) in sqlite3.connect(cfg.db).execute("SELECT body FROM events ORDER BY seq")
    ]
    assert events[-1]["kind"] == "round.void" and "stopped" in events[-1]["data"]["reason"]
    assert "table.close" not in [e["kind"] for e in events]
    again = cli("run", "--config", str(path), "--sim", "--rounds", "1", "--seed", "4")
    assert again.returncode == 0, again.stderr
    kinds = [k for (k,) in sqlite3.connect(cfg.db).execute("SELECT kind FROM events ORDER BY seq")]
    assert kinds.count("table.open") == 1 and kinds[-1] == "table.close"


def test_a_missing_rulebook_profile_is_named(tmp_path):
    path = write_config(tmp_path)
    edit_toml(path, lambda table: table["table"].update(profile="atlantis-2099"))
    done = cli("run", "--config", str(path), "--sim")
    assert (
        done.returncode == EXIT_CONFIG
        and "atlantis-2099" in done.stderr
        and "Traceback" not in done.stderr
    )


def test_every_engine_has_rules_and_plays_at_the_table(tmp_path):
    for game, bet in (
        ("boule", "number"),
        ("fortune_wheel", "joker:1"),
        ("craps", "dontpass (bar 12)"),
    ):
        done = cli("rules", "--game", game)
        assert done.returncode == 0 and bet in done.stdout, done.stderr
    path = write_config(tmp_path, game="craps")
    done = cli("run", "--config", str(path), "--sim", "--rounds", "2", "--seed", "4")
    assert done.returncode == 0, done.stderr
    assert (
        "Últim tirador" in done.stdout
        and "seven out" in done.stdout
        and "the dice to seat 1" in done.stdout
    )
    edit_toml(path, lambda table: table["table"].update(game="chemin_de_fer"))
    done = cli("run", "--config", str(path), "--sim")
    assert (
        done.returncode == EXIT_CONFIG
        and "the table does not play it; it plays blackjack, boule, craps" in done.stderr
    )
    assert "Traceback" not in done.stderr


def test_run_help_lists_the_games():
    done = cli("run", "--help")
    assert done.returncode == 0
    text = " ".join(done.stdout.split())
    for game in (
        "roulette_fr",
        "roulette_us1",
        "boule",
        "fortune_wheel",
        "craps",
        "blackjack",
        "punto_banco",
        "trente_quarante",
        "poker_stud",
    ):
        assert game in text
    # the screen opens where a display exists; --headless keeps to the console, and says so
    assert "--headless no screen, even where a display exists" in text


def test_verify_says_what_it_cannot_verify(tmp_path):
    done = cli("journal", "verify", "--db", str(tmp_path / "missing.sqlite"))
    assert (
        done.returncode == 2
        and "cannot verify: no journal at" in done.stderr
        and "None" not in done.stderr
    )
    (tmp_path / "notes.sqlite").write_text("not a database")
    done = cli("journal", "verify", "--db", str(tmp_path / "notes.sqlite"))
    assert (
        done.returncode == 2 and "cannot verify" in done.stderr and "not a database" in done.stderr
    )


def test_a_simulated_table_takes_a_free_port_when_its_own_is_taken(tmp_path):
    import zmq

    holder = zmq.Context.instance().socket(zmq.PUB)
    port = holder.bind_to_random_port("tcp://127.0.0.1")
    try:
        path = write_config(tmp_path)
        edit_toml(path, lambda table: table["feed"].update(publish=f"tcp://127.0.0.1:{port}"))
        done = cli("run", "--config", str(path), "--sim", "--rounds", "1", "--seed", "1")
        assert done.returncode == 0, done.stderr
        assert (
            f"feed: tcp://127.0.0.1:{port} is taken by another process; using tcp://127.0.0.1:"
            in done.stderr
        )
        chosen = cli(
            "run",
            "--config",
            str(path),
            "--sim",
            "--rounds",
            "1",
            "--publish",
            f"tcp://127.0.0.1:{port}",
        )
        # an endpoint asked for is kept to
        assert chosen.returncode == 1 and "already using it" in chosen.stderr
    finally:
        holder.close(linger=0)
