"""Benchmarks of the table (figures printed, nothing asserted):

0. the floor, measured first in the same run: one SQLite commit of one small row (a fresh
   file, WAL, synchronous FULL) and one ZeroMQ PUB -> SUB hop on loopback TCP, each over some
   hundreds (median and p99); every figure below is also printed as a ratio to them;
1. settled rounds per second of a headless simulated table with full durability (WAL,
   synchronous FULL, every event committed before it is published), from the start of its
   run to the last event committed (the table's assembly and teardown left out), and as a
   share of the commits per second of the floor;
2. p50/p99 latency from the wheel's ball-in-pocket event to the `round.result` received by a
   ZeroMQ subscriber, at a realistic pace, and as multiples of the floor's commit + hop;
3. engine-only settlements per second with 1,000 bets per spin (and per commit's time).

Usage: python benchmarks/bench_table.py [--rounds N] [--latency-rounds N] [--spins N]
"""

from __future__ import annotations

import argparse
import io
import random
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

from results import Floor, ResultListener, measure_floor, print_latency  # noqa: E402

from drivers.wheel.events import BallInPocket  # noqa: E402
from games.prison import PrisonBet  # noqa: E402
from games.roulette.engine import RouletteEngine, RouletteState  # noqa: E402
from games.roulette.layout import all_codes  # noqa: E402
from terminal.assemble import RunOptions, assemble, build_engine  # noqa: E402
from terminal.screens.demo.scratch import local_table  # noqa: E402

WORK = Path(tempfile.gettempdir())  # where the tables' journals go (main: a fresh directory)


def table_config(wheel: str):
    directory = Path(tempfile.mkdtemp(prefix="dt-bench-", dir=WORK))
    return local_table("roulette_fr", directory, wheel)


def quiet(seed: int) -> RunOptions:
    return RunOptions(sim=True, seed=seed, out=io.StringIO(), log=io.StringIO())


def bench_throughput(rounds: int, floor: Floor) -> None:
    cfg = table_config("sim://wheel?spin=0")
    with assemble(cfg, quiet(1)) as table:
        start = time.perf_counter()
        table.run(rounds)
        table.writer.flush()  # every event committed (and published)
        elapsed = time.perf_counter() - start
        events = table.journal.last_seq
    per_s = rounds / elapsed
    print(
        f"throughput: {rounds} settled rounds, {events} events in {elapsed:.2f} s: "
        f"{per_s:,.0f} rounds/s, {events / elapsed:,.0f} events/s (WAL, synchronous=FULL)"
    )
    print(
        f"  as shares of the floor's {floor.commits_per_s:,.0f} commits/s: "
        f"rounds/s {per_s / floor.commits_per_s:.2f}, "
        f"events/s {events / elapsed / floor.commits_per_s:.2f}"
    )


def ball_sensed_ns(wheel) -> int:
    """When the simulated wheel sensed its last ball in a pocket (monotonic ns)."""
    history = wheel.history
    return next(e.t_ns for e in reversed(history) if isinstance(e, BallInPocket))


def bench_latency(rounds: int, floor: Floor) -> None:
    cfg = table_config("sim://wheel?spin=0.02")
    sensed: dict[int, int] = {}
    with ResultListener(cfg.publish, cfg.id) as listener, assemble(cfg, quiet(2)) as table:
        time.sleep(0.3)  # let the subscriber join before the first result
        # on the table thread, right after the round.result is emitted: the ball that decided it
        table.on_round = lambda event: sensed.__setitem__(
            event["round"], ball_sensed_ns(table.device)
        )
        table.run(rounds)
        table.writer.flush()
    print_latency(
        "latency ball-in-pocket -> round.result at the subscriber",
        sensed,
        listener.received,
        floor,
    )


def bench_engine(spins: int, floor: Floor, bets_per_spin: int = 1000) -> None:
    cfg = table_config("sim://wheel?spin=0")
    rules, engine = build_engine(cfg)
    assert isinstance(engine, RouletteEngine)
    rng = random.Random(3)
    codes = all_codes()
    limits = engine.limits
    bets = [
        PrisonBet(
            f"b{i}",
            i % 7 + 1,
            code := rng.choice(codes),
            limits.min * rng.randint(1, 3),
            zero_choice=rng.choice(("prison", "half")) if ":" not in code else "prison",
        )
        for i in range(bets_per_spin)
    ]
    numbers = [rng.randrange(37) for _ in range(spins)]
    state = RouletteState()
    start = time.perf_counter()
    for number in numbers:
        result = engine.spin(state, bets, number)
        state = RouletteState(last_number=number)  # the same 1,000 fresh bets every spin
    elapsed = time.perf_counter() - start
    per_s = spins * bets_per_spin / elapsed
    print(
        f"engine: {spins} spins x {bets_per_spin} bets in {elapsed:.2f} s: "
        f"{spins / elapsed:,.1f} spins/s, {per_s:,.0f} settlements/s "
        f"({len(result.settlement)} entries last spin)"
    )
    print(f"  per commit's time of the floor: {per_s / floor.commits_per_s:,.0f} settlements")


def main() -> None:
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--rounds", type=int, default=2000)
    p.add_argument("--latency-rounds", type=int, default=300)
    p.add_argument("--spins", type=int, default=200)
    args = p.parse_args()
    global WORK
    with tempfile.TemporaryDirectory(prefix="dt-bench-") as work:
        WORK = Path(work)
        floor = measure_floor(WORK)  # on the journals' disk
        print(floor.line())
        bench_throughput(args.rounds, floor)
        bench_latency(args.latency_rounds, floor)
        bench_engine(args.spins, floor)


if __name__ == "__main__":
    main()
