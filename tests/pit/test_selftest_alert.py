"""A failed self-test raises a `selftest` alert at the pit, naming the checks that failed; a
passed one raises nothing. The last test folds the journal of a real self-test."""

from __future__ import annotations

import io
from dataclasses import replace

from terminal.config import load_table_config
from terminal.pit.floorfile import AlertSettings
from terminal.pit.lines import format_event
from terminal.pit.view import FOLDED_KINDS, Raised, TableView
from terminal.selftest.command import run_selftest
from tests.support.helpers import journal_events, write_config
from tests.support.selftest_host import UNSYNCED, healthy_pi


def report(checks: list[tuple[str, str, bool, str]], **extra) -> dict:
    failed = sum(not ok for _, _, ok, _ in checks)
    data = {
        "ok": failed == 0,
        "totals": {"checks": len(checks), "passed": len(checks) - failed, "failed": failed},
        "sections": [],
        "simulated": [],
        "sim": False,
        "checks": [
            {"section": section, "name": name, "ok": ok, "detail": detail}
            for section, name, ok, detail in checks
        ],
        **extra,
    }
    return {
        "v": 1,
        "table": "RL-01",
        "game": "roulette_fr",
        "seq": 7,
        "round": None,
        "ts": "2026-11-30T03:36:02.360Z",
        "kind": "selftest.report",
        "data": data,
        "prev": "0" * 64,
        "hash": "f" * 64,
    }


def test_a_failed_selftest_raises_an_alert_naming_its_failed_checks():
    view = TableView("RL-01", AlertSettings())
    event = report(
        [
            ("wheel", "link", True, "wheel-board 1.2"),
            ("wheel", "pocket", False, "stuck active"),
            ("host", "clock", False, "not synchronised"),
        ],
        by="T-01",
    )
    assert view.apply(event) == [
        Raised(
            "selftest",
            "2 of 3 checks failed: wheel pocket: stuck active; host clock: not synchronised "
            "(run by T-01)",
        )
    ]
    assert view.apply(event, quiet=True) == []  # rebuilt from the store: raised already
    assert "selftest.report" in FOLDED_KINDS


def test_a_passed_selftest_raises_nothing_and_a_strange_one_does_not_break_the_view():
    view = TableView("RL-01", AlertSettings())
    assert view.apply(report([("host", "clock", True, "synchronised")])) == []
    strange = report([])
    strange["data"] = {"ok": False, "checks": "?"}
    assert view.apply(strange) == [Raised("selftest", "the self-test failed")]
    assert "selftest.report" in format_event(strange)


def test_the_journal_of_a_real_failed_selftest_raises_the_alert(tmp_path):
    cfg = load_table_config(write_config(tmp_path))
    probes = replace(healthy_pi(tmp_path / "pi"), clock=lambda: UNSYNCED)
    assert run_selftest(cfg, True, io.StringIO(), probes=probes) is False
    (event,) = journal_events(cfg)
    (alert,) = TableView(cfg.id, AlertSettings()).apply(event)
    assert alert.kind == "selftest"
    assert alert.detail.startswith("1 of ")
    assert "checks failed: host clock: not synchronised (the kernel's STA_UNSYNC" in alert.detail
    assert alert.detail.endswith("(wheel, gpio simulated)")
    assert alert.detail.count("checks failed") == 1 and "host watchdog" not in alert.detail
