"""A technician at a staffed table: signs in on the screen with a technician's PIN, between
rounds only; no round opens while they are in; the round device's readings are theirs; the
visit is journaled, and a restart ends it."""

from __future__ import annotations

from dataclasses import replace

from terminal.assemble import assemble
from terminal.runtime.staffed.session import OpenRound
from terminal.screens.demo.scratch import scratch_table, screen_session
from terminal.screens.demo.script import DEMO_STAFF, open_session, sign_in
from tests.drivers.conftest import FRENCH
from tests.support.helpers import committed, journal_events, quiet, wait_for
from tests.support.wheel_backends import POCKET_TEST_BACKENDS


def _kinds(cfg, *kinds: str) -> list[dict]:
    return [e for e in journal_events(cfg) if e["kind"] in kinds]


def _technician_in(driver) -> None:
    driver.press("menu", "technician")
    sign_in(driver, "T-01")
    driver.until(lambda: driver.screen() == "technician", "the technician's screen")


def test_a_technician_signs_in_works_and_signs_out_leaving_the_visit_on_record(tmp_path):
    cfg = scratch_table("roulette_fr", tmp_path)
    with screen_session(cfg, (800, 480)) as driver:
        driver.until(lambda: driver.screen() == "opening", "the sign-in")
        _technician_in(driver)  # a closed table: the technician comes before the session
        assert driver.showing("page:selftest")
        # the screen's hand has no sensors to test and keeps no records
        assert not driver.showing("page:guided") and not driver.showing("page:records")
        driver.press("sign_out")
        driver.until(lambda: driver.screen() == "opening", "the table given back")
        assert not driver.small and not driver.overlapping
    visit = _kinds(cfg, "technician.in", "technician.out")
    assert [(e["kind"], e["data"]) for e in visit] == [
        ("technician.in", {"by": "T-01"}),
        ("technician.out", {"by": "T-01"}),
    ]


def test_only_a_technician_s_right_pin_opens_the_screen(tmp_path):
    cfg = scratch_table("roulette_fr", tmp_path)
    with screen_session(cfg, (800, 480)) as driver:
        driver.until(lambda: driver.screen() == "opening", "the sign-in")
        driver.press("menu", "technician")
        driver.until(lambda: driver.showing("0"), "the technician's PIN asked")
        wrong = "9" * len(DEMO_STAFF["T-01"][2])
        driver.press(*wrong, "ok")
        driver.until(lambda: driver.model.refusal is not None, "the wrong PIN refused")
        assert driver.model.refusal.key == "pin_wrong"
        assert driver.screen() == "technician_sign_in"  # asked again
        sign_in(driver, "T-01")
        driver.until(lambda: driver.screen() == "technician", "the technician's screen")
    # a croupier's own PIN is no technician's
    table_people = [e for e in _kinds(cfg, "fault") if e["data"]["code"] == "technician_refused"]
    assert len(table_people) == 1 and "wrong PIN" in table_people[0]["data"]["detail"]


def test_no_round_opens_while_a_technician_is_at_the_table(tmp_path):
    cfg = scratch_table("roulette_fr", tmp_path)
    with screen_session(cfg, (800, 480)) as driver:
        open_session(driver, lambda name: None)
        _technician_in(driver)
        table = driver.table
        table.post(OpenRound("C-07"))  # as the croupier's "place your bets" would
        committed(
            table,
            lambda: any(e["data"]["code"] == "open_round_refused" for e in _kinds(cfg, "fault")),
            "the round refused",
        )
        assert table.state.round_status is None
        refused = [e for e in _kinds(cfg, "fault") if e["data"]["code"] == "open_round_refused"]
        assert refused[-1]["data"]["why"]["key"] == "technician_in"
        driver.press("sign_out")
        driver.until(lambda: driver.model.state.technician is None, "signed out")


def test_a_restart_ends_the_technician_s_visit(tmp_path):
    cfg = scratch_table("roulette_fr", tmp_path)
    with screen_session(cfg, (800, 480)) as driver:
        driver.until(lambda: driver.screen() == "opening", "the sign-in")
        _technician_in(driver)
    with screen_session(cfg, (800, 480)) as driver:
        driver.until(lambda: driver.screen() == "opening", "the croupier's sign-in again")
    out = _kinds(cfg, "technician.out")
    assert [e["data"] for e in out] == [{"by": "T-01", "why": "the terminal restarted"}]


def test_the_self_test_runs_on_the_table_s_own_devices_and_is_journaled_by_the_technician(
    tmp_path,
):
    cfg = scratch_table("roulette_fr", tmp_path)
    with screen_session(cfg, (800, 480)) as driver:
        driver.until(lambda: driver.screen() == "opening", "the sign-in")
        _technician_in(driver)
        driver.press("run_selftest")
        page = driver.app.screens.current().page
        driver.until(lambda: page.report is not None, "the self-test's report")
        assert driver.showing("run_selftest")  # it can run again
        report = page.report
        committed(driver.table, lambda: _kinds(cfg, "selftest.report"), "the report journaled")
        assert not driver.small and not driver.overlapping
    (journaled,) = _kinds(cfg, "selftest.report")
    assert journaled["data"] == {**report.data, "by": "T-01"}
    sections = [s["name"] for s in journaled["data"]["sections"]]
    assert sections == ["wheel", "host"]  # the screen's hand, then the Pi
    assert {c["name"] for c in journaled["data"]["checks"]} >= {"journal_commit", "clock", "disk"}


def _page(driver, name: str):
    driver.press(f"page:{name}")
    return driver.app.screens.current().page


