"""`dealer-terminal selftest`: the technician's check of a table's devices and of its host, its
report journaled as `selftest.report` and published on the table's feed.

The host is pinned (`pi`: the files of a healthy Raspberry Pi written in tmp_path, the kernel's
clock synchronised: tests/support/selftest_host.py) wherever a test needs a pass: this
machine's own clock, disk and watchdog are whatever they are. One test runs the real command on
the real host and checks only that its JSON is the event journaled and its exit code says the
same."""

from __future__ import annotations

import io
import json
import re
import threading
from pathlib import Path

import pytest
import zmq

from drivers.emulators.wheel_board import WheelBoardEmulator
from terminal.assemble import assemble
from terminal.cli import main
from terminal.config import load_table_config
from terminal.runtime.journal.audit import audit
from terminal.selftest import host, host_pi, host_probes, host_storage
from terminal.selftest.command import TableRunning, run_selftest
from terminal.selftest.host_probes import Probes
from tests.drivers.conftest import FRENCH
from tests.support.helpers import cli, journal_events, quiet, wait_for, write_config
from tests.support.selftest_host import SYNCED, UNSYNCED, healthy_pi, write
from tests.support.table_process import TableProcess
from tests.support.wheel_backends import BOARD_TIME_SCALE, POCKET_TEST_BACKENDS

RECEIVE_MS = 30_000  # a guard against a hang, not a measure


@pytest.fixture
def pi(tmp_path) -> Probes:
    """A healthy Raspberry Pi 4 as its files say: no throttling, its watchdog fed by systemd."""
    return healthy_pi(tmp_path / "pi")


@pytest.fixture
def healthy_host(monkeypatch, pi) -> Probes:
    """The command line's host checks read the healthy Pi of `pi`."""
    monkeypatch.setattr(host, "PROBES", pi)
    return pi


def checks_of(section) -> dict:
    return {check.name: check for check in section.checks}


# -- the command


def test_the_simulated_table_passes(table_config, healthy_host, capsys):
    assert main(["selftest", "--config", str(table_config), "--sim"]) == 0
    out = capsys.readouterr().out
    assert "all checks passed" in out and "switch door" in out
    assert out.rstrip().endswith(
        "all checks passed on simulated devices only (--sim): no device was tested on hardware"
    )
    assert "\nhost:\n" in out
    commit = re.search(
        r"  ok   journal_commit: a commit in WAL mode with synchronous FULL takes "
        r"(\d+\.\d) ms \(median of 9, slowest (\d+\.\d) ms\)",
        out,
    )
    assert commit is not None, out
    assert float(commit[1]) <= float(commit[2])
    assert "  ok   watchdog: Broadcom BCM2835 Watchdog timer at /dev/watchdog0" in out


def test_a_pass_on_the_example_tables_simulated_devices_says_so(tmp_path, healthy_host, capsys):
    """Without --sim, the example table's devices are simulated all the same: the pass says so."""
    argv = ["selftest", "--game", "craps", "--db", str(tmp_path / "CR-01.sqlite")]
    assert main([*argv, "--publish", "tcp://127.0.0.1:*"]) == 0
    out = capsys.readouterr().out
    assert "dice (sim://dice" in out and ", simulated):" in out
    assert out.rstrip().endswith(
        "all checks passed on simulated devices only (the table file names them so): "
        "no device was tested on hardware"
    )


def test_a_stuck_sensor_on_the_board_fails_the_selftest(tmp_path, healthy_host, capsys):
    with WheelBoardEmulator(tmp_path / "wheel-board", seed=5, time_scale=BOARD_TIME_SCALE) as board:
        path = write_config(tmp_path, wheel=board.url)
        out = io.StringIO()
        assert run_selftest(load_table_config(path), sim=False, out=out) is True, out.getvalue()
        text = out.getvalue()
        assert "gpio simulated (the table file names them so), not tested on hardware" in text
        assert re.search(r"  ok   link: wheel-board-emulator [\d.]+, protocol \d+\.\d+", text)
        assert re.search(r"  ok   round_trip: \d+\.\d ms", text)
        assert "  ok   link_errors: " in text and "dropped: none" in text
        board.stick("pocket")
        assert main(["selftest", "--config", str(path)]) == 1
    out = capsys.readouterr().out
    assert "  FAIL pocket: stuck active" in out and "some checks FAILED" in out
    reports = [e for e in journal_events(load_table_config(path)) if e["kind"] == "selftest.report"]
    assert [r["data"]["ok"] for r in reports] == [True, False]
    failed = [c for c in reports[1]["data"]["checks"] if not c["ok"]]
    assert failed == [{"section": "wheel", "name": "pocket", "ok": False, "detail": "stuck active"}]


