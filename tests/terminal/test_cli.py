"""The `dealer-terminal` command line, run as a user runs it."""

from __future__ import annotations

import json
import signal
import sqlite3
import subprocess
import sys
import threading
from contextlib import closing

import pytest

from drivers.wheel import open_wheel
from drivers.wheel.events import BallInPocket
from drivers.wheel.order import WheelOrder
from games.registry import game as game_of
from terminal.assemble import build_engine
from terminal.common.exit_codes import EXIT_CODES, EXIT_CONFIG, EXIT_USAGE
from terminal.config import TableConfig, load_table_config
from tests.support.helpers import REPO, cli, edit_toml, forge, wait_for, write_config
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


@pytest.mark.parametrize(
    "command",
    [
        ("run", "--headless", "--config"),
        ("rules", "--config"),
        ("selftest", "--sim", "--config"),
        ("speech", "render", "--config"),
        ("pit", "collect", "--tables"),
    ],
    ids=" ".join,
)
def test_every_command_exits_78_on_a_configuration_error(tmp_path, command):
    """One account of the exit codes (docs/running.md): a file that cannot be used is EX_CONFIG
    whichever command reads it; the message names it, with no traceback."""
    path = tmp_path / "broken.toml"
    path.write_text("[table\n", encoding="utf-8")
    done = cli(*command, str(path))
    assert done.returncode == EXIT_CONFIG, done.stderr
    assert f"dealer-terminal: {path}" in done.stderr and "Traceback" not in done.stderr


def test_a_device_that_cannot_be_opened_exits_2_and_the_help_gives_every_code(tmp_path):
    path = write_config(tmp_path, wheel=f"board://{tmp_path}/no-such-board")
    done = cli("run", "--config", str(path), "--headless")
    assert done.returncode == EXIT_USAGE and "no such device" in done.stderr, done.stderr
    for command in ((), ("run",)):
        shown = " ".join(cli(*command, "--help").stdout.split())
        assert " ".join(EXIT_CODES.split()) in shown


def test_pit_follow_prints_every_event_of_a_table(tmp_path):
    """The follower, started while the table plays, prints what it missed (replayed) and then
    what comes live; the table is stopped once the follower has printed an event the journal
    did not hold when its first line came (its subscription is live, not only its replay), and
    the follower then prints every event of the journal, in order, nothing twice."""
    path = write_config(tmp_path, wheel="sim://wheel?spin=0.05")
    cfg = load_table_config(path)
    table = _simulated_table(path, seed=4)
    follow = None
    try:
        wait_for(lambda: _journaled(cfg.db) or table.poll() is not None, "the table journals", 60)
        follow = subprocess.Popen(
            [sys.executable, "-m", "terminal.cli", "pit", "follow", "--connect", cfg.publish,
             "--replay", cfg.replay, "--from", "1"],
            cwd=REPO,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )  # fmt: skip
        lines: list[str] = []
        threading.Thread(target=_read_lines, args=(follow.stdout, lines), daemon=True).start()
        wait_for(lambda: lines or follow.poll() is not None, "the follower's first line", 60)
        held = _journaled(cfg.db)
        wait_for(
            lambda: max(_seqs(lines), default=0) > held and "round.result" in "".join(lines),
            "the follower printing a round's result and an event journaled after its first line",
            60,
        )
        assert table.poll() is None, table.stderr.read()
        table.send_signal(signal.SIGTERM)
        assert table.wait(timeout=60) == 0, table.stderr.read()
        count = _journaled(cfg.db)
        wait_for(lambda: len(lines) >= count, f"the follower printing all {count} events", 60)
    finally:
        table.kill()
        table.wait()
        table.stderr.close()
        if follow is not None:
            follow.kill()
            follow.communicate()
    out = "".join(lines)
    assert "ALERT" not in out, out[-2000:]
    assert _seqs(lines) == list(range(1, count + 1)), out[-2000:]


def _journaled(db_path, kind: str | None = None) -> int:
    """Events journaled so far, of `kind` or all (0 while the journal is being created)."""
    query, args = "SELECT count(*) FROM events", ()
    if kind is not None:
        query, args = f"{query} WHERE kind = ?", (kind,)
    try:
        with sqlite3.connect(db_path) as db:
            return db.execute(query, args).fetchone()[0]
    except sqlite3.OperationalError:
        return 0


def _read_lines(stream, lines: list[str]) -> None:
    """Each line of `stream` appended to `lines` as it comes, until the stream ends."""
    for line in stream:
        lines.append(line)


def _seqs(lines: list[str]) -> list[int]:
    """The seq of each event line `pit follow` printed ("TABLE #SEQ kind ...")."""
    fields = [line.split() for line in list(lines)]
    return [int(f[1][1:]) for f in fields if len(f) > 1 and f[1].startswith("#")]


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


def _events(db_path) -> list[dict]:
    """The journal's events so far, in order ([] while the journal is being created)."""
    try:
        with closing(sqlite3.connect(db_path)) as db:
            return [json.loads(b) for (b,) in db.execute("SELECT body FROM events ORDER BY seq")]
    except sqlite3.OperationalError:
        return []


def _simulated_table(path, *, seed: int) -> subprocess.Popen:
    """`run --sim` of the table file `path` in a process of its own, its errors kept."""
    return subprocess.Popen(
        [sys.executable, "-m", "terminal.cli", "run", "--config", str(path), "--sim",
         "--seed", str(seed)],
        cwd=REPO,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )  # fmt: skip


