"""Benchmark of the terminal's start (figures printed, nothing asserted): for each game with an
example table, the real terminal started as systemd starts it, `dealer-terminal run --sim
--game G` (run as `python -m terminal.cli`, what the command runs, from this checkout: no
install needed) with a fresh journal in a temporary folder and a NOTIFY_SOCKET bound here: the
wall time from the spawn to its READY=1, and its resident memory then (VmRSS, and its peak so
far, VmHWM, from /proc/PID/status); headless (`--headless`) and with the croupier's screen
(`--screen` at 800x480, SDL's dummy driver: drawn, unseen); the median of a few runs each.

READY=1 comes once the devices, the journal writer, the feed and the round loop are up, and
with the screen once its first frame is shown: what systemd waits for before the unit is
active (docs/running.md).

Usage: python benchmarks/bench_start.py [--runs 3] [--game G ...]
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from games.registry import GAMES  # noqa: E402
from terminal.config import known_games  # noqa: E402

# what the unit's `dealer-terminal` runs, from this checkout whether installed or not
TERMINAL = (sys.executable, "-m", "terminal.cli")
READY_S = 120.0  # a guard against a terminal that never gets ready, not a measure
MODES = {"headless": ("--headless",), "screen": ("--screen",)}


def start(game: str, mode: str, directory: Path) -> tuple[float, float, float]:
    """One start of a terminal of `game` in `directory`: seconds from the spawn to READY=1,
    then its VmRSS and VmHWM in MB; it is stopped (SIGTERM) before this returns."""
    directory.mkdir()
    address = directory / "notify"
    path = os.pathsep.join(filter(None, (str(REPO), os.environ.get("PYTHONPATH"))))
    env = {
        **os.environ,
        "NOTIFY_SOCKET": str(address),
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
        "PYTHONPATH": path,
    }
    if mode == "screen":
        env["SDL_VIDEODRIVER"] = "dummy"
    command = [*TERMINAL, "run", "--sim", "--game", game, "--db", "journal.sqlite"]
    with (
        socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as systemd,
        open(directory / "stderr.txt", "w+") as stderr,
    ):
        systemd.bind(str(address))
        systemd.settimeout(READY_S)
        started = time.perf_counter()
        child = subprocess.Popen(
            [*command, *MODES[mode]],
            cwd=directory,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=stderr,
        )
        try:
            while b"READY=1" not in systemd.recv(1 << 16).split(b"\n"):
                pass
            took = time.perf_counter() - started
            status = Path(f"/proc/{child.pid}/status").read_text()
        except TimeoutError:
            child.kill()
            raise SystemExit(f"{game} ({mode}) never got ready:\n{stderr_of(stderr)}") from None
        child.send_signal(signal.SIGTERM)
        if child.wait(timeout=60):
            raise SystemExit(f"{game} ({mode}) exited {child.returncode}:\n{stderr_of(stderr)}")
    fields = dict(line.split(":", 1) for line in status.splitlines())
    rss, hwm = (int(fields[name].split()[0]) / 1024 for name in ("VmRSS", "VmHWM"))
    return took, rss, hwm


def stderr_of(stderr) -> str:
    stderr.seek(0)
    return stderr.read()


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=3, help="starts per game and mode")
    examples = [game for game in GAMES if game in known_games()]
    parser.add_argument("--game", action="append", choices=examples, help="(default: every one)")
    args = parser.parse_args()

    print(
        f"terminal start, `dealer-terminal run --sim --game G --headless|--screen` (its example "
        f"table, a fresh journal) with a NOTIFY_SOCKET: spawn -> READY=1 in s, memory at READY "
        f"in MB (VmRSS, and VmHWM: the peak so far); median of {args.runs} run(s)",
        flush=True,
    )
    header = "".join(f"{f'{mode}: ready s':>20}{'RSS':>7}{'HWM':>7}" for mode in MODES)
    print(f"{'game':<18}{header}", flush=True)
    medians = []
    with tempfile.TemporaryDirectory(prefix="dt-bench-start-") as work:
        for game in args.game or examples:
            cells = ""
            for mode in MODES:
                runs = [
                    start(game, mode, Path(work) / f"{game}-{mode}-{n}") for n in range(args.runs)
                ]
                took, rss, hwm = (statistics.median(figures) for figures in zip(*runs))
                medians.append((mode, took, rss))
                cells += f"{took:>20.2f}{rss:>7.0f}{hwm:>7.0f}"
            print(f"{game:<18}{cells}", flush=True)
    for mode in MODES:
        slowest = max(took for each, took, _ in medians if each == mode)
        largest = max(rss for each, _, rss in medians if each == mode)
        print(f"{mode}: the slowest game ready in {slowest:.2f} s, the largest {largest:.0f} MB")


if __name__ == "__main__":
    main()
