"""The exact chances of a trente et quarante coup dealt from a full shoe, card removal included.

Everything the bets need follows from the chance that both rows make the same total t, for
each t from 31 to 40 (`ties`):
- the refait is t = 31; any other equal totals void the coup;
- rouge and noir win equally often: swapping the two rows' cards, each in its order, turns a
  deal in which noir makes a and rouge b into one as likely in which noir makes b and rouge a
  (the chance of an ordered run of cards depends only on which cards it holds);
- couleur and inverse win equally often: whatever the values dealt, the first card of the noir
  row is red or black alike, a shoe holding as many red cards of each value as black ones.
So each of the four chances wins with (1 - P(equal totals)) / 2.

How `compute_ties` counts: a row of total t is a set of cards in an order whose last card
takes it from 30 or less to t, that is, whose last card is worth t - 30 or more. With n cards
of which b are worth that much, the row has (n - 1)! b orders. Two rows of n1 and n2 cards are
dealt in a given order with probability 1 / (N)_(n1+n2) (N cards in the shoe, falling
factorial). The sum over every pair of disjoint card sets is built value by value, from the
tens down: k1 cards of value v to the noir row and k2 to the rouge row can be chosen in
C(N_v, k1) C(N_v - k1, k2) ways; the state is (noir total, noir cards, rouge total, rouge
cards); once the values t - 30 and above are placed, the count of each row's cards is its b,
and the weight of total t is multiplied by them; the aces come last, as many as each row still
needs. The weights of the ten totals share every step but that multiplication, so each state
holds them side by side in one integer (ten fixed-width slots), which the steps multiply and
add at once. For a six-deck shoe this takes about 6 s, so its result is stored in
`games.trente_quarante.six_decks` (tests/games/test_trente_quarante_odds.py recomputes it).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb, factorial, perm

from games.cards.cards import decks as shoe_cards
from games.cards.cards import pips
from games.trente_quarante.rows import ENOUGH, REFAIT, TOTALS
from games.trente_quarante.six_decks import SIX_DECK_TIES

_TOP = TOTALS[-1]


def shoe_values(decks: int) -> dict[int, int]:
    """How many cards of each value (1 to 10) a full shoe of `decks` decks holds."""
    values: Counter[int] = Counter()
    for card, n in shoe_cards(decks).items():
        values[pips(card)] += n
    return dict(values)


def compute_ties(values: Mapping[int, int]) -> dict[int, Fraction]:
    """The chance that both rows of the first coup total t, for each t of TOTALS, from a shoe
    holding values[v] cards worth v (v from 1 to 10)."""
    count = {v: values.get(v, 0) for v in range(1, 11)}
    shoe = sum(count.values())
    width = (max(comb(shoe, n) for n in range(_TOP + 1)) ** 2 * _TOP**2).bit_length() + 1
    mask = (1 << width) - 1
    states = {(0, 0, 0, 0): sum(1 << (width * slot) for slot in range(len(TOTALS)))}
    for v in range(10, 1, -1):
        states = _place(states, v, count[v])
        if v - 1 + ENOUGH in TOTALS:  # the rows of total t = 30 + v end on a card worth v or more
            shift = width * (v - 1)
            states = {
                key: w + ((w >> shift & mask) * (key[1] * key[3] - 1) << shift)
                for key, w in states.items()
            }
    aces = count[1]
    by_cards: dict[tuple[int, int, int], int] = {}
    for (s1, n1, s2, n2), w in states.items():
        for slot, t in enumerate(TOTALS):
            a1, a2 = t - s1, t - s2
            if a1 < 0 or a2 < 0 or a1 + a2 > aces:
                continue
            m1, m2 = n1 + a1, n2 + a2
            ways = (w >> width * slot & mask) * comb(aces, a1) * comb(aces - a1, a2)
            if t == REFAIT:  # any card may end a row of 31
                ways *= m1 * m2
            by_cards[t, m1, m2] = by_cards.get((t, m1, m2), 0) + ways
    ties = dict.fromkeys(TOTALS, Fraction(0))
    for (t, m1, m2), ways in by_cards.items():
        ties[t] += Fraction(ways * factorial(m1 - 1) * factorial(m2 - 1), perm(shoe, m1 + m2))
    return ties


# (one row's sum, its cards, the other's sum, its cards) -> the ways, a bit field per total
States = dict[tuple[int, int, int, int], int]


def _place(states: States, v: int, held: int) -> States:
    """The states after choosing how many of the `held` cards of value `v` go to each row."""
    ways = [
        [comb(held, k1) * comb(held - k1, k2) for k2 in range(held - k1 + 1)]
        for k1 in range(min(held, _TOP // v) + 1)
    ]
    after: States = {}
    get = after.get
    for (s1, n1, s2, n2), w in states.items():
        most2 = (_TOP - s2) // v
        for k1 in range(min((_TOP - s1) // v, held) + 1):
            row = ways[k1]
            t1, c1 = s1 + v * k1, n1 + k1
            for k2 in range(min(most2, len(row) - 1) + 1):
                key = (t1, c1, s2 + v * k2, n2 + k2)
                after[key] = get(key, 0) + w * row[k2]
    return after


@cache
def ties(decks: int) -> Mapping[int, Fraction]:
    """The chance that both rows total t, for each t, for the first coup of a full shoe of
    `decks` decks (six: the stored result of `compute_ties`)."""
    return SIX_DECK_TIES if decks == 6 else compute_ties(shoe_values(decks))


@dataclass(frozen=True)
class CoupChances:
    """The chances of one coup: `refait` (31 each), `void` (any other equal totals), and `win`,
    that of each of the four chances (rouge, noir, couleur, inverse)."""

    refait: Fraction
    void: Fraction
    win: Fraction

    @classmethod
    def of(cls, decks: int) -> CoupChances:
        equal = ties(decks)
        refait = equal[REFAIT]
        void = sum(equal.values()) - refait
        return cls(refait, void, (1 - refait - void) / 2)
