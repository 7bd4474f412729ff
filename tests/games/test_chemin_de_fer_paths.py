"""Which paths of chemin de fer a long seeded run of its simulated players reaches: 20,000 coups
played by the engine and the table's own fold, the players' hooks (games/chemin_de_fer/players.py)
answering the bank's life between coups as the table runtime asks them (rules/coup.py's
`_life_between_coups`: what the rules journal of themselves first, then the players' answers,
until the table waits for nothing), the real simulated players' chips, a shuffled six-deck shoe.
No journal (the runtime's own run is tests/terminal/test_chemin_de_fer_table.py): this is the
breadth of the bank's life, the stakes and the coups, counted by path and printed."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

import pytest

from games.cards.baccarat import count, value
from games.chemin_de_fer.engine import ChemEngine
from games.chemin_de_fer.entries import ResumeTable
from games.chemin_de_fer.fold import ChemFold
from games.chemin_de_fer.players import SIMULATED
from games.circle import CircleBet
from games.rulebook import load_rules
from terminal.common.settings import config_dir
from terminal.runtime.simulation.coups import play_coup, shuffled
from terminal.runtime.simulation.players import SimPlayers

COUPS, SEED = 20_000, 2026
MINIMUM, CHIP_UNIT = 500, 25  # the example table's

# every path the run must reach: the bank's life, the stakes, who holds the cards, the coup
PATHS = (
    "bank.offer",
    "bank.declined",
    "seat.lost refused_twice",
    "bank.auction won",
    "bank.auction no bid",
    "bank.taken offer",
    "bank.taken auction",
    "bank.taken minimum",
    "bank.associate",
    "bank.increase",
    "bank.garage voluntary",
    "bank.garage improper",
    "bank.passed lost",
    "bank.passed voluntary",
    "stake banco",
    "stake banco suivi",
    "stake banco in association",
    "stake avec_table",
    "stake complete",
    "stake ponte",
    "stake standing",
    "holder banco",
    "holder complete",
    "holder ponte",
    "ponte draws on 5",
    "ponte stands on 5",
    "banker follows his table",
    "banker plays free",
    "natural ponte",
    "natural banker",
    "natural both",
    "winner ponte",
    "winner bank",
    "winner tie",
)


@dataclass
class Seen:
    """The table as the players' hooks see it (games/entries.py `EntrySeen`)."""

    engine: ChemEngine
    own: ChemFold
    in_play: bool = False


def run(coups: int, seed: int) -> Counter[str]:
    rules = load_rules(config_dir() / "rulebooks", "valencia-1994", "chemin_de_fer")
    limits = rules.limits(MINIMUM, CHIP_UNIT)
    engine, own, rng = ChemEngine(rules, limits), ChemFold(), random.Random(seed)
    players = SimPlayers(
        rng,
        rules.codes(),
        seats=rules.places,
        max_bets=1,
        buyin=100,
        bet=CircleBet,
        held=SIMULATED.held,
    )
    seen = Seen(engine, own)
    paths: Counter[str] = Counter()
    shoe = shuffled(rng, rules.decks)

    def emit(kind: str, data: dict[str, Any]) -> None:
        own.apply(kind, None, data)
        detail = {
            "seat.lost": data.get("reason"),
            "bank.taken": data.get("via"),
            "bank.garage": data.get("kind"),
            "bank.passed": data.get("reason"),
            "bank.auction": None
            if kind != "bank.auction"
            else "won"
            if data["winner"]
            else "no bid",
        }.get(kind)
        paths[f"{kind} {detail}" if detail else kind] += 1

    def take(entry) -> str | None:
        taken = entry.take(seen)
        if isinstance(taken, str):
            return taken
        emit(taken.kind, dict(taken.data))
        if taken.returned:
            players.refund(taken.returned)
        return None

    for round_no in range(1, coups + 1):
        players.buyins(limits)
        SIMULATED.between_coups(seen, players, take)
        while True:
            while (due := engine.due(own.engine_state())) is not None:
                emit(due.kind, due.data)
                for seat, amount in due.handed:
                    players.hand_back(seat, amount)
            waiting = engine.waiting(own.engine_state())
            if waiting is None:
                break
            if waiting == "paused":  # the croupier resumes it, as at a staffed table
                assert take(ResumeTable("C-07")) is None
                paths["table resumed"] += 1
                continue
            state = own.engine_state()
            SIMULATED.between_coups(seen, players, take)
            assert own.engine_state() != state, f"the players answer nothing ({waiting})"
        bets = SIMULATED.stakes(seen, players, round_no)
        if not bets:
            paths["no stake"] += 1
            continue
        seen.in_play = True
        result = play_coup(
            engine, own.engine_state(), bets, lambda place: next(shoe), engine.strategy
        )
        seen.in_play = False
        players.collect(result.bets, result.settlement)
        emit(
            "round.result", {"outcome": result.outcome, "bets": [b.to_json() for b in result.bets]}
        )
        coup_paths(paths, result.outcome, [b for b in result.bets if b.family != "bank"])
    return paths


def coup_paths(paths: Counter[str], outcome: dict[str, Any], stakes: list[Any]) -> None:
    for bet in stakes:
        paths[f"stake {bet.family}"] += 1
        if bet.suivi:
            paths["stake banco suivi"] += 1
        if bet.partners:
            paths["stake banco in association"] += 1
        if bet.standing:
            paths["stake standing"] += 1
    holder = next(b for b in stakes if b.id == outcome["holder"])
    paths[f"holder {holder.family}"] += 1
    paths[f"winner {outcome['winner']}"] += 1
    if outcome["natural"]:
        paths[f"natural {outcome['natural']}"] += 1
        return
    ponte = outcome["ponte"]
    if count([value(c) for c in ponte[:2]]) == 5:
        paths["ponte draws on 5" if len(ponte) == 3 else "ponte stands on 5"] += 1
    paths["banker follows his table" if outcome["table_used"] else "banker plays free"] += 1


@pytest.mark.slow
def test_a_long_seeded_run_reaches_every_path(capsys):
    paths = run(COUPS, SEED)
    with capsys.disabled():
        print(f"\nchemin de fer, {COUPS:,} coups, seed {SEED}: the paths reached")
        for path in PATHS:
            print(f"  {path:<30} {paths[path]:>7,}")
    missed = [path for path in PATHS if not paths[path]]
    assert not missed, f"not reached in {COUPS:,} coups: {missed}"
    assert paths["winner ponte"] + paths["winner bank"] + paths["winner tie"] <= COUPS


def test_a_short_run_plays_the_same_coups_from_the_same_seed():
    assert run(300, 7) == run(300, 7)


def test_a_table_paused_for_want_of_a_banker_resumes_with_the_bank_offered_at_the_minimum():
    rules = load_rules(config_dir() / "rulebooks", "valencia-1994", "chemin_de_fer")
    engine, own = ChemEngine(rules, rules.limits(MINIMUM, CHIP_UNIT)), ChemFold()
    seen = Seen(engine, own)
    assert ResumeTable("C-07").take(seen) == "the table is not paused: play goes on"
    own.apply("table.pause", None, {"reason": "nobody takes the bank at the minimum (CF-16)"})
    assert engine.waiting(own.engine_state()) == "paused" and engine.due(own.engine_state()) is None
    resumed = ResumeTable("C-07").take(seen)
    assert not isinstance(resumed, str) and resumed.kind == "table.resume"
    own.apply(resumed.kind, None, dict(resumed.data))
    due = engine.due(own.engine_state())
    assert due is not None and due.kind == "bank.offer" and due.data["min"] == MINIMUM
