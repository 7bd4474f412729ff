"""systemd's notify protocol, without libsystemd: READY=1 once the table is up, WATCHDOG=1
from the journal writer's tick, so a stalled writer (the part that must never stop) gets the
service restarted. Does nothing when not started by systemd (no NOTIFY_SOCKET)."""

from __future__ import annotations

import os
import socket


def notify(message: str) -> bool:
    address = os.environ.get("NOTIFY_SOCKET")
    if not address:
        return False
    if address.startswith("@"):
        address = "\0" + address[1:]  # abstract namespace
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.connect(address)
        sock.sendall(message.encode())
    return True


class WatchdogSink:
    """A journal-writer sink: one WATCHDOG=1 per tick while the writer lives."""

    def committed(self, events: list[dict]) -> None:
        pass

    def tick(self, last_seq: int) -> None:
        notify("WATCHDOG=1")
