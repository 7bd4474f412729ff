import functools

import pytest

import drivers.bridge_board as bridge_board
from drivers.emulators.cammegh import CammeghEmulator
from drivers.wheel import open_wheel
from drivers.wheel.order import WheelOrder
from firmware_bridge.link import MS
from tests.support.wheel_backends import CAMMEGH_TIME_FACTOR, cammegh_url

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


@pytest.fixture
def emulator(tmp_path):
    """A factory: emulator(**options) starts one on tmp_path/ss2 (stopped after the test)."""
    started = []

    def start(**options):
        options = {"seed": 5, "time_factor": CAMMEGH_TIME_FACTOR, "selftest_seconds": 4.0} | options
        started.append(CammeghEmulator(tmp_path / "ss2", **options).start())
        return started[-1]

    start.started = started
    yield start
    for one in started:
        one.stop()


@pytest.fixture
def wheel(emulator, french, tmp_path):
    """A factory: wheel(**url parameters) opens the driver on the emulator started last."""
    opened = []

    def open_(**params):
        opened.append(open_wheel(cammegh_url(tmp_path / "ss2", **params), french))
        return opened[-1]

    yield open_
    for one in opened:
        one.close()
