"""The croupier's screen as a device (`screen://`, drivers/hand.py): the wheel's, the dice
reader's and the shoe's. Each confirmed entry becomes the events a sensor reports, marked with
who entered it; what is no outcome is refused before anything is emitted."""

import threading

import pytest

from drivers.device import Device
from drivers.dice import check_dice_url, open_dice
from drivers.dice.events import DiceThrown
from drivers.dice.hand import HandDice
from drivers.errors import DeviceError
from drivers.faults import Fault, FaultCleared
from drivers.hand import MAX_BY
from drivers.selftest import SelfTestCheck
from drivers.shoe import check_shoe_url, open_shoe
from drivers.shoe.events import CardDrawn, CardsBurnt, CutCardOut, ShoeLoaded
from drivers.shoe.hand import HandShoe
from drivers.wheel import check_wheel_url, open_wheel
from drivers.wheel.events import BallInPocket, BallLaunched, BallLeavingRim
from drivers.wheel.hand import HandWheel
from drivers.wheel.order import WheelOrder
from drivers.wheel.sim import SimWheel

CHECKS = {"wheel": check_wheel_url, "dice reader": check_dice_url, "card shoe": check_shoe_url}
ONE_CHECK = [SelfTestCheck("screen", True, "the outcome is entered on the croupier's screen")]


def drain(device) -> list:
    events = []
    while (event := device.get(timeout=0)) is not None:
        events.append(event)
    return events


@pytest.fixture
def wheel(french):
    with open_wheel("screen://", french) as wheel:
        yield wheel


@pytest.fixture
def dice():
    with open_dice("screen://") as dice:
        yield dice


@pytest.fixture
def shoe():
    with open_shoe("screen://") as shoe:
        yield shoe


# -- the URL, the flag, the self-test -------------------------------------------------------
@pytest.mark.parametrize("kind", CHECKS)
def test_screen_is_a_url_of_every_interface(kind):
    CHECKS[kind]("screen://")


@pytest.mark.parametrize("kind", CHECKS)
@pytest.mark.parametrize("url", ["screen://wheel", "screen:///dev/tty", "screen://?by=C-07"])
def test_anything_after_the_scheme_is_refused_saying_what_to_write(kind, url):
    with pytest.raises(DeviceError) as refused:
        CHECKS[kind](url)
    assert str(refused.value) == (f"{kind} {url}: not the croupier's screen's URL; write screen://")


def test_the_hand_devices_are_manual_and_the_sensors_are_not(wheel, dice, shoe):
    assert Device.manual is False and SimWheel.manual is False
    assert all(type(d).manual for d in (wheel, dice, shoe))
    assert (type(wheel), type(dice), type(shoe)) == (HandWheel, HandDice, HandShoe)


def test_the_self_test_says_the_outcome_is_entered_on_the_screen(wheel, dice, shoe):
    assert wheel.selftest() == dice.selftest() == shoe.selftest() == ONE_CHECK


def test_an_entry_before_the_device_is_open_is_refused(french):
    wheel = HandWheel("screen://", french)
    with pytest.raises(DeviceError, match="cannot take an entry, the wheel is not open"):
        wheel.enter(17, "C-07")
    assert drain(wheel) == []


@pytest.mark.parametrize("by", ["", "  ", None, 7, "x" * (MAX_BY + 1)])
def test_who_entered_it_must_be_said(wheel, dice, shoe, by):
    for enter in (
        lambda: wheel.enter(17, by),
        lambda: dice.enter(3, 4, by),
        lambda: dice.void("stacked", by),
        lambda: shoe.enter("AS", by),
        lambda: shoe.cut(by),
        lambda: shoe.loaded(6, by),
    ):
        with pytest.raises(ValueError, match="who entered it must be a non-empty text"):
            enter()
    assert drain(wheel) == drain(dice) == drain(shoe) == []


