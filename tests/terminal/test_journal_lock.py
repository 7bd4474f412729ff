"""One writer per journal: a second terminal on a journal in use is refused at once, naming the
process that holds it, whatever name reaches the file (the path itself, a symlink, a hard link,
a bind mount), and the first goes on untouched; a killed holder leaves no stale lock."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from terminal.config import load_table_config
from terminal.runtime.journal.audit import audit
from terminal.runtime.journal.lock import JournalInUse, JournalLock
from terminal.runtime.journal.store import JournalError
from tests.support.helpers import REPO, cli, journal_events, write_config
from tests.support.table_process import TableProcess


def the_same_path(journal: Path, folder: Path) -> Path:
    return journal


def a_symlink(journal: Path, folder: Path) -> Path:
    (folder / journal.name).symlink_to(os.path.relpath(journal, folder))
    return folder / journal.name


def a_hard_link(journal: Path, folder: Path) -> Path:
    (folder / journal.name).hardlink_to(journal)
    return folder / journal.name


def a_bind_mount(journal: Path, folder: Path) -> Path:
    """The name the journal has for a process that mounted its folder on `folder`."""
    return folder / journal.name


def bind_mount_allowed() -> bool:
    probe = subprocess.run(
        ["unshare", "--mount", "mount", "--bind", "/", "/mnt"], capture_output=True, check=False
    )
    return probe.returncode == 0


def run_second(db: Path, config: Path, bind: tuple[Path, Path] | None):
    """`run --db db`; with `bind` (folder, on), through a bind mount of `folder` on `on`, in a
    mount namespace of its own."""
    args = ["run", "--config", str(config), "--sim", "--db", str(db)]
    args += ["--publish", "tcp://127.0.0.1:*", "--replay", "tcp://127.0.0.1:*"]
    if bind is None:
        return cli(*args, timeout=60)
    command = 'mount --bind "$0" "$1" && shift && exec "$@"'
    return subprocess.run(
        ["unshare", "--mount", "sh", "-c", command, *map(str, bind)]
        + [sys.executable, "-m", "terminal.cli", *args],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=REPO,
        check=False,
    )


@pytest.mark.parametrize(
    "reach",
    [
        pytest.param(the_same_path, id="the same path"),
        pytest.param(a_symlink, id="a symlink"),
        pytest.param(a_hard_link, id="a hard link"),
        pytest.param(
            a_bind_mount,
            id="a bind mount",
            marks=pytest.mark.skipif(
                not bind_mount_allowed(), reason="needs a mount namespace (root)"
            ),
        ),
    ],
)
def test_a_second_terminal_on_a_journal_in_use_is_refused_and_the_first_goes_on(tmp_path, reach):
    (tmp_path / "a").mkdir()
    other = tmp_path / "b"
    other.mkdir()
    path = write_config(tmp_path / "a", wheel="sim://wheel?spin=0.2")
    cfg = load_table_config(path)
    first = TableProcess(path, cfg.publish, 1)
    assert first.hear_until(lambda e: e["kind"] == "round.open") is not None, first.stderr()

    second_db = reach(cfg.db, other)
    second = run_second(second_db, path, (cfg.db.parent, other) if reach is a_bind_mount else None)
    assert second.returncode == 1, second.stderr
    assert f"journal {second_db} is in use by process {first.process.pid} (" in second.stderr
    assert "Traceback" not in second.stderr
    linked = [cfg.db.name] if reach in (a_symlink, a_hard_link) else []
    assert [p.name for p in other.iterdir()] == linked  # SQLite never opened it there

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


HOLD = """
import sys
from terminal.runtime.journal.lock import JournalLock
lock = JournalLock(sys.argv[1])
print("held", flush=True)
sys.stdin.read()
lock.release()
"""


def test_the_lock_is_the_files_in_another_process_whatever_its_name(tmp_path):
    journal = tmp_path / "a" / "journal.sqlite"
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(journal)],
        cwd=REPO,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout.readline() == "held\n"
        assert journal.stat().st_size == 0  # created, as SQLite would, for its inode to lock
        (tmp_path / "b").mkdir()
        (tmp_path / "c").mkdir()
        for name in (a_symlink(journal, tmp_path / "b"), a_hard_link(journal, tmp_path / "c")):
            with pytest.raises(JournalInUse) as refused:
                JournalLock(name)
            assert refused.value.holder.startswith(f"process {holder.pid} ({sys.executable} -c")
    finally:
        holder.communicate("")
    assert holder.returncode == 0
    JournalLock(tmp_path / "c" / journal.name).release()  # let go, it is anyone's


def test_a_killed_terminal_leaves_no_stale_lock(tmp_path):
    path = write_config(tmp_path, wheel="sim://wheel?spin=0.05")
    cfg = load_table_config(path)
    table = TableProcess(path, cfg.publish, 1)
    assert table.hear_until(lambda e: e["kind"] == "round.open") is not None, table.stderr()
    table.kill()
    lock = JournalLock(cfg.db)  # the kernel let it go with the process
    try:
        with pytest.raises(JournalError, match=rf"is in use by process {os.getpid()} "):
            JournalLock(cfg.db)
    finally:
        lock.release()
    again = cli("run", "--config", str(path), "--sim", "--rounds", "1", "--seed", "2")
    assert again.returncode == 0, again.stderr
