"""A pseudo-terminal standing in for a device's serial port. The device side (an emulator)
reads and writes here; programs open `path`, a stable symlink to the terminal side that is
re-pointed on each plug, as a udev name is. Bytes written while no program has the port open
are lost, as on a real line; unplugging hangs up the program's end (pyserial then raises).
"""

from __future__ import annotations

import os
import pty
import select
import threading
import time
import tty
from collections.abc import Callable
from pathlib import Path


class PtyPort:
    def __init__(self, path: str | os.PathLike):
        self.path = Path(path)
        self._lock = threading.Lock()
        self._fd: int | None = None
        self._poll = select.poll()
        # see each write as it goes on the line (benchmarks)
        self.taps: list[Callable[[bytes], None]] = []
        self.plug()

    def plug(self) -> None:
        """A new terminal behind the same path."""
        with self._lock:
            if self._fd is not None:
                return
            master, slave = pty.openpty()
            tty.setraw(slave)  # no echo, no CR/LF translation before a program opens it
            name = os.ttyname(slave)
            os.close(slave)  # a program's open is then the only one: its close drops our bytes
            os.set_blocking(master, False)
            link = self.path.with_name(self.path.name + ".new")
            link.unlink(missing_ok=True)
            link.symlink_to(name)
            os.replace(link, self.path)
            self._poll = select.poll()
            self._poll.register(master, select.POLLIN)
            self._fd = master

    def unplug(self) -> None:
        with self._lock:
            if self._fd is None:
                return
            self.path.unlink(missing_ok=True)
            os.close(self._fd)
            self._fd = None

    def write(self, data: bytes) -> bool:
        """False if nobody could receive it (unplugged, or the buffer full)."""
        with self._lock:
            if self._fd is None:
                return False
            try:
                rest = data
                while rest:
                    rest = rest[os.write(self._fd, rest) :]
            except OSError:  # BlockingIOError when nobody reads: the line drops the bytes
                return False
        for tap in self.taps:
            tap(data)
        return True

    def read(self, timeout: float) -> bytes:
        """What a program sent, waiting up to `timeout`; b"" if nothing or nobody is there.
        The wait holds no lock: the device side may write meanwhile."""
        with self._lock:
            fd, poller = self._fd, self._poll
        if fd is not None:
            try:
                if not poller.poll(timeout * 1000):
                    return b""
                return os.read(fd, 4096)
            except OSError:  # EIO: no program has the port open; EBADF: unplugged meanwhile
                pass
        time.sleep(timeout)  # unplugged or hung up: poll would return at once
        return b""


class EmulatedDevice:
    """What every emulator's life has in common: a PtyPort behind a stable path, one thread
    playing the device (`_run`, until `_stop` is set), and a context manager around both.
    `_powered_on()` runs once the port exists, before the thread starts."""

    def __init__(self, path: str | os.PathLike):
        self._port: PtyPort | None = None
        self._port_path = Path(path)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    @property
    def port(self) -> PtyPort:
        """The pseudo-terminal of the last start()."""
        if self._port is None:
            raise RuntimeError(f"{type(self).__name__} {self._port_path}: call start() first")
        return self._port

    def start(self):
        self._port = PtyPort(self._port_path)
        self._stop.clear()
        self._powered_on()
        self._thread = threading.Thread(
            target=self._run, name=f"{type(self).__name__} {self._port_path}", daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        if self._port is not None:
            self._port.unplug()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc_info) -> None:
        self.stop()

    def _powered_on(self) -> None:
        pass

    def _run(self) -> None:
        raise NotImplementedError
