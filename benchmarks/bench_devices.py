"""Latency from the wire to the pit, through the real drivers (figures printed, nothing asserted):
p50/p99 from the moment an emulator writes the frame (or line) that carries a spin's result onto
its pseudo-terminal to the moment a ZeroMQ subscriber receives the published round.result.
The path: pty -> serial link -> driver -> table -> journal commit (synchronous FULL) -> PUB.

The dice reader and the card-shoe reader are measured to the driver: from the dice (card) frame
written to the DiceThrown (CardDrawn) read by the host (pty -> serial link -> bridge -> driver
-> get()).

Usage: python benchmarks/bench_devices.py [--rounds N] [--throws N] [--cards N]
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
for extra in (REPO, REPO / "benchmarks"):
    sys.path.insert(0, str(extra))

from results import ResultListener, print_latency  # noqa: E402

from drivers.dice import open_dice  # noqa: E402
from drivers.dice.events import DiceThrown  # noqa: E402
from drivers.emulators.cammegh import CammeghEmulator, driver_url  # noqa: E402
from drivers.emulators.dice_board import DiceBoardEmulator  # noqa: E402
from drivers.emulators.shoe_board import ShoeBoardEmulator  # noqa: E402
from drivers.emulators.wheel_board import WheelBoardEmulator  # noqa: E402
from drivers.shoe import open_shoe  # noqa: E402
from drivers.shoe.events import CardDrawn, ShoeLoaded  # noqa: E402
from firmware_bridge.codec import Decoder, Frame  # noqa: E402
from firmware_bridge.messages import BallInPockets, Card, Dice, Message  # noqa: E402
from terminal.assemble import RunOptions, assemble  # noqa: E402
from terminal.screens.demo.scratch import local_table  # noqa: E402

RESULT_STATUS = re.compile(rb"^\*X;5;")
BARE_NUMBER = re.compile(rb"^[ 0-9][0-9]$")
PLAYING_STATUS = re.compile(rb"^\*X;[234];")
CAMMEGH_TIME_FACTOR = 0.05  # the emulated wheel's game 20 times faster than a real one


class BoardResults:
    """Taps a board's line: the first write of each frame carrying a `kind` message (resends,
    the same message again, ignored)."""

    def __init__(self, kind: type[Message]) -> None:
        self.kind = kind
        self.written: list[int] = []
        self._decoder = Decoder()
        self._seen: set[Message] = set()

    def __call__(self, data: bytes) -> None:
        now = time.monotonic_ns()
        self._decoder.receive(data)
        while (item := self._decoder.get()) is not None:
            if (
                isinstance(item, Frame)
                and isinstance(item.message, self.kind)
                and item.message not in self._seen
            ):
                self._seen.add(item.message)
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
    cfg = local_table("roulette_fr", directory, url)
    with (
        ResultListener(cfg.publish, cfg.id) as listener,
        assemble(cfg, RunOptions(out=io.StringIO(), log=io.StringIO())) as table,
    ):
        time.sleep(0.3)  # let the subscriber join before the first result
        table.run(rounds)
        table.writer.flush()
    results = sorted(listener.received)
    print_latency(label, dict(zip(results, taps.written)), listener.received)


def bench_board(rounds: int) -> None:
    directory = Path(tempfile.mkdtemp(prefix="dt-board-"))
    with WheelBoardEmulator(directory / "wheel-board", seed=5, time_scale=0.05) as board:
        taps = BoardResults(BallInPockets)
        board.port.taps.append(taps)
        run_table(
            board.url, rounds, taps, "sensor board: pocket frame written -> round.result received"
        )


def bench_cammegh(rounds: int) -> None:
    directory = Path(tempfile.mkdtemp(prefix="dt-cam-"))
    with CammeghEmulator(directory / "cammegh", seed=11, time_factor=CAMMEGH_TIME_FACTOR) as wheel:
        taps = CammeghResults()
        wheel.port.taps.append(taps)
        run_table(
            driver_url(directory / "cammegh", CAMMEGH_TIME_FACTOR),
            rounds,
            taps,
            "Cammegh SS2: winning-number line written -> round.result received",
        )


def bench_dice(throws: int) -> None:
    directory = Path(tempfile.mkdtemp(prefix="dt-dice-"))
    # A throw comes to rest 20 ms after "dice out" instead of 4 s.
    with (
        DiceBoardEmulator(directory / "dice-reader", seed=5, time_scale=0.005) as board,
        open_dice(board.url) as reader,
    ):
        taps = BoardResults(Dice)
        board.port.taps.append(taps)
        read: list[int] = []
        for _ in range(throws):
            reader.throw()
            event = reader.get(timeout=10)
            read.append(time.monotonic_ns())
            if not isinstance(event, DiceThrown):
                raise SystemExit(f"dice reader: {event!r} instead of the dice")
    print_latency(
        "dice reader board: dice frame written -> DiceThrown read",
        dict(enumerate(taps.written)),
        dict(enumerate(read)),
    )


def bench_shoe(cards: int) -> None:
    directory = Path(tempfile.mkdtemp(prefix="dt-shoe-"))
    # A card comes out 5 ms after "deal" instead of 1 s; 8-deck shoes, loaded again when dealt.
    with (
        ShoeBoardEmulator(directory / "shoe-reader", seed=5, time_scale=0.005) as board,
        open_shoe(board.url) as shoe,
    ):
        taps = BoardResults(Card)
        board.port.taps.append(taps)
        read: list[int] = []
        for n in range(cards):
            if n % 416 == 0:
                shoe.new_shoe(8, None)
                if not isinstance(event := shoe.get(timeout=10), ShoeLoaded):
                    raise SystemExit(f"card shoe: {event!r} instead of the shoe loaded")
            shoe.deal()
            event = shoe.get(timeout=10)
            read.append(time.monotonic_ns())
            if not isinstance(event, CardDrawn):
                raise SystemExit(f"card shoe: {event!r} instead of a card")
    print_latency(
        "shoe reader board: card frame written -> CardDrawn read",
        dict(enumerate(taps.written)),
        dict(enumerate(read)),
    )


def main() -> None:
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--rounds", type=int, default=100)
    p.add_argument("--throws", type=int, default=300)
    p.add_argument("--cards", type=int, default=500)
    args = p.parse_args()
    bench_board(args.rounds)
    bench_cammegh(args.rounds)
    bench_dice(args.throws)
    bench_shoe(args.cards)


if __name__ == "__main__":
    main()