def _stopped_when(path, moment, what: str) -> tuple[TableConfig, list[dict], int]:
    """The table of `path` run (--sim --seed 3) and sent SIGTERM once `moment(events)` of its
    journal gives a round; it exits 0. The config, the journal after it exited, that round."""
    cfg = load_table_config(path)
    proc = _simulated_table(path, seed=3)
    try:
        round_no = wait_for(lambda: moment(_events(cfg.db)) or proc.poll() is not None, what, 60)
        assert proc.poll() is None, proc.stderr.read()
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
        proc.wait()
    assert proc.returncode == 0 and "Traceback" not in err, err
    return cfg, _events(cfg.db), round_no


def _ball_turning(events) -> int | None:
    """The round whose ball turns, once a round was settled before it: its players have bet
    (they bet at the ball's launch) and it has no result yet."""
    settled = {e["round"] for e in events if e["kind"] == "round.result"}
    turning = [
        e["round"] for e in events if e["kind"] == "bet.placed" and e["round"] not in settled
    ]
    return turning[-1] if settled and turning else None


def _betting_open(events) -> int | None:
    """The round open for bets, once a round was settled before it: opened, no result yet."""
    settled = {e["round"] for e in events if e["kind"] == "round.result"}
    opened = [e["round"] for e in events if e["kind"] == "round.open"]
    return opened[-1] if settled and opened and opened[-1] not in settled else None


def _wheel_numbers(cfg, seed: int, spins: int) -> list[int]:
    """The numbers the table's simulated wheel gives in its first `spins` spins with `seed`
    (an instant twin: the same draws, spin after spin)."""
    rules, _ = build_engine(cfg)
    wheel = open_wheel(
        "sim://wheel?spin=0", WheelOrder(game_of(cfg.game).pockets(rules)), seed=seed
    )
    try:
        for turn in range(spins):
            wheel.spin(("cw", "ccw")[turn % 2])
        return [e.numbers[0] for e in wheel.history if isinstance(e, BallInPocket)]
    finally:
        wheel.close()


def _resumed(path, cfg, after: int) -> list[dict]:
    """The table run again (a round, then its closing) on the journal of a stopped session,
    with an instant wheel: the journal after it."""
    edit_toml(path, lambda table: table["devices"].update(wheel="sim://wheel?spin=0"))
    again = cli("run", "--config", str(path), "--sim", "--rounds", "1", "--seed", "4")
    assert again.returncode == 0, again.stderr
    events = _events(cfg.db)
    kinds = [e["kind"] for e in events]
    # the same session, taken up where the stop left it: no round of the stopped run left to
    # void at the restart, the next round the one after
    assert kinds.count("table.open") == 1 and kinds[-1] == "table.close"
    assert min(e["round"] for e in events if e["kind"] == "round.open" and e["seq"] > after) == (
        max(e["round"] or 0 for e in events if e["seq"] <= after) + 1
    )
    return events


def test_sigterm_during_a_spin_settles_its_ball_and_the_next_run_resumes_the_session(tmp_path):
    """A stop (SIGTERM) while the ball turns does not leave the wheel's number to no round:
    bets close, the ball is read to its pocket and the spin settled with the number the wheel
    gave, then the process exits 0 with the session still open; the next run resumes it."""
    path = write_config(tmp_path, wheel="sim://wheel?spin=2")  # 1.8 s from launch to pocket
    cfg, events, turning = _stopped_when(path, _ball_turning, "a ball launched")
    kinds = [e["kind"] for e in events]
    assert "round.void" not in kinds and "table.close" not in kinds
    # the stopped spin's round ends settled: bets closed, then its result, the journal's last
    # round event; nothing after it but the table's own top-up between rounds
    (result,) = [e for e in events if e["kind"] == "round.result" and e["round"] == turning]
    of_round = [e["kind"] for e in events if e["round"] == turning]
    assert of_round[-1] == "round.result" and "round.closed" in of_round
    assert {e["kind"] for e in events if e["seq"] > result["seq"]} <= {"float.advance"}
    assert max(e["round"] or 0 for e in events) == turning
    # every spin's number, the stopped one's too, is the one the wheel gave that spin
    numbers = [e["data"]["outcome"]["number"] for e in events if e["kind"] == "round.result"]
    assert numbers == _wheel_numbers(cfg, 3, turning)
    _resumed(path, cfg, events[-1]["seq"])


def test_sigterm_during_open_betting_voids_the_round_and_the_next_run_resumes_the_session(
    tmp_path,
):
    """A stop (SIGTERM) while bets are open and the ball is not launched yet (the croupier's
    wait of bets=) has no spin to wait for: the round is void, saying the table was stopped,
    and the process exits 0 with the session open; the next run resumes it, not voiding the
    round again."""
    # 2.88 s of open betting with the wheel quiet, then 0.2 s of ball
    path = write_config(tmp_path, wheel="sim://wheel?spin=0.2&bets=3")
    cfg, events, open_round = _stopped_when(path, _betting_open, "a round open for bets")
    kinds = [e["kind"] for e in events]
    assert "table.close" not in kinds
    (void,) = [e for e in events if e["kind"] == "round.void"]
    assert void["round"] == open_round and void["seq"] == events[-1]["seq"]
    assert void["data"]["why"]["key"] == "void_stopped" and "stopped" in void["data"]["reason"]
    of_round = [e["kind"] for e in events if e["round"] == open_round]
    assert "round.closed" not in of_round and "round.result" not in of_round
    events = _resumed(path, cfg, void["seq"])
    assert [e for e in events if e["kind"] == "round.void"] == [void]


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
    edit_toml(path, lambda table: table["table"].update(game="pai_gow"))
    done = cli("run", "--config", str(path), "--sim")
    assert (
        done.returncode == EXIT_CONFIG
        and "the table does not play it; it plays blackjack, boule, chemin_de_fer, craps"
        in done.stderr
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
