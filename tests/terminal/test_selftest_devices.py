"""The self-test's device sections (terminal/selftest/devices.py) and the report made of them
(report.py): a device's link before its own checks, a device that fails giving a failed check
rather than a crash, the progress told check by check, the text and the event data."""

from __future__ import annotations

import os

import pytest
import serial

from drivers.emulators.cammegh import CammeghEmulator
from drivers.errors import DeviceError
from drivers.selftest import SelfTestCheck
from drivers.wheel import open_wheel
from drivers.wheel.order import WheelOrder
from terminal.contract.selftest import summary
from terminal.selftest import devices
from terminal.selftest.devices import check_device, check_devices, failed_to_open
from terminal.selftest.report import Report, Section
from tests.support.wheel_backends import CAMMEGH_TIME_FACTOR, cammegh_url

ORDER = WheelOrder(tuple(range(37)))


@pytest.fixture
def sim_wheel():
    wheel = open_wheel("sim://wheel?spin=0", ORDER, seed=1)
    yield wheel
    wheel.close()


def test_a_device_that_fails_gives_a_failed_check_not_a_crash(sim_wheel):
    sim_wheel.close()
    section = check_device("wheel", sim_wheel)
    (check,) = section.checks
    assert (check.name, check.ok) == ("selftest", False)
    assert "cannot run a self-test, the wheel is not open" in check.detail
    assert section.simulated and not section.ok


def test_progress_is_told_of_each_check_as_it_is_done(sim_wheel):
    sim_wheel.fail_selftest("pocket_sensor")
    told: list = []
    (section,) = check_devices({"wheel": sim_wheel}, sim=False, progress=told.append)
    assert told == [("wheel", check) for check in section.checks]
    assert [c.name for c in section.checks if not c.ok] == ["pocket_sensor"]


@pytest.mark.parametrize("codes", [(0,), (5, 21)])
def test_a_cammegh_wheel_gives_its_version_counters_and_codes_explained(tmp_path, codes):
    with CammeghEmulator(
        tmp_path / "ss2",
        seed=3,
        time_factor=CAMMEGH_TIME_FACTOR,
        selftest_seconds=4,
        selftest_codes=codes,
    ):
        wheel = open_wheel(cammegh_url(tmp_path / "ss2"), ORDER)
        try:
            section = check_device("wheel", wheel)
        finally:
            wheel.close()
    link, errors, *own = section.checks
    assert link.ok and link.name == "link"
    assert "(*S " in link.detail and "answered *S and *V in " in link.detail
    assert errors.ok and errors.name == "link_errors" and " 0 malformed" in errors.detail
    if codes == (0,):
        assert [(c.name, c.ok, c.detail) for c in own] == [("selftest", True, "code 0: no errors")]
    else:
        assert [(c.name, c.ok, c.detail) for c in own] == [
            ("motor", False, "code 5: motor fault"),
            ("sensor_0_blind", False, "code 21: sensor 0 cannot see the ball"),
        ]


def test_a_device_that_cannot_open_is_one_failed_check():
    section = failed_to_open("wheel", "board:///dev/wheel-board", OSError("no hello"))
    assert section.header() == "wheel (board:///dev/wheel-board):"
    assert [(c.name, c.ok, c.detail) for c in section.checks] == [("open", False, "no hello")]


def test_a_port_in_use_names_its_holder(tmp_path):
    """The port held (here by this very process, opened exclusively as a table opens it): the
    check names the process, and the table's own fix when it is a table."""
    with CammeghEmulator(tmp_path / "ss2", time_factor=CAMMEGH_TIME_FACTOR) as ss2:
        url = cammegh_url(ss2.link)
        with serial.Serial(str(ss2.link), 9600, exclusive=True):
            with pytest.raises(DeviceError) as busy:
                open_wheel(url, ORDER)
            (check,) = failed_to_open("wheel", url, busy.value).checks
    assert "in use by another process" in check.detail
    assert f"held by process {os.getpid()}" in check.detail
    assert "the table is running" not in check.detail


def test_a_port_held_by_a_running_table_says_where_to_run_the_selftest(tmp_path, monkeypatch):
    link = tmp_path / "ttyUSB0"
    link.touch()
    table = "process 4242 (/usr/bin/python3 /usr/bin/dealer-terminal run --config t.toml)"
    monkeypatch.setattr(devices, "holder_of", lambda stat: table)
    busy = DeviceError(f"wheel: cannot open {link}: the port is in use by another process")
    (check,) = failed_to_open("wheel", f"cammegh://{link}", busy).checks
    assert f"the table is running ({table}) and holds its port" in check.detail
    assert "technician screen" in check.detail and "systemctl stop dealer-terminal" in check.detail
    monkeypatch.setattr(devices, "holder_of", lambda stat: "process 7 (minicom -D /dev/ttyUSB0)")
    (check,) = failed_to_open("wheel", f"cammegh://{link}", busy).checks
    assert check.detail.endswith("held by process 7 (minicom -D /dev/ttyUSB0)")


def report() -> Report:
    return Report(
        (
            Section(
                "wheel",
                "board:///dev/wheel-board",
                False,
                (
                    SelfTestCheck("link", True, "wheel-board 1.2"),
                    SelfTestCheck("pocket", False, "stuck active"),
                ),
            ),
            Section(
                "gpio", "sim://gpio", True, (SelfTestCheck("switch door", True, "GPIO22 closed"),)
            ),
            Section("host", None, False, (SelfTestCheck("clock", True, "synchronised"),)),
        )
    )


def test_the_report_reads_as_the_command_prints_it():
    assert report().lines() == [
        "wheel (board:///dev/wheel-board):",
        "  ok   link: wheel-board 1.2",
        "  FAIL pocket: stuck active",
        "gpio (sim://gpio, simulated):",
        "  ok   switch door: GPIO22 closed",
        "host:",
        "  ok   clock: synchronised",
        "some checks FAILED (wheel: pocket); gpio simulated (the table file names them so), not "
        "tested on hardware",
    ]


def test_a_host_check_failing_beside_simulated_devices_is_laid_on_the_host():
    """--sim with a host check failing: the verdict names the host, not the devices."""
    sections = (
        Section("wheel", "sim://wheel", True, (SelfTestCheck("pocket", True, "ok"),)),
        Section("host", None, False, (SelfTestCheck("watchdog", False, "no watchdog"),)),
    )
    verdict = Report(sections, sim=True).verdict()
    assert verdict == (
        "some checks FAILED (host: watchdog); every device simulated (--sim): no device was "
        "tested on hardware"
    )
    assert "on simulated devices only" not in verdict


def test_the_event_data_holds_every_check_the_totals_and_what_was_simulated():
    data = report().data
    assert data["ok"] is False and data["sim"] is False
    assert data["totals"] == {"checks": 4, "passed": 3, "failed": 1}
    assert data["simulated"] == ["gpio"]
    assert data["sections"][0] == {
        "name": "wheel",
        "device": "board:///dev/wheel-board",
        "simulated": False,
        "ok": False,
    }
    assert data["sections"][2]["device"] is None
    assert data["checks"][1] == {
        "section": "wheel",
        "name": "pocket",
        "ok": False,
        "detail": "stuck active",
    }
    assert summary(data) == "1 of 4 checks failed: wheel pocket: stuck active (gpio simulated)"