def test_the_report_is_journaled_before_it_is_published(table_config, pi):
    """A SUB socket on the table's feed (connected before the self-test binds it) receives the
    event the journal holds, once the journal holds it; the JSON printed is its data."""
    cfg = load_table_config(table_config)
    sub = zmq.Context.instance().socket(zmq.SUB)
    sub.setsockopt(zmq.SUBSCRIBE, b"")
    sub.setsockopt(zmq.RECONNECT_IVL, 10)
    sub.linger = 0
    sub.connect(cfg.publish)
    out = io.StringIO()
    passed: list[bool] = []
    run = threading.Thread(
        target=lambda: passed.append(run_selftest(cfg, True, out, as_json=True, probes=pi))
    )
    try:
        run.start()
        assert sub.poll(RECEIVE_MS), "nothing published"
        topic, body = sub.recv_multipart()
        journaled = journal_events(cfg)  # read as the message arrives
    finally:
        run.join()
        sub.close()
    assert passed == [True]
    assert topic == b"RL-T1/selftest.report"
    event = json.loads(body)
    assert journaled == [event] and event["seq"] == 1 and event["round"] is None
    assert json.loads(out.getvalue()) == event["data"]
    data = event["data"]
    assert data["ok"] is True and data["sim"] is True and data["simulated"] == ["wheel", "gpio"]
    assert [s["name"] for s in data["sections"]] == ["wheel", "gpio", "host"]
    assert data["totals"] == {
        "checks": len(data["checks"]),
        "passed": len(data["checks"]),
        "failed": 0,
    }
    assert audit(cfg.db).ok  # the chain, and a table's journal still


def test_json_on_this_host_parses_and_is_the_journaled_event(table_config):
    """The real command on the real host (its clock, disk and watchdog as they are here)."""
    done = cli("selftest", "--config", str(table_config), "--sim", "--json")
    assert done.returncode in (0, 1), done.stderr
    data = json.loads(done.stdout)
    (event,) = journal_events(load_table_config(table_config))
    assert (event["kind"], event["data"]) == ("selftest.report", data)
    assert done.returncode == (0 if data["ok"] else 1)
    host_checks = [c["name"] for c in data["checks"] if c["section"] == "host"]
    assert host_checks == [
        "journal_folder",
        "journal_commit",
        "clock",
        "curve",
        "disk",
        "power",
        "watchdog",
    ]
    db = load_table_config(table_config).db
    assert f"selftest.report journaled as seq 1 in {db}, published on ipc://" in done.stderr


def test_the_selftest_is_refused_while_the_table_runs(tmp_path):
    path = write_config(tmp_path, wheel="sim://wheel?spin=0.2")
    cfg = load_table_config(path)
    table = TableProcess(path, cfg.publish, 1)
    try:
        assert table.hear_until(lambda e: e["kind"] == "round.open") is not None, table.stderr()
        done = cli("selftest", "--config", str(path), "--sim")
        assert done.returncode == 2, done.stdout + done.stderr
        assert f"journal {cfg.db} is in use by process {table.process.pid}" in done.stderr
        assert "the table is running" in done.stderr and "technician screen" in done.stderr
        assert "Traceback" not in done.stderr and done.stdout == ""
    finally:
        assert table.terminate() == 0
    assert not [e for e in journal_events(cfg) if e["kind"] == "selftest.report"]


def test_the_refusal_is_raised_before_any_device_opens(table_config, pi):
    from terminal.runtime.journal.lock import JournalLock

    cfg = load_table_config(table_config)
    lock = JournalLock(cfg.db)
    try:
        out = io.StringIO()
        with pytest.raises(TableRunning, match="technician screen"):
            run_selftest(cfg, True, out, probes=pi)
        assert out.getvalue() == ""
    finally:
        lock.release()


# -- the host, against the files of a Pi written in tmp_path


def host_checks(tmp_path, probes: Probes, table_config=None) -> dict:
    cfg = load_table_config(table_config or write_config(tmp_path))
    return checks_of(host.check_host(cfg.db, curve=cfg.curve is not None, probes=probes))


