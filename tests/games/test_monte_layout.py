"""Monte's layout as section 13 VI.3-4 deals it and [MO-3] rules its gaps, and its
compensations by the general rule of [MO-5], checked against each case the text lists."""

from __future__ import annotations

import pytest

from games.cards.coup import Misdeal
from games.monte.compensation import cancelled_between, cancelled_for_salto
from games.monte.layout import Layout, related, relation_of


def laid(*cards: str) -> Layout:
    return Layout.dealt_from(cards)


def test_four_plain_cards_are_the_four_places_in_the_order_dealt():
    layout = laid("1O", "2C", "3E", "4B")
    assert layout.laid and [layout.place_card(p) for p in (1, 2, 3, 4)] == ["1O", "2C", "3E", "4B"]
    assert layout.outs(1) == ("1C", "1E", "1B")  # camo, viudo, anti of the oros ace


def test_the_first_two_of_one_rank_are_burnt_and_both_replaced():
    layout = laid("5O", "5C", "1O", "2O", "3O", "4O")
    assert layout.burnt == ("5O", "5C") and layout.place_card(1) == "1O"


def test_a_card_of_a_burnt_rank_is_burnt_again_and_replaced():
    layout = laid("5O", "5C", "1O", "5E", "2O", "3O", "4O")
    assert layout.burnt == ("5O", "5C", "5E") and layout.place_card(2) == "2O"


def test_third_and_fourth_cards_double_then_triple_the_top_row():
    layout = laid("1O", "2O", "1E", "2C", "1B", "3O", "4O")
    assert layout.places[1] == ("1O", "1E", "1B") and layout.places[2] == ("2O", "2C")
    assert layout.doublings(1) == 2 and layout.outs(1) == ("1C",)


def test_the_fourth_of_a_placed_rank_voids_the_layout():
    layout = laid("1O", "2O", "1E", "1B", "1C")
    assert layout.void and layout.due is None
    with pytest.raises(Misdeal):
        layout.card("3O")


def test_a_fourth_card_of_the_thirds_rank_is_burnt_and_replaced():
    layout = laid("1O", "2O", "3O", "3C", "4O")
    assert layout.burnt == ("3C",) and layout.place_card(4) == "4O"


def test_a_card_once_laid_is_a_misdeal():
    with pytest.raises(Misdeal):
        laid("1O", "2O", "3O", "4O").card("5O")


def test_the_suits_go_round_oros_copes_espases_bastos():
    assert [related("7B", r) for r in ("camo", "anti", "viudo")] == ["7O", "7E", "7C"]
    assert relation_of("7B", "7O") == "camo" and relation_of("7O", "7B") == "anti"


# the compensations: l. 1262-1271, each case of the text
DOUBLED = laid("1O", "2O", "1E", "3O", "4O")  # 1 doubled by its viudo
TRIPLED = laid("1O", "2O", "1E", "1B", "3O", "4O")  # 1 tripled: only its camo is out
TWO_DOUBLED = laid("1O", "2O", "1E", "2E", "3O", "4O")


def test_a_double_cancels_the_camo_of_the_card_beside_and_of_the_card_below():  # l. 1263
    assert cancelled_between(DOUBLED, (2,), (1,)) == {"2C"}
    assert cancelled_between(DOUBLED, (3,), (1,)) == {"3C"}
    assert cancelled_between(DOUBLED, (3, 4), (1, 2)) == {"3C"}  # rows: the card below
    assert cancelled_between(DOUBLED, (2, 4), (1, 3)) == {"2C"}  # columns: the card beside


def test_two_doubles_cancel_the_camos_of_three_and_four_and_leave_the_diagonals():  # l. 1264
    assert cancelled_between(TWO_DOUBLED, (3, 4), (1, 2)) == {"3C", "4C"}
    assert cancelled_between(TWO_DOUBLED, (1, 4), (2, 3)) == frozenset()
    assert cancelled_between(TWO_DOUBLED, (1,), (2,)) == frozenset()


def test_a_triple_cancels_camo_and_viudo_of_the_card_beside_and_the_camos_below():  # l. 1265
    assert cancelled_between(TRIPLED, (2,), (1,)) == {"2C", "2E"}
    assert cancelled_between(TRIPLED, (3, 4), (1, 2)) == {"3C", "4C"}


def test_two_triples_cancel_camo_and_viudo_of_three_and_four():  # l. 1268
    both = laid("1O", "2O", "1E", "1B", "2E", "2B", "3O", "4O")
    assert cancelled_between(both, (3, 4), (1, 2)) == {"3C", "3E", "4C", "4E"}


def test_the_salto_brings_every_place_down_to_the_fewest_outs():  # l. 1270-1271
    assert cancelled_for_salto(DOUBLED, (1, 2, 3, 4)) == {"2C", "3C", "4C"}
    assert cancelled_for_salto(TRIPLED, (1, 2, 3, 4)) == {"2C", "2E", "3C", "3E", "4C", "4E"}
    assert cancelled_for_salto(laid("1O", "2O", "3O", "4O"), (1, 2, 3, 4)) == frozenset()
