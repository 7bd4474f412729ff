"""Opening the wheel sensor board: bad URLs, a missing or mute device, and what the runtime
can log once it is open."""

import pytest

import drivers.bridge_board as bridge_board
from drivers.emulators.pty_port import PtyPort
from drivers.emulators.wheel_board import WheelBoardEmulator
from drivers.errors import DeviceError
from drivers.wheel import open_wheel
from drivers.wheel.events import BallInPocket
from tests.support.board_emulated import events_until
from tests.support.wheel_backends import BOARD_TIME_SCALE


@pytest.mark.parametrize(
    "url, problem",
    [
        ("board://dev/wheel-board", "not a wheel board's URL"),
        ("board:wheel-board", "not a wheel board's URL"),
        ("board:///dev/wheel-board?baud=1200", "bad baud='1200' (1200 baud reboots an RP2040"),
        ("board:///dev/wheel-board?baud=fast", "bad baud='fast'"),
        ("board:///dev/wheel-board?silent=0", "bad silent='0'"),
        (
            "board:///dev/wheel-board?speed=9600",
            "unknown parameter 'speed'; known parameters: baud, silent",
        ),
    ],
)
def test_a_bad_url_says_what_is_wrong_and_what_would_do(french, url, problem):
    with pytest.raises(DeviceError) as refused:
        open_wheel(url, french)

    assert str(refused.value).startswith(f"wheel {url}: {problem}")


def test_a_missing_board_names_the_path_and_the_fix(tmp_path, french):
    url = f"board://{tmp_path}/wheel-board"
    with pytest.raises(DeviceError, match="no such device: check the cable") as refused:
        open_wheel(url, french)

    assert f"cannot open {tmp_path}/wheel-board" in str(refused.value)


def test_a_port_where_nothing_says_hello_is_not_the_board(tmp_path, french, monkeypatch):
    monkeypatch.setattr(bridge_board, "HELLO_TIMEOUT", 0.3)
    port = PtyPort(tmp_path / "mute")
    try:
        with pytest.raises(
            DeviceError,
            match="no hello from .*mute within 0.3 s; check that the "
            "board runs the wheel-board firmware",
        ):
            open_wheel(f"board://{tmp_path}/mute", french)
    finally:
        port.unplug()


def test_health_gives_the_link_figures_and_the_board(tmp_path, patient_link, french):
    with WheelBoardEmulator(
        tmp_path / "wheel-board",
        time_scale=BOARD_TIME_SCALE,
        unique_id=bytes.fromhex("e6614103e7452d2f"),
    ) as emulator:
        wheel = open_wheel(emulator.url + "?baud=115200&silent=2", french)
        wheel.spin("cw")
        events_until(wheel, lambda e: any(isinstance(x, BallInPocket) for x in e), "a spin")
        health = wheel.health()
        wheel.close()

    assert wheel.board.unique_id.hex() == "e6614103e7452d2f"
    assert health["peer"] == {
        "role": "board",
        "protocol": "1.3",
        "version": "wheel-board-emulator 0.1.0",
        "unique_id": "e6614103e7452d2f",
        "boot_id": health["peer"]["boot_id"],
    }
    assert (health["open"], health["port"], health["connected"]) == (True, "open", True)
    assert health["frames_in"] >= 7 and health["frames_out"] >= 3
    assert (health["dropped"], health["resent"], health["reconnects"]) == ({}, 0, 0)
    assert health["rtt_ms"] is not None and health["rtt_ms"] < 1000
