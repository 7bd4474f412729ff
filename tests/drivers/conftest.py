import functools

import pytest

import drivers.bridge_board as bridge_board
from drivers.wheel.order import WheelOrder
from firmware_bridge.link import MS

# Wheel orders are rulebook data (config/); these are the single- and double-zero wheels.
FRENCH = (
    0,
    32,
    15,
    19,
    4,
    21,
    2,
    25,
    17,
    34,
    6,
    27,
    13,
    36,
    11,
    30,
    8,
    23,
    10,
    5,
    24,
    16,
    33,
    1,
    20,
    14,
    31,
    9,
    22,
    18,
    29,
    7,
    28,
    12,
    35,
    3,
    26,
)
AMERICAN = (
    0,
    28,
    9,
    26,
    30,
    11,
    7,
    20,
    32,
    17,
    5,
    22,
    34,
    15,
    3,
    24,
    36,
    13,
    1,
    37,
    27,
    10,
    25,
    29,
    12,
    8,
    19,
    31,
    18,
    6,
    21,
    33,
    16,
    4,
    23,
    35,
    14,
    2,
)  # 37 stands for 00


@pytest.fixture
def french() -> WheelOrder:
    return WheelOrder(FRENCH)


@pytest.fixture
def american() -> WheelOrder:
    return WheelOrder(AMERICAN)


@pytest.fixture
def patient_link(monkeypatch):
    """The host's bridge link resends after 10 s instead of 250 ms. A loaded CI machine can hold
    an acknowledgement past 250 ms; tests that count resends on a clean link use this so that a
    slow acknowledgement is not taken for a lost frame."""
    monkeypatch.setattr(
        bridge_board, "Link", functools.partial(bridge_board.Link, resend_after=10_000 * MS)
    )
