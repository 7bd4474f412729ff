"""The self-test's checks of the machine itself: the journal's folder and SQLite's commits there,
the clock, CURVE, free disk, the Pi's power and throttling flags, the hardware watchdog.

Each check says what it found in figures and, when something is wrong, what to do. A check
that passes with a caution (a slow card, little disk left, an under-voltage since boot) says
"warning:" in its detail. What a check reads of the machine (its kernel and firmware files,
its commands, the kernel's clock) comes from a `Probes`, the real machine's by default; tests
give one reading files they wrote.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import re
import shutil
import sqlite3
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import zmq

from drivers.selftest import SelfTestCheck
from terminal.selftest.report import Progress, Section

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

COMMITS = 9  # commits timed (after a first one, not timed) for the median
COMMAND_TIMEOUT_S = 3.0
GB, MB = 1_000_000_000, 1_000_000

# adjtimex(2)
STA_UNSYNC = 0x0040
TIME_ERROR = 5

# `vcgencmd get_throttled`: bit -> what it means; the same 16 bits higher: since boot
THROTTLE_BITS = {
    0: "under-voltage",
    1: "ARM frequency capped",
    2: "throttled",
    3: "soft temperature limit",
}
SINCE_BOOT = 16


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


PROBES = Probes()  # the real machine's


def check_host(
    db: Path,
    *,
    curve: bool,
    progress: Progress | None = None,
    probes: Probes | None = None,
) -> Section:
    """The host's checks, for the table whose journal is `db` (the journal itself is never
    touched: SQLite is tried on a scratch file beside it). Blocking (a second or so): a screen
    calls it on a worker thread; `progress` is told of each check as it is done. `curve`: the
    table's feed is to be encrypted with it."""
    probes = probes or PROBES
    folder = Path(db).absolute().parent
    checks: list[SelfTestCheck] = []

    def done(check: SelfTestCheck) -> None:
        checks.append(check)
        if progress is not None:
            progress(("host", check))

    writable = check_folder(folder, probes)
    done(writable)
    done(check_commits(folder, probes) if writable.ok else _not_measured(folder))
    done(check_clock(probes))
    done(check_curve(curve, probes))
    done(check_disk(folder, probes))
    done(check_power(probes))
    done(check_watchdog(probes))
    return Section("host", None, False, tuple(checks))


# -- the journal's folder and SQLite there


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


def _not_measured(folder: Path) -> SelfTestCheck:
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


# -- the clock


def check_clock(probes: Probes) -> SelfTestCheck:
    """The kernel's view (adjtimex: STA_UNSYNC, the maximum error), which needs no systemd;
    timedatectl's as a second opinion where it answers."""
    name = "clock"
    kernel = probes.clock()
    second = _timedatectl(probes)
    opinion = "" if second is None else f"; timedatectl says NTPSynchronized={second}"
    if kernel is None:
        return SelfTestCheck(
            name, True, f"not checked: the kernel's clock state cannot be read here{opinion}"
        )
    if not kernel.synchronised:
        return SelfTestCheck(
            name,
            False,
            f"not synchronised (the kernel's STA_UNSYNC is set; maximum error "
            f"{kernel.maxerror_us / 1e6:.1f} s){opinion}: the table's event times may jump when "
            "the clock is set; check the network and the time service "
            "(timedatectl timesync-status, or chronyc tracking)",
        )
    if second == "no":
        opinion += ", but the kernel's view is taken"
    return SelfTestCheck(
        name,
        True,
        f"synchronised: estimated error {_duration(kernel.esterror_us)}, at most "
        f"{_duration(kernel.maxerror_us)}{opinion}",
    )


def _duration(us: int) -> str:
    return f"{us / 1e6:.2f} s" if us >= 1_000_000 else f"{us / 1000:.1f} ms"


def _timedatectl(probes: Probes) -> str | None:
    """`yes` or `no`; None where timedatectl is absent or does not answer (no systemd)."""
    if probes.timedatectl is None:
        return None
    said = _command(probes.timedatectl, "show", "--property=NTPSynchronized", "--value")
    return said if said in ("yes", "no") else None


def _command(command: str, *args: str) -> str | None:
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


# -- CURVE


