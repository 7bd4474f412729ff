"""The pit board against real ZeroMQ endpoints on loopback: a craps table's void throw and a
fault of its dice reader through a real collector to the board's tiles; and the board as its own
process (`dealer-terminal pit board`), stopped by SIGINT and SIGTERM."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from terminal.config import load_table_config
from terminal.contract.events import canonical
from terminal.feed.router import Refused, RouterServer
from terminal.pit.board.app import INTERRUPTED, Board
from terminal.pit.board.paint import TILE_COLOURS
from terminal.pit.floorfile import AlertSettings
from terminal.pit.view import TableView
from terminal.runtime.journal.store import Journal
from tests.support.helpers import REPO, cli, journal_events, write_config
from tests.support.pit_helpers import floor_file, wait_for

DEADLINE_S = 60.0  # a process starting, or stopping, on a loaded machine: a guard, not a measure
LIMITS = {"min": 500, "chip_unit": 100, "max": {"pass": 50000}}
VOID_THROW = {
    "device": "dice",
    "code": "off_table",
    "severity": "warning",
    "detail": "a die left the table: void throw (entered by C-07)",
}
STUCK = {
    "device": "dice",
    "code": "sensor_stuck",
    "severity": "error",
    "detail": "the reader's sensor reports the same value for 30 s",
}


def craps_table(tables, name: str):
    """A table of the test process whose journal is a craps table's (the helper's is roulette's)."""
    table = tables(name)
    table.journal.engine.dispose()
    table.journal = Journal(table.journal.path, table=name, game="craps")
    return table


def void_throw(journal: Journal, round_no: int) -> list[dict]:
    """A roll voided as the table journals it (terminal/runtime/rounds/roll.py): the reader's
    (or the stickman's) void throw is a `fault` of the dice, then the `round.void` with its cause,
    then the fault's end."""
    return [
        journal.build("round.open", {"shooter": 1}, round=round_no),
        journal.build("round.closed", {}, round=round_no),
        journal.build("fault", VOID_THROW, round=round_no),
        journal.build(
            "round.void",
            {"reason": VOID_THROW["detail"], "returned": [], "kept": [], "cause": "off_table"},
            round=round_no,
        ),
        journal.build(
            "fault.cleared", {**VOID_THROW, "detail": "the dice reports it over"}, round=round_no
        ),
    ]


def border(board: Board, table_id: str):
    rect = next(t.rect for t in board.targets() if t.name == "tile" and t.key == table_id)
    return tuple(board.surface.get_at((rect.centerx, rect.y + 1)))[:3]


def test_a_void_throw_at_craps_leaves_its_tile_as_it_was_a_fault_of_the_reader_turns_it_red(
    tables, pits, tmp_path, db
):
    table = craps_table(tables, "CR-01")
    pit = pits(floor_file(tmp_path, [table], alerts="silent_after = 3600"), db)
    journal = table.journal
    writer = table.start_writer()
    opening = journal.build(
        "table.open",
        {"croupier": "C-07", "game": "craps", "limits": LIMITS, "profile": "valencia-1994"},
    )
    writer.submit([opening, *void_throw(journal, 1), *void_throw(journal, 2)])
    wait_for(lambda: pit.head("CR-01") == 11, "the two void throws stored", timeout=DEADLINE_S)

    board = Board(pit.client, "Marta", pygame.Surface((1920, 1080)))
    board.refresh()
    board.draw()
    assert [a["kind"] for a in pit.alerts(table="CR-01")] == []
    [entry] = board.tables
    assert entry["faults"] == [] and entry["round"]["number"] == 2
    assert border(board, "CR-01") == TILE_COLOURS["normal"][0]

    writer.submit([journal.build("fault", STUCK, round=2)])
    wait_for(lambda: pit.alerts(kind="fault", table="CR-01"), "the reader's fault alerted")
    board.refresh()
    board.draw()
    [alert] = board.alerts.open
    assert alert["kind"] == "fault" and "sensor_stuck" in alert["detail"]
    assert border(board, "CR-01") == TILE_COLOURS["alarm"][0]


