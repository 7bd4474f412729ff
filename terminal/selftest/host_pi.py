"""The host checks of a Raspberry Pi: the firmware's under-voltage and throttling flags, and
the hardware watchdog with systemd feeding it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from drivers.selftest import SelfTestCheck
from terminal.selftest.host_probes import (
    MODEL,
    SYSTEM_CONF,
    SYSTEM_CONF_D,
    THROTTLED,
    WATCHDOG_CLASS,
    WATCHDOG_DEVICES,
    Probes,
    run_command,
)

# `vcgencmd get_throttled`: bit -> what it means; the same 16 bits higher: since boot
THROTTLE_BITS = {
    0: "under-voltage",
    1: "ARM frequency capped",
    2: "throttled",
    3: "soft temperature limit",
}
SINCE_BOOT = 16


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
    said = run_command(probes.vcgencmd, "get_throttled")  # "throttled=0x50005"
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
