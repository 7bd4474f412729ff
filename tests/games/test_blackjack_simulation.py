"""A seeded simulation over a real 6-deck shoe (terminal/runtime/simulation/coups.py): every box
played by the engine's basic strategy, every insurance taken; each bet's measured return agrees with
its exact house edge within four standard errors."""

import math
import random
import tomllib

import pytest

from games.blackjack.bet import BlackjackBet
from games.blackjack.engine import BlackjackEngine
from games.blackjack.rules import BlackjackRules
from terminal.runtime.simulation.coups import play_coup, shuffled
from tests.support.rulebook_files import profile_path

PROFILE = profile_path("blackjack")
SEED = 20261130
COUPS = 6000
BOXES = range(1, 8)
STAKE = 100  # even, with a chip unit of 1: 3 to 2 and half the bet insured are whole amounts


class Measure:
    """Returns per unit staked, one sample per coup (the boxes of a coup share the dealer's
    cards, so a coup is the independent trial)."""

    def __init__(self):
        self.samples = []

    def add(self, net, staked):
        self.samples.append(net / staked)

    def edge(self):
        return -sum(self.samples) / len(self.samples)

    def standard_error(self):
        n, mean = len(self.samples), sum(self.samples) / len(self.samples)
        return math.sqrt(sum((x - mean) ** 2 for x in self.samples) / (n - 1) / n)


@pytest.fixture(scope="module")
def measured():
    with PROFILE.open("rb") as f:
        rules = BlackjackRules.from_dict(tomllib.load(f), str(PROFILE))
    engine = BlackjackEngine(rules, rules.limits(STAKE, 1))
    cards = shuffled(random.Random(SEED), rules.decks)

    def decide(coup, place, options):
        return "insurance" if "insurance" in options else engine.strategy(coup, place, options)

    box, insurance = Measure(), Measure()
    state = engine.new_state()
    for n in range(COUPS):
        bets = [BlackjackBet(f"{n}-{b}", b, f"box:{b}", STAKE) for b in BOXES]
        result = play_coup(engine, state, bets, lambda place: next(cards), decide)
        state = result.state
        staked = {b.id: (b.family, b.stake) for b in result.bets}
        net = {"box": 0, "insurance": 0}
        for entry in result.settlement:
            family, stake = staked[entry.id]
            net[family] += entry.paid + entry.returned - stake
        box.add(net["box"], STAKE * len(bets))
        insured = sum(stake for family, stake in staked.values() if family == "insurance")
        if insured:
            insurance.add(net["insurance"], insured)
    return rules, box, insurance


def test_the_boxes_return_what_basic_strategy_gives(measured):
    rules, box, _ = measured
    exact = float(rules.strategy.house_edge)
    assert abs(box.edge() - exact) <= 4 * box.standard_error(), (
        box.edge(),
        exact,
        box.standard_error(),
    )


def test_insurance_returns_its_exact_edge(measured):
    rules, _, insurance = measured
    exact = float(next(row.house_edge for row in rules.odds() if row.family == "insurance"))
    assert len(insurance.samples) > COUPS / 20  # the dealer shows an ace one coup in 13
    assert abs(insurance.edge() - exact) <= 4 * insurance.standard_error(), (
        insurance.edge(),
        exact,
    )
