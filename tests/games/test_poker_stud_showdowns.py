"""The exact counts behind the poker sense descart house edges (games/poker_stud/showdowns.json):
their totals, a sample of classes counted hand by hand, and the published totals of Caribbean
stud, the same game under the classic payouts."""

import tomllib
from collections import Counter
from dataclasses import replace
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest

from games.cards.cards import CARDS
from games.poker.evaluator import CLASSES, category, evaluate
from games.poker_stud.hands import QUALIFIER
from games.poker_stud.rules import PokerStudRules
from games.poker_stud.showdowns import BANK_HANDS, showdowns
from tests.support.rulebook_files import profile_path

PROFILE = profile_path("poker_stud")


@pytest.fixture(scope="module")
def rules() -> PokerStudRules:
    with PROFILE.open("rb") as f:
        return PokerStudRules.from_dict(tomllib.load(f), str(PROFILE))


def test_every_class_and_every_hand_is_counted():
    rows = showdowns()
    assert len(rows) == CLASSES and sum(hands for hands, *_ in rows) == comb(52, 5)
    per_category = Counter()
    for hand_class, (hands, bank_out, beaten, tied) in enumerate(rows):
        per_category[category(hand_class)] += hands
        assert bank_out + beaten + tied <= hands * BANK_HANDS
        if hand_class < QUALIFIER:  # a box below ace-king never beats nor ties a bank that plays
            assert beaten == tied == 0
    assert per_category["royal_flush"] == 4 and per_category["pair"] == 1_098_240
    # Over every pair of hands the bank is as likely to hold any hand as the box: it does not
    # play as often as a hand falls below ace-king, 159 in 364.
    out = Fraction(sum(row[1] for row in rows), comb(52, 5) * BANK_HANDS)
    assert (
        out == Fraction(sum(row[0] for row in rows[:QUALIFIER]), comb(52, 5)) == Fraction(159, 364)
    )


def counted_by_hand(box: str) -> tuple[int, int, int]:
    """(bank does not play, box wins, tie) over every bank hand of the other 47 cards."""
    cards = box.split()
    hand_class = evaluate(cards)
    banks = Counter(map(evaluate, combinations([c for c in CARDS if c not in cards], 5)))
    return (
        sum(n for bank, n in banks.items() if bank < QUALIFIER),
        sum(n for bank, n in banks.items() if QUALIFIER <= bank < hand_class),
        banks[hand_class] if hand_class >= QUALIFIER else 0,
    )


@pytest.mark.parametrize(
    "orbits",
    [
        # Each class as its hands up to a change of suits: (a hand, how many hands are like it).
        [("AS KS QS JS TS", 4)],  # royal flush: one of four suits
        [("AS AH AD AC KS", 4)],  # four aces, the king of any suit
        [
            ("KS KH KD 2S 2H", 12),
            ("KS KH KD 2S 2C", 12),
        ],  # the missing king's suit among the deuces' or not
    ],
)
def test_a_sample_of_classes_counted_hand_by_hand(orbits):
    hand_class = evaluate(orbits[0][0].split())
    totals = [0, 0, 0]
    for hand, alike in orbits:
        for i, n in enumerate(counted_by_hand(hand)):
            totals[i] += alike * n
    hands, *counts = showdowns()[hand_class]
    assert hands == sum(alike for _, alike in orbits)
    assert counts == totals


# Caribbean stud pays the call 1, 1, 2, 3, 4, 5, 7, 20, 50, 100 from high card to royal flush:
# ours but for the straight flush (25). The Wizard of Odds (wizardofodds.com, Caribbean Stud
# Poker, "strategy statistics") gives the player's total loss in antes over all
# 19,933,230,517,200 deals, every pair of hands counted five times (the bank's up card).
CLASSIC = {
    "high_card": 1,
    "pair": 1,
    "two_pair": 2,
    "three_of_a_kind": 3,
    "straight": 4,
    "flush": 5,
    "full_house": 7,
    "four_of_a_kind": 20,
    "straight_flush": 50,
    "royal_flush": 100,
}


@pytest.mark.parametrize(
    "call_from, total_loss",
    [
        ("AS KH JD 8C 3S", 1_059_715_400_580),  # raise on ace/king/jack/8/3 or better: 5.316%
        ("2S 2H 3D 4C 5S", 1_090_272_101_460),  # raise on any pair or better: 5.470%
        ("AS KH 4D 3C 2S", 1_132_600_203_540),  # raise on any ace/king or better: 5.682%
        (None, 3_310_360_338_060),  # playing blind, raise on everything: 16.607%
    ],
)
def test_the_published_caribbean_stud_totals(rules, call_from, total_loss):
    classic = replace(
        rules,
        call_payouts={k: Fraction(v) for k, v in CLASSIC.items()},
        call_from=0 if call_from is None else evaluate(call_from.split()),
    )
    box = classic.odds()[0]
    assert box.house_edge * comb(52, 5) * BANK_HANDS * 5 == total_loss


def test_the_strategy_derived_from_the_classic_payouts_is_ace_king_jack_eight_three():
    with PROFILE.open("rb") as f:
        values = tomllib.load(f)
    values["bets"]["call"]["payout"]["straight_flush"] = 50
    classic = PokerStudRules.from_dict(values, "classic.toml")
    assert classic.call_from == evaluate("AS KH JD 8C 3S".split())
    assert classic.odds()[0].house_edge == Fraction(1_059_715_400_580, comb(52, 5) * BANK_HANDS * 5)
