"""A seeded simulation of poker sense descart agrees with the exact edges of the profile: six
boxes every coup, each going on by the engine's strategy, a freshly shuffled deck each coup,
played through terminal.runtime.simulation.coups.play_coup as the simulator plays it."""

import math
import random
import tomllib
from math import comb

import pytest

from games.poker_stud.engine import PokerStudEngine
from games.poker_stud.rules import PokerStudRules
from games.poker_stud.showdowns import showdowns
from games.records import Bet
from terminal.runtime.simulation.coups import play_coup, shuffled
from tests.support.rulebook_files import profile_path

PROFILE = profile_path("poker_stud")
SEED = 20_261_130
COUPS = 12_000
ANTE = 100


@pytest.fixture(scope="module")
def rules() -> PokerStudRules:
    with PROFILE.open("rb") as f:
        return PokerStudRules.from_dict(tomllib.load(f), str(PROFILE))


def ratio(losses: list[float], staked: list[float]) -> tuple[float, float]:
    """The house edge measured over the coups, lost / staked, and its standard error (the
    coups are independent; the boxes of one coup share the bank's hand, so they are not)."""
    edge = sum(losses) / sum(staked)
    spread = sum((lost - edge * stake) ** 2 for lost, stake in zip(losses, staked))
    return edge, math.sqrt(spread * len(losses) / (len(losses) - 1)) / sum(staked)


def test_a_seeded_simulation_agrees_with_the_exact_edges(rules):
    engine = PokerStudEngine(rules, rules.limits(ANTE, 1))
    bets = [Bet(f"a{box}", box, f"ante:{box}", ANTE) for box in range(1, rules.boxes + 1)]
    rng = random.Random(SEED)
    box_losses, call_losses, call_stakes = [], [], []
    for _ in range(COUPS):
        deck = shuffled(rng, 1)  # a new deck every coup: the cards left over are not dealt
        result = play_coup(
            engine, engine.new_state(), bets, lambda place: next(deck), engine.strategy
        )
        staked = {bet.id: bet for bet in result.bets}
        lost = {"ante": 0, "call": 0}
        for entry in result.settlement:
            bet = staked[entry.id]
            lost[bet.family] += bet.stake - entry.paid - entry.returned
        box_losses.append(lost["ante"] + lost["call"])
        call_losses.append(lost["call"])
        call_stakes.append(sum(bet.stake for bet in result.bets if bet.family == "call"))
    box, call, _ = rules.odds()
    measured, error = ratio(box_losses, [ANTE * len(bets)] * COUPS)  # per unit of ante
    assert abs(measured - float(box.house_edge)) < 4 * error
    measured, error = ratio(call_losses, call_stakes)  # per unit staked on the calls made
    assert abs(measured - float(call.house_edge)) < 4 * error
    # The strategy went on as often as the exact counts say: 52.4% of the boxes.
    going_on = sum(hands for hands, *_ in showdowns()[rules.call_from :]) / comb(52, 5)
    boxes = COUPS * len(bets)
    measured = sum(call_stakes) / (rules.call_multiple * ANTE) / boxes
    assert abs(measured - going_on) < 4 * math.sqrt(going_on * (1 - going_on) / boxes)
