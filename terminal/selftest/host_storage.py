"""The host checks of the journal's storage: its folder writable, SQLite's commits there (WAL
mode, synchronous FULL) fast enough for a table, and the free disk of its filesystem.
"""

from __future__ import annotations

import os
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

from drivers.selftest import SelfTestCheck
from terminal.selftest.host_probes import GB, MB, MOUNTS, Probes

COMMITS = 9  # commits timed (after a first one, not timed) for the median


def check_folder(folder: Path, probes: Probes) -> SelfTestCheck:
    """The journal's folder exists and a file written there reaches the disk."""
    name = "journal_folder"
    where = _filesystem(folder, probes)
    if not folder.is_dir():
        return SelfTestCheck(
            name,
            False,
            f"{folder} is not a folder: make it on the data partition (mkdir -p {folder}), "
            "owned by the table's user",
        )
    try:
        fd, path = tempfile.mkstemp(prefix=".selftest-", dir=folder)
        try:
            os.write(fd, b"selftest\n")
            os.fsync(fd)
        finally:
            os.close(fd)
            os.unlink(path)
    except OSError as exc:
        return SelfTestCheck(
            name,
            False,
            f"cannot write in {folder}{where}: {exc.strerror}; the journal needs a writable "
            "data partition (a read-only root makes / read-only): put [journal] db there, "
            "writable by the table's user",
        )
    return SelfTestCheck(name, True, f"{folder} is writable{where}")


def check_commits(folder: Path, probes: Probes) -> SelfTestCheck:
    """SQLite in WAL mode with synchronous FULL on a scratch file in `folder`, as the journal
    runs: the median time of COMMITS small commits, each synced to the card."""
    name = "journal_commit"
    try:
        fd, scratch = tempfile.mkstemp(prefix=".selftest-", suffix=".sqlite", dir=folder)
        os.close(fd)
    except OSError as exc:
        return SelfTestCheck(name, False, f"cannot make a scratch file in {folder}: {exc.strerror}")
    try:
        times = _time_commits(Path(scratch))
    except (sqlite3.Error, _NoWal) as exc:
        return SelfTestCheck(name, False, str(exc))
    finally:
        for suffix in ("", "-wal", "-shm"):
            Path(scratch + suffix).unlink(missing_ok=True)
    median, slowest = statistics.median(times), max(times)
    figures = (
        f"a commit in WAL mode with synchronous FULL takes {median:.1f} ms "
        f"(median of {len(times)}, slowest {slowest:.1f} ms) in {folder}"
    )
    if median > probes.commit_limit_ms:
        return SelfTestCheck(
            name,
            False,
            f"{figures}: over {probes.commit_limit_ms:g} ms, too slow for the table's journal; "
            "replace the card (A1/A2 class) or put the journal on a USB SSD",
        )
    if median > probes.commit_warning_ms:
        return SelfTestCheck(
            name,
            True,
            f"warning: {figures}: over {probes.commit_warning_ms:g} ms, a slow card; "
            "the journal keeps up, but a faster card (A1/A2) or a USB SSD is better",
        )
    return SelfTestCheck(name, True, figures)


class _NoWal(Exception):
    pass


def _time_commits(path: Path) -> list[float]:
    conn = sqlite3.connect(path, isolation_level=None)  # autocommit: each INSERT commits
    try:
        mode = conn.execute("PRAGMA journal_mode=WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            raise _NoWal(
                f"SQLite cannot use WAL mode in {path.parent} (it stays in {mode!r} mode): the "
                "filesystem lacks the locking or shared memory WAL needs (a network share?); "
                "put the journal on a local partition"
            )
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("CREATE TABLE t (n INTEGER)")
        conn.execute("INSERT INTO t VALUES (0)")  # the first commit makes the -wal file
        times = []
        for n in range(1, COMMITS + 1):
            start = time.perf_counter()
            conn.execute("INSERT INTO t VALUES (?)", (n,))
            times.append((time.perf_counter() - start) * 1000)
        return times
    finally:
        conn.close()


def not_measured(folder: Path) -> SelfTestCheck:
    return SelfTestCheck(
        "journal_commit", False, f"not measured: nothing can be written in {folder}"
    )


def _filesystem(folder: Path, probes: Probes) -> str:
    """` (ext4 on /dev/mmcblk0p2, mounted at /)`: the mount holding `folder`, from MOUNTS;
    empty when it cannot be told."""
    try:
        lines = (probes.root / MOUNTS).read_text().splitlines()
    except OSError:
        return ""
    target = _existing(folder).resolve()
    best: tuple[int, str] = (-1, "")
    for line in lines:
        parts = line.split()
        if len(parts) < 4:
            continue
        source, mount, kind, options = parts[:4]
        mount = mount.replace("\\040", " ")
        mounted = Path(mount)
        if (target == mounted or mounted in target.parents) and len(mount) > best[0]:
            read_only = ", read-only" if "ro" in options.split(",") else ""
            best = (len(mount), f" ({kind} on {source}, mounted at {mount}{read_only})")
    return best[1]


def _existing(folder: Path) -> Path:
    """`folder`, or its nearest ancestor that exists."""
    folder = folder.absolute()
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    return folder


# -- free disk


def check_disk(folder: Path, probes: Probes) -> SelfTestCheck:
    name = "disk"
    where = _existing(folder)
    try:
        stats = os.statvfs(where)
    except OSError as exc:
        return SelfTestCheck(name, False, f"cannot read the free space of {where}: {exc.strerror}")
    free, total = stats.f_bavail * stats.f_frsize, stats.f_blocks * stats.f_frsize
    figures = (
        f"{_size(free)} free of {_size(total)} ({free / total:.0%}) on the journal's "
        f"filesystem ({where})"
        if total
        else f"{_size(free)} free on the journal's filesystem ({where})"
    )
    fix = "free some space (old logs, backups) or move the journal to a larger partition"
    if free < probes.disk_floor:
        return SelfTestCheck(
            name, False, f"{figures}: below {_size(probes.disk_floor)}, the journal may stop; {fix}"
        )
    if free < probes.disk_warning:
        return SelfTestCheck(
            name, True, f"warning: {figures}: below {_size(probes.disk_warning)}; {fix}"
        )
    return SelfTestCheck(name, True, figures)


def _size(n: int) -> str:
    return f"{n / GB:.1f} GB" if n >= GB else f"{n / MB:.0f} MB"
