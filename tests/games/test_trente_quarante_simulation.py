"""A seeded simulation over a real 6-deck shoe (terminal/runtime/simulation/coups.py): every coup a
bet on each chance with each choice on a refait, and rouge and noir insured; bets in prison are
followed to their end. Each bet's measured return agrees with its exact house edge within four
standard errors, and so do the bets held in opposite pairs (rouge with noir, couleur with inverse),
whose return hangs on the refaits alone and so is measured far more finely."""

import math
import random
import tomllib
from collections import defaultdict

import pytest

from games.trente_quarante.bet import TrenteQuaranteBet
from games.trente_quarante.engine import TrenteQuaranteEngine
from games.trente_quarante.rules import TrenteQuaranteRules
from terminal.runtime.simulation.coups import play_coup, shuffled
from tests.support.rulebook_files import profile_path

PROFILE = profile_path("trente_quarante")
SEED = 20261202
COUPS = 20_000
MINIMUM = 64  # with a chip unit of 1, a stake of two minimums halves exactly seven times
STAKE = 2 * MINIMUM  # half back is open to it at the first refait
INSURED = 100 * MINIMUM
CHOICES = ("prison", "half")
PAIRS = {"rouge": "noir", "couleur": "inverse"}


class Measure:
    """Returns per unit staked, one sample per bet (or pair of bets) followed to its end."""

    def __init__(self):
        self.samples = []

    def add(self, back, staked):
        self.samples.append(back / staked - 1)

    def edge(self):
        return -sum(self.samples) / len(self.samples)

    def standard_error(self):
        n, mean = len(self.samples), sum(self.samples) / len(self.samples)
        return math.sqrt(sum((x - mean) ** 2 for x in self.samples) / (n - 1) / n)


def coup_bets(n):
    """The bets of coup n, each as (bet, row of the odds table, pair it belongs to)."""
    bets, seat = [], 0
    for chance in ("rouge", "noir", "couleur", "inverse"):
        pair = chance if chance in PAIRS else next(a for a, b in PAIRS.items() if b == chance)
        for choice in CHOICES:
            seat += 1
            bet = TrenteQuaranteBet(
                f"{n}-{chance}-{choice}", seat, chance, STAKE, zero_choice=choice
            )
            bets.append((bet, f"{chance} ({choice} on refait)", f"{pair} {choice}"))
    for chance in ("rouge", "noir"):
        seat += 1
        bet = TrenteQuaranteBet(f"{n}-{chance}-insured", seat, chance, INSURED, insured=True)
        premium = TrenteQuaranteBet(
            f"{n}-{chance}-premium", seat, "insurance", INSURED // 100, covers=bet.id
        )
        bets += [
            (bet, f"insurance on {chance} (premium 1/100)", "rouge insured"),
            (premium, None, None),
        ]
    return bets


@pytest.fixture(scope="module")
def rules():
    with PROFILE.open("rb") as f:
        return TrenteQuaranteRules.from_dict(tomllib.load(f), str(PROFILE))


@pytest.fixture(scope="module")
def measured(rules):
    engine = TrenteQuaranteEngine(rules, rules.limits(MINIMUM, 1))
    cards = shuffled(random.Random(SEED), rules.decks)
    measures = defaultdict(Measure)
    open_bets = {}  # id -> (bet, row, pair key)
    pairs = defaultdict(list)  # pair key -> [(back, staked)] of its bets ended so far
    state, n = engine.new_state(), 0
    while n < COUPS or state.prison:
        placed = coup_bets(n) if n < COUPS else []
        for bet, row, pair in placed:
            open_bets[bet.id] = (bet, row, None if pair is None else (pair, n))
        result = play_coup(
            engine, state, [bet for bet, _, _ in placed], lambda place: next(cards), engine.strategy
        )
        state, n = result.state, n + 1
        for entry in result.settlement:
            if entry.result == "prison":
                continue
            bet, row, pair = open_bets.pop(entry.id)
            if row is None:
                continue  # a premium: counted with the bet it insures
            staked = bet.stake + (bet.stake // 100 if bet.insured else 0)
            back = entry.paid + entry.returned
            measures[row].add(back, staked)
            pairs[pair].append((back, staked))
            if len(pairs[pair]) == 2:
                measures[pair[0]].add(*map(sum, zip(*pairs.pop(pair))))
    return measures


def test_every_bet_ended(measured):
    assert {len(m.samples) for key, m in measured.items() if "(" in key} == {COUPS}


@pytest.mark.parametrize(
    "row",
    [
        f"{chance} ({choice} on refait)"
        for chance in ("rouge", "noir", "couleur", "inverse")
        for choice in CHOICES
    ]
    + ["insurance on rouge (premium 1/100)", "insurance on noir (premium 1/100)"],
)
def test_each_bet_returns_its_exact_edge(rules, measured, row):
    exact = float(next(odds.house_edge for odds in rules.odds() if odds.label == row))
    measure = measured[row]
    assert abs(measure.edge() - exact) < 4 * measure.standard_error()


@pytest.mark.parametrize("pair", ["rouge prison", "rouge half", "couleur prison", "couleur half"])
def test_opposite_chances_together_lose_to_the_refait_only(rules, measured, pair):
    chance, choice = pair.split()
    exact = float(
        next(
            odds.house_edge
            for odds in rules.odds()
            if odds.label == f"{chance} ({choice} on refait)"
        )
    )
    measure = measured[pair]
    assert measure.standard_error() < 0.001
    assert abs(measure.edge() - exact) < 4 * measure.standard_error()


def test_rouge_and_noir_insured_together_lose_their_premiums_exactly(measured):
    assert measured["rouge insured"].samples == pytest.approx([-1 / 101] * COUPS)
