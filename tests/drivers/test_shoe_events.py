"""What a card shoe reports: cards as the games and the feed write them, shoes of 1 to 8 decks,
and fault codes the wire knows by the same names."""

import dataclasses

import pytest

from drivers.faults import Fault, FaultCleared
from drivers.shoe.events import (
    CARD_FAULTS,
    CARDS,
    DECK_KINDS,
    EXAMPLES,
    FAULTS,
    RANKS,
    SUITS,
    CardDrawn,
    ShoeLoaded,
    cards_of,
    check_card,
    check_deck,
    check_load,
    shoe_fault,
)
from firmware_bridge.messages import CARD_FAULT_CODES, PACKS
from games.cards import cards as games_cards

SPANISH = cards_of("spanish")
FRENCH_CARD = "a rank of A23456789TJQK and a suit of SHDC, e.g. 'AS', 'TD'"
SPANISH_CARD = "a rank of 1234567SCR and a suit of OCEB, e.g. '5O', 'RB'"


def test_the_cards_are_the_games_cards():
    assert (RANKS, SUITS, CARDS) == (games_cards.RANKS, games_cards.SUITS, games_cards.CARDS)
    assert len(set(CARDS)) == 52


def test_the_deck_kinds_are_the_games_and_the_wires():
    games = games_cards.DECK_KINDS
    assert {name: (kind.ranks, kind.suits) for name, kind in games.items()} == DECK_KINDS
    assert {name: ", ".join(map(repr, kind.examples)) for name, kind in games.items()} == EXAMPLES
    assert {name: cards_of(name) for name in DECK_KINDS} == games_cards.DECKS
    assert tuple(DECK_KINDS) == PACKS == ("french", "spanish")  # in the order of the wire
    assert len(set(SPANISH)) == 40 and SPANISH[:3] == ("1O", "2O", "3O")


@pytest.mark.parametrize("card", SPANISH)
def test_every_card_of_a_spanish_pack_is_drawn_as_itself(card):
    assert CardDrawn(card, t_ns=5).card == check_card(card, "spanish") == card


@pytest.mark.parametrize("card, deck", [("AS", "spanish"), ("TD", "spanish"), ("SO", "french")])
def test_a_card_of_the_other_deck_is_no_card_of_this_one(card, deck):
    with pytest.raises(ValueError) as refused:
        check_card(card, deck)

    what = SPANISH_CARD if deck == "spanish" else FRENCH_CARD
    assert str(refused.value) == f"{card!r} is not a card ({what})"


def test_a_card_of_both_decks_is_a_card_of_either():
    assert check_card("5C") == check_card("5C", "spanish") == "5C"


@pytest.mark.parametrize("deck", ["german", "French", "", None])
def test_no_other_deck_kind_is_known(deck):
    with pytest.raises(ValueError, match=f"no deck kind {deck!r}: one of french, spanish"):
        check_deck(deck)
    with pytest.raises(ValueError, match="no deck kind"):
        check_load(1, None, deck)


@pytest.mark.parametrize("deck, size", [("french", 52), ("spanish", 40)])
def test_the_cut_card_goes_within_the_decks_of_its_kind(deck, size):
    check_load(2, 2 * size - 1, deck)
    with pytest.raises(ValueError, match=f"between two of the {2 * size} cards"):
        check_load(2, 2 * size, deck)


@pytest.mark.parametrize("card", CARDS)
def test_every_card_of_a_deck_is_drawn_as_itself(card):
    drawn = CardDrawn(card, t_ns=5)

    assert (drawn.card, drawn.t_ns, check_card(card)) == (card, 5, card)
    with pytest.raises(dataclasses.FrozenInstanceError):
        drawn.card = "AS"


NO_CARDS = ["1S", "as", "AX", "A", "ASS", "10H", "", 10, None, ("A", "S")]


@pytest.mark.parametrize("card", NO_CARDS)
def test_anything_else_is_refused_with_what_a_card_is(card):
    with pytest.raises(ValueError) as refused:
        check_card(card)

    assert str(refused.value) == f"{card!r} is not a card ({FRENCH_CARD})"


@pytest.mark.parametrize("card", NO_CARDS)
def test_a_card_drawn_is_a_card_of_some_deck(card):
    with pytest.raises(ValueError) as refused:
        CardDrawn(card)

    assert str(refused.value) == f"{card!r} is not a card ({FRENCH_CARD}; or {SPANISH_CARD})"


@pytest.mark.parametrize("decks", range(1, 9))
def test_a_shoe_of_one_to_eight_decks_is_loaded(decks):
    assert ShoeLoaded(decks, t_ns=3).decks == decks


@pytest.mark.parametrize("decks", [0, 9, -1, 6.0, "6", True])
def test_another_shoe_is_refused(decks):
    with pytest.raises(ValueError, match="a shoe holds 1 to 8 decks, not "):
        ShoeLoaded(decks)


def test_the_fault_codes_are_the_wires():
    assert tuple(FAULTS) == CARD_FAULT_CODES == ("unreadable_card", "card_face_up", "shoe_empty")
    assert CARD_FAULTS == ("unreadable_card", "card_face_up")


@pytest.mark.parametrize(
    "code, severity, void",
    [
        ("unreadable_card", "warning", False),
        ("card_face_up", "warning", False),
        ("shoe_empty", "error", True),
    ],
)
def test_a_fault_of_a_deal_comes_with_its_end(code, severity, void):
    fault, cleared = shoe_fault(code)

    assert (fault.code, fault.severity, fault.void) == (code, severity, void)
    assert fault.detail == FAULTS[code][2] and isinstance(cleared, FaultCleared)
    assert cleared.code == code and fault.t_ns <= cleared.t_ns


def test_a_fault_may_say_more():
    fault, _ = shoe_fault("unreadable_card", "rank 14 read")

    assert fault == Fault("unreadable_card", "warning", "rank 14 read", False, fault.t_ns)
