from fractions import Fraction

import pytest

from games.money import to_chips


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
