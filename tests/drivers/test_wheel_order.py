import pytest
from hypothesis import given
from hypothesis import strategies as st

from drivers.wheel.order import WheelOrder


def test_french_order_maps_pockets_to_numbers_and_back(french):
    assert len(french) == 37
    assert french.number(0) == 0
    assert french.number(1) == 32
    assert french.number(36) == 26
    assert french.index(26) == 36
    assert french.index(17) == 8


def test_american_order_has_00_as_37(american):
    assert len(american) == 38
    assert american.number(19) == 37
    assert american.index(37) == 19


@pytest.mark.parametrize("index", [-1, -37, 37, 38, 10**6])
def test_an_index_outside_the_wheel_has_no_number(french, index):
    assert french.number(index) is None


@pytest.mark.parametrize("number", [37, -1, 38])
def test_a_number_not_on_the_wheel_has_no_pocket(french, number):
    with pytest.raises(ValueError, match="not a number of this 37-pocket wheel"):
        french.index(number)


@given(st.sampled_from([37, 38]).flatmap(lambda n: st.permutations(range(n))))
def test_any_permutation_is_a_wheel_and_round_trips(numbers):
    order = WheelOrder(numbers)

    assert [order.number(i) for i in range(len(numbers))] == list(numbers)
    assert [order.index(n) for n in numbers] == list(range(len(numbers)))


@pytest.mark.parametrize(
    "numbers, message",
    [
        (range(36), "37 or 38 pockets, this order has 36"),
        (range(39), "37 or 38 pockets, this order has 39"),
        ([1] + list(range(1, 37)), r"missing \[0\], repeated \[1\]"),
        (list(range(36)) + [37], r"missing \[36\], repeated \[\]"),
        (list(range(36)) + [36.0], "integers"),
        (list(range(36)) + [True], "integers"),
    ],
)
def test_an_order_that_is_not_a_permutation_is_refused(numbers, message):
    with pytest.raises(ValueError, match=message):
        WheelOrder(numbers)


def test_orders_are_values(french):
    assert WheelOrder(list(french.numbers)) == french
    assert hash(WheelOrder(french.numbers)) == hash(french)
