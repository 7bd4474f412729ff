"""Engine-only settlements per second of every game (figures printed, nothing asserted): each
round a bet on every code the engine takes then, settled by the pure engine alone (no table, no
journal): a spin's or a roll's outcome drawn with its exact probability, a coup dealt from a
shuffled shoe by the game's strategy (monte: a coup laid out first, its Primeres then its
Segones). The clock runs over the engine's calls only.

Usage: python benchmarks/bench_engines.py [--rounds N] [--game ID]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from itertools import accumulate
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from games.game import COUP, ROLL  # noqa: E402
from games.registry import GAMES  # noqa: E402
from games.rulebook import load_rules  # noqa: E402
from terminal.runtime.simulation.coups import play_coup, shuffled  # noqa: E402

MINIMUM = 1000


def bets_for(game, engine, rules, state, round_no: int) -> list:
    """A bet on each code the engine takes in `state`, each of its own seat (a circle game's of
    the place its code names: `ponte:3` is place 3's)."""
    bets: list = []
    for i, code in enumerate(rules.codes()):
        bet = game.bet(f"{round_no}-{i}", i % 12 + 1, code, MINIMUM)
        place = code.rpartition(":")[2]
        if bet.entered_problem() is not None and place.isdigit():
            bet = game.bet(bet.id, int(place), code, MINIMUM)
        if engine.check(bet, bets, state=state) is None:
            bets.append(bet)
    return bets


def bench(game_id: str, rounds: int) -> tuple[int, float]:
    """Settlements and the seconds the engine took for them over `rounds` rounds."""
    game = GAMES[game_id]
    rules = load_rules(REPO / "config" / "rulebooks", "valencia-1994", game_id)
    engine = game.engine(rules, rules.limits(MINIMUM, 1))
    rng = random.Random(1)
    state = engine.new_state()
    settled, busy = 0, 0.0
    if game.kind != COUP:
        outcomes = rules.outcomes()
        weights = list(accumulate(float(p) for _, p in outcomes))
    # a table that lives between coups (a circle table's bank) plays each coup from the odds'
    # scenario, a bank held: its life between coups is the players', not the engine's to time
    held = next((o.scenario for o in rules.odds() if o.scenario), None)
    for round_no in range(rounds):
        if game.between_coups and held is not None:
            state = rules.scenario(held)[0]
        if game.kind == ROLL and state.shooter is None:
            state = engine.with_shooter(state, 1)
        if game.kind == COUP and (game.lays_out is None or engine.layout_due(state)):
            deck = shuffled(rng, rules.decks, rules.deck)  # monte: a pack a coup, both phases
            if game.lays_out is not None:
                state = _laid(engine, state, deck)
        bets = bets_for(game, engine, rules, state, round_no)
        start = time.perf_counter()
        if game.kind == COUP:
            result = play_coup(engine, state, bets, lambda place: next(deck), engine.strategy)
        else:
            outcome = rng.choices(outcomes, cum_weights=weights)[0][0]
            result = engine.settle(state, bets, outcome)
        busy += time.perf_counter() - start
        settled += len(result.settlement)
        state = result.state
    return settled, busy


def _laid(engine, state, deck):
    """Monte: the next coup's layout, dealt from `deck` (again while void)."""
    while True:
        layout = engine.new_layout(state)
        while engine.layout_needs(layout) is not None:
            layout = engine.lay(layout, next(deck))
        data = engine.laid(state, layout)
        if not data["void"]:
            return state.laid(layout, data["coup"], data["pack"])


def main() -> None:
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--rounds", type=int, default=2000)
    p.add_argument("--game", choices=sorted(GAMES))
    args = p.parse_args()
    print(f"engine-only settlements, {args.rounds:,} rounds a game, a bet on every code taken:")
    for game_id in [args.game] if args.game else sorted(GAMES):
        settled, busy = bench(game_id, args.rounds)
        print(
            f"  {game_id:16} {settled / busy:12,.0f} settlements/s "
            f"({settled / args.rounds:,.1f} a round, {busy / args.rounds * 1e6:,.0f} µs a round)"
        )


if __name__ == "__main__":
    main()
