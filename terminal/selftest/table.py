"""The self-test of a running table, on its technician's screen: the table's own open devices
(the round device, the table I/O) and its host, the same checks `dealer-terminal selftest` runs
on a stopped table. Blocking (a wheel's own test takes up to five minutes): the screen runs it
on a worker thread."""

from __future__ import annotations

from typing import Any

from terminal.selftest.devices import check_devices
from terminal.selftest.host import check_host
from terminal.selftest.host_probes import Probes
from terminal.selftest.report import Progress, Report


def selftest_of_table(
    table: Any, *, progress: Progress | None = None, probes: Probes | None = None
) -> Report:
    devices = {table.game.device: table.device}
    if table.io is not None:
        devices["gpio"] = table.io
    sections = check_devices(devices, sim=False, progress=progress)
    sections.append(
        check_host(table.journal.path, curve=table.setup.curve, progress=progress, probes=probes)
    )
    return Report(tuple(sections))
