"""Facts about the machine that an auditor needs to read a journal's timestamps.

A Pi 0-4 has no real-time clock: its wall time jumps when NTP first syncs. Events are ordered by
seq, never by ts; the session records the boot it ran in and whether the clock was synchronised
when it opened, so a reader knows how far to trust the `ts` of its events.
"""

from __future__ import annotations

import ctypes
import ctypes.util
from pathlib import Path

_TIME_ERROR = 5  # adjtimex(2): the clock is not synchronised


def boot_id() -> str | None:
    try:
        return Path("/proc/sys/kernel/random/boot_id").read_text().strip()
    except OSError:
        return None


def clock_synchronised() -> bool | None:
    """What the kernel says (adjtimex, read only); None where it cannot be asked."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or None, use_errno=True)
        timex = ctypes.create_string_buffer(512)  # struct timex, zeroed: modes = 0 reads only
        state = libc.adjtimex(timex)
    except (OSError, AttributeError):
        return None
    return None if state < 0 else state != _TIME_ERROR


def host_facts() -> dict:
    return {"boot_id": boot_id(), "clock_synchronised": clock_synchronised()}
