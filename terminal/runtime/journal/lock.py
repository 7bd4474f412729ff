"""One writer per journal: the terminal that runs a table holds its journal's lock.

SQLite lets a second process open the same file and write to it; two terminals on one journal
would fork its chain (each voiding the other's round on start-up). So a terminal takes an
exclusive lock on the journal before it opens anything else, and keeps it until it exits; the
kernel drops it when the process dies, SIGKILL included, so a crash never leaves a stale lock.

The lock is a `flock()` on the journal file itself, on a descriptor of its own: a lock is the
file's (its inode's), whatever name reached it, so a second terminal given a symlink, a hard
link or a bind mount of the journal meets the same lock. A lock file beside the path given is
slipped by a symlink, and one beside the resolved path by a hard link in another folder; a lock
file named after the journal's device and inode would need one folder every terminal shares.

Why `flock()` and not `fcntl()`: SQLite keeps its own POSIX (`fcntl`) record locks on the same
file. Those are the process's, not the descriptor's: any `fcntl` lock of ours would merge with
SQLite's, and closing any descriptor of the file drops them all. `flock()` locks are the open
file's and independent of POSIX locks on a local file system (ext4, the data partition of
docs/running.md); on NFS the kernel emulates `flock()` with POSIX locks, which would clash with
SQLite's, and a journal has no place there anyway (WAL needs a local file system). One caution
remains: closing our descriptor drops SQLite's POSIX locks of this process on the journal, so
the lock is released only after the journal is closed (`terminal/assemble.py` takes it first
and lets it go last).

The holder is named from the kernel's table of locks (`/proc/locks`): the process that took the
lock on this inode, with its command line, for the message that refuses a second terminal.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

from terminal.runtime.journal.store import JournalError

PROC_LOCKS = Path("/proc/locks")


class JournalInUse(JournalError):
    """Another process holds the journal's lock; `holder` names it."""

    def __init__(self, journal: Path, holder: str):
        super().__init__(
            f"journal {journal} is in use by {holder}: one terminal writes a journal; "
            "stop that one first, or give this table another --db"
        )
        self.holder = holder


class JournalLock:
    """The lock of the journal at `journal` (created empty if it is not there yet, as SQLite
    would), taken at once: JournalInUse naming the holder if another process has it.
    `release()` (or the process's end) lets it go, once the journal is closed."""

    def __init__(self, journal: str | Path):
        self.path = Path(journal)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path, os.O_RDONLY | os.O_CREAT, 0o644)
        except OSError as exc:
            raise JournalError(
                f"cannot open journal {self.path} to lock it: {exc.strerror}; "
                "put the journal on a writable data partition (--db)"
            ) from exc
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = holder_of(os.fstat(fd))
            os.close(fd)
            raise JournalInUse(self.path, holder) from None
        self._fd: int | None = fd

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing the descriptor releases the flock
            self._fd = None


def holder_of(file: os.stat_result) -> str:
    """`process PID (COMMAND LINE)` of the process holding a flock on `file`'s inode, from the
    kernel's table of locks; `another process` if it cannot be read (or the holder just went)."""
    inode = f"{os.major(file.st_dev):02x}:{os.minor(file.st_dev):02x}:{file.st_ino}"
    try:
        table = PROC_LOCKS.read_text()
    except OSError:
        return "another process"
    for line in table.splitlines():
        # "1: FLOCK  ADVISORY  WRITE 4242 fe:00:2146465 0 EOF"; a waiter's line has "->"
        fields = line.split()
        if len(fields) >= 6 and fields[1:3] == ["FLOCK", "ADVISORY"] and fields[5] == inode:
            return f"process {fields[4]}{_command_line(fields[4])}"
    return "another process"


def _command_line(pid: str) -> str:
    try:
        argv = Path(f"/proc/{pid}/cmdline").read_bytes().rstrip(b"\0").split(b"\0")
    except OSError:
        return ""
    return f" ({b' '.join(argv).decode('utf-8', 'replace')})"