def test_the_same_codes_at_a_wheel_game_or_from_another_device_still_alert():
    """Routine voids are the game's own (Game.routine_voids): craps' void throws, not a
    roulette wheel's void spins (which its rules do not make routine), nor a code of another
    device."""
    view = TableView("RL-01", AlertSettings())
    spin = {"device": "wheel", "code": "ball_out", "severity": "warning", "detail": "ball out"}
    event = {"seq": 1, "kind": "fault", "game": "roulette_fr", "round": 3, "data": spin}
    assert [r.kind for r in view.apply(event)] == ["fault"]

    craps = TableView("CR-01", AlertSettings())
    throw = {"seq": 1, "kind": "fault", "game": "craps", "round": 3, "data": VOID_THROW}
    assert craps.apply(throw) == [] and craps.entry(0)["faults"] == []
    tilt = {**VOID_THROW, "device": "gpio"}
    assert [r.kind for r in craps.apply({**throw, "seq": 2, "data": tilt})] == ["fault"]


def test_a_simulated_craps_session_with_void_throws_raises_no_alert(tmp_path):
    """A real table's journal: its reader voids about a third of the throws."""
    config = write_config(tmp_path, game="craps", dice="sim://dice?throw=0&void=0.3")
    done = cli("run", "--config", str(config), "--sim", "--rounds", "20", "--seed", "3")
    assert done.returncode == 0, done.stderr
    events = journal_events(load_table_config(config))
    voids = [e for e in events if e["kind"] == "round.void" and e["data"].get("cause")]
    assert len(voids) >= 3  # the seed gives void throws of several causes
    view = TableView("CR-T1", AlertSettings())
    raised = [alert for event in events for alert in view.apply(event)]
    assert raised == [] and view.entry(0)["faults"] == []


# -- the board as a process


class FakeControl(RouterServer):
    """A collector's control endpoint answering `floor` with one snapshot, counting the
    requests (the board asks one a second once it is up)."""

    def __init__(self, floor: dict):
        super().__init__("tcp://127.0.0.1:*", "fake pit control")
        self.floor, self.floors = floor, 0

    def replies(self, request: dict):
        if request.get("op") != "floor":
            raise Refused(f"this fake answers floor only, not {request.get('op')!r}")
        self.floors += 1
        yield canonical({"op": "floor", "floor": self.floor})


FLOOR = {
    "ts": "2026-11-30T03:40:00.000Z",
    "tables": [
        {
            "table": "CR-01",
            "game": "craps",
            "link": "live",
            "silent_for": 0.4,
            "session": "open",
            "round": {"number": 2, "status": "open", "last_rounds_left": None},
            "recent": ["3-4"],
            "faults": [],
            "float": None,
            "open_alerts": 0,
        }
    ],
    "alerts": [],
    "acknowledged": [],
}


@pytest.mark.parametrize(
    "signum, status",
    [(signal.SIGINT, INTERRUPTED), (signal.SIGTERM, 0)],
    ids=["SIGINT", "SIGTERM"],
)
def test_the_board_process_stops_at_once_on_a_signal_without_a_traceback(
    tmp_path: Path, signum: int, status: int
):
    control = FakeControl(FLOOR)
    control.start()
    out, err = tmp_path / "out.log", tmp_path / "err.log"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    command = [sys.executable, "-m", "terminal.cli", "pit", "board"]
    command += ["--connect", control.endpoint, "--user", "Marta", "--size", "800x480"]
    try:
        with open(out, "w") as stdout, open(err, "w") as stderr:
            board = subprocess.Popen(command, cwd=REPO, env=env, stdout=stdout, stderr=stderr)
        try:
            # up: it asked the collector for the floor (its signal handlers are in place by then)
            deadline = time.monotonic() + DEADLINE_S
            while control.floors < 1:
                assert board.poll() is None, (
                    f"the board exited {board.returncode}: {err.read_text()}"
                )
                assert time.monotonic() < deadline, "the board never asked for the floor"
                time.sleep(0.05)
            board.send_signal(signum)
            board.wait(timeout=DEADLINE_S)
        finally:
            if board.poll() is None:
                board.kill()
                board.wait()
    finally:
        control.stop()
    said = out.read_text() + err.read_text()
    assert board.returncode == status, said
    assert "Traceback" not in said and "KeyboardInterrupt" not in said
