"""A table terminal in a child process (`dealer-terminal run`), its feed heard from the test:
for the tests and drills that kill it (SIGKILL, SIGTERM) and run it again on the same journal."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import zmq

from games.registry import game as game_of
from terminal.config import TableConfig, load_table_config
from tests.support.helpers import REPO, write_config

START_S = 60.0  # the most a table may take to say something once started, on a loaded machine
# Fast simulated devices, yet slow enough that a kill often lands inside a round.
FAST_DEVICES = {
    "wheel": "sim://wheel?spin=0.01",
    "dice": "sim://dice?throw=0.01",
    "shoe": "sim://shoe?deal=0.002",
}


def fast_table(directory: Path, game: str) -> tuple[Path, TableConfig]:
    """The example table of `game` in `directory` with its device fast (FAST_DEVICES)."""
    kind = game_of(game).device
    path = write_config(directory, game=game, **{kind: FAST_DEVICES[kind]})
    return path, load_table_config(path)


class TableProcess:
    """`dealer-terminal run --config PATH --sim --seed SEED *extra`, started at once, with a
    SUB socket on its feed (connected before the start, so nothing published is missed but
    what the slow-joiner loses; the journal has it all). `received` maps seq -> hash of every
    event heard."""

    def __init__(self, config: Path, publish: str, seed: int, *extra: str):
        self._sub = zmq.Context.instance().socket(zmq.SUB)
        self._sub.setsockopt(zmq.SUBSCRIBE, b"")
        self._sub.connect(publish)
        self.received: dict[int, str] = {}
        self.events: list[dict] = []
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "terminal.cli",
                "run",
                "--config",
                str(config),
                "--sim",
                "--seed",
                str(seed),
                *extra,
            ],
            cwd=REPO,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )

    def hear_until(self, done: Callable[[dict], bool], timeout: float = START_S) -> dict | None:
        """Events as they come until `done(event)` (that event returned) or the process ends or
        `timeout` passes (None)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and self.process.poll() is None:
            if self._sub.poll(100):
                event = self._take()
                if event is not None and done(event):
                    return event
        return None

    def _take(self) -> dict | None:
        _, body = self._sub.recv_multipart()
        event = json.loads(body)
        if event["kind"] == "heartbeat":
            return None
        self.received[event["seq"]] = event["hash"]
        self.events.append(event)
        return event

    def stderr(self) -> str:
        return (
            self.process.stderr.read().decode()
            if self.process.poll() is not None
            else "(still running)"
        )

    def kill(self) -> None:
        """SIGKILL: no handler, no flush, no goodbye; then what was already on its way is heard."""
        self.process.kill()
        self._end()

    def terminate(self) -> int:
        """SIGTERM: the table stops (the round in progress void); the exit code."""
        self.process.send_signal(signal.SIGTERM)
        return self._end()

    def interrupt(self) -> int:
        """Ctrl-C: the table plays its closing and closes the session; the exit code."""
        self.process.send_signal(signal.SIGINT)
        return self._end()

    def _end(self) -> int:
        code = self.process.wait(timeout=60)
        while self._sub.poll(200):
            self._take()
        self._sub.close(linger=0)
        return code
