"""Five-card poker hands ranked as section 11 V.1 orders them, fast enough for simulation.

`evaluate(cards)` gives any five distinct cards (`'AS'`, `'TD'`...) an int, its class: the
7,462 classes that five cards can make, from 0 (7-5-4-3-2 of mixed suits, the weakest) to
7,461 (a royal flush). A larger class beats a smaller one and equal classes tie, so suits never
break ties. The order is the text's: category first (royal flush, straight flush, four of a
kind, full house, flush, straight, three of a kind, two pair, pair, high card), then within a
category the ranks that make it before the kickers, each compared from the highest down.
A-2-3-4-5 is a straight, five high (docs/rulings.md), the lowest straight and straight flush.

Every class is worked out once, at import: a hand's ranks, summed as one 3-bit counter per
rank, key one of two tables (flush or not), so an evaluation is five dictionary look-ups, four
additions and a comparison of suits.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from collections.abc import Sequence
from itertools import combinations_with_replacement

from games.cards.cards import CARDS, RANKS

# Weakest first; royal flush is the text's own category (a) above the other straight flushes.
CATEGORIES = (
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
CLASSES = 7462
VALUES = {r: 14 if r == "A" else RANKS.index(r) + 1 for r in RANKS}  # 2..10, J 11, Q 12, K 13, A 14
_ACE_LOW = (14, 5, 4, 3, 2)


def _counter(value: int) -> int:
    """A rank's 3-bit counter in the sum of a hand's ranks (at most four cards of a rank)."""
    return 1 << 3 * (value - 2)


def _straight_high(values: tuple[int, ...]) -> int | None:
    """The top card of a straight of five distinct values (sorted high to low), else None."""
    if values == _ACE_LOW:
        return 5
    return values[0] if values[0] - values[4] == 4 else None


def _order(values: Sequence[int], flush: bool) -> tuple[int, tuple[int, ...]]:
    """The category (index in CATEGORIES) and tie-breaks of five card values, `flush` if they
    share a suit: the ranks by how many cards each has, then by rank, highest first."""
    counts = Counter(values)
    ranked = sorted(counts, key=lambda v: (counts[v], v), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    if len(counts) == 5:
        high = _straight_high(tuple(ranked))
        if high is not None:
            if not flush:
                return CATEGORIES.index("straight"), (high,)
            return CATEGORIES.index("royal_flush" if high == 14 else "straight_flush"), (high,)
        return CATEGORIES.index("flush" if flush else "high_card"), tuple(ranked)
    category = {
        (4, 1): "four_of_a_kind",
        (3, 2): "full_house",
        (3, 1, 1): "three_of_a_kind",
        (2, 2, 1): "two_pair",
        (2, 1, 1, 1): "pair",
    }[tuple(shape)]
    return CATEGORIES.index(category), tuple(ranked)


def _rank_classes() -> tuple[tuple[tuple[tuple[int, ...], int, int | None], ...], tuple[int, ...]]:
    """Every multiset of five card values one deck can deal (highest first), with its class
    when the cards are not all of one suit and, for five distinct values, when they are; and
    the weakest class of each category."""
    hands = []  # (category, tie-breaks), is a flush, values
    for values in combinations_with_replacement(range(14, 1, -1), 5):
        if max(Counter(values).values()) > 4:
            continue
        hands.append((_order(values, False), False, values))
        if len(set(values)) == 5:
            hands.append((_order(values, True), True, values))
    hands.sort()
    plain: dict[tuple[int, ...], int] = {}  # values -> class, not all of one suit
    flush: dict[tuple[int, ...], int] = {}  # values -> class, all of one suit
    first: dict[int, int] = {}  # category -> its weakest class
    for index, ((category, _), is_flush, values) in enumerate(hands):
        (flush if is_flush else plain)[values] = index
        first.setdefault(category, index)
    return (
        tuple((values, index, flush.get(values)) for values, index in plain.items()),
        tuple(first[c] for c in range(len(CATEGORIES))),
    )


# RANK_CLASSES: every multiset of five values, (values, its class with no flush, its class as a
# flush or None); FIRST_OF[c]: the weakest class of the category CATEGORIES[c].
RANK_CLASSES, FIRST_OF = _rank_classes()
_PLAIN = {sum(map(_counter, values)): plain for values, plain, _ in RANK_CLASSES}
_FLUSH = {
    sum(map(_counter, values)): flush for values, _, flush in RANK_CLASSES if flush is not None
}
_COUNTER = {card: _counter(VALUES[card[0]]) for card in CARDS}
_RANK_OF = {value: rank for rank, value in VALUES.items()}
_RANKS_OF = {
    c: "".join(_RANK_OF[v] for v in values)
    for values, *classes in RANK_CLASSES
    for c in classes
    if c is not None
}


def evaluate(cards: Sequence[str]) -> int:
    """The class of five distinct cards: larger beats smaller, equal ties. The cards are
    trusted, for speed: whoever deals them checks them (games.cards)."""
    a, b, c, d, e = cards
    key = _COUNTER[a] + _COUNTER[b] + _COUNTER[c] + _COUNTER[d] + _COUNTER[e]
    if a[1] == b[1] == c[1] == d[1] == e[1]:
        return _FLUSH[key]
    return _PLAIN[key]


def category(hand_class: int) -> str:
    """The category of a class, a name of CATEGORIES."""
    if not 0 <= hand_class < CLASSES:
        raise ValueError(f"no hand class {hand_class} (0 to {CLASSES - 1})")
    return CATEGORIES[bisect_right(FIRST_OF, hand_class) - 1]


def ranks(hand_class: int) -> str:
    """The ranks of the hands of a class, highest first (`'AKJ83'`, `'KK992'`), to name it."""
    return _RANKS_OF[hand_class]
