"""The card-shoe reader board through its backend, against the emulated board over real
pseudo-terminals: cards asked for or not, misreadings, spoilt frames, an unplug, a reboot.
Protocol versions, health and dump: test_readers.py."""

import time

import pytest

from drivers.emulators.dice_board import DiceBoardEmulator
from drivers.emulators.shoe_board import ShoeBoardEmulator
from drivers.faults import Fault, FaultCleared
from drivers.shoe import open_shoe
from drivers.shoe.events import (
    CARDS,
    DECK_KINDS,
    RANKS,
    SUITS,
    CardDrawn,
    ShoeLoaded,
    cards_of,
)
from firmware_bridge import messages as m
from tests.support.board_emulated import cleared, drain, events_until, faults, wait_for
from tests.support.shoe_backends import BOARD_TIME_SCALE

# Long enough a deal (0.25 s) for the cable to be pulled, or the board rebooted, before the
# card comes out; a shoe loads in 0.5 s.
SLOW_SCALE = 0.25


@pytest.fixture
def emulator(tmp_path):
    with ShoeBoardEmulator(
        tmp_path / "shoe-reader", seed=4, time_scale=BOARD_TIME_SCALE, drift_ppm=-30
    ) as emulator:
        yield emulator


@pytest.fixture
def slow_emulator(tmp_path):
    with ShoeBoardEmulator(tmp_path / "shoe-reader", seed=6, time_scale=SLOW_SCALE) as emulator:
        yield emulator


def load(shoe, decks: int = 1, cut_after: int | None = None, deck: str = "french") -> None:
    shoe.new_shoe(decks, cut_after, deck)
    events_until(shoe, lambda e: any(isinstance(x, ShoeLoaded) for x in e), "the shoe loaded")


def drawn(events) -> list[str]:
    return [e.card for e in events if isinstance(e, CardDrawn)]


def sent_cards(emulator) -> list[str]:
    """The cards the board sent, once each, as it read them."""
    return [RANKS[s.rank] + SUITS[s.suit] for s in emulator.sent if isinstance(s, m.Card)]


def told_to_deal(emulator) -> int:
    return sum(isinstance(c, m.Deal) for c in emulator.commands)


def test_a_card_is_read_as_the_board_read_it_and_stamped_on_the_host_clock(emulator):
    with open_shoe(emulator.url) as shoe:
        load(shoe)
        emulator.stack("QD")
        asked = time.monotonic_ns()
        shoe.deal()
        (event,) = events_until(shoe, drawn, "the card")
        received = time.monotonic_ns()

    assert event.card == "QD" and asked <= event.t_ns <= received
    assert [(s.rank, s.suit) for s in emulator.sent if isinstance(s, m.Card)] == [(11, 2)]
    assert told_to_deal(emulator) == 1


def test_new_shoe_tells_the_board_its_decks_and_where_the_cut_card_goes(emulator):
    with open_shoe(emulator.url) as shoe:
        load(shoe, 6, 260)
        load(shoe, 1, None)

    assert [c for c in emulator.commands if isinstance(c, m.NewShoe)] == [
        m.NewShoe(6, 260),
        m.NewShoe(1, 0),
    ]
    assert [s.decks for s in emulator.sent if isinstance(s, m.ShoeLoaded)] == [6, 1]


def test_a_spanish_pack_is_loaded_read_card_by_card_and_then_empty(emulator):
    with open_shoe(emulator.url) as shoe:
        load(shoe, deck="spanish")
        events = []
        for _ in range(40):
            shoe.deal()
            events += events_until(shoe, drawn, "the next card of the pack")
        shoe.deal()
        empty = events_until(shoe, lambda e: "shoe_empty" in cleared(e), "the 41st deal")

    ranks, suits = DECK_KINDS["spanish"]
    assert sorted(drawn(events)) == sorted(cards_of("spanish")) and not faults(events)
    assert drawn(events) == [
        ranks[s.rank] + suits[s.suit] for s in emulator.sent if isinstance(s, m.Card)
    ]
    (fault,) = faults(empty)
    assert (fault.code, fault.severity, fault.void) == ("shoe_empty", "error", True)
    assert [c for c in emulator.commands if isinstance(c, m.NewShoe)] == [
        m.NewShoe(1, 0, "spanish")
    ]
    assert [(s.decks, s.pack) for s in emulator.sent if isinstance(s, m.ShoeLoaded)] == [
        (1, "spanish")
    ]


