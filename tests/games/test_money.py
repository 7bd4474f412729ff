from fractions import Fraction

import pytest

from games.money import entered, exact_multiple, first_multiple, money, to_chips


@pytest.mark.parametrize(
    ("exact", "unit", "paid", "breakage"),
    [
        (1000, 100, 1000, 0),
        (750, 100, 700, 50),
        (Fraction(375, 2), 100, 100, Fraction(175, 2)),
        (Fraction(375, 2), 1, 187, Fraction(1, 2)),
        (99, 100, 0, 99),
        (0, 25, 0, 0),
    ],
)
def test_rounds_down_to_the_chip_unit_and_keeps_the_rest_as_breakage(exact, unit, paid, breakage):
    assert to_chips(exact, unit) == (paid, breakage)


@pytest.mark.parametrize(("exact", "unit"), [(-1, 100), (100, 0), (100, -5)])
def test_refuses_negative_amounts_and_chip_units_that_are_not_positive(exact, unit):
    with pytest.raises(ValueError):
        to_chips(exact, unit)


@pytest.mark.parametrize(
    ("minor", "text"),
    [
        (500, "5.00"),
        (125_050, "1,250.50"),
        (-2000, "-20.00"),
        (5, "0.05"),
        (Fraction(1750, 3), "5.83"),
        (0, "0.00"),
    ],
)
def test_money_is_written_in_currency_units_with_two_decimals(minor, text):
    assert money(minor) == text


def test_an_entered_amount_is_quoted_as_money_only_when_it_is_whole_minor_units():
    assert (entered(750), entered(5.5), entered("ten"), entered(True)) == (
        "7.50",
        "5.5",
        "'ten'",
        "True",
    )


@pytest.mark.parametrize(
    ("shares", "unit", "multiple", "exact"),
    [
        ((Fraction(7, 6),), 100, 100, 600),  # place 6 in chips of 1.00
        ((Fraction(7, 6),), 100, 500, 3000),  # ... staked in multiples of 5.00
        ((Fraction(19, 20),), 25, 500, 500),  # the banker in chips of 0.25
        ((Fraction(3, 2), 1), 100, 500, 1000),  # blackjack
        ((2,), 100, 100, 100),
        ((), 100, Fraction(250), 500),  # the stake itself must be whole chips
    ],
)
def test_the_stakes_paid_exactly_are_multiples_of_one_amount(shares, unit, multiple, exact):
    assert exact_multiple(shares, unit, multiple) == exact


def test_the_first_multiple_from_an_amount():
    assert (first_multiple(600, 500), first_multiple(500, 500), first_multiple(1100, 5000)) == (
        600,
        500,
        5500,
    )
