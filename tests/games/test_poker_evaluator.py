"""The poker hand evaluator: proven on every five-card hand of a deck, and on the orderings
section 11 V.1 spells out."""

from collections import Counter
from itertools import combinations

import pytest

from games.cards.cards import CARDS
from games.poker.evaluator import CATEGORIES, CLASSES, category, evaluate, ranks

VALUE = {rank: value for value, rank in enumerate("23456789TJQKA", start=2)}
WHEEL = [14, 5, 4, 3, 2]


def reference(hand) -> tuple[int, tuple[int, ...]]:
    """A slow, plain ranking to check the evaluator against: (category, tie-breaks)."""
    values = sorted((VALUE[card[0]] for card in hand), reverse=True)
    flush = len({card[1] for card in hand}) == 1
    groups = sorted(((n, v) for v, n in Counter(values).items()), reverse=True)
    shape = tuple(n for n, _ in groups)
    ties = tuple(v for _, v in groups)
    straight = len(groups) == 5 and (values[0] - values[4] == 4 or values == WHEEL)
    high = (5 if values == WHEEL else values[0],)
    if straight and flush:
        return (9 if high == (14,) else 8), high
    if shape == (4, 1):
        return 7, ties
    if shape == (3, 2):
        return 6, ties
    if flush:
        return 5, ties
    if straight:
        return 4, high
    return {(3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1, (1, 1, 1, 1, 1): 0}[shape], ties


def signature(hand) -> tuple[str, bool]:
    """All a hand's rank depends on: its ranks and whether it is a flush."""
    a, b, c, d, e = hand
    return "".join(sorted(a[0] + b[0] + c[0] + d[0] + e[0])), a[1] == b[1] == c[1] == d[1] == e[1]


def test_every_five_card_hand_of_a_deck():
    """All 2,598,960 hands: the count of each category, 7,462 distinct ranks, and the same
    order as the plain reference ranking for every hand."""
    hands = list(combinations(CARDS, 5))
    keys = list(map(evaluate, hands))
    per_category = Counter()
    for key, n in Counter(keys).items():
        per_category[category(key)] += n
    assert per_category == {
        "royal_flush": 4,
        "straight_flush": 36,
        "four_of_a_kind": 624,
        "full_house": 3744,
        "flush": 5108,
        "straight": 10200,
        "three_of_a_kind": 54912,
        "two_pair": 123552,
        "pair": 1098240,
        "high_card": 1302540,
    }
    assert len(hands) == 2_598_960 and len(set(keys)) == 7462 == CLASSES
    assert min(keys) == 0 and max(keys) == CLASSES - 1
    # Each class is the hands of one signature and each signature one class; the reference
    # ranks hands by their signature alone, so one hand per class stands for all of them.
    pairs = set(zip(keys, map(signature, hands)))
    assert len(pairs) == len({key for key, _ in pairs}) == len({sig for _, sig in pairs}) == CLASSES
    sample = dict(zip(keys, hands))
    expected = {key: reference(hand) for key, hand in sample.items()}
    assert len(set(expected.values())) == CLASSES
    assert sorted(sample, key=expected.__getitem__) == sorted(sample)


def test_categories_follow_section_11_order():
    assert CATEGORIES == (
        "high_card",
        "pair",
        "two_pair",
        "three_of_a_kind",
        "straight",
        "flush",
        "full_house",
        "four_of_a_kind",
        "straight_flush",
        "royal_flush",
    )
    examples = [  # V.1 a) to j), strongest first, the text's own examples where it gives them
        ("AC", "KC", "QC", "JC", "TC"),
        ("4C", "5C", "6C", "7C", "8C"),
        ("KS", "KH", "KD", "KC", "2S"),
        ("7S", "7H", "7D", "8C", "8S"),
        ("AC", "4C", "7C", "8C", "QC"),
        ("7S", "8H", "9D", "TC", "JS"),
        ("QS", "QH", "QD", "2C", "5S"),
        ("KS", "KH", "7D", "7C", "2S"),
        ("QS", "QH", "3D", "5C", "9S"),
        ("AS", "KH", "9D", "5C", "3S"),
    ]
    classes = [evaluate(hand) for hand in examples]
    assert classes == sorted(classes, reverse=True)
    assert [category(c) for c in classes] == list(reversed(CATEGORIES))


def h(text: str) -> int:
    return evaluate(text.split())


@pytest.mark.parametrize(
    "better, worse",
    [
        ("KS KH KD KC 2S", "QS QH QD QC AS"),  # four of a kind: the higher four
        ("8S 8H 8D 2C 2S", "7S 7H 7D AC AS"),  # full house: the higher three
        ("AS 4S 7S 8S QS", "KH QH JH 9H 7H"),  # flush: highest card first
        ("AS 4S 7S 8S QS", "AH 4H 6H 8H QH"),  # flush: then the next, and so on
        ("6C 7S 8H 9D TC", "2S 3H 4D 5C 6S"),  # straight: the highest card
        ("2S 3H 4D 5C 6S", "AS 2H 3D 4C 5S"),  # A-2-3-4-5 is five high, the lowest straight
        ("TS JH QD KC AS", "9S TH JD QC KS"),  # A-K-Q-J-10 the highest
        ("2D 3D 4D 5D 6D", "AH 2H 3H 4H 5H"),  # and the wheel the lowest straight flush
        ("QS QH QD 2C 3S", "JS JH JD AC KS"),  # three of a kind: the higher three
        ("KS KH 7D 7C 2S", "KD KC 6D 6C AS"),  # two pair: the higher pair, then the second
        ("KS KH 7D 7C 3S", "KD KC 7H 7S 2S"),  # then the odd card
        ("QS QH 3D 5C 9S", "JS JH AD KC QC"),  # pair: the higher pair
        ("QS QH 3D 5C 9S", "QD QC 2D 5D 9H"),  # then the kickers, highest first
        ("AS KH 9D 5C 3S", "AH KD 9C 5S 2H"),  # high cards: down to the last card
        ("2S 2H 3D 3C 4S", "AS KS QS JS 9H"),  # any two pair beats any high card
    ],
)
def test_ties_are_broken_as_section_11_v1_says(better, worse):
    assert h(better) > h(worse)


def test_suits_never_break_ties():
    assert h("AS KS QS JS TS") == h("AH KH QH JH TH")
    assert h("AS KH 9D 5C 3S") == h("AH KD 9C 5S 3H")
    assert h("7S 7H 7D 8C 8S") == h("7C 7H 7D 8D 8H")


def test_cards_in_any_order():
    assert h("2S 7H 7D 2C 7S") == h("7S 7H 7D 2C 2S")


def test_category_and_ranks_name_a_class():
    assert category(h("AS KH JD 8C 3S")) == "high_card" and ranks(h("AS KH JD 8C 3S")) == "AKJ83"
    assert ranks(h("AS 2S 3S 4S 5S")) == "A5432"
    assert category(h("AS 2S 3S 4S 5S")) == "straight_flush"
    with pytest.raises(ValueError, match="no hand class 7462"):
        category(7462)