def test_a_french_shoe_is_asked_for_as_before_the_spanish_pack(emulator):
    with open_shoe(emulator.url) as shoe:
        load(shoe, 6, 260)
        load(shoe, 2, 60, "spanish")
        load(shoe, 1)

    asked = [c for c in emulator.commands if isinstance(c, m.NewShoe)]
    assert [c.body() for c in asked] == [bytes([6, 4, 1]), bytes([2, 60, 0, 1]), bytes([1, 0, 0])]
    assert [s.body()[9:] for s in emulator.sent if isinstance(s, m.ShoeLoaded)] == [
        bytes([6]),
        bytes([2, 1]),
        bytes([1]),
    ]


def test_a_shoe_restarted_in_a_spanish_pack_reads_its_cards_as_spanish(emulator):
    with open_shoe(emulator.url) as shoe:
        load(shoe, deck="spanish")
    with open_shoe(emulator.url) as shoe:  # a new host process: it knows the shoe from its journal
        shoe.resume(1, None, {}, "spanish")
        emulator.stack("5C")
        shoe.deal()
        events = events_until(shoe, drawn, "a card of the pack")

    assert drawn(events) == ["5C"]  # the cinc de copes (rank 4, suit 1), as the host reads it
    assert [(s.rank, s.suit) for s in emulator.sent if isinstance(s, m.Card)] == [(4, 1)]


@pytest.mark.parametrize(
    "loaded, table", [("french", "spanish"), ("spanish", "french")], ids=["french", "spanish"]
)
def test_a_shoe_of_another_kind_than_the_tables_is_void_and_says_so(emulator, loaded, table):
    with open_shoe(emulator.url) as shoe:
        shoe.resume(1, None, {}, table)
        emulator.load_unasked(1, loaded)
        events = events_until(shoe, lambda e: "misread" in cleared(e), "the misreading")

    assert [type(e) for e in events] == [Fault, FaultCleared]
    assert (events[0].code, events[0].void) == ("misread", True)
    assert events[0].detail.startswith(
        f"the reader reported a shoe of {loaded} decks, and the table plays {table} ones"
    )


def test_a_board_of_protocol_1_2_asked_for_a_spanish_pack_loads_french_decks_and_is_void(
    tmp_path,
):
    with (
        ShoeBoardEmulator(
            tmp_path / "shoe-reader", time_scale=BOARD_TIME_SCALE, protocol=(1, 2)
        ) as emulator,
        open_shoe(emulator.url) as shoe,
    ):
        shoe.new_shoe(1, None, "spanish")
        events = events_until(shoe, lambda e: "misread" in cleared(e), "the misreading")

    assert [s.pack for s in emulator.sent if isinstance(s, m.ShoeLoaded)] == ["french"]
    assert not any(isinstance(e, ShoeLoaded) for e in events)
    assert "a reader of bridge protocol 1.2 loads French decks only" in faults(events)[0].detail


def test_a_card_nobody_asked_for_is_reported_all_the_same(emulator):
    with open_shoe(emulator.url) as shoe:
        load(shoe)
        emulator.deal_unasked("5C")
        events = events_until(shoe, drawn, "the card out of turn")
        health = shoe.health()

    assert drawn(events) == ["5C"] and told_to_deal(emulator) == 0
    assert health["foreign_readings"] == 0
    with pytest.raises(ValueError, match="the shoe holds 5C 0 time"):
        emulator.deal_unasked("5C")


