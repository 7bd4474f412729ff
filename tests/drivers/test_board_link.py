"""The wheel sensor board's link failures, one test each, over real pseudo-terminals: every
bad frame is counted and reported as a fault and never becomes a reading; the board resends
what was lost, so that nothing is lost or duplicated, across an unplug too."""

import time

import pytest

from drivers.emulators.wheel_board import WheelBoardEmulator
from drivers.errors import DeviceError
from drivers.faults import Fault
from drivers.wheel import open_wheel
from drivers.wheel.events import BallInPocket, BallLaunched
from tests.support.board_emulated import (
    cleared,
    drain,
    events_until,
    faults,
    readings,
    sent_readings,
    wait_for,
)
from tests.support.wheel_backends import BOARD_TIME_SCALE


@pytest.fixture
def emulator(tmp_path):
    with WheelBoardEmulator(
        tmp_path / "wheel-board", seed=3, time_scale=BOARD_TIME_SCALE, drift_ppm=-25
    ) as emulator:
        yield emulator


@pytest.fixture
def wheel(emulator, french):
    with open_wheel(emulator.url, french) as wheel:
        yield wheel


def pocket_and_fault(code: str):
    """A `done`: the ball is in a pocket and a fault `code` was reported."""
    return lambda events: (
        bool(faults(events, code)) and any(isinstance(e, BallInPocket) for e in events)
    )


@pytest.mark.parametrize(
    "how, message, kind",
    [
        ("corrupt", "ball_in_pockets", "bad_crc"),
        ("truncate", "ball_in_pockets", "truncated"),
        ("duplicate", "ball_in_pockets", "duplicate"),
        ("reorder", "ball_in_rim", "out_of_order"),
    ],
)
def test_a_spoilt_frame_is_counted_reported_and_never_a_reading(
    emulator, wheel, how, message, kind
):
    emulator.drop_ball(17)
    emulator.tamper(how, message)
    wheel.spin("cw")
    events = events_until(wheel, pocket_and_fault("bad_frame"), f"the spin with a {how} frame")
    wait_for(lambda: emulator.idle, "the board has had every acknowledgement")
    events += drain(wheel)

    assert readings(events) == sent_readings(emulator)  # once each, in order
    assert [e.pockets for e in events if isinstance(e, BallInPocket)] == [(17,)]
    reported = faults(events)  # later drops of the kind are reported a second later, together
    assert {(f.code, f.severity, f.void) for f in reported} == {("bad_frame", "warning", False)}
    assert f"1 frame(s) dropped as {kind}" in reported[0].detail
    assert set(wheel.health()["dropped"]) == {kind}  # go-back-N: the frames after a gap too


def test_noise_on_the_line_is_counted_reported_and_never_a_reading(emulator, wheel):
    emulator.noise(300)
    wheel.spin("ccw")
    events = events_until(wheel, pocket_and_fault("bad_frame"), "the spin after the noise")

    assert readings(events) == sent_readings(emulator)
    dropped = wheel.health()["dropped"]
    assert dropped and set(dropped) <= {
        "bad_cobs",
        "truncated",
        "bad_length",
        "bad_crc",
        "oversize",
        "unknown_type",
        "malformed",
    }
    assert any(kind in faults(events, "bad_frame")[0].detail for kind in dropped)


def test_unplug_and_replug_resumes_and_loses_or_duplicates_nothing(emulator, wheel):
    wheel.spin("cw")
    events = events_until(
        wheel, lambda e: any(isinstance(x, BallLaunched) for x in e), "the ball launched"
    )
    emulator.unplug()
    events += events_until(wheel, lambda e: faults(e, "link_lost"), "the link lost")
    # The spin ends while the cable is out: the board keeps what it sensed.
    wait_for(
        lambda: any(r[0] == "ball_in_pockets" for r in sent_readings(emulator)),
        "the ball in a pocket, sensed while unplugged",
    )
    emulator.replug()
    events += events_until(
        wheel,
        lambda e: "link_lost" in cleared(e) and any(isinstance(x, BallInPocket) for x in e),
        "link_lost cleared and the rest of the spin",
    )

    assert readings(events) == sent_readings(emulator)  # once each, in order
    lost = faults(events, "link_lost")[0]
    assert (lost.severity, lost.void) == ("error", False)
    health = wheel.health()
    assert (health["reconnects"], health["connected"], health["unacked"]) == (1, True, 0)
    wheel.spin("ccw")  # and the next spin goes on as usual
    events = events_until(
        wheel, lambda e: any(isinstance(x, BallInPocket) for x in e), "the next spin"
    )
    assert not faults(events)


def test_a_silent_board_raises_a_fault_within_two_seconds_and_clears_when_it_speaks(
    emulator, wheel
):
    emulator.go_silent()
    silent_since = time.monotonic()
    events = events_until(wheel, lambda e: faults(e, "silent"), "the silent fault")
    delay = time.monotonic() - silent_since

    (fault,) = faults(events)
    assert (fault.severity, fault.void) == ("error", False), (
        f"the silent fault came {delay:.2f} s after the board fell silent: {fault}"
    )
    emulator.speak()
    events_until(wheel, lambda e: "silent" in cleared(e), "silent cleared")


def test_an_incompatible_protocol_version_is_refused_with_both_versions(tmp_path, french):
    with (
        WheelBoardEmulator(tmp_path / "wheel-board", protocol=(2, 0)) as emulator,
        pytest.raises(DeviceError) as refused,
    ):
        open_wheel(emulator.url, french)

    message = str(refused.value)
    assert message.startswith(f"wheel {emulator.url}: the board was refused: ")
    assert "the board speaks bridge protocol 2.0 and this host 1.3" in message
    assert "flash the board with the firmware of this release" in message


def test_a_board_restarting_mid_spin_voids_it_and_the_next_spin_plays(emulator, wheel):
    wheel.spin("cw")
    events_until(wheel, lambda e: any(isinstance(x, BallLaunched) for x in e), "the launch")
    emulator.reboot()
    events = events_until(wheel, lambda e: "board_restarted" in cleared(e), "the restart")

    (fault,) = faults(events)
    assert (fault.code, fault.void) == ("board_restarted", True)
    wheel.spin("ccw")
    events = events_until(
        wheel, lambda e: any(isinstance(x, BallInPocket) for x in e), "the spin after the restart"
    )
    assert not [e for e in events if isinstance(e, Fault)]
    assert [type(c).__name__ for c in emulator.commands].count("Config") == 2  # configured again
