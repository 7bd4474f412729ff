"""Chemin de fer's drawing rules as `chemin-de-fer.md` rules them: the ponte's fixed rules, the
banker's freedom and his table [CF-3], naturals and who wins [CF-12, CF-13]."""

from __future__ import annotations

import pytest

from games.chemin_de_fer.drawing import (
    BANKERS_TABLE,
    CARTA,
    NO,
    banker_calls,
    natural,
    ponte_calls,
    winner,
)


def test_the_ponte_draws_on_0_to_4_chooses_on_5_and_stands_on_6_and_7():
    assert [ponte_calls(t) for t in range(8)] == [(CARTA,)] * 5 + [(CARTA, NO)] + [(NO,)] * 2
    assert all(ponte_calls(t, free=True) == (CARTA, NO) for t in range(8))  # l. 831


def test_the_banker_is_free_but_must_draw_on_0():
    assert banker_calls(0, 4) == (CARTA,) and banker_calls(0, None) == (CARTA,)
    assert banker_calls(6, 7) == (CARTA, NO) and banker_calls(7, None) == (CARTA, NO)


@pytest.mark.parametrize(
    ("banker", "third", "calls"),
    [
        (3, 8, (NO,)),
        (3, 9, (CARTA, NO)),  # an O cell: his choice
        (4, 1, (NO,)),
        (4, 2, (CARTA,)),
        (5, 4, (CARTA, NO)),  # the other O cell
        (5, 5, (CARTA,)),
        (6, None, (NO,)),
        (6, 6, (CARTA,)),
        (2, 9, (CARTA,)),
        (7, 6, (NO,)),
    ],
)
def test_the_banker_who_asked_for_the_table_follows_it(banker, third, calls):
    assert banker_calls(banker, third, table=True) == calls


def test_the_table_has_its_two_optional_cases_only():
    choices = [
        (t, c) for t, row in BANKERS_TABLE.items() for c, cell in enumerate(row) if cell == "O"
    ]
    assert choices == [(3, 10), (5, 5)]  # 3 against a 9, 5 against a 4 (l. 944)


def test_a_two_card_8_or_9_is_a_natural_and_beats_any_hand_not_turned_over():
    assert natural(8, 2) and natural(9, 2) and not natural(9, 3) and not natural(7, 2)
    assert winner(8, 9, turned=frozenset({"ponte"})) == "ponte"  # an unturned 9 loses (l. 879)
    assert winner(8, 9, turned=frozenset({"ponte", "banker"})) == "bank"
    assert winner(5, 5) == "tie" and winner(6, 4) == "ponte" and winner(2, 3) == "bank"


def test_a_total_that_cannot_draw_is_refused():
    with pytest.raises(ValueError):
        ponte_calls(8)