def test_a_shoe_loaded_unasked_is_reported_and_dealt_from(emulator):
    with open_shoe(emulator.url) as shoe:
        emulator.load_unasked(2)
        (loaded,) = events_until(shoe, lambda e: e, "the shoe loaded")
        emulator.stack("2H", "2H")
        shoe.deal()
        shoe.deal()
        events = events_until(shoe, lambda e: len(drawn(e)) == 2, "two cards")

    assert isinstance(loaded, ShoeLoaded) and loaded.decks == 2
    assert drawn(events) == ["2H", "2H"] and not any(
        isinstance(c, m.NewShoe) for c in emulator.commands
    )


def test_the_board_keeps_its_shoe_while_the_host_reopens(emulator):
    shoe = open_shoe(emulator.url)
    load(shoe)
    shoe.close()
    with shoe:
        shoe.deal()
        events = events_until(shoe, drawn, "a card from the shoe loaded before")

    assert len(drawn(events)) == 1 and not faults(events)


@pytest.mark.parametrize(
    "how, kind",
    [
        ("corrupt", "bad_crc"),
        ("truncate", "truncated"),
        ("duplicate", "duplicate"),
        ("reorder", "out_of_order"),
    ],
)
def test_a_spoilt_frame_still_gives_each_card_once_and_in_order(emulator, how, kind):
    with open_shoe(emulator.url) as shoe:
        load(shoe)
        emulator.tamper(how, "card")
        shoe.deal()
        if how == "reorder":  # held back until the next frame: the self-test's answer
            wait_for(lambda: sent_cards(emulator), "the card held back")
            assert all(check.ok for check in shoe.selftest())
        events = events_until(
            shoe, lambda e: drawn(e) and faults(e, "bad_frame"), f"the card with a {how} frame"
        )
        for _ in range(51):
            shoe.deal()
            events += events_until(shoe, drawn, "the next card")
        wait_for(lambda: emulator.idle, "the board has had every acknowledgement")
        events += drain(shoe)
        health = shoe.health()

    assert sorted(drawn(events)) == sorted(CARDS)
    assert drawn(events) == sent_cards(emulator)
    (fault,) = faults(events)
    assert (fault.code, fault.severity, fault.void) == ("bad_frame", "warning", False)
    assert f"1 frame(s) dropped as {kind}" in fault.detail
    assert set(health["dropped"]) == {kind} and health["foreign_readings"] == 0


@pytest.mark.parametrize("how", ["corrupt", "truncate", "duplicate", "reorder"])
def test_a_spoilt_frame_in_a_burst_of_cards_loses_and_repeats_none(emulator, how):
    with open_shoe(emulator.url) as shoe:
        load(shoe)
        emulator.tamper(how, "card")
        for _ in range(52):  # 52 deals asked at once: the cards come in a burst
            shoe.deal()
        events = events_until(shoe, lambda e: len(drawn(e)) == 52, f"the burst with a {how} frame")
        wait_for(lambda: emulator.idle, "the board has had every acknowledgement")
        events += drain(shoe)

    assert sorted(drawn(events)) == sorted(CARDS)
    assert drawn(events) == sent_cards(emulator)
    assert faults(events, "bad_frame") and {f.code for f in faults(events)} == {"bad_frame"}


def test_unplug_and_replug_loses_no_card_and_duplicates_none(slow_emulator):
    emulator = slow_emulator
    with open_shoe(emulator.url) as shoe:
        load(shoe)
        shoe.deal()
        wait_for(lambda: told_to_deal(emulator), "the board told to deal")
        emulator.unplug()
        events = events_until(shoe, lambda e: faults(e, "link_lost"), "the link lost")
        wait_for(lambda: sent_cards(emulator), "the card read while unplugged")
        emulator.deal_unasked("AH")  # and one more slid out meanwhile
        events += drain(shoe)
        assert not drawn(events)
        emulator.replug()
        events += events_until(
            shoe,
            lambda e: "link_lost" in cleared(e) and len(drawn(e)) == 2,
            "link_lost cleared and both cards",
        )
        health = shoe.health()
        shoe.deal()
        after = events_until(shoe, drawn, "the next card")

    assert drawn(events) == sent_cards(emulator)[:2] and drawn(events)[1] == "AH"
    (lost,) = faults(events)
    assert (lost.code, lost.severity, lost.void) == ("link_lost", "error", False)
    assert (health["reconnects"], health["connected"], health["unacked"]) == (1, True, 0)
    assert len(drawn(after)) == 1 and not faults(after)
    assert len(set(drawn(events + after))) == 3


