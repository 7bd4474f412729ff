"""The pit's command line against real processes: two simulated tables (`dealer-terminal run`)
and `dealer-terminal pit collect`, killed with SIGKILL halfway and started again on the same
store; then `pit follow`, `pit table` and the board against the collector that runs on.

The tests of this module share one floor (a module fixture) and run in file order: the last
one stops the collector."""

from __future__ import annotations

import json
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest

from terminal.common.exit_codes import EXIT_CONFIG
from terminal.config import load_table_config
from terminal.pit.board.app import Board, run_board
from terminal.pit.client import PitClient
from tests.support.feed_tables import copy_journal
from tests.support.helpers import REPO, cli, forge, write_config

DEADLINE_S = 60.0  # a process starting, or a floor settling, on a loaded machine
KILL_AFTER = 30  # events of each table stored before the collector is killed
MISSED = 30  # events of each table journaled while no collector runs
TABLES = {
    "RL-01": ("roulette_fr", {"wheel": "sim://wheel?spin=0.2"}),  # id -> game, simulated device
    "CR-01": ("craps", {"dice": "sim://dice?throw=0.2"}),
}


def rows(db: Path, query: str, *params) -> list[tuple]:
    """The rows of `query` on an SQLite file being written by another process (none while it
    is not created yet)."""
    try:
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=DEADLINE_S) as conn:
            return conn.execute(query, params).fetchall()
    except sqlite3.OperationalError:  # no file or no table yet
        return []


def stored(store: Path, table: str | None = None) -> int:
    """Events in the pit store: of `table`, or of all."""
    found = (
        rows(store, "SELECT count(*) FROM pit_events")
        if table is None
        else rows(store, "SELECT count(*) FROM pit_events WHERE table_id = ?", table)
    )
    return found[0][0] if found else 0


def journaled(journal: Path) -> int:
    found = rows(journal, "SELECT count(*) FROM events")
    return found[0][0] if found else 0


def wait_until(condition, what: str, *processes) -> None:
    """Until `condition()`; fails naming `what` at the deadline, or as soon as one of
    `processes` (name, Popen, log) ends."""
    deadline = time.monotonic() + DEADLINE_S
    while not condition():
        for name, process, log in processes:
            if process.poll() is not None:
                pytest.fail(
                    f"{name} exited {process.returncode} before {what}:\n{log.read_text()[-3000:]}"
                )
        if time.monotonic() > deadline:
            pytest.fail(f"never: {what}")
        time.sleep(0.05)


