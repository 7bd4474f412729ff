"""`selftest.report`'s data (docs/events.md, "Self-tests"): what a self-test found, check by
check, with the totals and what was simulated; and, for its readers (the pit), the failed
checks of a report in one line.

A self-test is made of sections: each device of the table ("wheel", "dice", "shoe", "gpio")
and the machine itself ("host"), each holding its checks (`name`, `ok`, `detail`). Anything
with those attributes will do: the terminal's own (terminal/selftest/report.py) are built
from the drivers' SelfTestCheck, which the contract does not import.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

SUMMARY_CHECKS = 3  # failed checks named in a summary; the rest counted


class CheckResult(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def ok(self) -> bool: ...

    @property
    def detail(self) -> str: ...


class SectionResult(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def device(self) -> str | None: ...  # the device's URL; None for the host

    @property
    def simulated(self) -> bool: ...

    @property
    def checks(self) -> Sequence[CheckResult]: ...


def report_data(sections: Sequence[SectionResult], *, sim: bool) -> dict[str, Any]:
    """The `data` of a `selftest.report` (docs/events.md): `ok`, `totals`, `sections`,
    `simulated` (the names of the sections a simulated device stood in for), `sim` (the run
    asked for simulated devices: `--sim`) and every check in order. A technician's screen adds
    `by`."""
    checks = [
        {"section": section.name, "name": check.name, "ok": check.ok, "detail": check.detail}
        for section in sections
        for check in section.checks
    ]
    failed = sum(not check["ok"] for check in checks)
    return {
        "ok": failed == 0,
        "totals": {"checks": len(checks), "passed": len(checks) - failed, "failed": failed},
        "sections": [
            {
                "name": section.name,
                "device": section.device,
                "simulated": section.simulated,
                "ok": all(check.ok for check in section.checks),
            }
            for section in sections
        ],
        "simulated": [section.name for section in sections if section.simulated],
        "sim": sim,
        "checks": checks,
    }


def failed_checks(data: Any) -> list[dict[str, Any]]:
    """The failed checks of a report's `data`, as the event holds them; what is no check (a
    report of another release, a damaged one) is left out."""
    checks = data.get("checks") if isinstance(data, dict) else None
    if not isinstance(checks, list):
        return []
    return [check for check in checks if isinstance(check, dict) and check.get("ok") is False]


def summary(data: Any) -> str:
    """A report in one line: `all 14 checks passed`, or `2 of 14 checks failed: wheel link: …;
    host clock: …`; what was simulated said after."""
    data = data if isinstance(data, dict) else {}
    totals = data.get("totals")
    total = totals.get("checks") if isinstance(totals, dict) else None
    counted = f" {total}" if isinstance(total, int) else ""
    failed = failed_checks(data)
    if failed:
        named = "; ".join(
            f"{check.get('section')} {check.get('name')}: {check.get('detail')}"
            for check in failed[:SUMMARY_CHECKS]
        )
        more = len(failed) - SUMMARY_CHECKS
        of = f" of{counted}" if counted else ""
        line = f"{len(failed)}{of} checks failed: {named}" + (f"; {more} more" if more > 0 else "")
    elif data.get("ok") is False:
        line = "the self-test failed"
    else:
        line = f"all{counted} checks passed"
    simulated = data.get("simulated")
    if isinstance(simulated, list) and simulated:
        line += f" ({', '.join(map(str, simulated))} simulated)"
    return line
