"""Serial devices that stay connected: open by a stable name with errors that say what to do,
read on a thread, and survive an unplug.

After an unplug pyserial raises SerialException and `is_open` stays true; nothing reopens by
itself. `SerialLink` closes, tells its protocol, backs off and reopens the same path (a udev
name such as /dev/wheel-board, so the replugged device is found again). The protocol also
hears when the device has been silent for `silent_after` seconds, once per silence.
"""

from __future__ import annotations

import errno
import threading
import time
from typing import Protocol

import serial

from drivers.errors import DeviceError

# Opening an RP2040's USB serial port at these rates reboots the board into its bootloader.
BOOTLOADER_BAUDS = (1200, 2400)
BACKOFF = (0.1, 0.2, 0.5, 1.0, 2.0)


class LinkProtocol(Protocol):
    def connection_made(self) -> None: ...

    def data_received(self, data: bytes) -> None: ...

    def connection_lost(self, reason: str) -> None: ...

    def silent(self, seconds: float) -> None: ...


def open_port(path: str, baudrate: int, *, device: str, timeout: float = 0.05) -> serial.Serial:
    """The port, opened exclusively; or a DeviceError naming the device, the path and the fix."""
    if baudrate in BOOTLOADER_BAUDS:
        raise DeviceError(
            f"{device}: {baudrate} baud would reboot an RP2040 board into its bootloader; "
            f"use 115200"
        )
    try:
        return serial.Serial(path, baudrate, timeout=timeout, exclusive=True)
    except (serial.SerialException, OSError) as exc:
        raise DeviceError(f"{device}: cannot open {path}: {_fix(path, exc)}") from None


def _fix(path: str, exc: Exception) -> str:
    code = getattr(exc, "errno", None)
    text = str(exc)
    if code == errno.ENOENT:
        return (
            "no such device: check the cable and the configured path "
            "(ls -l /dev/serial/by-id; the udev rules in systemd/ give stable names)"
        )
    if code == errno.EACCES:
        return (
            "permission denied: add the service user to the dialout group "
            "(sudo usermod -aG dialout USER) and start a new login session"
        )
    if code in (errno.EBUSY, errno.EAGAIN) or "exclusively" in text:
        return f"the port is in use by another process (fuser -v {path})"
    return text


class SerialLink:
    """One serial device kept open for a protocol; the reading thread is the only reader."""

    def __init__(
        self,
        path: str,
        baudrate: int,
        protocol: LinkProtocol,
        *,
        device: str,
        silent_after: float = 2.0,
        backoff: tuple[float, ...] = BACKOFF,
    ):
        self.path, self.baudrate, self.device = path, baudrate, device
        self.protocol = protocol
        self.silent_after = silent_after
        self.backoff = backoff
        self.reconnects = 0  # successful reopenings, for the link-health line
        self._failures = 0
        self._port: serial.Serial | None = None
        self._write_lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    @property
    def connected(self) -> bool:
        return self._port is not None

    def open(self) -> None:
        """Open now (a missing device is an error at start-up), then keep it open."""
        self._port = open_port(self.path, self.baudrate, device=self.device)
        self.protocol.connection_made()
        self._thread = threading.Thread(target=self._run, name=f"serial {self.path}", daemon=True)
        self._thread.start()

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._drop()

    def write(self, data: bytes) -> bool:
        """Send `data`; False when the device is not connected (the caller resends later)."""
        port = self._port
        if port is None:
            return False
        try:
            with self._write_lock:
                port.write(data)
            return True
        except (serial.SerialException, OSError, TypeError, AttributeError):
            # unplugged, or closed by the reading thread meanwhile (pyserial then fails on fd None)
            return False

    def _drop(self) -> None:
        port, self._port = self._port, None
        if port is not None:
            try:
                port.close()
            except (serial.SerialException, OSError):
                pass

    def _run(self) -> None:
        heard, silent = time.monotonic(), False
        while not self._stop.is_set():
            if self._port is None:
                if self._reconnect():
                    heard, silent = time.monotonic(), False
                continue
            try:
                data = self._port.read(self._port.in_waiting or 1)
            except (serial.SerialException, OSError, TypeError, AttributeError) as exc:
                self._drop()  # unplugged: pyserial keeps is_open true, so close it ourselves
                self.protocol.connection_lost(f"{self.path}: {exc}")
                continue
            now = time.monotonic()
            if data:
                heard, silent = now, False
                self.protocol.data_received(data)
            elif not silent and now - heard >= self.silent_after:
                silent = True
                self.protocol.silent(now - heard)

    def _reconnect(self) -> bool:
        if self._stop.wait(self.backoff[min(self._failures, len(self.backoff) - 1)]):
            return False
        try:
            self._port = open_port(self.path, self.baudrate, device=self.device)
        except DeviceError:
            self._failures += 1
            return False
        self._failures = 0
        self.reconnects += 1
        self.protocol.connection_made()
        return True