# -- the wheel ------------------------------------------------------------------------------
def test_an_entered_number_ends_the_spin_as_a_sensor_would(wheel, french):
    wheel.spin("cw")
    wheel.enter(17, "C-07")

    launched, leaving, pocket = drain(wheel)
    # against the rotor asked for; every event of the entry says who entered it
    assert launched == BallLaunched("ccw", launched.t_ns, entered_by="C-07")
    assert leaving == BallLeavingRim(leaving.t_ns, entered_by="C-07")
    assert pocket == BallInPocket((french.index(17),), (17,), pocket.t_ns, entered_by="C-07")
    assert launched.t_ns <= leaving.t_ns <= pocket.t_ns


def test_the_ball_is_launched_once_a_spin(wheel):
    wheel.spin("ccw")
    wheel.launch()
    wheel.launch()  # said twice: one launch
    (launched,) = drain(wheel)
    assert launched == BallLaunched("cw", launched.t_ns)
    wheel.enter(0, "C-07")
    assert [type(e) for e in drain(wheel)] == [BallLeavingRim, BallInPocket]
    wheel.enter(5, "C-07")  # the next spin's, though no spin() was asked: launched again
    assert [type(e) for e in drain(wheel)] == [BallLaunched, BallLeavingRim, BallInPocket]


def test_spin_itself_emits_nothing(wheel):
    wheel.spin("cw")
    wheel.spin("ccw")
    assert drain(wheel) == []


@pytest.mark.parametrize("number", [37, -1, 17.0, "17", True, None])
def test_a_number_the_wheel_has_not_is_refused_naming_the_numbers(wheel, number):
    with pytest.raises(ValueError) as refused:
        wheel.enter(number, "C-07")
    assert str(refused.value) == f"{number!r} is not a number of this wheel: 0 to 36"
    assert drain(wheel) == []


def test_a_wheel_with_gaps_lists_its_numbers():
    with (
        HandWheel("screen://", WheelOrder((0, 10, 20))) as wheel,
        pytest.raises(ValueError, match="wheel: one of 0, 10, 20$"),
    ):
        wheel.enter(5, "C-07")


