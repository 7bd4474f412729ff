"""Helpers shared by the tests (importable as `helpers`: tests/ is on pytest's pythonpath)."""

from __future__ import annotations

import json
import re
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable, Iterator

REPO = Path(__file__).resolve().parents[2]
TABLES = REPO / "config" / "tables"


def made_then_closed(build: Callable, close: Callable | None = None) -> Iterator[Callable]:
    """The body of a fixture that makes things for a test (`yield from` it): the test gets
    `build`, and whatever it built is closed after the test, in order (`close(thing)`,
    by default `thing.close()`)."""
    made = []

    def make(*args, **kwargs):
        made.append(build(*args, **kwargs))
        return made[-1]

    yield make
    for thing in made:
        if close is None:
            thing.close()
        else:
            close(thing)


def write_config(directory: Path, *, wheel: str = "sim://wheel?spin=0", table_id: str = "RL-T1",
                 extra: str = "", game: str = "roulette_fr", dice: str = "sim://dice?throw=0",
                 shoe: str = "sim://shoe?deal=0") -> Path:
    """The example table of `game` with a fast simulated device (wheel, dice, shoe), ipc
    endpoints and a journal in `directory`."""
    sockets = tempfile.mkdtemp(prefix="dt-")  # ipc paths must stay short (about 100 bytes)
    text = (TABLES / f"{game}.toml").read_text(encoding="utf-8")
    text = re.sub(r'^id = "[^"]*"', f'id = "{table_id}"', text, count=1, flags=re.M)
    text = re.sub(r'^wheel = "[^"]*"', f'wheel = "{wheel}"', text, count=1, flags=re.M)
    text = re.sub(r'^dice = "[^"]*"', f'dice = "{dice}"', text, count=1, flags=re.M)
    text = re.sub(r'^shoe = "[^"]*"', f'shoe = "{shoe}"', text, count=1, flags=re.M)
    text = re.sub(r'^publish = "[^"]*"', f'publish = "ipc://{sockets}/feed"', text, count=1, flags=re.M)
    text = re.sub(r'^replay = "[^"]*"', f'replay = "ipc://{sockets}/replay"', text, count=1, flags=re.M)
    text = re.sub(r'^db = "[^"]*"', f'db = "{directory}/journal.sqlite"', text, count=1, flags=re.M)
    path = directory / "table.toml"
    path.write_text(text + extra, encoding="utf-8")
    return path


def cli(*args: str, timeout: float = 120, **kwargs) -> subprocess.CompletedProcess:
    """Run the real `dealer-terminal` command line in a child process."""
    return subprocess.run([sys.executable, "-m", "terminal.cli", *args], capture_output=True, text=True,
                          timeout=timeout, cwd=REPO, **kwargs)


def journal_events(cfg) -> list[dict]:
    """Every committed event of a table's journal, read as an auditor reads it (read-only)."""
    from terminal.common.storage import open_reader, read_rows

    reader = open_reader(cfg.db)
    try:
        return [json.loads(row.body) for row in read_rows(reader)]
    finally:
        reader.dispose()


def forge(db: Path, choose, change) -> dict:
    """Edit the first event `choose(event)` picks with `change(event)` and re-seal the chain
    from it on, as a forger with the code would: the chain verifies, only the content is
    wrong. Returns the forged event."""
    from terminal.contract.events import seal

    with sqlite3.connect(db) as conn:
        events = [json.loads(body) for (body,) in conn.execute("SELECT body FROM events ORDER BY seq")]
        target = next(e for e in events if choose(e))
        change(target)
        prev = target["prev"]
        for event in events[target["seq"] - 1:]:
            event["prev"] = prev
            event.pop("hash")
            event["hash"] = prev = seal(event)["hash"]
            conn.execute("UPDATE events SET body = ?, hash = ? WHERE seq = ?",
                         (json.dumps(event, sort_keys=True, separators=(",", ":"), ensure_ascii=False),
                          event["hash"], event["seq"]))
    return target


def stack_after_each_new_shoe(shoe, *cards: str) -> None:
    """The simulated shoe, once loaded, gives these cards first."""
    load = shoe.new_shoe

    def new_shoe(decks, cut_after):
        load(decks, cut_after)
        shoe.stack(*cards)
    shoe.new_shoe = new_shoe


WAIT_S = 10.0  # a guard against a hang, not a measure


def wait_for(condition: Callable[[], object], what: str, timeout: float = WAIT_S):
    """Poll `condition` until it is true; its value. Fails naming `what` after `timeout`."""
    end = time.monotonic() + timeout
    while not (value := condition()):
        assert time.monotonic() < end, f"{what}: not within {timeout:g} s"
        time.sleep(0.005)
    return value


def quiet(**kw):
    """The run options of a table under test: its console and log kept out of the output."""
    import io

    from terminal.assemble import RunOptions

    return RunOptions(out=io.StringIO(), log=io.StringIO(), **kw)
