"""Benchmarks of the poker hand evaluator and the poker sense descart engine (figures printed,
nothing asserted):

1. evaluations per second of `games.poker.evaluator.evaluate` on random five-card hands;
2. the time to rank all 2,598,960 hands of a deck (the evaluator's proof in the tests);
3. coups per second of the engine with six boxes, played through
   terminal.runtime.simulation.coups.play_coup with the strategy deciding and a fresh shuffled
   deck every coup.

Usage: python benchmarks/bench_poker.py [--hands N] [--coups N]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import tomllib
from collections import Counter
from itertools import combinations
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from games.cards.cards import CARDS  # noqa: E402
from games.poker.evaluator import evaluate  # noqa: E402
from games.poker_stud.engine import PokerStudEngine  # noqa: E402
from games.poker_stud.rules import PokerStudRules  # noqa: E402
from games.records import Bet  # noqa: E402
from terminal.runtime.simulation.coups import play_coup, shuffled  # noqa: E402


def bench_evaluate(n: int) -> None:
    rng = random.Random(1)
    hands = [tuple(rng.sample(CARDS, 5)) for _ in range(n)]
    start = time.perf_counter()
    for hand in hands:
        evaluate(hand)
    elapsed = time.perf_counter() - start
    print(f"evaluate: {n:,} random hands in {elapsed:.2f} s: {n / elapsed:,.0f} evaluations/s")


def bench_every_hand() -> None:
    start = time.perf_counter()
    classes = Counter(map(evaluate, combinations(CARDS, 5)))
    elapsed = time.perf_counter() - start
    print(
        f"every hand: {sum(classes.values()):,} hands, {len(classes):,} classes "
        f"in {elapsed:.2f} s: {sum(classes.values()) / elapsed:,.0f} hands/s"
    )


def bench_coups(n: int) -> None:
    path = REPO / "config" / "rulebooks" / "valencia-1994" / "poker_stud.toml"
    with path.open("rb") as f:
        rules = PokerStudRules.from_dict(tomllib.load(f), str(path))
    engine = PokerStudEngine(rules, rules.limits(100, 1))
    bets = [Bet(f"a{box}", box, f"ante:{box}", 100) for box in range(1, rules.boxes + 1)]
    rng = random.Random(1)
    start = time.perf_counter()
    for _ in range(n):
        deck = shuffled(rng, 1)
        play_coup(engine, engine.new_state(), bets, lambda place: next(deck), engine.strategy)
    elapsed = time.perf_counter() - start
    print(
        f"engine: {n:,} coups x {len(bets)} boxes in {elapsed:.2f} s: {n / elapsed:,.0f} coups/s, "
        f"{n * len(bets) / elapsed:,.0f} boxes/s"
    )


def main() -> None:
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--hands", type=int, default=1_000_000)
    p.add_argument("--coups", type=int, default=5_000)
    args = p.parse_args()
    bench_evaluate(args.hands)
    bench_every_hand()
    bench_coups(args.coups)


if __name__ == "__main__":
    main()