def test_a_healthy_pi_passes_every_host_check(tmp_path, pi):
    checks = host_checks(tmp_path, pi)
    assert all(check.ok for check in checks.values()), checks
    assert not [c for c in checks.values() if c.detail.startswith("warning:")]
    assert checks["power"].detail == (
        "no under-voltage or throttling, now or since boot (get_throttled 0x0)"
    )
    assert checks["clock"].detail == "synchronised: estimated error 0.4 ms, at most 12.0 ms"
    assert checks["watchdog"].detail == (
        "Broadcom BCM2835 Watchdog timer at /dev/watchdog0 (timeout 10 s, at most 15 s, "
        "active); systemd's RuntimeWatchdogSec=10s (/etc/systemd/system.conf)"
    )
    assert list(Path(tmp_path).glob(".selftest-*")) == []  # the scratch files are gone


def test_under_voltage_now_fails_and_since_boot_warns(tmp_path, pi):
    write(pi.root / host_probes.THROTTLED, "50005\n")
    power = host_pi.check_power(pi)
    assert not power.ok
    assert power.detail.startswith("now: under-voltage, throttled (get_throttled 0x50005): ")
    assert "power supply" in power.detail and "cool the Pi" in power.detail

    write(pi.root / host_probes.THROTTLED, "50000\n")
    power = host_pi.check_power(pi)
    assert power.ok
    assert power.detail.startswith(
        "warning: none now, but since boot: under-voltage, throttled (get_throttled 0x50000)"
    )


def test_the_flags_come_from_vcgencmd_without_the_firmware_file(tmp_path, pi):
    (pi.root / host_probes.THROTTLED).unlink()
    vcgencmd = write(tmp_path / "bin" / "vcgencmd", "#!/bin/sh\necho throttled=0x80008\n")
    vcgencmd.chmod(0o755)
    power = host_pi.check_power(Probes(root=pi.root, vcgencmd=str(vcgencmd)))
    assert not power.ok and power.detail.startswith("now: soft temperature limit (get_throttled")

    power = host_pi.check_power(Probes(root=pi.root, vcgencmd=None))
    assert not power.ok and power.detail.startswith("cannot read the firmware's flags")


def test_another_machine_is_no_pi(tmp_path):
    elsewhere = Probes(root=tmp_path / "pc", vcgencmd=None, timedatectl=None)
    assert host_pi.check_power(elsewhere).detail == "not a Raspberry Pi: not checked"
    watchdog = host_pi.check_watchdog(elsewhere)
    assert watchdog.ok and watchdog.detail == "not a Raspberry Pi: no hardware watchdog here"


def test_a_pi_without_its_watchdog_fails(pi):
    for device in ("watchdog", "watchdog0"):
        (pi.root / "dev" / device).unlink()
    watchdog = host_pi.check_watchdog(pi)
    assert not watchdog.ok and "dtparam=watchdog=on" in watchdog.detail


def test_a_watchdog_systemd_does_not_feed_fails(pi):
    write(pi.root / host_probes.SYSTEM_CONF, "[Manager]\n#RuntimeWatchdogSec=10s\n")
    watchdog = host_pi.check_watchdog(pi)
    assert not watchdog.ok
    assert "RuntimeWatchdogSec is not set; set RuntimeWatchdogSec=10s" in watchdog.detail

    write(
        pi.root / "etc/systemd/system.conf.d/watchdog.conf", "[Manager]\nRuntimeWatchdogSec=20s\n"
    )
    watchdog = host_pi.check_watchdog(pi)
    assert not watchdog.ok and "RuntimeWatchdogSec=20s" in watchdog.detail
    assert "above its maximum of 15 s" in watchdog.detail

    write(pi.root / "etc/systemd/system.conf.d/watchdog.conf", "[Manager]\nRuntimeWatchdogSec=14\n")
    watchdog = host_pi.check_watchdog(pi)
    assert watchdog.ok and watchdog.detail.endswith(
        "RuntimeWatchdogSec=14 (/etc/systemd/system.conf.d/watchdog.conf)"
    )


