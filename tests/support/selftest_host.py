"""A host for the self-test's tests: the files of a healthy Raspberry Pi 4 written in a folder,
its kernel's clock synchronised. Wherever a test needs the host checks to pass, this machine's
own clock, disk and watchdog being whatever they are: `run_selftest(..., probes=healthy_pi(p))`,
or `monkeypatch.setattr(terminal.selftest.host, "PROBES", healthy_pi(p))` for the command."""

from __future__ import annotations

from pathlib import Path

from terminal.selftest import host_probes
from terminal.selftest.host_probes import KernelClock, Probes

SYNCED = KernelClock(state=0, status=0x2001, maxerror_us=12_000, esterror_us=400)
UNSYNCED = KernelClock(state=5, status=0x0041, maxerror_us=16_000_000, esterror_us=16_000_000)


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def healthy_pi(root: Path) -> Probes:
    """A Pi 4 under `root`: no under-voltage or throttling, its watchdog fed by systemd
    (RuntimeWatchdogSec=10s), the clock synchronised; no command asked."""
    write(root / host_probes.MODEL, "Raspberry Pi 4 Model B Rev 1.4\0")
    write(root / host_probes.THROTTLED, "0\n")
    write(root / "dev" / "watchdog", "")
    write(root / "dev" / "watchdog0", "")
    watchdog = root / host_probes.WATCHDOG_CLASS / "watchdog0"
    write(watchdog / "identity", "Broadcom BCM2835 Watchdog timer\n")
    write(watchdog / "timeout", "10\n")
    write(watchdog / "max_timeout", "15\n")
    write(watchdog / "state", "active\n")
    write(
        root / host_probes.SYSTEM_CONF,
        "[Manager]\n#RuntimeWatchdogSec=off\nRuntimeWatchdogSec=10s\n",
    )
    return Probes(root=root, vcgencmd=None, timedatectl=None, clock=lambda: SYNCED)
