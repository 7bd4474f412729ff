"""The exact chances of a trente et quarante coup: the counting of games.trente_quarante.ties
against a card-by-card enumeration of small shoes, the stored six-deck result recomputed, and
the symmetries the house edges rest on."""

from fractions import Fraction

import pytest

from games.trente_quarante.six_decks import SIX_DECK_TIES
from games.trente_quarante.ties import CoupChances, compute_ties, shoe_values, ties

TOTALS = range(31, 41)
VALUES = range(1, 11)
# Small shoes whose rows always reach 31: each holds over 80 points.
SMALL_SHOES = [
    {10: 6, 9: 2, 8: 1, 6: 1, 5: 2, 3: 1, 2: 2, 1: 3},
    {10: 5, 7: 2, 4: 3, 2: 3, 1: 4},
]


def enumerate_coup(values, red=None):
    """The first coup dealt card by card, every card drawn with its chance: the chance of each
    (noir total, rouge total, colour of the noir row's first card). `red[v]`, when given, is how
    many of the cards worth v are red, and the first card is drawn as a value and a colour (no
    other card's colour matters); else its colour is left out (None)."""
    start, cards = tuple(values.get(v, 0) for v in VALUES), sum(values.values())
    dealing, dealt = {}, {}
    for i, n in enumerate(start):
        v = VALUES[i]
        for colour, of_it in (
            ((True, red.get(v, 0)), (False, n - red.get(v, 0))) if red else ((None, n),)
        ):
            if of_it:
                state = (start[:i] + (n - 1,) + start[i + 1 :], v, 0, colour)
                dealing[state] = dealing.get(state, 0) + Fraction(of_it, cards)
    while dealing:
        after = {}
        for (left, noir, rouge, first), p in dealing.items():
            cards = sum(left)
            for i, n in enumerate(left):
                if not n:
                    continue
                v = VALUES[i]
                rows = (noir + v, rouge) if noir < 31 else (noir, rouge + v)
                state = (left[:i] + (n - 1,) + left[i + 1 :], *rows, first)
                chance = p * Fraction(n, cards)
                ended = dealt if rows[1] >= 31 else after
                key = state[1:] if rows[1] >= 31 else state
                ended[key] = ended.get(key, 0) + chance
        dealing = after
    return dealt


@pytest.mark.parametrize("shoe", SMALL_SHOES)
def test_the_counting_agrees_with_a_card_by_card_enumeration(shoe):
    coups = enumerate_coup(shoe)
    assert sum(coups.values()) == 1
    expected = {t: coups.get((t, t, None), Fraction(0)) for t in TOTALS}
    assert compute_ties(shoe) == expected


def test_rouge_and_noir_couleur_and_inverse_win_alike():
    shoe = {10: 6, 9: 2, 6: 2, 5: 2, 2: 2, 1: 4}  # as many red cards of each value as black
    coups = enumerate_coup(shoe, red={v: n // 2 for v, n in shoe.items()})
    won = {"noir": 0, "rouge": 0, "couleur": 0, "inverse": 0}
    for (noir, rouge, first_red), p in coups.items():
        if noir != rouge:
            row = "noir" if noir < rouge else "rouge"
            won[row] += p
            won["couleur" if (row == "rouge") == first_red else "inverse"] += p
    equal = sum(compute_ties(shoe).values())
    assert won == dict.fromkeys(won, (1 - equal) / 2)


def test_the_stored_six_deck_result_is_what_the_counting_gives():
    assert compute_ties(shoe_values(6)) == SIX_DECK_TIES
    assert ties(6) is SIX_DECK_TIES


def test_a_six_deck_shoe_holds_24_of_each_value_and_96_tens():
    assert shoe_values(6) == {**dict.fromkeys(range(1, 10), 24), 10: 96}


def test_a_coups_chances_add_up():
    c = CoupChances.of(6)
    assert c.refait == SIX_DECK_TIES[31]
    assert c.void == sum(SIX_DECK_TIES[t] for t in range(32, 41))
    assert 2 * c.win + c.refait + c.void == 1
    assert round(float(c.refait), 6) == 0.021891 and round(float(c.void), 6) == 0.087708


def test_six_decks_differ_little_from_an_infinite_deck():
    """Drawing with replacement (every value 1/13, tens 4/13), the rows are independent and the
    chance of each total t is that the running sum last stands at 30 or less and the next card
    takes it to t. The shoe's card removal moves the chance of equal totals by 2% at most (at
    40), and lowers the refait by 0.14%."""
    chance = {v: Fraction(1, 13) for v in range(1, 10)} | {10: Fraction(4, 13)}
    reach = [Fraction(1)] + [Fraction(0)] * 30
    for s in range(1, 31):
        reach[s] = sum(reach[s - v] * p for v, p in chance.items() if v <= s)
    row = {
        t: sum(reach[s] * chance[t - s] for s in range(21, 31) if 1 <= t - s <= 10) for t in TOTALS
    }
    assert sum(row.values()) == 1
    for t in TOTALS:
        assert abs(SIX_DECK_TIES[t] / row[t] ** 2 - 1) < Fraction(2, 100)
    assert round(float(SIX_DECK_TIES[31] / row[31] ** 2 - 1), 4) == -0.0014
