"""A seeded simulation over a real 6-deck shoe (terminal/runtime/simulation/coups.py): a bet on the
player, the banker and the tie every coup; each bet's measured return agrees with its exact house
edge within four standard errors, and so does a player and banker bet held together, whose return
hangs on the commission alone and so is measured far more finely."""

import math
import random
import tomllib

import pytest

from games.punto_banco.engine import PuntoBancoEngine
from games.punto_banco.rules import PuntoBancoRules
from games.records import Bet
from terminal.runtime.simulation.coups import play_coup, shuffled
from tests.support.rulebook_files import profile_path

PROFILE = profile_path("punto_banco")
SEED = 20261201
COUPS = 40_000
STAKE = 20  # with a chip unit of 1, the banker's 19/20 is a whole amount


class Measure:
    """Returns per unit staked, one sample per coup."""

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
def rules():
    with PROFILE.open("rb") as f:
        return PuntoBancoRules.from_dict(tomllib.load(f), str(PROFILE))


@pytest.fixture(scope="module")
def measured(rules):
    engine = PuntoBancoEngine(rules, rules.limits(STAKE, 1))
    cards = shuffled(random.Random(SEED), rules.decks)
    measures = {code: Measure() for code in ("player", "banker", "tie", "player+banker")}
    state = engine.new_state()
    for n in range(COUPS):
        bets = [
            Bet(f"{n}-{code}", seat, code, STAKE)
            for seat, code in enumerate(("player", "banker", "tie"), 1)
        ]
        result = play_coup(engine, state, bets, lambda place: next(cards), engine.strategy)
        state = result.state
        back = {entry.id: entry.paid + entry.returned for entry in result.settlement}
        net = {bet.code: back[bet.id] - bet.stake for bet in result.bets}
        for code in ("player", "banker", "tie"):
            measures[code].add(net[code], STAKE)
        measures["player+banker"].add(net["player"] + net["banker"], 2 * STAKE)
    return measures


@pytest.mark.parametrize("code", ["player", "banker", "tie"])
def test_each_bet_returns_its_exact_edge(rules, measured, code):
    exact = float(next(row.house_edge for row in rules.odds() if row.family == code))
    measure = measured[code]
    assert abs(measure.edge() - exact) < 4 * measure.standard_error()


def test_the_player_and_banker_together_return_their_exact_edges(rules, measured):
    edges = {row.family: row.house_edge for row in rules.odds()}
    exact = float((edges["player"] + edges["banker"]) / 2)
    measure = measured["player+banker"]
    assert measure.standard_error() < 0.0002
    assert abs(measure.edge() - exact) < 4 * measure.standard_error()