def test_entries_from_many_threads_each_come_whole(wheel, french):
    """The screen's UI thread and any other: each entry's three events are never interleaved
    with another's."""
    got: list = []
    wheel.deliver_to(got.append)
    numbers = [n % 37 for n in range(160)]

    def enter(part):
        for n in part:
            wheel.enter(n, f"C-{n:02d}")

    threads = [threading.Thread(target=enter, args=(numbers[i::8],)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert len(got) == 3 * len(numbers)
    spins = [got[i : i + 3] for i in range(0, len(got), 3)]
    assert all(
        [type(e) for e in spin] == [BallLaunched, BallLeavingRim, BallInPocket] for spin in spins
    )
    entered = sorted((s[2].numbers[0], s[2].entered_by) for s in spins)
    assert entered == sorted((n, f"C-{n:02d}") for n in numbers)
    assert all(s[2].pockets == (french.index(s[2].numbers[0]),) for s in spins)


# -- the dice -------------------------------------------------------------------------------
def test_entered_dice_are_a_throw_marked_with_who_entered_them(dice):
    dice.throw()  # arms nothing
    assert drain(dice) == []
    dice.enter(3, 4, "C-07")
    (thrown,) = drain(dice)
    assert thrown == DiceThrown((3, 4), thrown.t_ns, entered_by="C-07")


@pytest.mark.parametrize("d1, d2", [(0, 4), (3, 7), (3.0, 4), ("3", 4), (True, 4)])
def test_dice_no_die_shows_are_refused(dice, d1, d2):
    with pytest.raises(ValueError, match="each die shows 1 to 6"):
        dice.enter(d1, d2, "C-07")
    assert drain(dice) == []


def test_a_void_throw_entered_is_the_readers_void_throw(dice):
    dice.void("off_table", "C-07")
    fault, cleared = drain(dice)
    assert fault == Fault(
        "off_table",
        "warning",
        "a die left the table: void throw (entered by C-07)",
        void=True,
        t_ns=fault.t_ns,
    )
    assert cleared == FaultCleared("off_table", cleared.t_ns)


def test_an_unknown_void_cause_is_refused(dice):
    with pytest.raises(ValueError, match="unknown void cause 'spilt'"):
        dice.void("spilt", "C-07")
    assert drain(dice) == []


# -- the shoe -------------------------------------------------------------------------------
def test_the_shoe_asks_nothing_and_reports_what_the_croupier_enters(shoe):
    shoe.new_shoe(6, 300)
    shoe.deal()
    assert drain(shoe) == []

    shoe.loaded(6, "C-07")
    shoe.enter("AS", "C-07")
    shoe.cut("C-07")
    shoe.enter("TD", "C-08")
    loaded, first, cut, second = drain(shoe)
    assert loaded == ShoeLoaded(6, loaded.t_ns)
    assert first == CardDrawn("AS", first.t_ns, entered_by="C-07")
    assert cut == CutCardOut(cut.t_ns)
    assert second == CardDrawn("TD", second.t_ns, entered_by="C-08")


def test_burnt_cards_are_counted_face_down_not_entered(shoe):
    shoe.loaded(6, "C-07")
    shoe.burnt(5, "C-07")
    loaded, burnt = drain(shoe)
    assert burnt == CardsBurnt(5, burnt.t_ns, entered_by="C-07")
    for count in (0, -1, "5"):
        with pytest.raises(ValueError, match="one card or more is burnt"):
            shoe.burnt(count, "C-07")  # type: ignore[arg-type]
    assert drain(shoe) == []


@pytest.mark.parametrize("card", ["1S", "as", "10H", "", None])
def test_no_card_is_refused(shoe, card):
    with pytest.raises(ValueError, match="is not a card"):
        shoe.enter(card, "C-07")
    assert drain(shoe) == []


SPANISH_CARD = "a rank of 1234567SCR and a suit of OCEB, e.g. '5O', 'RB'"


@pytest.mark.parametrize(
    "say",
    [
        lambda shoe: shoe.new_shoe(1, None, "spanish"),
        lambda shoe: shoe.resume(1, None, {"SO": 1}, "spanish"),
        lambda shoe: shoe.loaded(1, "C-07", deck="spanish"),
    ],
    ids=["new_shoe", "resume", "loaded"],
)
def test_a_spanish_pack_takes_its_cards_and_refuses_the_french_ones(shoe, say):
    say(shoe)
    drain(shoe)
    shoe.enter("SO", "C-07")
    shoe.enter("5C", "C-07")  # the cinc de copes: a card of the pack in use, never a club
    assert [e.card for e in drain(shoe)] == ["SO", "5C"]

    for card in ("AS", "TD", "KH"):
        with pytest.raises(ValueError) as refused:
            shoe.enter(card, "C-07")
        assert str(refused.value) == f"{card!r} is not a card ({SPANISH_CARD})"
    assert drain(shoe) == []


def test_a_french_shoe_after_a_spanish_pack_takes_french_cards_again(shoe):
    shoe.loaded(1, "C-07", deck="spanish")
    shoe.new_shoe(6, 300)
    shoe.enter("KH", "C-07")
    with pytest.raises(ValueError, match="'SO' is not a card"):
        shoe.enter("SO", "C-07")
    assert [e.card for e in drain(shoe) if isinstance(e, CardDrawn)] == ["KH"]


def test_a_shoe_of_no_deck_kind_is_refused(shoe):
    with pytest.raises(ValueError, match="no deck kind 'tarot': one of french, spanish"):
        shoe.loaded(1, "C-07", deck="tarot")
    assert drain(shoe) == []


@pytest.mark.parametrize("decks", [0, 9, "6"])
def test_a_shoe_no_shoe_holds_is_refused(shoe, decks):
    with pytest.raises(ValueError, match="a shoe holds 1 to 8 decks"):
        shoe.loaded(decks, "C-07")
    assert drain(shoe) == []


# -- the sensors' readings are unchanged ------------------------------------------------------
def test_a_sensed_reading_says_nobody_entered_it(french):
    assert BallInPocket.read(french, [3]).entered_by is None
    assert BallInPocket((3,), (19,), 5).t_ns == 5
    assert DiceThrown((1, 2), 7).entered_by is None
    assert CardDrawn("AS", 9) == CardDrawn("AS", t_ns=9, entered_by=None)
