"""The simulated card shoe: seeded, fair, drivable, recorded; deal=0 reports inside the call,
a timed shoe reports on a worker thread that close() stops."""

import dataclasses
import threading
import time
from collections import Counter

import pytest

from drivers.faults import Fault, FaultCleared
from drivers.shoe import open_shoe
from drivers.shoe.events import CARDS, CardDrawn, ShoeLoaded, cards_of

INSTANT = "sim://shoe?deal=0"


def deals(shoe, count: int) -> list:
    """The unstamped events of `count` deals."""
    events = []
    for _ in range(count):
        shoe.deal()
        while (event := shoe.get(timeout=0)) is not None:
            events.append(dataclasses.replace(event, t_ns=0))
    return events


def loaded(url: str, *, decks: int = 1, cut_after: int | None = None, seed: int | None = None):
    """An instant simulated shoe with a shoe loaded, its ShoeLoaded read."""
    shoe = open_shoe(url, seed=seed)
    shoe.new_shoe(decks, cut_after)
    assert isinstance(shoe.get(timeout=0), ShoeLoaded)
    return shoe


def cards(events) -> list[str]:
    return [e.card for e in events if isinstance(e, CardDrawn)]


def codes(events) -> list[str]:
    return [e.code for e in events if isinstance(e, Fault)]


def test_same_seed_same_shoe():
    url = INSTANT + "&face_up=0.1&unreadable=0.1"
    first = deals(loaded(url, decks=2, cut_after=80, seed=42), 110)
    again = deals(loaded(url, decks=2, cut_after=80, seed=42), 110)
    other = deals(loaded(url, decks=2, cut_after=80, seed=43), 110)

    assert first == again
    assert first != other


def test_the_seed_argument_overrides_the_urls():
    from_url = deals(loaded(INSTANT + "&seed=5"), 20)
    overridden = deals(loaded(INSTANT + "&seed=99", seed=5), 20)

    assert from_url == overridden


def test_a_random_seed_is_kept_so_the_run_can_be_replayed():
    shoe = loaded(INSTANT)
    replay = loaded(INSTANT, seed=shoe.seed)

    assert deals(shoe, 52) == deals(replay, 52)


def test_each_new_shoe_is_shuffled_again():
    shoe = loaded(INSTANT, seed=1)
    first = cards(deals(shoe, 52))
    shoe.new_shoe(1, None)
    second = cards(deals(shoe, 52))

    assert sorted(first) == sorted(second) == sorted(CARDS)
    assert first != second


def test_a_spanish_pack_is_dealt_when_one_is_asked_for():
    shoe = open_shoe(INSTANT, seed=9)
    shoe.new_shoe(1, 20, "spanish")
    events = deals(shoe, 41)

    assert isinstance(shoe.history[0], ShoeLoaded) and shoe.history[0].decks == 1
    assert sorted(cards(events)) == sorted(cards_of("spanish"))
    assert codes(events) == ["shoe_empty"]


def test_a_restarted_table_gets_the_rest_of_its_spanish_shoe():
    shoe = open_shoe(INSTANT, seed=10)
    dealt = {card: 1 for card in cards_of("spanish")[:30]}
    shoe.resume(1, None, dealt, "spanish")

    assert sorted(cards(deals(shoe, 11))) == sorted(cards_of("spanish")[30:])


def test_the_shuffle_is_fair():
    shoe = open_shoe(INSTANT, seed=2024)
    first_cards = Counter()
    for _ in range(5200):
        shoe.new_shoe(1, None)
        shoe.deal()
        shoe.get(timeout=0)
        first_cards[shoe.get(timeout=0).card] += 1

    chi2 = sum((first_cards[card] - 100) ** 2 / 100 for card in CARDS)
    assert chi2 < 90.6, first_cards  # 51 degrees of freedom, p = 0.001


@pytest.mark.parametrize(
    "param, code", [("face_up", "card_face_up"), ("unreadable", "unreadable_card")]
)
def test_card_faults_come_at_the_asked_rate(param, code):
    shoe = open_shoe(f"{INSTANT}&{param}=0.25", seed=8)
    events = []
    for _ in range(5):
        shoe.new_shoe(8, None)
        shoe.get(timeout=0)
        events += deals(shoe, 416)

    assert abs(codes(events).count(code) - 520) < 4 * (2080 * 0.25 * 0.75) ** 0.5
    assert set(codes(events)) == {code}
    assert len(cards(events)) + len(codes(events)) == 2080


def test_a_card_that_comes_out_face_up_is_out_of_the_shoe():
    events = deals(loaded(INSTANT + "&face_up=1", seed=3), 53)

    assert codes(events) == ["card_face_up"] * 52 + ["shoe_empty"]
    assert [type(e) for e in events] == [Fault, FaultCleared] * 53


def test_forcing_a_fault_does_not_change_the_following_deals():
    url = INSTANT + "&face_up=0.1&unreadable=0.1"
    forced, free = loaded(url, seed=11), loaded(url, seed=11)
    forced.fail_next("unreadable_card")

    assert codes(deals(forced, 1)) == ["unreadable_card"]
    deals(free, 1)
    assert deals(forced, 40) == deals(free, 40)


def test_the_card_is_reported_inside_deal_with_deal_0():
    shoe = loaded(INSTANT, seed=1)
    shoe.stack("8D")
    shoe.deal()

    assert [type(e) for e in shoe.history] == [ShoeLoaded, CardDrawn]
    assert shoe.history[-1].card == "8D"
    assert shoe.get(timeout=0).card == "8D"


def test_a_timed_shoe_reports_after_its_seconds():
    with open_shoe("sim://shoe?deal=0.1", seed=1) as shoe:
        asked = time.monotonic_ns()
        shoe.new_shoe(1, None)
        shoe.deal()
        events = [shoe.get(timeout=10), shoe.get(timeout=10)]

    assert [type(e) for e in events] == [ShoeLoaded, CardDrawn]
    assert events[0].t_ns - asked >= 100_000_000
    assert events[1].t_ns - events[0].t_ns >= 100_000_000


def test_close_stops_a_deal_in_progress_at_once():
    shoe = open_shoe("sim://shoe?deal=60", seed=1)
    shoe.new_shoe(1, None)
    started = time.monotonic()
    shoe.close()

    assert time.monotonic() - started < 5
    assert not [t for t in threading.enumerate() if t.name == f"simulated {shoe.url}"]
    assert shoe.history == [] and shoe.get(timeout=0) is None


def test_a_failed_selftest_check_is_reported():
    shoe = open_shoe(INSTANT)
    shoe.fail_selftest("cut_card_sensor")

    assert [(c.name, c.ok) for c in shoe.selftest()] == [
        ("card_reader", True),
        ("cut_card_sensor", False),
        ("deal_lamp", True),
    ]
    with pytest.raises(ValueError, match="unknown check 'lens'"):
        shoe.fail_selftest("lens")
