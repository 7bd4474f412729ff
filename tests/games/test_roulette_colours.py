"""Colour chips of American roulette (section 02 I.b, II.a, III.b, V)."""

import pytest

from games.prison import PrisonBet
from games.records import Settlement
from games.roulette.colours import VALUE_SEATS, Colour, ColourChips, ColourRefused, pay
from games.roulette.engine import RouletteState

COLOURS = ("blau", "verd", "groc", "rosa")


@pytest.fixture
def table(us_engine):
    """Four colours; minimum 500, straight-up maximum 20 x 500."""
    return ColourChips.for_table(COLOURS, us_engine.limits)


def full(table):
    for seat, colour in enumerate(COLOURS, start=1):
        table = table.assign(seat, colour)
    return table


# --- taking and leaving colours -----------------------------------------------------------


def test_a_table_takes_its_minimum_and_the_straight_up_maximum_from_its_limits(table):
    assert (table.colours, table.minimum, table.maximum) == (COLOURS, 500, 10000)
    assert table.free() == COLOURS and table.seats == {} and table.value_seats == frozenset()


def test_a_colour_defaults_to_the_table_minimum(table):
    taken = table.assign(3, "verd")
    assert taken.seats == {3: Colour("verd", 500)}
    assert taken.plays(3) == "colour" and taken.plays(4) is None
    assert taken.free() == ("blau", "groc", "rosa")
    assert table.seats == {}  # the record it came from is unchanged


@pytest.mark.parametrize("unit", [500, 1500, 10000])
def test_a_player_sets_a_unit_that_is_a_multiple_of_the_minimum_up_to_the_straight_maximum(
    table, unit
):
    assert table.assign(1, "blau", unit).seats[1] == Colour("blau", unit)


@pytest.mark.parametrize(
    ("seat", "colour", "unit", "reason"),
    [
        (2, "blau", None, "blau is taken"),
        (1, "verd", None, "seat 1 already plays blau"),
        (2, "negre", None, "this table has no colour 'negre'"),
        (2, "verd", 750, "whole multiple of the table minimum of 5.00, not 7.50"),
        (2, "verd", 1500.0, "whole multiple of the table minimum of 5.00, not 1500.0"),
        (2, "verd", 0, "from the minimum 5.00 to the straight-up maximum 100.00, not 0.00"),
        (2, "verd", 10500, "from the minimum 5.00 to the straight-up maximum 100.00, not 105.00"),
    ],
)
def test_refusals_say_why_and_change_nothing(table, seat, colour, unit, reason):
    table = table.assign(1, "blau")
    assert reason in table.check_assign(seat, colour, unit)
    with pytest.raises(ColourRefused) as refused:
        table.assign(seat, colour, unit)
    assert reason in refused.value.reason
    assert table.seats == {1: Colour("blau", 500)}


def test_seats_cannot_be_changed_behind_the_records_back(table):
    with pytest.raises(TypeError):
        table.assign(1, "blau").seats[2] = Colour("verd", 500)


def test_release_frees_the_colour(table):
    table = table.assign(1, "blau", 2500).assign(2, "verd")
    left = table.release(1)
    assert left.seats == {2: Colour("verd", 500)} and left.plays(1) is None
    assert left.assign(5, "blau").seats[5] == Colour("blau", 500)  # the new player sets a new unit


def test_release_of_a_seat_not_playing_is_refused(table):
    with pytest.raises(ColourRefused, match="seat 7 plays neither"):
        table.release(7)


@pytest.mark.parametrize("colours", [(), ("blau", "blau"), ("blau", " ")])
def test_a_table_needs_distinct_named_colours(colours):
    with pytest.raises(ValueError):
        ColourChips(colours, 500, 10000)


# --- value chips (section 02 II.a) --------------------------------------------------------


def test_value_chips_only_once_every_colour_is_taken(table):
    assert "every colour is taken; free: blau" in table.check_value_chips(9)
    with pytest.raises(ColourRefused):
        table.seat_with_value_chips(9)
    assert full(table).seat_with_value_chips(9).plays(9) == "value"