def test_a_full_disk_fails_and_a_low_one_warns_with_the_figures(tmp_path, pi):
    folder = tmp_path
    full = host_storage.check_disk(folder, Probes(root=pi.root, disk_floor=10**18))
    assert not full.ok
    assert re.match(r"[\d.]+ [GM]B free of [\d.]+ [GM]B \(\d+%\) on the journal's", full.detail)
    assert "below 1000000000.0 GB, the journal may stop" in full.detail

    low = host_storage.check_disk(folder, Probes(root=pi.root, disk_floor=0, disk_warning=10**18))
    assert low.ok and low.detail.startswith("warning: ")


def test_a_slow_card_warns_and_a_very_slow_one_fails(tmp_path, pi):
    slow = host_storage.check_commits(tmp_path, Probes(root=pi.root, commit_warning_ms=-1))
    assert slow.ok and slow.detail.startswith("warning: a commit in WAL mode")
    assert "a slow card" in slow.detail
    too_slow = host_storage.check_commits(tmp_path, Probes(root=pi.root, commit_limit_ms=-1))
    assert not too_slow.ok and "too slow for the table's journal" in too_slow.detail
    assert list(tmp_path.glob(".selftest-*")) == []


def test_a_journal_folder_that_cannot_be_one_fails_both_journal_checks(tmp_path, pi):
    write(tmp_path / "not-a-folder", "")
    journal = tmp_path / "not-a-folder" / "j.sqlite"
    checks = checks_of(host.check_host(journal, curve=False, probes=pi))
    assert not checks["journal_folder"].ok and "is not a folder" in checks["journal_folder"].detail
    assert not checks["journal_commit"].ok
    assert checks["journal_commit"].detail.startswith("not measured")


def test_an_unsynchronised_clock_fails_whatever_timedatectl_says(tmp_path):
    said_yes = write(tmp_path / "bin" / "timedatectl", "#!/bin/sh\necho yes\n")
    said_yes.chmod(0o755)
    clock = host.check_clock(Probes(timedatectl=str(said_yes), clock=lambda: UNSYNCED))
    assert not clock.ok
    assert "not synchronised (the kernel's STA_UNSYNC is set" in clock.detail
    assert "timedatectl says NTPSynchronized=yes" in clock.detail

    said_no = write(tmp_path / "bin" / "timedatectl", "#!/bin/sh\necho no\n")
    said_no.chmod(0o755)
    clock = host.check_clock(Probes(timedatectl=str(said_no), clock=lambda: SYNCED))
    assert clock.ok
    assert clock.detail.endswith("NTPSynchronized=no, but the kernel's view is taken")


def test_the_kernel_is_asked_through_adjtimex():
    clock = host_probes.read_kernel_clock()
    assert clock is not None  # this is Linux
    assert clock.synchronised == (clock.state != host_probes.TIME_ERROR and not clock.status & 0x40)


def test_curve_missing_fails(pi):
    cfg = load_table_config(write_config(pi.root))
    curve = host.check_curve(cfg, Probes(curve=lambda: False))
    assert not curve.ok and "built without CURVE" in curve.detail
    assert host.check_curve(cfg, pi).ok


def test_a_cammegh_s_own_records_are_checked_beside_the_journal(tmp_path, pi):
    """Two rounds on the wheel, then a game it played with no terminal: the self-test's wheel
    section says the journal lacks it, and after which round."""
    with POCKET_TEST_BACKENDS["cammegh"](tmp_path, FRENCH) as hands:
        wheel = hands.emulator
        cfg = load_table_config(write_config(tmp_path, wheel=hands.url))
        with assemble(cfg, quiet()) as table:
            assert table.run(rounds=2) == 2
        wait_for(lambda: len(wheel.wins) == 2 and wheel.state == 1, "two games played", 30)
        wheel.play_alone(1)
        wait_for(lambda: len(wheel.wins) == 3 and wheel.state == 1, "one more played", 30)
        out = io.StringIO()
        assert run_selftest(cfg, sim=False, out=out, probes=pi) is False
    printed = out.getvalue()
    assert "FAIL wheel_log: 3 games in the wheel's log" in printed
    assert "the journal lacks 1 game the wheel played" in printed and "after round 2" in printed
    report = [e for e in journal_events(cfg) if e["kind"] == "selftest.report"][-1]["data"]
    wheel_checks = {c["name"] for c in report["checks"] if c["section"] == "wheel"}
    assert {"wheel_log", "statistics", "wheel_clock"} <= wheel_checks