def test_a_board_rebooting_during_a_deal_is_reported_and_the_next_deal_plays(slow_emulator):
    emulator = slow_emulator
    with open_shoe(emulator.url) as shoe:
        load(shoe)
        shoe.deal()
        wait_for(lambda: told_to_deal(emulator), "the board told to deal")
        emulator.reboot()
        events = events_until(shoe, lambda e: "board_restarted" in cleared(e), "the reboot")
        shoe.deal()
        after = events_until(shoe, drawn, "the card after the reboot")

    assert [type(e) for e in events] == [Fault, FaultCleared]
    assert (events[0].code, events[0].severity, events[0].void) == (
        "board_restarted",
        "warning",
        True,
    )
    assert "readings of the deal in progress may be lost" in events[0].detail
    assert len(drawn(after)) == 1 and not faults(after)
    assert sent_cards(emulator) == drawn(after)  # the deal in progress never slid a card out


def test_a_misread_card_is_unreadable_and_says_what_was_read(emulator):
    with open_shoe(emulator.url) as shoe:
        load(shoe)
        emulator.misread_next(rank=13)
        shoe.deal()
        events = events_until(shoe, lambda e: "unreadable_card" in cleared(e), "the misreading")

    assert [type(e) for e in events] == [Fault, FaultCleared]
    assert (events[0].code, events[0].severity, events[0].void) == (
        "unreadable_card",
        "warning",
        False,
    )
    assert events[0].detail.startswith("the reader read rank 13 and suit ")
    assert events[0].detail.endswith(", no card: the croupier reads it")


@pytest.mark.parametrize("decks", [0, 9])
def test_a_misread_shoe_is_void_and_says_so(emulator, decks):
    with open_shoe(emulator.url) as shoe:
        emulator.misread_next(decks=decks)
        shoe.new_shoe(1, None)
        events = events_until(shoe, lambda e: "misread" in cleared(e), "the misreading")

    assert [type(e) for e in events] == [Fault, FaultCleared]
    assert (events[0].code, events[0].void) == ("misread", True)
    assert events[0].detail == f"the reader reported a shoe of {decks} decks: load the shoe again"


def test_the_emulator_misreads_only_what_a_reader_reads():
    emulator = ShoeBoardEmulator("/nonexistent/shoe-reader")
    for fields in ({"colour": 1}, {"rank": 256}, {"suit": -1}, {"decks": "6"}):
        with pytest.raises(ValueError, match="misread one of rank, suit, decks as a byte"):
            emulator.misread_next(**fields)


def test_a_reading_of_another_board_is_dropped_and_counted(tmp_path):
    with (
        DiceBoardEmulator(tmp_path / "shoe-reader", time_scale=BOARD_TIME_SCALE) as board,
        open_shoe(board.url) as shoe,
    ):
        board.throw_unasked(3, 4)  # a dice reader plugged in where the shoe reader goes
        wait_for(lambda: board.idle, "the board has had the acknowledgement")

        assert shoe.get(timeout=0) is None
        assert shoe.health()["foreign_readings"] == 1


def test_a_failed_check_fails_the_selftest(emulator):
    with open_shoe(emulator.url) as shoe:
        emulator.fail_selftest("deal_lamp")

        assert [c.name for c in shoe.selftest() if not c.ok] == ["deal_lamp"]
    with pytest.raises(ValueError, match="unknown check 'lens'"):
        emulator.fail_selftest("lens")
