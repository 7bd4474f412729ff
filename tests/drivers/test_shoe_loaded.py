"""The cards of a loaded shoe, what the simulated shoe and the emulated reader deal from:
real decks, shuffled by the generator given, stacked without inventing a card, the cut card
where it was placed."""

import random
from collections import Counter

import pytest

from drivers.shoe.events import CARDS, cards_of
from drivers.shoe.loaded import LoadedShoe


def take_all(shoe: LoadedShoe) -> list:
    """Everything that comes out: cards, and "cut" where the cut card does."""
    out = []
    while True:
        cut, card = shoe.take()
        out += ["cut"] * cut
        if card is None:
            return out
        out.append(card)


def test_a_shuffled_shoe_holds_each_card_as_often_as_its_decks():
    shoe = LoadedShoe.shuffled(6, None, random.Random(1))

    assert Counter(take_all(shoe)) == {card: 6 for card in CARDS}
    assert shoe.out == 312


def test_the_generator_decides_the_order():
    first = take_all(LoadedShoe.shuffled(1, None, random.Random(3)))
    again = take_all(LoadedShoe.shuffled(1, None, random.Random(3)))
    other = take_all(LoadedShoe.shuffled(1, None, random.Random(4)))

    assert first == again != other
    assert first != sorted(first)


@pytest.mark.parametrize("cut_after", [1, 30, 51])
def test_the_cut_card_comes_out_before_the_card_after_cut_after(cut_after):
    out = take_all(LoadedShoe.shuffled(1, cut_after, random.Random(2)))

    assert out.index("cut") == cut_after and out.count("cut") == 1 and len(out) == 53


def test_an_empty_shoe_gives_nothing():
    shoe = LoadedShoe()

    assert shoe.take() == (False, None) and shoe.out == 0
    with pytest.raises(ValueError, match="the shoe holds AS 0 time"):
        shoe.stack(("AS",))


def test_stacked_cards_come_next_in_order_and_the_rest_keep_theirs():
    shoe = LoadedShoe(["2S", "3S", "4S", "5S", "6S"], cut_after=1)
    shoe.stack(("5S", "2S"))

    assert take_all(shoe) == ["5S", "cut", "2S", "3S", "4S", "6S"]


def test_a_refused_stack_moves_nothing():
    shoe = LoadedShoe(["2S", "3S", "3S", "4S"])
    for cards in (("4S", "AS"), ("4S", "4S"), ("3S", "x")):
        with pytest.raises(ValueError):
            shoe.stack(cards)
    shoe.stack(("3S", "3S"))

    assert take_all(shoe) == ["3S", "3S", "2S", "4S"]


def test_the_refusal_names_the_stack_and_the_card_short():
    with pytest.raises(ValueError) as refused:
        LoadedShoe(["KH", "QH"]).stack(("QH", "KH", "KH"))

    assert str(refused.value) == "cannot stack QH KH KH: the shoe holds KH 1 time(s), not 2"


def test_a_spanish_shoe_holds_its_packs_forty_cards_as_often_as_its_decks():
    shoe = LoadedShoe.shuffled(2, 41, random.Random(5), "spanish")
    out = take_all(shoe)

    assert Counter(out) == {"cut": 1, **{card: 2 for card in cards_of("spanish")}}
    assert out.index("cut") == 41 and shoe.out == 80


def test_what_is_left_of_a_spanish_shoe_is_its_pack_less_the_cards_dealt():
    dealt = {"SO": 1, "5C": 2, "RB": 1}
    shoe = LoadedShoe.rest(2, 50, dealt, random.Random(6), "spanish")
    out = take_all(shoe)

    assert Counter(out) + Counter(dealt) == {"cut": 1, **{c: 2 for c in cards_of("spanish")}}
    assert out.index("cut") == 50 - 4  # the cut card after 50 cards of the whole shoe


def test_a_spanish_shoe_stacks_none_of_the_french_cards():
    shoe = LoadedShoe.shuffled(1, None, random.Random(7), "spanish")
    with pytest.raises(ValueError, match="'KH' is not a card .*a suit of OCEB"):
        shoe.stack(("KH",))
    shoe.stack(("CE", "1O"))

    assert take_all(shoe)[:2] == ["CE", "1O"]
