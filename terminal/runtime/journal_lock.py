"""One writer per journal: the terminal that runs a table holds its journal's lock.

SQLite lets a second process open the same file and write to it; two terminals on one journal
would fork its chain (each voiding the other's round on start-up). So a terminal takes an
exclusive lock on `JOURNAL.lock` beside the journal before it opens anything else, and keeps it
until it exits; the kernel drops it when the process dies, SIGKILL included, so a crash never
leaves a stale lock. The file holds the holder's process id and command line, for the message
that refuses a second terminal.
"""

from __future__ import annotations

import fcntl
import os
import sys
from pathlib import Path

from terminal.runtime.journal import JournalError


def lock_path(journal: str | Path) -> Path:
    journal = Path(journal)
    return journal.with_name(journal.name + ".lock")


class JournalLock:
    """The lock of the journal at `journal`, taken at once (JournalError naming the holder if
    another process has it); `release()` (or the process's end) lets it go."""

    def __init__(self, journal: str | Path):
        self.path = lock_path(journal)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            raise JournalError(
                f"cannot create the lock {self.path} of journal {journal}: {exc.strerror}; "
                "put the journal on a writable data partition (--db)"
            ) from exc
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.read(fd, 4096).decode("utf-8", "replace").strip() or "another process"
            os.close(fd)
            raise JournalError(
                f"journal {journal} is in use by {holder}: one terminal writes a journal; "
                "stop that one first, or give this table another --db"
            ) from None
        os.ftruncate(fd, 0)
        os.write(fd, f"process {os.getpid()} ({' '.join(sys.argv)})\n".encode())
        self._fd: int | None = fd

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing the descriptor releases the flock
            self._fd = None
