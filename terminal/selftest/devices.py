"""The self-test's checks of the table's devices, each open: its link first (the version it
reports, the round trip, the error counters), then its own self-test (a board's sensors, the
GPIO's inputs and outputs, a Cammegh's `*F` with its codes explained).

The same functions serve `dealer-terminal selftest` (devices it opened itself) and the
technician's screen (the running table's own devices, from a worker thread: a Cammegh's own
test takes up to five minutes). A device that fails, whatever the check, gives a failed check
with its message: the self-test goes on with the next.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Mapping
from urllib.parse import urlsplit

from drivers.bridge_board import BridgeBoard
from drivers.device import Device
from drivers.errors import DeviceError
from drivers.selftest import SelfTestCheck
from drivers.wheel.cammegh import CammeghWheel
from terminal.runtime.journal.lock import holder_of
from terminal.selftest.report import Progress, Section

ROUND_TRIP_LIMIT_MS = 100.0  # a USB link answers in a few ms; past this, look at it
ROUND_TRIP_WAIT_S = 2.5  # a board's link measures it with its heartbeats, once a second
ERROR_RATE_LIMIT = 0.01  # frames (or lines) dropped as bad, per frame received
LAST_LINES = 4  # a Cammegh's last lines shown when its link has errors


def check_devices(
    devices: Mapping[str, Device], *, sim: bool, progress: Progress | None = None
) -> list[Section]:
    """A section per device (`devices` maps its name, "wheel", "gpio"..., to it, open), in
    order. `sim`: the devices are the simulated twins a `--sim` run put in (each section says
    so); otherwise a section is simulated when its device's URL is sim://."""
    return [
        check_device(name, device, sim=sim, progress=progress) for name, device in devices.items()
    ]


def check_device(
    name: str, device: Device, *, sim: bool = False, progress: Progress | None = None
) -> Section:
    """One device's section: its link's checks, then its own self-test's."""
    checks: list[SelfTestCheck] = []

    def done(check: SelfTestCheck) -> None:
        checks.append(check)
        if progress is not None:
            progress((name, check))

    for check in _guarded("link", lambda: link_checks(device)):
        done(check)
    for check in _guarded("selftest", device.selftest):
        done(check)
    return Section(name, device.url, sim or device.url.startswith("sim://"), tuple(checks))


def failed_to_open(name: str, url: str, error: Exception, *, sim: bool = False) -> Section:
    """The section of a device that could not be opened: one failed check saying why."""
    simulated = sim or url.startswith("sim://")
    return Section(name, url, simulated, (SelfTestCheck("open", False, _why(url, error)),))


def _why(url: str, error: Exception) -> str:
    """Why a device did not open; for a port in use, who holds it, and when that is a running
    table (with another journal than this self-test's, or none locked), where to run the
    self-test instead: stopping what holds the port would be no advice."""
    text, path = str(error), urlsplit(url).path
    if "in use by another process" not in text or not path:
        return text
    try:
        holder = holder_of(os.stat(path))
    except OSError:
        return text
    if _a_table(holder):
        return (
            f"{text}: the table is running ({holder}) and holds its port. Run the self-test on "
            "the table's technician screen, or stop the table first (sudo systemctl stop "
            "dealer-terminal) and run it again"
        )
    return f"{text}: held by {holder}"


def _a_table(holder: str) -> bool:
    """Whether `holder` (`process PID (COMMAND LINE)`) is a terminal running a table."""
    words = holder.split()
    return ("dealer-terminal" in holder or "terminal.cli" in words) and "run" in words


def _guarded(name: str, run: Callable[[], list[SelfTestCheck]]) -> list[SelfTestCheck]:
    """`run()`'s checks; a device that fails (DeviceError, a port's OSError) gives one failed
    check `name` with its message instead."""
    try:
        return run()
    except (DeviceError, OSError) as error:
        return [SelfTestCheck(name, False, str(error))]


def link_checks(device: Device) -> list[SelfTestCheck]:
    """What the device's link says: none for a device without one (simulated, the screen's
    entries, the GPIO)."""
    if isinstance(device, BridgeBoard):
        return _board_link(device)
    if isinstance(device, CammeghWheel):
        return _cammegh_link(device)
    figures = device.health()
    if not figures:
        return []
    shown = ", ".join(f"{key} {value}" for key, value in figures.items())
    return [SelfTestCheck("link", True, shown)]