def test_the_guided_wheel_test_on_the_simulated_wheel_covers_every_pocket_and_is_journaled(
    tmp_path,
):
    """The simulated wheel (laptop mode) drops the ball where asked, turning the rotor as asked:
    the whole walk round the wheel plays by itself, and nothing of it is a round's outcome."""
    cfg = scratch_table("roulette_fr", tmp_path, device="sim://wheel?spin=0")
    with screen_session(cfg, (800, 480)) as driver:
        driver.until(lambda: driver.screen() == "opening", "the sign-in")
        _technician_in(driver)
        page = _page(driver, "guided")
        driver.press("guided_start")
        driver.until(lambda: page.verdict is not None, "every pocket reported")
        assert page.verdict.ok, page.verdict.text()
        assert driver.showing("guided_start")  # again, if wanted
        committed(driver.table, lambda: _kinds(cfg, "selftest.report"), "the verdict journaled")
        driver.press("sign_out")
        driver.until(lambda: driver.model.state.technician is None, "signed out")
        assert not driver.small and not driver.overlapping
    (report,) = _kinds(cfg, "selftest.report")
    checks = {c["name"]: c for c in report["data"]["checks"]}
    assert report["data"]["by"] == "T-01" and report["data"]["ok"]
    assert checks["pocket_coverage"]["detail"].startswith("37 of 37 pockets reported")
    assert checks["rotor"]["ok"]
    assert not _kinds(cfg, "round.open", "round.result")  # the drops were the technician's


def test_a_dead_pocket_of_a_cammegh_wheel_is_skipped_on_the_screen_and_named(tmp_path):
    with POCKET_TEST_BACKENDS["cammegh"](tmp_path, FRENCH, dead=(17,)) as hands:
        cfg = scratch_table("roulette_fr", tmp_path, device=hands.url)
        with screen_session(cfg, (800, 480)) as driver:
            driver.until(lambda: driver.screen() == "opening", "the sign-in")
            _technician_in(driver)
            page = _page(driver, "guided")
            driver.press("guided_start")
            driver.until(hands.ready, "the wheel in its sensor test mode")
            while page.verdict is None:
                ask = page.test.asked
                hands.turn_rotor(ask.rotor)  # as asked, and seen turning so, before the drop
                driver.until(
                    lambda ask=ask: ask.rotor in page.test.rotor_seen, f"the rotor {ask.rotor}"
                )
                hands.drop_in(ask.number)
                if ask.number == 17:
                    driver.press("guided_skip")
                driver.until(
                    lambda ask=ask: page.verdict is not None or page.test.asked != ask,
                    f"pocket {ask.number} reported",
                )
            driver.press("sign_out")
            driver.until(lambda: driver.model.state.technician is None, "signed out")
        assert not hands.emulator.sensor_debug  # the wheel's sensor test mode ended
    (report,) = _kinds(cfg, "selftest.report")
    checks = {c["name"]: c for c in report["data"]["checks"]}
    assert not report["data"]["ok"]
    assert not checks["silent_pockets"]["ok"]
    assert "1 never reported: 17" in checks["silent_pockets"]["detail"]
    assert checks["wheel_order"]["ok"] and checks["rotor"]["ok"]


def test_the_cammegh_s_records_show_the_games_it_played_without_the_table(tmp_path):
    """Two rounds played on the wheel, then two games it played while the terminal was down:
    the technician's screen shows them missing from the journal, after its last round."""
    with POCKET_TEST_BACKENDS["cammegh"](tmp_path, FRENCH) as hands:
        wheel = hands.emulator
        cfg = scratch_table("roulette_fr", tmp_path, device=hands.url)
        with assemble(replace(cfg, staff=None), quiet()) as table:
            assert table.run(rounds=2) == 2
        wait_for(lambda: len(wheel.wins) == 2 and wheel.state == 1, "two games played", 30)
        wheel.play_alone(2)  # while no terminal listened
        wait_for(lambda: len(wheel.wins) == 4 and wheel.state == 1, "two more played", 30)
        with screen_session(cfg, (800, 480)) as driver:
            driver.until(lambda: driver.screen() == "opening", "the sign-in")
            _technician_in(driver)
            page = _page(driver, "records")
            driver.press("records_read")
            driver.until(lambda: page.report is not None, "the wheel's records read", timeout=60)
            driver.shot(tmp_path / "records.png")
            assert not driver.small and not driver.overlapping
            committed(driver.table, lambda: _kinds(cfg, "selftest.report"), "journaled")
    (report,) = _kinds(cfg, "selftest.report")
    checks = {c["name"]: c for c in report["data"]["checks"]}
    assert not checks["wheel_log"]["ok"], checks["wheel_log"]
    assert page.records.wheel.games == 4 and page.records.journal.games == 2
    missing = page.records.reconciliation.missing_from_journal
    assert [len(gap.games) for gap in missing] == [2]


def test_a_self_test_under_way_keeps_the_technician_in_and_is_journaled_from_any_page(tmp_path):
    cfg = scratch_table("roulette_fr", tmp_path, device="sim://wheel?spin=0")
    with screen_session(cfg, (800, 480)) as driver:
        driver.until(lambda: driver.screen() == "opening", "the sign-in")
        _technician_in(driver)
        driver.press("run_selftest")
        selftest = driver.app.screens.current().page
        sign_out = next(t for t in driver.app.targets if t.name == "sign_out")
        assert selftest.busy and not sign_out.enabled  # the devices are still under test
        driver.press("page:guided")  # another page meanwhile
        driver.until(lambda: _kinds(cfg, "selftest.report"), "the report journaled")
        driver.until(lambda: driver.showing("sign_out") and not selftest.busy, "done")
        driver.press("sign_out")
        driver.until(lambda: driver.model.state.technician is None, "signed out")
    (report,) = _kinds(cfg, "selftest.report")
    assert [s["name"] for s in report["data"]["sections"]] == ["wheel", "host"]