def check_curve(used: bool, probes: Probes) -> SelfTestCheck:
    name = "curve"
    versions = f"libzmq {zmq.zmq_version()}, pyzmq {zmq.__version__}"
    if not probes.curve():
        return SelfTestCheck(
            name,
            False,
            f"{versions}: built without CURVE, so the feed cannot be encrypted; install "
            "pyzmq's own wheel (it bundles libzmq with CURVE) on a 64-bit Pi OS",
        )
    feed = (
        "the table's feed uses it"
        if used
        else "the table's feed does not use it ([feed] curve_secret and curve_allow turn it on)"
    )
    return SelfTestCheck(name, True, f"available ({versions}); {feed}")


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


# -- the Pi's power and throttling


def raspberry_pi(probes: Probes) -> str | None:
    """The Pi's model ("Raspberry Pi 4 Model B Rev 1.4"); None on another machine."""
    try:
        model = (probes.root / MODEL).read_bytes().decode("utf-8", "replace").strip("\0 \n")
    except OSError:
        return None
    return model if model.startswith("Raspberry Pi") else None


def check_power(probes: Probes) -> SelfTestCheck:
    """The firmware's under-voltage and throttling flags (`vcgencmd get_throttled`, or the
    firmware driver's sysfs file): bits 0-3 now, 16-19 since boot."""
    name = "power"
    if raspberry_pi(probes) is None:
        return SelfTestCheck(name, True, "not a Raspberry Pi: not checked")
    flags = _throttled(probes)
    if flags is None:
        return SelfTestCheck(
            name,
            False,
            f"cannot read the firmware's flags: no {probes.root / THROTTLED} and no answer from "
            "vcgencmd get_throttled (install libraspberrypi-bin; the table's user needs the "
            "video group)",
        )
    now = [what for bit, what in THROTTLE_BITS.items() if flags & 1 << bit]
    since = [what for bit, what in THROTTLE_BITS.items() if flags & 1 << (bit + SINCE_BOOT)]
    code = f"get_throttled 0x{flags:x}"
    if now:
        fixes = []
        if flags & 1:
            fixes.append("use the official power supply (5.1 V) and a short, thick cable")
        if flags & 0b1110:
            fixes.append("cool the Pi (a heatsink, a fan, air around the case)")
        return SelfTestCheck(name, False, f"now: {', '.join(now)} ({code}): {'; '.join(fixes)}")
    if since:
        return SelfTestCheck(
            name,
            True,
            f"warning: none now, but since boot: {', '.join(since)} ({code}); "
            "check the power supply and the cooling",
        )
    return SelfTestCheck(name, True, f"no under-voltage or throttling, now or since boot ({code})")


def _throttled(probes: Probes) -> int | None:
    try:
        return int((probes.root / THROTTLED).read_text().strip(), 16)
    except (OSError, ValueError):
        pass
    if probes.vcgencmd is None:
        return None
    said = _command(probes.vcgencmd, "get_throttled")  # "throttled=0x50005"
    if said is None or not said.startswith("throttled="):
        return None
    try:
        return int(said.partition("=")[2], 16)
    except ValueError:
        return None


# -- the hardware watchdog


@dataclass(frozen=True)
class Watchdog:
    device: Path
    identity: str | None
    timeout: int | None  # seconds
    max_timeout: int | None
    state: str | None  # "active", "inactive"


def watchdogs(probes: Probes) -> list[Watchdog]:
    """The machine's watchdog devices (/dev/watchdogN), with what sysfs says of each."""
    dev = probes.root / WATCHDOG_DEVICES
    found = []
    for device in sorted(dev.glob("watchdog[0-9]*")):
        info = probes.root / WATCHDOG_CLASS / device.name
        found.append(
            Watchdog(
                Path("/dev") / device.name,
                _read(info / "identity"),
                _number(_read(info / "timeout")),
                _number(_read(info / "max_timeout")),
                _read(info / "state"),
            )
        )
    if not found and (dev / "watchdog").exists():
        found.append(Watchdog(Path("/dev/watchdog"), None, None, None, None))
    return found


