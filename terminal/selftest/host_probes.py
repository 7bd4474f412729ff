"""What the host checks read of the machine, and where: its files under a root (the kernel's
and the firmware's), its commands, the kernel's clock. `Probes` says where and what they allow;
the real machine's are host.py's PROBES, and tests give one reading files they wrote.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import shutil
import subprocess
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import zmq

# Where the machine's files are, under Probes.root.
MODEL = "proc/device-tree/model"  # "Raspberry Pi 4 Model B Rev 1.4" on a Pi
MOUNTS = "proc/self/mounts"
THROTTLED = "sys/devices/platform/soc/soc:firmware/get_throttled"  # the firmware's flags, hex
WATCHDOG_DEVICES = "dev"  # watchdog, watchdog0, watchdog1...
WATCHDOG_CLASS = "sys/class/watchdog"  # <device>/identity, timeout, max_timeout, state
SYSTEM_CONF = "etc/systemd/system.conf"
# systemd's drop-ins for system.conf, the first folder winning over the next for a same name
SYSTEM_CONF_D = (
    "etc/systemd/system.conf.d",
    "run/systemd/system.conf.d",
    "usr/local/lib/systemd/system.conf.d",
    "usr/lib/systemd/system.conf.d",
)

COMMAND_TIMEOUT_S = 3.0
GB, MB = 1_000_000_000, 1_000_000

# adjtimex(2)
STA_UNSYNC = 0x0040
TIME_ERROR = 5


@dataclass(frozen=True)
class KernelClock:
    """What adjtimex(2) says of the clock: its state (TIME_ERROR: not synchronised), status
    bits (STA_UNSYNC) and its maximum and estimated errors (microseconds)."""

    state: int
    status: int
    maxerror_us: int
    esterror_us: int

    @property
    def synchronised(self) -> bool:
        return self.state != TIME_ERROR and not self.status & STA_UNSYNC


class _Timex(ctypes.Structure):
    """The head of struct timex (<sys/timex.h>, 64-bit Linux), then room for the rest."""

    _fields_ = [
        ("modes", ctypes.c_uint),
        ("offset", ctypes.c_long),
        ("freq", ctypes.c_long),
        ("maxerror", ctypes.c_long),
        ("esterror", ctypes.c_long),
        ("status", ctypes.c_int),
        ("rest", ctypes.c_char * 256),
    ]


def read_kernel_clock() -> KernelClock | None:
    """adjtimex(2) with modes 0 (it reads only, no privilege needed); None where it cannot be
    asked (not Linux)."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or None, use_errno=True)
        timex = _Timex()
        state = libc.adjtimex(ctypes.byref(timex))
    except (OSError, AttributeError):
        return None
    if state < 0:
        return None
    return KernelClock(state, timex.status, timex.maxerror, timex.esterror)


@dataclass(frozen=True)
class Probes:
    """Where the host checks look and what they allow. `root` is where the machine's files are
    read (MODEL, THROTTLED...); `vcgencmd` and `timedatectl` are commands (None: not asked)."""

    root: Path = Path("/")
    vcgencmd: str | None = "vcgencmd"
    timedatectl: str | None = "timedatectl"
    clock: Callable[[], KernelClock | None] = read_kernel_clock
    curve: Callable[[], bool] = field(default=lambda: bool(zmq.has("curve")))
    disk_floor: int = 256 * MB  # fails below
    disk_warning: int = 2 * GB  # warns below
    commit_warning_ms: float = 20.0  # a slow card
    commit_limit_ms: float = 100.0  # too slow for a table's journal


def run_command(command: str, *args: str) -> str | None:
    """The command's output, stripped; None when it is absent, fails or hangs."""
    found = shutil.which(command)
    if found is None:
        return None
    try:
        done = subprocess.run(
            [found, *args],
            capture_output=True,
            text=True,
            timeout=COMMAND_TIMEOUT_S,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout.strip() if done.returncode == 0 else None