# -- our boards (firmware_bridge)


def _board_link(board: BridgeBoard) -> list[SelfTestCheck]:
    rtt = board.round_trip(ROUND_TRIP_WAIT_S)
    health = board.health()
    peer = health.get("peer")
    connected = bool(health.get("connected")) and health.get("port") == "open"
    reconnects = health.get("reconnects", 0)
    if isinstance(peer, dict):
        who = (
            f"{peer['version']}, protocol {peer['protocol']}, board id {peer['unique_id']} "
            f"(boot {peer['boot_id']})"
        )
    else:
        who = "no hello from the board yet"
    if connected:
        link = SelfTestCheck(
            "link", True, f"{who}; port open, {reconnects} reconnection(s) since open"
        )
    else:
        link = SelfTestCheck(
            "link",
            False,
            f"{who}; port {health.get('port', 'closed')}: the board does not answer; check its "
            f"USB cable and that it runs the {board.FIRMWARE} firmware",
        )
    if rtt is None:
        trip = SelfTestCheck(
            "round_trip",
            False,
            f"no heartbeat answered within {ROUND_TRIP_WAIT_S:g} s: the link is down or the "
            "board is busy",
        )
    elif rtt > ROUND_TRIP_LIMIT_MS:
        trip = SelfTestCheck(
            "round_trip",
            False,
            f"{rtt:.1f} ms, over {ROUND_TRIP_LIMIT_MS:g} ms (a USB link answers in a few ms): "
            "check the cable and the hub, and what loads the Pi",
        )
    else:
        trip = SelfTestCheck("round_trip", True, f"{rtt:.1f} ms (a heartbeat and its answer)")
    dropped = health.get("dropped")
    bad = dropped if isinstance(dropped, dict) else {}
    frames = _int(health.get("frames_in"))
    counters = (
        f"{frames} frame(s) in, {_int(health.get('frames_out'))} out; dropped: "
        + (", ".join(f"{kind} {n}" for kind, n in bad.items()) or "none")
        + f"; {_int(health.get('resent'))} resent, {_int(health.get('unacked'))} unacknowledged"
    )
    errors = _errors("link_errors", sum(bad.values()), frames, counters, "frame(s)")
    return [link, trip, errors]


def _int(value: object) -> int:
    return value if isinstance(value, int) else 0


def _errors(name: str, bad: int, heard: int, counters: str, what: str) -> SelfTestCheck:
    """The link's error counters: a fail when more than ERROR_RATE_LIMIT of what came was bad
    (on a link just opened, one bad frame; on a table's link of a day, hundreds)."""
    rate = bad / max(heard + bad, 1)
    if rate > ERROR_RATE_LIMIT:
        return SelfTestCheck(
            name,
            False,
            f"{counters}: {rate:.0%} of the {what} were bad, over {ERROR_RATE_LIMIT:.0%}; check "
            "the cable, its connectors and what runs beside it (mains, motors)",
        )
    return SelfTestCheck(name, True, counters)


# -- the Cammegh wheel (RS-232)


def _cammegh_link(wheel: CammeghWheel) -> list[SelfTestCheck]:
    start = time.monotonic()
    version = wheel.version()  # *S and *V
    asked_ms = (time.monotonic() - start) * 1000
    health = wheel.link_health()
    link = SelfTestCheck(
        "link",
        True,
        f"{version.full} (*S {version.short}); answered *S and *V in {asked_ms:.0f} ms at "
        f"9600 baud; {health.reconnects} reconnection(s) since open",
    )
    counters = f"{health.lines} line(s) heard, {health.malformed} malformed"
    errors = _errors(
        "link_errors", health.malformed, health.lines - health.malformed, counters, "lines"
    )
    if not errors.ok and health.last_lines:
        last = " | ".join(health.last_lines[-LAST_LINES:])
        errors = SelfTestCheck(errors.name, False, f"{errors.detail} [last lines: {last}]")
    return [link, errors]
