"""Helpers shared by the tests (tests.support.helpers)."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import tomli_w

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


def read_toml(path: Path) -> dict[str, Any]:
    """The TOML file at `path`, as data."""
    return tomllib.loads(path.read_text(encoding="utf-8"))


def write_toml(path: Path, data: dict[str, Any]) -> Path:
    """Write `data` as the TOML file at `path` (its comments are not kept); the path."""
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    return path


def edit_toml(path: Path, change: Callable[[dict[str, Any]], object]) -> Path:
    """The TOML file at `path` edited as data: read, `change(data)` (in place), written back."""
    data = read_toml(path)
    change(data)
    return write_toml(path, data)


def merge_sections(data: dict[str, Any], extra: dict[str, Any]) -> dict[str, Any]:
    """`extra` merged into `data` section by section: a section of both is updated with the
    keys of extra's, a new one added; a key outside any section is set. `data`, changed."""
    for name, value in extra.items():
        if isinstance(value, dict) and isinstance(data.get(name), dict):
            data[name].update(value)
        else:
            data[name] = value
    return data


def write_config(
    directory: Path,
    *,
    wheel: str = "sim://wheel?spin=0",
    table_id: str = "RL-T1",
    extra: str = "",
    game: str = "roulette_fr",
    dice: str = "sim://dice?throw=0",
    shoe: str = "sim://shoe?deal=0",
) -> Path:
    """The example table of `game` with a fast simulated device (wheel, dice, shoe: the one the
    game has), ipc endpoints and a journal in `directory`; `extra`, TOML text, merged into it
    section by section (merge_sections)."""
    sockets = tempfile.mkdtemp(prefix="dt-")  # ipc paths must stay short (about 100 bytes)
    table = read_toml(TABLES / f"{game}.toml")
    table["table"]["id"] = table_id
    devices = table["devices"]
    for kind, url in (("wheel", wheel), ("dice", dice), ("shoe", shoe)):
        if kind in devices:
            devices[kind] = url
    table["feed"].update(publish=f"ipc://{sockets}/feed", replay=f"ipc://{sockets}/replay")
    table["journal"]["db"] = f"{directory}/journal.sqlite"
    merge_sections(table, tomllib.loads(extra))
    return write_toml(directory / "table.toml", table)


def floor_entry(**fields: object) -> str:
    """A floor file's [[table]] entry of `fields`, as TOML text (a test may append keys to it)."""
    return "[[table]]\n" + tomli_w.dumps(fields)


def cli(*args: str, timeout: float = 120, **kwargs) -> subprocess.CompletedProcess:
    """Run the real `dealer-terminal` command line in a child process."""
    return subprocess.run(
        [sys.executable, "-m", "terminal.cli", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=REPO,
        **kwargs,
    )


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
        events = [
            json.loads(body) for (body,) in conn.execute("SELECT body FROM events ORDER BY seq")
        ]
        target = next(e for e in events if choose(e))
        change(target)
        prev = target["prev"]
        for event in events[target["seq"] - 1 :]:
            event["prev"] = prev
            event.pop("hash")
            event["hash"] = prev = seal(event)["hash"]
            conn.execute(
                "UPDATE events SET body = ?, hash = ? WHERE seq = ?",
                (
                    json.dumps(event, sort_keys=True, separators=(",", ":"), ensure_ascii=False),
                    event["hash"],
                    event["seq"],
                ),
            )
    return target


def stack_after_each_new_shoe(shoe, *cards: str) -> None:
    """The simulated shoe, once loaded, gives these cards first."""
    load = shoe.new_shoe

    def new_shoe(decks, cut_after, deck="french"):
        load(decks, cut_after, deck)
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


def run_beside(table, croupier: Callable[[Any], object]) -> int:
    """Run `table` on this thread while `croupier(table)` enters from another, as the screen's
    UI thread does; the table is stopped once the croupier's side is over, and a failure
    there is raised here. The rounds settled."""
    failed: list[BaseException] = []

    def enter() -> None:
        try:
            croupier(table)
        except BaseException as exc:
            failed.append(exc)
        finally:
            table.control.request_stop()

    thread = threading.Thread(target=enter)
    thread.start()
    settled = table.run()
    thread.join()
    if failed:
        raise failed[0]
    return settled


def committed(table, condition: Callable[[], object], what: str):
    """Wait until the table's journal, flushed (what a screen sees), satisfies `condition`."""
    return wait_for(lambda: table.writer.flush() or condition(), what, 30)


def by_kind(events, kind: str) -> list[dict]:
    """The data of the events of `kind`, in journal order."""
    return [e["data"] for e in events if e["kind"] == kind]
