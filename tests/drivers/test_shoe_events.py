"""What a card shoe reports: cards as the games and the feed write them, shoes of 1 to 8 decks,
and fault codes the wire knows by the same names."""

import dataclasses

import pytest

from drivers.faults import Fault, FaultCleared
from drivers.shoe.events import (
    CARD_FAULTS,
    CARDS,
    FAULTS,
    RANKS,
    SUITS,
    CardDrawn,
    ShoeLoaded,
    check_card,
    shoe_fault,
)
from firmware_bridge.messages import CARD_FAULT_CODES
from games.cards import cards as games_cards


def test_the_cards_are_the_games_cards():
    assert (RANKS, SUITS, CARDS) == (games_cards.RANKS, games_cards.SUITS, games_cards.CARDS)
    assert len(set(CARDS)) == 52


@pytest.mark.parametrize("card", CARDS)
def test_every_card_of_a_deck_is_drawn_as_itself(card):
    drawn = CardDrawn(card, t_ns=5)

    assert (drawn.card, drawn.t_ns, check_card(card)) == (card, 5, card)
    with pytest.raises(dataclasses.FrozenInstanceError):
        drawn.card = "AS"


@pytest.mark.parametrize("card", ["1S", "as", "AX", "A", "ASS", "10H", "", 10, None, ("A", "S")])
def test_anything_else_is_refused_with_what_a_card_is(card):
    with pytest.raises(ValueError) as refused:
        CardDrawn(card)

    assert str(refused.value) == (
        f"{card!r} is not a card (a rank of A23456789TJQK and a suit of SHDC, e.g. 'AS', 'TD')"
    )


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
