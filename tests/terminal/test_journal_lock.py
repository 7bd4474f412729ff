"""One writer per journal: a second terminal on a journal in use is refused at once, naming the
process that holds it, and the first goes on untouched; a killed holder leaves no stale lock."""

from __future__ import annotations

import pytest

from terminal.config import load_table_config
from terminal.runtime.audit import audit
from terminal.runtime.journal import JournalError
from terminal.runtime.journal_lock import JournalLock
from tests.support.helpers import cli, journal_events, write_config
from tests.support.table_process import TableProcess


def test_a_second_terminal_on_a_journal_in_use_is_refused_and_the_first_goes_on(tmp_path):
    path = write_config(tmp_path, wheel="sim://wheel?spin=0.2")
    cfg = load_table_config(path)
    first = TableProcess(path, cfg.publish, 1)
    assert first.hear_until(lambda e: e["kind"] == "round.open") is not None, first.stderr()

    second = cli(
        "run",
        "--config",
        str(path),
        "--sim",
        "--publish",
        "tcp://127.0.0.1:*",
        "--replay",
        "tcp://127.0.0.1:*",
        timeout=60,
    )
    assert second.returncode == 1
    assert f"journal {cfg.db} is in use by process {first.process.pid}" in second.stderr
    assert "Traceback" not in second.stderr

    heard = len(first.events)
    assert (
        first.hear_until(lambda e: e["kind"] == "round.result" and len(first.events) > heard)
        is not None
    )
    assert first.terminate() == 0
    events = journal_events(cfg)
    assert not [
        e for e in events if e["kind"] == "round.void" and "restarted" in e["data"]["reason"]
    ]
    assert [e["kind"] for e in events].count("table.open") == 1
    assert audit(cfg.db).ok


def test_a_killed_terminal_leaves_no_stale_lock(tmp_path):
    path = write_config(tmp_path, wheel="sim://wheel?spin=0.05")
    cfg = load_table_config(path)
    table = TableProcess(path, cfg.publish, 1)
    assert table.hear_until(lambda e: e["kind"] == "round.open") is not None, table.stderr()
    table.kill()
    lock = JournalLock(cfg.db)  # the kernel let it go with the process
    try:
        with pytest.raises(JournalError, match=r"is in use by process \d+ "):
            JournalLock(cfg.db)
    finally:
        lock.release()
    again = cli("run", "--config", str(path), "--sim", "--rounds", "1", "--seed", "2")
    assert again.returncode == 0, again.stderr
