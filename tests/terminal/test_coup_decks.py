"""A coup's shoe of either deck kind (terminal/runtime/rounds/coup.py): the table asks its shoe
for decks of its rules' kind, journals the kind only when it is not the French deck (a French
shoe's `shoe.loaded` as ever: tests/golden/), places the cut card within the decks' own size,
and after a restart gives its shoe back the rest of the same kind. The simulator deals the
kind too."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import pytest

from drivers.shoe import open_shoe
from drivers.shoe.events import CardDrawn
from games.cards.cards import DECKS
from games.cards.fold import ShoeFold
from games.registry import game
from terminal.runtime.rounds.coup import CoupRounds
from terminal.runtime.simulation.coups import shuffled


@dataclass
class ShoeTable:
    """What a coup's shoe takes of the table: its game and rules, its shoe, its journal (folded
    as the table's state folds it) and the shoe's readings."""

    rules: Any
    device: Any = field(default_factory=lambda: open_shoe("sim://shoe?deal=0", seed=3))
    journal: list = field(default_factory=list)
    engine: Any = None  # no coup is played here

    def __post_init__(self):
        self.game = game("punto_banco")  # a coup game; its rules here are the test's
        self.state = SimpleNamespace(open_round=None, own=ShoeFold())

    def emit(self, kind, data, round_no=None):
        self.journal.append((kind, data))
        self.state.own.apply(kind, round_no, data)

    def readings(self):
        while (event := self.device.get(timeout=0)) is not None:
            yield event


def rules(deck: str, decks: int = 2, cut_reserve: int = 10):
    return SimpleNamespace(decks=decks, burn=0, cut_reserve=cut_reserve, deck=deck)


@pytest.mark.parametrize(
    "deck, journaled",
    [
        ("french", {"decks": 2, "burn": 0, "cut_after": 94}),
        ("spanish", {"decks": 2, "burn": 0, "cut_after": 70, "deck": "spanish"}),
    ],
)
def test_a_new_shoe_is_of_the_rules_deck_kind_and_journaled_so(deck, journaled):
    table = ShoeTable(rules(deck))
    CoupRounds(table)._load_shoe()

    assert table.journal == [("shoe.loaded", journaled)]
    shoe = table.state.own.shoe
    assert (shoe.deck, shoe.size, shoe.cut_after) == (
        deck,
        2 * len(DECKS[deck]),
        journaled["cut_after"],
    )
    dealt = []
    for _ in range(shoe.size):
        table.device.deal()
        dealt += [e.card for e in table.readings() if isinstance(e, CardDrawn)]
    assert Counter(dealt) == {card: 2 for card in DECKS[deck]}


def test_a_restarted_table_deals_on_from_the_rest_of_its_spanish_shoe():
    table = ShoeTable(rules("spanish", decks=1, cut_reserve=5))
    table.emit("shoe.loaded", {"decks": 1, "burn": 0, "cut_after": 35, "deck": "spanish"})
    for card in DECKS["spanish"][:25]:
        table.emit("card.drawn", {"card": card, "place": "1"})
    CoupRounds(table).recover()

    rest = []
    for _ in range(15):
        table.device.deal()
        rest += [e.card for e in table.readings() if isinstance(e, CardDrawn)]
    assert table.device.deck == "spanish"
    assert sorted(rest) == sorted(DECKS["spanish"][25:])


def test_the_simulators_shoe_deals_the_kind_asked_for():
    cards = shuffled(random.Random(1), 2, "spanish")

    assert Counter(next(cards) for _ in range(80)) == {card: 2 for card in DECKS["spanish"]}
    assert Counter(next(cards) for _ in range(80)) == {card: 2 for card in DECKS["spanish"]}
