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
        ([7], "at least 2 pockets, this order has 1"),
        (list(range(36)) + [36.0], "integers"),
        (list(range(36)) + [True], "integers"),
    ],
)
def test_an_order_that_is_no_wheel_is_refused(numbers, message):
    with pytest.raises(ValueError, match=message):
        WheelOrder(numbers)


def test_a_boule_platform_holds_each_number_twice():
    platform = WheelOrder([*range(1, 10), *range(1, 10)])
    assert len(platform) == 18
    assert [platform.number(i) for i in (0, 8, 9, 17)] == [1, 9, 1, 9]
    assert platform.index(5) == 4  # the first hole of 5
    assert platform.number(18) is None


def test_orders_are_values(french):
    assert WheelOrder(list(french.numbers)) == french
    assert hash(WheelOrder(french.numbers)) == hash(french)
