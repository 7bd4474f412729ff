"""What a dice reader reports: two dice from 1 to 6, and the void causes the craps engine and
the wire know by the same names."""

import dataclasses

import pytest

from drivers.dice.events import VOID_CAUSES, VOID_DETAILS, DiceThrown
from firmware_bridge.messages import DICE_VOID_CAUSES
from games.craps.engine import VOID_CAUSES as ENGINE_VOID_CAUSES


def test_two_dice_from_one_to_six():
    thrown = DiceThrown((1, 6), t_ns=5)

    assert (thrown.dice, thrown.t_ns) == ((1, 6), 5)
    with pytest.raises(dataclasses.FrozenInstanceError):
        thrown.dice = (2, 2)


@pytest.mark.parametrize(
    "dice", [(0, 3), (3, 7), (3,), (1, 2, 3), [3, 4], (3.0, 4), (True, 2), ("3", "4")]
)
def test_anything_else_is_refused(dice):
    with pytest.raises(ValueError, match="1 to 6|two dice"):
        DiceThrown(dice)


def test_the_void_causes_are_the_craps_engines_and_the_wires():
    assert VOID_CAUSES == (
        "broken",
        "stacked",
        "on_chip",
        "off_table",
        "on_rail",
        "in_reserve",
        "bad_throw",
    )
    assert set(VOID_CAUSES) == set(ENGINE_VOID_CAUSES) == set(DICE_VOID_CAUSES)
    assert set(VOID_DETAILS) == set(VOID_CAUSES) and all(VOID_DETAILS.values())
