"""`dealer-terminal selftest`: the technician's check of a table's devices, before the table
runs (the devices are opened exclusively, so not while it runs)."""

from __future__ import annotations

from contextlib import ExitStack
from typing import TextIO

from games.registry import game as game_of
from terminal.assemble import build_engine, open_round_device, open_table_io
from terminal.config import TableConfig


def run_selftest(cfg: TableConfig, sim: bool, out: TextIO) -> bool:
    """Run every device's self-test, print one line per check; True when all passed. What was
    simulated is said, so that a pass is never taken for a hardware check it was not."""
    rules, _ = build_engine(cfg)
    passed = True
    simulated = []
    with ExitStack() as stack:
        device = open_round_device(cfg, rules, sim)
        stack.callback(device.close)
        devices = {game_of(cfg.game).device: device}
        io = open_table_io(cfg, sim)
        if io is not None:
            stack.callback(io.close)
            devices["gpio"] = io
        for name, device in devices.items():
            if device.url.startswith("sim://"):
                simulated.append(name)
            print(f"{name} ({device.url}{', simulated' if name in simulated else ''}):", file=out)
            for check in device.selftest():
                passed &= check.ok
                print(f"  {'ok  ' if check.ok else 'FAIL'} {check.name}: {check.detail}", file=out)
    print(
        ("all checks passed" if passed else "some checks FAILED")
        + _simulated_note(simulated, devices, sim),
        file=out,
    )
    return passed


def _simulated_note(simulated: list[str], devices: dict, sim: bool) -> str:
    if not simulated:
        return ""
    why = "--sim" if sim else "the table file names them so"
    if len(simulated) == len(devices):
        return f" on simulated devices only ({why}): no hardware was tested"
    return f"; {', '.join(simulated)} simulated ({why}), not tested on hardware"