class Processes:
    """Child processes of the module, their output in files; whatever still runs is killed at
    the end."""

    def __init__(self, directory: Path):
        self.directory = directory
        self.running: list[subprocess.Popen] = []

    def start(self, name: str, *args: str) -> tuple[str, subprocess.Popen, Path]:
        log = self.directory / f"{name}.log"
        with open(log, "a", encoding="utf-8") as out:
            process = subprocess.Popen(
                [sys.executable, "-m", "terminal.cli", *args],
                cwd=REPO,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        self.running.append(process)
        return name, process, log

    def kill_all(self) -> None:
        for process in self.running:
            if process.poll() is None:
                process.kill()
            process.wait(timeout=DEADLINE_S)


@pytest.fixture(scope="module")
def floor(tmp_path_factory):
    """Two tables play; the collector stores them, is killed with SIGKILL after KILL_AFTER
    events of each, and is started again once each table journaled MISSED more. Once it has
    stored past what it missed, the tables are closed (Ctrl-C: the last rounds, then
    `table.close`); the fixture returns when the collector has stored all they journaled.
    Each step waits for the one before, however slow the machine."""
    directory = tmp_path_factory.mktemp("floor")
    sockets = Path(tempfile.mkdtemp(prefix="pit-"))  # ipc paths must stay short
    processes = Processes(directory)
    tables = {}
    entries = []
    for table_id, (game, device) in TABLES.items():
        (directory / table_id).mkdir()
        config = write_config(directory / table_id, table_id=table_id, game=game, **device)
        cfg = load_table_config(config)
        tables[table_id] = SimpleNamespace(cfg=cfg, config=config)
        entries.append(
            f'[[table]]\nid = "{table_id}"\nfeed = "{cfg.publish}"\nreplay = "{cfg.replay}"\n'
        )
    floor_path = directory / "floor.toml"
    publish, control = f"ipc://{sockets}/feed", f"ipc://{sockets}/control"
    floor_path.write_text(
        "\n".join(entries) + f'\n[pit]\npublish = "{publish}"\ncontrol = "{control}"\n',
        encoding="utf-8",
    )
    store = directory / "pit.db"
    collect = ("pit", "collect", "--tables", str(floor_path), "--db", f"sqlite:///{store}")
    try:
        for table_id, table in tables.items():
            table.process = processes.start(
                table_id, "run", "--config", str(table.config), "--sim", "--seed", "7"
            )
        playing = [t.process for t in tables.values()]
        wait_until(
            lambda: all(journaled(t.cfg.db) for t in tables.values()),
            "the tables journaling (sockets bound)",
            *playing,
        )
        first = processes.start("collector-1", *collect)
        wait_until(
            lambda: all(stored(store, t) >= KILL_AFTER for t in tables),
            "the first run stored some",
            first,
            *playing,
        )
        first[1].send_signal(signal.SIGKILL)
        assert first[1].wait(timeout=DEADLINE_S) == -signal.SIGKILL
        killed_at = {t: stored(store, t) for t in tables}
        wait_until(
            lambda: all(journaled(t.cfg.db) >= killed_at[i] + MISSED for i, t in tables.items()),
            "the tables played on while no collector ran",
            *playing,
        )
        second = processes.start("collector-2", *collect)
        restarted_at = {i: journaled(t.cfg.db) for i, t in tables.items()}
        wait_until(
            lambda: all(stored(store, t) > restarted_at[t] for t in tables),
            "the second run stored past what it missed",
            second,
            *playing,
        )
        for _, process, _ in playing:
            process.send_signal(signal.SIGINT)  # close the table: its last rounds, then table.close
        for _, process, log in playing:
            assert process.wait(timeout=DEADLINE_S) == 0, log.read_text()[-3000:]
        wait_until(
            lambda: all(stored(store, i) == journaled(t.cfg.db) for i, t in tables.items()),
            "the second run stored every event journaled",
            second,
        )
        yield SimpleNamespace(
            tables=tables,
            store=store,
            publish=publish,
            control=control,
            killed_at=killed_at,
            collector=second,
        )
    finally:
        processes.kill_all()
        for path in (
            sockets,
            *(Path(t.cfg.publish.removeprefix("ipc://")).parent for t in tables.values()),
        ):
            shutil.rmtree(path, ignore_errors=True)


def journal_rows(journal: Path) -> list[tuple[int, str, dict]]:
    return [
        (seq, h, json.loads(body))
        for seq, h, body in rows(journal, "SELECT seq, hash, body FROM events ORDER BY seq")
    ]


def test_a_collector_killed_and_restarted_stores_exactly_each_tables_journal(floor):
    for table_id, table in floor.tables.items():
        journal = journal_rows(table.cfg.db)
        kept = [
            (seq, h, json.loads(body))
            for seq, h, body in rows(
                floor.store,
                "SELECT seq, hash, body FROM pit_events WHERE table_id = ? ORDER BY seq",
                table_id,
            )
        ]
        assert 0 < floor.killed_at[table_id] < len(journal) - MISSED
        assert [seq for seq, _, _ in journal] == list(range(1, len(journal) + 1))
        assert kept == journal  # the same seqs, hashes and events, each once
        assert journal[-1][2]["kind"] == "table.close"
        verify = cli("journal", "verify", "--db", str(table.cfg.db))
        assert verify.returncode == 0 and "intact" in verify.stdout, verify.stdout + verify.stderr
    assert (
        rows(
            floor.store, "SELECT count(*), count(DISTINCT table_id || '/' || seq) FROM pit_events"
        )[0]
        == (sum(journaled(t.cfg.db) for t in floor.tables.values()),) * 2
    )
    kinds = {kind for (kind,) in rows(floor.store, "SELECT kind FROM pit_alerts")}
    assert not kinds & {"hash", "gap", "wrong_table", "replay"}, kinds


def test_pit_follow_prints_every_event_of_both_tables_once(floor):
    done = cli(
        "pit",
        "follow",
        "--connect",
        floor.publish,
        "--replay",
        floor.control,
        "--from",
        "1",
        "--idle-exit",
        "2",
        timeout=DEADLINE_S,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert not [line for line in lines if "ALERT" in line]
    for table_id, table in floor.tables.items():
        seqs = [int(line.split()[1].lstrip("#")) for line in lines if line.split()[0] == table_id]
        assert (
            seqs
            == list(range(1, stored(floor.store, table_id) + 1))
            == list(range(1, journaled(table.cfg.db) + 1))
        )
    assert len(lines) == stored(floor.store)


def test_pit_table_prints_the_wheel_pocket_by_pocket(floor):
    done = cli("pit", "table", "RL-01", "--connect", floor.control, timeout=DEADLINE_S)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    spun = Counter(
        event["data"]["outcome"]["number"]
        for _, _, event in journal_rows(floor.tables["RL-01"].cfg.db)
        if event["kind"] == "round.result"
    )
    assert lines[0].startswith("RL-01 roulette_fr: link ") and "session closed" in lines[0]
    assert (
        f"  wheel bias: not enough results yet ({sum(spun.values())} of the 185 the test needs)"
        in lines
    )
    header = next(
        i for i, line in enumerate(lines) if line.split() == ["pocket", "seen", "expected", "z"]
    )
    pockets = {
        int(label): int(seen) for label, seen, *_ in (line.split() for line in lines[header + 1 :])
    }
    assert pockets == {number: spun[number] for number in range(37)}
    assert len(lines) == header + 38


def test_the_board_shows_the_tables_of_the_running_collector(floor, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    heads = {table_id: journaled(table.cfg.db) for table_id, table in floor.tables.items()}

    class Recorded(PitClient):
        """The real client, keeping the floor snapshots it was answered."""

        def __init__(self, endpoint):
            super().__init__(endpoint)
            self.snapshots = []

        def floor(self):
            self.snapshots.append(super().floor())
            return self.snapshots[-1]

    client = Recorded(floor.control)
    try:
        assert run_board(client, "Marta", frames=5) == 0
        assert (
            client.snapshots
            and {t["table"]: t["last_seq"] for t in client.snapshots[-1]["tables"]} == heads
        )
        board = Board(client, "Marta", pygame.Surface((1920, 1080)))
        board.refresh()
        board.draw()
        assert board.connection_lost is None
        assert {t["table"]: t["last_seq"] for t in board.snapshot["tables"]} == heads
        assert [t["table"] for t in board.visible_tables()] == list(TABLES)
        board.open_table("RL-01")
        assert board.detail["bias"]["spins"] == sum(
            e["kind"] == "round.result" for _, _, e in journal_rows(floor.tables["RL-01"].cfg.db)
        )
    finally:
        client.close()


def test_journal_audit_finds_each_journal_as_stored_and_a_forgery_that_journal_verify_passes(
    floor, tmp_path
):
    for table in floor.tables.values():
        done = cli(
            "journal",
            "audit",
            "--db",
            str(table.cfg.db),
            "--pit",
            floor.control,
            timeout=DEADLINE_S,
        )
        assert done.returncode == 0, done.stdout + done.stderr
        assert done.stdout.splitlines()[-1].startswith("identical: "), done.stdout
    copy = tmp_path / "RL-01.sqlite"
    copy_journal(floor.tables["RL-01"].cfg.db, copy)

    def skim(
        event,
    ):  # the advance journaled 100.00 short of the chips counted out, the chain sealed again
        event["data"]["amount"] -= 10000

    forged = forge(copy, lambda e: e["kind"] == "float.advance", skim)
    verify = cli("journal", "verify", "--db", str(copy), timeout=DEADLINE_S)
    assert verify.returncode == 0 and "journal intact" in verify.stdout, (
        verify.stdout + verify.stderr
    )
    done = cli("journal", "audit", "--db", str(copy), "--pit", floor.control, timeout=DEADLINE_S)
    assert done.returncode == 1, done.stdout + done.stderr
    amount = forged["data"]["amount"]
    assert (
        f"differs seq {forged['seq']}: data.amount is {amount} in the journal, "
        f"{amount + 10000} at the pit" in done.stdout.splitlines()
    )


def test_the_restarted_collector_stored_only_what_it_missed_and_stops_on_sigterm(floor):
    name, process, log = floor.collector
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=DEADLINE_S) == 0, log.read_text()[-3000:]
    total = sum(journaled(t.cfg.db) for t in floor.tables.values())
    out = log.read_text()
    assert f"pit: stopped; {total - sum(floor.killed_at.values())} events stored this run" in out, (
        out[-3000:]
    )
    assert "Traceback" not in out


@pytest.mark.parametrize(
    "floor_text, key",
    [
        ('[[table]]\nid = "RL-01"\nfeed = "tcp://127.0.0.1:5556"\n', "replay"),
        (
            '[alerts]\nsilent_after = 0.5\n[[table]]\nid = "RL-01"\nfeed = "tcp://127.0.0.1:5556"\n'
            'replay = "tcp://127.0.0.1:5557"\n',
            "silent_after",
        ),
    ],
)
def test_pit_collect_with_a_floor_file_error_exits_78_naming_the_key(tmp_path, floor_text, key):
    path = tmp_path / "floor.toml"
    path.write_text(floor_text, encoding="utf-8")
    done = cli(
        "pit",
        "collect",
        "--tables",
        str(path),
        "--db",
        f"sqlite:///{tmp_path / 'pit.db'}",
        timeout=DEADLINE_S,
    )
    assert done.returncode == EXIT_CONFIG, done.stderr
    assert (
        str(path) in done.stderr
        and f"] {key} must be" in done.stderr
        and "Traceback" not in done.stderr
    )


def test_pit_collect_with_an_unreachable_store_exits_1_without_the_password(tmp_path):
    path = tmp_path / "floor.toml"
    path.write_text(
        '[[table]]\nid = "RL-01"\nfeed = "tcp://127.0.0.1:5556"\nreplay = "tcp://127.0.0.1:5557"\n',
        encoding="utf-8",
    )
    done = cli(
        "pit",
        "collect",
        "--tables",
        str(path),
        "--db",
        "postgresql://pit:pw@127.0.0.1:1/x",
        timeout=DEADLINE_S,
    )
    assert done.returncode == 1, done.stderr
    assert "cannot open the pit store" in done.stderr and "127.0.0.1" in done.stderr
    assert "pw@" not in done.stderr and ":pw" not in done.stderr and "Traceback" not in done.stderr
