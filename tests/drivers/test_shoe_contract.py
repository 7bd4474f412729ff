"""What every card-shoe backend does with its cards; the same tests run against each backend
that can run here (on the Pi, against the real reader). What it does as the dice reader does
(open, close, refuse) is in test_readers.py."""

import time
from collections import Counter

import pytest

from drivers.faults import Fault, FaultCleared
from drivers.shoe import open_shoe
from drivers.shoe.events import (
    CARD_FAULTS,
    CARDS,
    CardDrawn,
    CutCardOut,
    ShoeLoaded,
    cards_of,
)
from tests.support.board_emulated import events_until
from tests.support.shoe_backends import SHOE_BACKENDS

QUIET = 0.2  # how long "nothing more comes" is watched
SPANISH = cards_of("spanish")


@pytest.fixture(params=sorted(SHOE_BACKENDS))
def backend(request, tmp_path):
    """A backend that can run here; an emulated backend's emulator runs meanwhile."""
    with SHOE_BACKENDS[request.param](tmp_path) as backend:
        yield backend


@pytest.fixture
def shoe(backend):
    with open_shoe(backend.url, seed=7) as shoe:
        yield shoe


@pytest.fixture
def driver(backend, shoe):
    return backend.driver(shoe)


def deal(shoe) -> list:
    """The events of one deal: up to its card, or to the end of its fault."""
    shoe.deal()
    return events_until(
        shoe, lambda e: e and isinstance(e[-1], (CardDrawn, FaultCleared)), "the deal"
    )


def load(shoe, decks: int, cut_after: int | None = None, deck: str = "french") -> ShoeLoaded:
    shoe.new_shoe(decks, cut_after, deck)
    (loaded,) = events_until(shoe, lambda e: e, "the shoe loaded")
    assert isinstance(loaded, ShoeLoaded) and loaded.decks == decks
    return loaded


def deal_cards(shoe, count: int) -> list[str]:
    """`count` deals that each give a card, and nothing else."""
    dealt = [deal(shoe) for _ in range(count)]
    assert all(len(events) == 1 for events in dealt), [e for e in dealt if len(e) != 1]
    return [events[0].card for events in dealt]


def assert_empty(events) -> None:
    fault, cleared = events
    assert isinstance(fault, Fault) and isinstance(cleared, FaultCleared)
    assert (fault.code, fault.severity, fault.void, cleared.code) == (
        "shoe_empty",
        "error",
        True,
        "shoe_empty",
    )


def test_a_whole_one_deck_shoe_gives_each_card_once_then_is_empty(shoe):
    load(shoe, 1)
    cards = deal_cards(shoe, 52)

    assert sorted(cards) == sorted(CARDS)
    assert_empty(deal(shoe))
    assert_empty(deal(shoe))
    assert shoe.get(timeout=QUIET) is None


def test_six_decks_give_each_card_six_times(shoe):
    load(shoe, 6)
    cards = deal_cards(shoe, 6 * 52)

    assert Counter(cards) == {card: 6 for card in CARDS}
    assert_empty(deal(shoe))


@pytest.mark.parametrize("cut_after", [1, 20, 51])
def test_the_cut_card_comes_out_after_the_cards_asked_for(shoe, cut_after):
    load(shoe, 1, cut_after)
    before = deal_cards(shoe, cut_after)
    cut, card = deal(shoe)
    after = deal_cards(shoe, 51 - cut_after)

    assert isinstance(cut, CutCardOut) and isinstance(card, CardDrawn)
    assert cut.t_ns <= card.t_ns
    assert sorted(before + [card.card] + after) == sorted(CARDS)
    assert_empty(deal(shoe))


def test_a_spanish_pack_gives_each_of_its_40_cards_once_then_is_empty(shoe):
    load(shoe, 1, deck="spanish")
    cards = deal_cards(shoe, 40)

    assert sorted(cards) == sorted(SPANISH)
    assert_empty(deal(shoe))
    assert shoe.get(timeout=QUIET) is None


def test_the_cut_card_of_two_spanish_packs_comes_out_where_it_was_placed(shoe):
    load(shoe, 2, 60, "spanish")
    before = deal_cards(shoe, 60)
    cut, card = deal(shoe)
    after = deal_cards(shoe, 19)

    assert isinstance(cut, CutCardOut) and isinstance(card, CardDrawn)
    assert Counter(before + [card.card] + after) == {card: 2 for card in SPANISH}
    assert_empty(deal(shoe))


def test_a_spanish_shoe_stacks_its_own_cards_only(shoe, driver):
    load(shoe, 1, deck="spanish")
    driver.stack("SC", "5O", "RB")

    assert deal_cards(shoe, 3) == ["SC", "5O", "RB"]
    with pytest.raises(ValueError, match="'AS' is not a card .*a suit of OCEB"):
        driver.stack("AS")
    with pytest.raises(ValueError, match="the shoe holds SC 0 time"):
        driver.stack("SC")


def test_a_french_shoe_after_a_spanish_one_deals_french_cards(shoe):
    load(shoe, 1, deck="spanish")
    deal_cards(shoe, 3)
    load(shoe, 1)

    assert sorted(deal_cards(shoe, 52)) == sorted(CARDS)


