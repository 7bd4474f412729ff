"""`dealer-terminal selftest`: the technician's check of a table's devices, before the table
runs (the devices are opened exclusively, so not while it runs)."""

from __future__ import annotations

from contextlib import ExitStack
from typing import TextIO

from .config import TableConfig
from .games import PLAYS
from .runtime import build_engine, open_round_device, open_table_io


def run_selftest(cfg: TableConfig, sim: bool, out: TextIO) -> bool:
    """Run every device's self-test, print one line per check; True when all passed."""
    rules, _ = build_engine(cfg)
    passed = True
    with ExitStack() as stack:
        device = open_round_device(cfg, rules, sim)
        stack.callback(device.close)
        devices = {PLAYS[cfg.game].device: device}
        io = open_table_io(cfg, sim)
        if io is not None:
            stack.callback(io.close)
            devices["gpio"] = io
        for name, device in devices.items():
            print(f"{name} ({device.url}):", file=out)
            for check in device.selftest():
                passed &= check.ok
                print(f"  {'ok  ' if check.ok else 'FAIL'} {check.name}: {check.detail}", file=out)
    print("all checks passed" if passed else "some checks FAILED", file=out)
    return passed
