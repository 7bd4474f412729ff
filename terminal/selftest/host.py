"""The self-test's checks of the machine itself: the journal's folder and SQLite's commits there,
the clock, CURVE, free disk, the Pi's power and throttling flags, the hardware watchdog.

Each check says what it found in figures and, when something is wrong, what to do. A check
that passes with a caution (a slow card, little disk left, an under-voltage since boot) says
"warning:" in its detail. What a check reads of the machine (its kernel and firmware files,
its commands, the kernel's clock) comes from a `Probes` (host_probes.py), the real machine's by
default; tests give one reading files they wrote. The clock and CURVE are checked here, the
journal's storage in host_storage.py, the Pi's power and watchdog in host_pi.py.
"""

from __future__ import annotations

from pathlib import Path

import zmq

from drivers.selftest import SelfTestCheck
from terminal.selftest.host_pi import check_power, check_watchdog
from terminal.selftest.host_probes import Probes, run_command
from terminal.selftest.host_storage import check_commits, check_disk, check_folder, not_measured
from terminal.selftest.report import Progress, Section

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
    done(check_commits(folder, probes) if writable.ok else not_measured(folder))
    done(check_clock(probes))
    done(check_curve(curve, probes))
    done(check_disk(folder, probes))
    done(check_power(probes))
    done(check_watchdog(probes))
    return Section("host", None, False, tuple(checks))


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
    said = run_command(probes.timedatectl, "show", "--property=NTPSynchronized", "--value")
    return said if said in ("yes", "no") else None


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