def test_no_shoe_loaded_is_an_empty_shoe(shoe):
    assert_empty(deal(shoe))


def test_a_new_shoe_replaces_the_one_in_use(shoe):
    load(shoe, 1, 10)
    deal_cards(shoe, 5)
    load(shoe, 1)
    cards = deal_cards(shoe, 52)  # no cut card: the old one went with its shoe

    assert sorted(cards) == sorted(CARDS)
    assert_empty(deal(shoe))


def test_stacked_cards_come_out_next_and_the_shoe_still_holds_each_once(shoe, driver):
    load(shoe, 1)
    deal_cards(shoe, 2)
    driver.stack("AS", "TD", "7H")
    cards = deal_cards(shoe, 50)

    assert cards[:3] == ["AS", "TD", "7H"]
    assert len(set(cards)) == 50
    assert_empty(deal(shoe))


def test_a_card_the_shoe_no_longer_holds_cannot_be_stacked(shoe, driver):
    load(shoe, 1)
    driver.stack("QH")
    assert deal_cards(shoe, 1) == ["QH"]

    with pytest.raises(ValueError, match="the shoe holds QH 0 time"):
        driver.stack("QH")
    with pytest.raises(ValueError, match="the shoe holds KS 1 time"):
        driver.stack("KS", "KS")
    with pytest.raises(ValueError, match="'XX' is not a card"):
        driver.stack("XX")


def test_two_decks_hold_each_card_twice_for_stacking(shoe, driver):
    load(shoe, 2)
    driver.stack("9C", "9C")

    assert deal_cards(shoe, 2) == ["9C", "9C"]
    with pytest.raises(ValueError, match="the shoe holds 9C 0 time"):
        driver.stack("9C")


@pytest.mark.parametrize("code", CARD_FAULTS)
def test_a_card_fault_is_over_at_once_and_the_card_is_out_of_the_shoe(shoe, driver, code):
    load(shoe, 1)
    driver.fail_next(code)
    fault, cleared = deal(shoe)
    cards = deal_cards(shoe, 51)

    assert isinstance(fault, Fault) and isinstance(cleared, FaultCleared)
    assert (fault.code, fault.severity, fault.void, cleared.code) == (code, "warning", False, code)
    assert fault.detail and fault.t_ns <= cleared.t_ns
    assert len(set(cards)) == 51
    assert_empty(deal(shoe))


def test_a_stacked_card_that_comes_out_face_up_is_gone(shoe, driver):
    load(shoe, 1)
    driver.stack("JD", "5S")
    driver.fail_next("card_face_up")

    assert deal(shoe)[0].code == "card_face_up"
    assert deal_cards(shoe, 1) == ["5S"]
    with pytest.raises(ValueError, match="the shoe holds JD 0 time"):
        driver.stack("JD")


def test_the_driver_refuses_an_unknown_card_fault(driver):
    with pytest.raises(
        ValueError, match="unknown card fault 'bent'; one of unreadable_card, card_face_up"
    ):
        driver.fail_next("bent")


@pytest.mark.parametrize(
    "decks, cut_after, problem",
    [
        (0, None, "a shoe holds 1 to 8 decks, not 0"),
        (9, None, "a shoe holds 1 to 8 decks, not 9"),
        ("6", None, "a shoe holds 1 to 8 decks, not '6'"),
        (
            1,
            0,
            "the cut card goes between two of the 52 cards (after 1 to 51 of them), not after 0",
        ),
        (1, 52, "not after 52"),
        (2, 104, "between two of the 104 cards (after 1 to 103 of them), not after 104"),
        (1, 20.0, "not after 20.0"),
    ],
)
def test_a_shoe_that_cannot_be_is_refused_before_anything_is_done(shoe, decks, cut_after, problem):
    with pytest.raises(ValueError) as refused:
        shoe.new_shoe(decks, cut_after)

    assert problem in str(refused.value)
    assert shoe.get(timeout=QUIET) is None


def test_timestamps_never_go_back_and_fall_within_the_calls(shoe):
    before = time.monotonic_ns()
    events = [load(shoe, 1, 3)]
    for _ in range(6):
        events += deal(shoe)
    after = time.monotonic_ns()

    stamps = [e.t_ns for e in events]
    assert stamps == sorted(stamps)
    assert before <= stamps[0] and stamps[-1] <= after
    assert sum(isinstance(e, CutCardOut) for e in events) == 1


@pytest.mark.parametrize(
    "deck, cut_after, problem",
    [
        ("spanish", 40, "between two of the 40 cards (after 1 to 39 of them), not after 40"),
        ("german", None, "no deck kind 'german': one of french, spanish"),
    ],
)
def test_a_shoe_of_a_deck_kind_that_cannot_be_is_refused(shoe, deck, cut_after, problem):
    with pytest.raises(ValueError) as refused:
        shoe.new_shoe(1, cut_after, deck)

    assert problem in str(refused.value)
    assert_empty(deal(shoe))  # nothing was loaded
