"""The deck kinds (games/cards/cards.py): the French 52-card deck as it always was, the Spanish
40-card pack beside it; the shoe of either kind (games/cards/shoe.py) and its fold; and the
card games that deal French decks saying so."""

from collections import Counter

import pytest

from games.cards.cards import (
    CARDS,
    DECK_KINDS,
    DECKS,
    NotACard,
    check_card,
    deck_kind,
    decks,
    parse_cards,
    rank,
    suit,
)
from games.cards.fold import ShoeFold
from games.cards.shoe import Shoe, ShoeFault, read_shoe
from games.profile import RulebookError, Section
from games.rulebook import load_rules

FRENCH_CARD = "a rank of A23456789TJQK and a suit of SHDC, e.g. 'AS', 'TD'"
SPANISH_CARD = "a rank of 1234567SCR and a suit of OCEB, e.g. '5O', 'RB'"
SPANISH = DECKS["spanish"]


def test_the_two_deck_kinds_and_their_cards():
    assert list(DECKS) == list(DECK_KINDS) == ["french", "spanish"]
    assert DECKS["french"] == CARDS and len(set(CARDS)) == 52
    assert (DECK_KINDS["spanish"].ranks, DECK_KINDS["spanish"].suits) == ("1234567SCR", "OCEB")
    assert len(set(SPANISH)) == 40
    assert SPANISH[:10] == ("1O", "2O", "3O", "4O", "5O", "6O", "7O", "SO", "CO", "RO")
    assert [card[1] for card in SPANISH[::10]] == ["O", "C", "E", "B"]  # the suits' circle


def test_rank_and_suit_read_a_card_of_either_deck():
    assert (rank("SC"), suit("SC")) == ("S", "C")
    assert (rank("TD"), suit("TD")) == ("T", "D")


def test_a_card_of_both_decks_is_a_card_of_each():
    assert check_card("5C") == check_card("5C", "spanish") == "5C"
    # 2 to 7 of clubs, or of copes: which one is always the shoe's deck kind
    assert set(CARDS) & set(SPANISH) == {f"{n}C" for n in "234567"}


@pytest.mark.parametrize("card", ["XX", "1S", "as", "", None, "ASS"])
def test_no_card_of_the_french_deck_is_said_as_ever(card):
    with pytest.raises(NotACard) as refused:
        check_card(card)

    assert str(refused.value) == f"{card!r} is not a card ({FRENCH_CARD})"


@pytest.mark.parametrize("card", ["AS", "TD", "KH", "8O", "SX", "5o"])
def test_no_card_of_the_spanish_pack_names_its_ranks_and_suits(card):
    with pytest.raises(NotACard) as refused:
        check_card(card, "spanish")

    assert str(refused.value) == f"{card!r} is not a card ({SPANISH_CARD})"


@pytest.mark.parametrize("deck", ["german", "Spanish", "", None])
def test_an_unknown_deck_kind_is_refused_naming_the_known_ones(deck):
    with pytest.raises(ValueError, match=f"no deck kind {deck!r}: one of french, spanish"):
        deck_kind(deck)
    with pytest.raises(ValueError, match="no deck kind"):
        check_card("AS", deck)
    with pytest.raises(ValueError, match="no deck kind"):
        Shoe(1, deck=deck)


def test_the_decks_of_a_shoe_of_either_kind():
    assert decks(2) == Counter({card: 2 for card in CARDS})
    assert decks(3, "spanish") == Counter({card: 3 for card in SPANISH})
    with pytest.raises(ValueError, match="one deck or more, not 0"):
        decks(0, "spanish")


def test_cards_are_parsed_in_the_deck_kind_given():
    assert parse_cards(["SC", "1O", "RB"], "spanish") == ("SC", "1O", "RB")
    assert parse_cards(["QH", "TD"]) == ("QH", "TD")
    with pytest.raises(NotACard, match="'QH' is not a card"):
        parse_cards(["SC", "QH"], "spanish")


# -- the shoe ---------------------------------------------------------------------------------
def test_a_spanish_shoe_holds_forty_cards_a_pack():
    shoe = Shoe(2, cut_after=70, deck="spanish")

    assert (shoe.size, shoe.left) == (80, 80)
    assert shoe.remaining() == {card: 2 for card in SPANISH}
    with pytest.raises(ValueError, match="within the 40 cards, not after 41"):
        Shoe(1, cut_after=41, deck="spanish")


def test_a_french_shoe_is_as_it_was():
    shoe = Shoe(6, cut_after=300)

    assert (shoe.deck, shoe.size) == ("french", 312)
    assert shoe.draw("AS").remaining()["AS"] == 5


def test_a_spanish_shoe_draws_its_cards_and_counts_them():
    shoe = Shoe(1, deck="spanish").draw("SC").draw("5O")

    assert (shoe.drawn, shoe.left, dict(shoe.seen)) == (2, 38, {"SC": 1, "5O": 1})
    assert shoe.put_back("SC").remaining()["SC"] == 1
    with pytest.raises(ShoeFault) as twice:
        shoe.draw("SC")
    assert twice.value.code == "card_count_exceeded"
    assert twice.value.reason == "SC drawn 2 times from a shoe of 1 deck(s), which holds it 1 times"


@pytest.mark.parametrize("card", ["AS", "KH", "TD"])
def test_a_french_card_cannot_come_out_of_a_spanish_shoe(card):
    shoe = Shoe(1, deck="spanish")
    with pytest.raises(ShoeFault) as refused:
        shoe.draw(card)

    assert refused.value.code == "not_a_card"
    assert refused.value.reason == f"{card!r} is not a card ({SPANISH_CARD})"


def test_the_fold_loads_the_shoe_of_the_kind_journaled():
    fold = ShoeFold()
    fold.apply("shoe.loaded", None, {"decks": 6, "burn": 5, "cut_after": 260})
    assert fold.shoe is not None and (fold.shoe.deck, fold.shoe.size) == ("french", 312)

    fold.apply("shoe.loaded", 4, {"decks": 1, "burn": 0, "cut_after": None, "deck": "spanish"})
    fold.apply("card.drawn", 4, {"card": "RB", "place": "1"})
    assert fold.shoe is not None and (fold.shoe.deck, fold.shoe.left) == ("spanish", 39)
    assert fold.loaded_in == 4 and fold.moves == [("card", "1", "RB")]


def test_a_profiles_shoe_is_checked_against_the_size_of_its_decks():
    profile = Section({"decks": 1, "burn": 0, "cut_reserve": 39}, "test.toml")

    assert read_shoe(profile, coup=13) == (1, 0, 39)  # 52 cards leave room for 13
    with pytest.raises(RulebookError, match="leave no coup of 2 card\\(s\\) in a shoe of 40"):
        read_shoe(profile, coup=2, deck="spanish")


@pytest.mark.parametrize("game", ["blackjack", "punto_banco", "trente_quarante", "poker_stud"])
def test_the_french_card_games_deal_french_decks(rulebooks, game):
    rules = load_rules(rulebooks, "valencia-1994", game)

    assert rules.deck == "french"
    assert Shoe(rules.decks, deck=rules.deck).size == 52 * rules.decks