def test_at_most_three_players_with_value_chips(table):
    table = full(table)
    for seat in range(10, 10 + VALUE_SEATS):
        table = table.seat_with_value_chips(seat)
    assert VALUE_SEATS == 3 and table.value_seats == {10, 11, 12}
    assert table.check_value_chips(13) == "the table already has 3 players with value chips"
    assert table.release(10).seat_with_value_chips(13).value_seats == {11, 12, 13}


def test_a_seat_plays_one_kind_of_chips(table):
    table = full(table).seat_with_value_chips(9)
    assert table.check_value_chips(1) == "seat 1 already plays blau"
    assert table.check_value_chips(9) == "seat 9 already plays value chips"


def test_a_value_player_may_take_a_colour_that_comes_free(table):
    table = full(table).seat_with_value_chips(9).release(2)
    table = table.assign(9, "verd", 1000)
    assert table.plays(9) == "colour" and table.value_seats == frozenset()


# --- paying in colour chips ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("unit", "amount", "paid"),
    [
        (500, 18000, (36, 0)),
        (2500, 18000, (7, 500)),
        (1000, 700, (0, 700)),
        (500, 0, (0, 0)),
    ],
)
def test_pay_gives_colour_chips_and_the_rest_in_value_chips(unit, amount, paid):
    assert pay(unit, amount) == paid


@pytest.mark.parametrize(("unit", "amount"), [(0, 100), (-500, 100), (500, -1), (500, 100.0)])
def test_pay_refuses_what_is_no_payment(unit, amount):
    with pytest.raises(ValueError):
        pay(unit, amount)


def test_a_spin_is_annotated_for_colour_players_only(us_engine, table):
    table = table.assign(1, "blau", 2500).assign(2, "verd")
    bets = [
        # 17500 + 500 back: 7 blue chips of 2500 and 500
        PrisonBet("s1-win", 1, "straight:17", 500),
        PrisonBet("s1-lost", 1, "straight:3", 500),
        # 700 (50 breakage) + 1500 back: 4 green chips and 200
        PrisonBet("s2-win", 2, "columns:1-2", 1500),
        PrisonBet("s3-win", 3, "black", 500),  # seat 3 has no colour
    ]
    result = us_engine.spin(RouletteState(), bets, 17)
    annotated = table.paid_in_colours(result)
    entries = {e.id: e.to_json() for e in annotated.settlement}
    assert entries["s1-win"]["colour"] == {
        "name": "blau",
        "unit": 2500,
        "chips": 7,
        "value_chips": 500,
    }
    assert entries["s2-win"]["colour"] == {
        "name": "verd",
        "unit": 500,
        "chips": 4,
        "value_chips": 200,
    }
    assert "colour" not in entries["s1-lost"] and "colour" not in entries["s3-win"]
    # nothing else changes: the money, the order, the totals, the state
    assert [{k: v for k, v in e.items() if k != "colour"} for e in entries.values()] == [
        e.to_json() for e in result.settlement
    ]
    assert (annotated.totals, annotated.state, annotated.bets) == (
        result.totals,
        result.state,
        result.bets,
    )


def test_a_half_on_zero_is_handed_back_in_colour_and_value_chips(us_engine, table):
    table = table.assign(1, "blau")
    result = table.paid_in_colours(
        us_engine.spin(RouletteState(), [PrisonBet("r", 1, "red", 1500)], 0)
    )
    (entry,) = result.settlement
    assert (entry.result, entry.returned) == ("half", 700)
    assert entry.to_json()["colour"] == {
        "name": "blau",
        "unit": 500,
        "chips": 1,
        "value_chips": 200,
    }


def test_a_settlement_without_colour_keeps_its_json():
    assert Settlement("a", "win", paid=500, returned=500).to_json() == {
        "id": "a",
        "result": "win",
        "paid": 500,
        "returned": 500,
    }