def runtime_watchdog(probes: Probes) -> tuple[str, Path] | None:
    """systemd's RuntimeWatchdogSec as configured (its value and the file that sets it last);
    None when it is unset or off."""
    setting: tuple[str, Path] | None = None
    for path in _system_conf_files(probes):
        try:
            text = path.read_text()
        except OSError:
            continue
        section = ""
        for line in text.splitlines():
            line = line.strip()
            if line.startswith("[") and line.endswith("]"):
                section = line[1:-1]
            elif section == "Manager" and not line.startswith(("#", ";")) and "=" in line:
                key, _, value = line.partition("=")
                if key.strip() == "RuntimeWatchdogSec":
                    value = value.strip()
                    off = value in ("", "0", "off") or _seconds(value) == 0
                    setting = None if off else (value, Path("/") / path.relative_to(probes.root))
    return setting


def _system_conf_files(probes: Probes) -> list[Path]:
    """system.conf, then its drop-ins by name (a name in an earlier folder of SYSTEM_CONF_D
    hides the same name in a later one), as systemd reads them."""
    drop_ins: dict[str, Path] = {}
    for folder in reversed(SYSTEM_CONF_D):
        for path in (probes.root / folder).glob("*.conf"):
            drop_ins[path.name] = path
    return [probes.root / SYSTEM_CONF, *(drop_ins[name] for name in sorted(drop_ins))]


_UNITS = {"us": 1e-6, "ms": 1e-3, "s": 1, "sec": 1, "": 1, "m": 60, "min": 60, "h": 3600}


def _seconds(value: str) -> float | None:
    """A systemd time span (`10s`, `1min 30s`, `10`) in seconds; None if it is not one
    (`default`, `infinity`)."""
    parts = re.findall(r"(\d+(?:\.\d+)?)\s*([a-z]*)", value)
    if not parts or re.sub(r"[\d.\sa-z]", "", value):
        return None
    total = 0.0
    for number, unit in parts:
        if unit not in _UNITS:
            return None
        total += float(number) * _UNITS[unit]
    return total


def check_watchdog(probes: Probes) -> SelfTestCheck:
    """A hardware watchdog, and systemd feeding it (RuntimeWatchdogSec): without it nobody
    resets a Pi that hangs. Required on a Pi, reported elsewhere."""
    name = "watchdog"
    pi = raspberry_pi(probes) is not None
    found = watchdogs(probes)
    runtime = runtime_watchdog(probes)
    if not found:
        if not pi:
            return SelfTestCheck(name, True, "not a Raspberry Pi: no hardware watchdog here")
        return SelfTestCheck(
            name,
            False,
            "no /dev/watchdog: the Pi's watchdog is not enabled; add dtparam=watchdog=on to "
            "/boot/firmware/config.txt and reboot",
        )
    wd = found[0]
    facts = [f"timeout {wd.timeout} s" if wd.timeout is not None else None]
    facts.append(f"at most {wd.max_timeout} s" if wd.max_timeout is not None else None)
    facts.append(wd.state)
    described = ", ".join(fact for fact in facts if fact)
    what = f"{wd.identity or 'a watchdog'} at {wd.device}" + (
        f" ({described})" if described else ""
    )
    set_in = "/etc/systemd/system.conf ([Manager])"
    if runtime is None:
        if not pi:
            return SelfTestCheck(
                name, True, f"{what}; systemd's RuntimeWatchdogSec is not set (not a Raspberry Pi)"
            )
        return SelfTestCheck(
            name,
            False,
            f"{what}, but systemd does not feed it: RuntimeWatchdogSec is not set; set "
            f"RuntimeWatchdogSec=10s in {set_in} and reboot",
        )
    value, path = runtime
    seconds = _seconds(value)
    if pi and seconds is not None and wd.max_timeout is not None and seconds > wd.max_timeout:
        return SelfTestCheck(
            name,
            False,
            f"{what}: systemd's RuntimeWatchdogSec={value} ({path}) is above its maximum of "
            f"{wd.max_timeout} s, so systemd cannot arm it; set RuntimeWatchdogSec=10s",
        )
    return SelfTestCheck(name, True, f"{what}; systemd's RuntimeWatchdogSec={value} ({path})")


def _read(path: Path) -> str | None:
    try:
        return path.read_text().strip() or None
    except OSError:
        return None


def _number(text: str | None) -> int | None:
    try:
        return None if text is None else int(text)
    except ValueError:
        return None
