"""Basic strategy and the exact house edge (games/blackjack/strategy.py): the dealer's chances
against published figures, the chart's no-hole-card decisions, and the recursion's value of a
start checked exactly against the engine itself, every card of an infinite deck dealt in turn."""

import copy
from fractions import Fraction

import pytest

from games.blackjack.bet import BlackjackBet
from games.blackjack.engine import BlackjackEngine
from games.blackjack.rules import BlackjackRules
from games.blackjack.strategy import (
    BLACKJACK,
    BUST,
    CHANCE,
    FIRST,
    VALUES,
    dealer_outcomes,
)
from tests.support.rulebook_files import profile_path, read_profile

F = Fraction
PROFILE = profile_path("blackjack")
STAKE = 100
CARD = {value: "A23456789T"[value - 1] + "S" for value in VALUES}
ACE, TEN = 1, 10


@pytest.fixture(scope="module")
def values():
    return read_profile(PROFILE)


def load(values, **changes):
    altered = copy.deepcopy(values)
    altered.update(changes)
    return BlackjackRules.from_dict(altered, str(PROFILE))


@pytest.fixture(scope="module")
def rules(values):
    return load(values)


@pytest.fixture(scope="module")
def original(values):
    return load(values, dealer_blackjack_takes="original")


# Infinite deck, dealer standing on soft 17: the chance he busts, by his first card (the
# figures every blackjack reference prints).
PUBLISHED_BUST = {
    2: 0.3536,
    3: 0.3739,
    4: 0.3945,
    5: 0.4164,
    6: 0.4232,
    7: 0.2623,
    8: 0.2447,
    9: 0.2284,
    10: 0.2121,
    ACE: 0.1153,
}


@pytest.mark.parametrize("up", VALUES)
def test_the_dealers_chances_are_those_published(rules, up):
    ends = dealer_outcomes(rules.play, up)
    assert sum(ends.values()) == 1
    assert float(ends[BUST]) == pytest.approx(PUBLISHED_BUST[up], abs=5e-5)
    assert ends.get(BLACKJACK, 0) == {ACE: F(4, 13), TEN: F(1, 13)}.get(up, 0)


def test_the_house_edge_is_every_starts_value_by_its_chance(rules):
    starts = rules.strategy.starts
    assert len(starts) == 1000
    assert (
        -sum(CHANCE[a] * CHANCE[b] * CHANCE[up] * ev for (a, b, up), ev in starts.items())
        == rules.strategy.house_edge
    )


def test_no_hole_card_keeps_the_double_of_11_against_a_ten(rules, original):
    """The dealer's blackjack takes the doubled stake too: 11 against a ten is hit, not
    doubled; where it takes the bet only, it is doubled."""
    assert rules.strategy.action(FIRST, False, 11, True, TEN) == "hit"
    assert original.strategy.action(FIRST, False, 11, True, TEN) == "double"
    assert rules.strategy.action(FIRST, False, 11, True, 6) == "double"


def test_no_hole_card_keeps_eights_and_aces_together_against_a_ten_or_an_ace(rules, original):
    for pair, up in ((8, TEN), (8, ACE), (ACE, ACE)):
        assert not rules.strategy.splits(pair, up)
        assert original.strategy.splits(pair, up)
    assert rules.strategy.splits(8, 9) and rules.strategy.splits(ACE, 6)


def test_a_doubled_ace_counting_one_keeps_9_and_soft_hands_from_doubling(rules):
    """A 9 doubled that draws an ace makes 10, an ace and 8 doubled make 9 and a card: never
    worth the double stake at these rules."""
    for up in VALUES:
        assert rules.strategy.action(FIRST, False, 9, True, up) == "hit"
        assert rules.strategy.action(FIRST, True, 19, True, up) == "stand"


def engine_value(engine, coup):
    """The exact expected winnings per unit of the box's bet from `coup` on: every card an
    infinite deck can deal (one of each value, with its chance), every decision the engine's
    strategy."""
    need = engine.need(coup)
    if need.kind == "settle":
        result = engine.settle(coup)
        stakes = {bet.id: bet.stake for bet in result.bets}
        return F(sum(e.paid + e.returned - stakes[e.id] for e in result.settlement), STAKE)
    if need.kind == "decision":
        return engine_value(
            engine, engine.decide(coup, need.place, engine.strategy(coup, need.place, need.options))
        )
    return sum(
        chance * engine_value(engine, engine.card(coup, CARD[value]))
        for value, chance in CHANCE.items()
    )


def start(engine, first, second, up):
    coup = engine.start(engine.new_state(), [BlackjackBet("b", 1, "box:1", STAKE)])
    for value in (first, up, second):
        coup = engine.card(coup, CARD[value])
    return coup


@pytest.mark.parametrize(
    ("first", "second", "up"),
    [  # dealer's cards with small trees to follow
        (10, 6, 7),  # hit 16
        (10, 6, 6),  # stand 16
        (6, 5, 9),  # double 11
        (ACE, 7, 10),  # soft 18 against a ten: hit
        (ACE, 8, 6),  # ace and 8, which could double: stand
        (ACE, 10, ACE),  # blackjack against an ace
        (8, 8, 10),  # eights not split against a ten
    ],
)
def test_the_engine_playing_the_chart_makes_exactly_the_value_the_recursion_gives(
    rules, first, second, up
):
    engine = BlackjackEngine(rules, rules.limits(STAKE, 1))
    assert (
        engine_value(engine, start(engine, first, second, up))
        == rules.strategy.starts[(first, second, up)]
    )


def test_split_aces_make_exactly_the_value_the_recursion_gives(values):
    """Aces split against a ten, each taking one card (not split again, to keep the tree
    small). Under "original" the dealer's blackjack takes the box's own hand and returns the
    split's, so both of the recursion's roles are followed."""
    rules = load(values, resplit_aces=False, dealer_blackjack_takes="original")
    engine = BlackjackEngine(rules, rules.limits(STAKE, 1))
    assert rules.strategy.splits(ACE, TEN)
    assert (
        engine_value(engine, start(engine, ACE, ACE, TEN)) == rules.strategy.starts[(ACE, ACE, TEN)]
    )
