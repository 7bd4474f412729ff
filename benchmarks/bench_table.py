"""Benchmarks of the table (figures printed, nothing asserted):

1. settled rounds per second of a headless simulated table with full durability (WAL,
   synchronous FULL, every event committed before it is published);
2. p50/p99 latency from the wheel's ball-in-pocket event to the `round.result` received by a
   ZeroMQ subscriber, at a realistic pace;
3. engine-only settlements per second with 1,000 bets per spin.

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

from games.records import Bet  # noqa: E402
from games.roulette.engine import RouletteEngine, RouletteState  # noqa: E402
from games.roulette.layout import all_codes  # noqa: E402
from tests.support.helpers import write_config  # noqa: E402
from results import ResultListener, print_latency  # noqa: E402
from terminal.config import load_table_config  # noqa: E402
from terminal.assemble import RunOptions, assemble, build_engine  # noqa: E402


def table_config(wheel: str):
    return load_table_config(write_config(Path(tempfile.mkdtemp(prefix="dt-bench-")), wheel=wheel))


def quiet(seed: int) -> RunOptions:
    return RunOptions(sim=True, seed=seed, out=io.StringIO(), log=io.StringIO())


def bench_throughput(rounds: int) -> None:
    cfg = table_config("sim://wheel?spin=0")
    start = time.perf_counter()
    with assemble(cfg, quiet(1)) as table:
        table.run(rounds)
        events = table.journal.last_seq
    elapsed = time.perf_counter() - start  # includes the final flush of the journal
    print(f"throughput: {rounds} settled rounds, {events} events in {elapsed:.2f} s: "
          f"{rounds / elapsed:,.0f} rounds/s, {events / elapsed:,.0f} events/s (WAL, synchronous=FULL)")


def bench_latency(rounds: int) -> None:
    cfg = table_config("sim://wheel?spin=0.02")
    sensed: dict[int, int] = {}
    with ResultListener(cfg.publish, cfg.id) as listener, assemble(cfg, quiet(2)) as table:
        time.sleep(0.3)  # let the subscriber join before the first result
        table.on_round = lambda event: sensed.__setitem__(event["round"], table.result_sensed_ns)
        table.run(rounds)
        table.writer.flush()
    print_latency("latency ball-in-pocket -> round.result at the subscriber", sensed, listener.received)


def bench_engine(spins: int, bets_per_spin: int = 1000) -> None:
    cfg = table_config("sim://wheel?spin=0")
    rules, engine = build_engine(cfg)
    assert isinstance(engine, RouletteEngine)
    rng = random.Random(3)
    codes = all_codes()
    limits = engine.limits
    bets = [Bet(f"b{i}", i % 7 + 1, code := rng.choice(codes), limits.min * rng.randint(1, 3),
                zero_choice=rng.choice(("prison", "half")) if ":" not in code else "prison")
            for i in range(bets_per_spin)]
    numbers = [rng.randrange(37) for _ in range(spins)]
    state = RouletteState()
    start = time.perf_counter()
    for number in numbers:
        result = engine.spin(state, bets, number)
        state = RouletteState(last_number=number)  # the same 1,000 fresh bets every spin
    elapsed = time.perf_counter() - start
    print(f"engine: {spins} spins x {bets_per_spin} bets in {elapsed:.2f} s: {spins / elapsed:,.1f} spins/s, "
          f"{spins * bets_per_spin / elapsed:,.0f} settlements/s ({len(result.settlement)} entries last spin)")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--rounds", type=int, default=2000)
    p.add_argument("--latency-rounds", type=int, default=300)
    p.add_argument("--spins", type=int, default=200)
    args = p.parse_args()
    bench_throughput(args.rounds)
    bench_latency(args.latency_rounds)
    bench_engine(args.spins)


if __name__ == "__main__":
    main()
