"""Latency from the wire to the pit, through the real drivers (figures printed, nothing asserted):
p50/p99 from the moment an emulator writes the frame (or line) that carries a spin's result onto
its pseudo-terminal to the moment a ZeroMQ subscriber receives the published round.result.
The path: pty -> serial link -> driver -> table -> journal commit (synchronous FULL) -> PUB.

Usage: python benchmarks/bench_devices.py [--rounds N]
"""

from __future__ import annotations

import argparse
import io
import re
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
for extra in (REPO, REPO / "tests", REPO / "benchmarks"):
    sys.path.insert(0, str(extra))

from drivers.emulators.cammegh import CammeghEmulator  # noqa: E402
from drivers.emulators.wheel_board import WheelBoardEmulator  # noqa: E402
from firmware_bridge.codec import Decoder, Frame  # noqa: E402
from firmware_bridge.messages import BallInPockets  # noqa: E402
from helpers import write_config  # noqa: E402
from results import ResultListener, print_latency  # noqa: E402
from terminal.config import load_table_config  # noqa: E402
from terminal.runtime import RunOptions, assemble  # noqa: E402
from wheel_backends import CAMMEGH_TIME_FACTOR, cammegh_url  # noqa: E402

RESULT_STATUS = re.compile(rb"^\*X;5;")
BARE_NUMBER = re.compile(rb"^[ 0-9][0-9]$")
PLAYING_STATUS = re.compile(rb"^\*X;[234];")


class BoardResults:
    """Taps the board's line: the first write of each ball-in-pocket frame (resends ignored)."""

    def __init__(self) -> None:
        self.written: list[int] = []
        self._decoder = Decoder()
        self._seen: set[int] = set()

    def __call__(self, data: bytes) -> None:
        now = time.monotonic_ns()
        self._decoder.receive(data)
        while (item := self._decoder.get()) is not None:
            if isinstance(item, Frame) and isinstance(item.message, BallInPockets) and item.seq not in self._seen:
                self._seen.add(item.seq)
                self.written.append(now)


class CammeghResults:
    """Taps the wheel's line: the first line of each game that carries its winning number."""

    def __init__(self) -> None:
        self.written: list[int] = []
        self._playing = False

    def __call__(self, data: bytes) -> None:
        now = time.monotonic_ns()
        for line in data.splitlines():
            if PLAYING_STATUS.match(line):
                self._playing = True
            elif self._playing and (RESULT_STATUS.match(line) or BARE_NUMBER.match(line)):
                self._playing = False
                self.written.append(now)


def run_table(url: str, rounds: int, taps, label: str) -> None:
    directory = Path(tempfile.mkdtemp(prefix="dt-benchdev-"))
    cfg = load_table_config(write_config(directory, wheel=url))
    with ResultListener(cfg.publish, cfg.id) as listener, \
            assemble(cfg, RunOptions(out=io.StringIO(), log=io.StringIO())) as table:
        time.sleep(0.3)  # let the subscriber join before the first result
        table.run(rounds)
        table.writer.flush()
    results = sorted(listener.received)
    print_latency(label, dict(zip(results, taps.written)), listener.received)


def bench_board(rounds: int) -> None:
    directory = Path(tempfile.mkdtemp(prefix="dt-board-"))
    with WheelBoardEmulator(directory / "wheel-board", seed=5, time_scale=0.05) as board:
        taps = BoardResults()
        board.port.taps.append(taps)
        run_table(board.url, rounds, taps, "sensor board: pocket frame written -> round.result received")


def bench_cammegh(rounds: int) -> None:
    directory = Path(tempfile.mkdtemp(prefix="dt-cam-"))
    with CammeghEmulator(directory / "cammegh", seed=11, time_factor=CAMMEGH_TIME_FACTOR) as wheel:
        taps = CammeghResults()
        wheel.port.taps.append(taps)
        run_table(cammegh_url(directory / "cammegh"), rounds, taps,
                  "Cammegh SS2: winning-number line written -> round.result received")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--rounds", type=int, default=100)
    args = p.parse_args()
    bench_board(args.rounds)
    bench_cammegh(args.rounds)


if __name__ == "__main__":
    main()
