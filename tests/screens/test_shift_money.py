"""A shift pays nothing wrong at the croupier's screen: each seat's payment journaled and read
back after a correction and after a restart, the screen's rounds recalled from the journal, and
a hand-entered round closed before a kill decided after it instead of voided."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap

from terminal.runtime.journal.audit import audit
from terminal.runtime.staffed.session import OpenRound
from terminal.screens.demo.scratch import scratch_table, screen_session
from terminal.screens.demo.script import (
    DEMO_STAFF,
    chips_of,
    choose,
    count,
    open_session,
    outcome_by_hand,
    sign,
    sign_in,
)
from terminal.screens.texts import Texts
from tests.support.helpers import by_kind, journal_events

SCENARIO_BETS = ((3, 10000, "dozen:2"), (4, 5000, "red"))


def place(driver, seat: int, stake: int, code: str) -> None:
    placed = len(driver.model.current.bets)
    choose(driver, seat=seat, chip=stake)
    driver.app.screens.table.tap_code(code)
    driver.until(lambda: len(driver.model.current.bets) > placed, f"{code} journaled")


def settled_at_14(driver) -> None:
    """The session opened, the scenario's bets placed, 14 entered: the payouts open."""
    open_session(driver, lambda name: None)
    open_bets(driver)
    for bet in SCENARIO_BETS:
        place(driver, *bet)
    outcome_by_hand(driver, 14)
    driver.until(lambda: driver.screen() == "payouts", "the payouts")


def open_bets(driver) -> None:
    driver.call_for_bets()
    driver.until(lambda: driver.model.state.round_status == "open", "bets open")


def test_a_correction_after_paying_says_per_seat_what_to_pay_more_take_back_and_what_stands(
    tmp_path, drawn
):
    cfg = scratch_table("roulette_fr", tmp_path)
    with screen_session(cfg, (800, 480)) as driver:
        settled_at_14(driver)
        assert "14" in driver.app.dialog.heading  # the number, large, in words
        driver.press("paid:3")
        driver.until(lambda: driver.showing("unpay:3"), "seat 3 paid, journaled")
        driver.press("paid:4")
        driver.until(lambda: driver.app.dialog.sheet.done, "every seat paid")
        driver.press("back", "correct", "pocket:17", "reason_wrong_entry")
        sign_in(driver, "D-01")
        driver.until(lambda: driver.model.last_result.corrections, "the correction journaled")
        driver.until(lambda: driver.screen() == "payouts", "the corrected payouts")
        sheet = driver.app.dialog.sheet
        # 17 is black: seat 3's dozen stands, seat 4's red was handed 100.00 it must give back
        assert (sheet.status(3), sheet.outstanding(3)) == ("stands", 0)
        assert (sheet.status(4), sheet.outstanding(4)) == ("take_back", -10000)
        assert sheet.remaining == 0 and sheet.to_take_back == 10000
        driver.press("taken_back:4")
        driver.until(lambda: driver.app.dialog.sheet.done, "the chips taken back, journaled")
        # seat 4 says what was taken back and for which bet, not "paid 0.00"
        sheet = driver.app.dialog.sheet
        assert (sheet.status(4), sheet.taken_back(4)) == ("taken_back", 10000)
        drawn.clear()
        driver.frame()
        assert "RECUPERAT 100,00" in drawn and "Pagat i recuperat" in drawn
        assert "PAGAT" not in [line for line in drawn if "0,00" in line]
        tray = driver.model.state.tray
    events = journal_events(cfg)
    paid = by_kind(events, "round.paid")
    assert [(p["seat"], p["amount"], p["by"]) for p in paid] == [
        (3, 30000, "C-07"),
        (4, 10000, "C-07"),
        (4, -10000, "C-07"),
    ]
    (correction,) = by_kind(events, "round.correction")
    handed = sum(p["amount"] for p in paid)
    owed = correction["totals"]["paid"] + correction["totals"]["returned"]
    assert handed == owed  # what was handed is what the corrected round pays
    (advance,) = by_kind(events, "float.advance")
    assert tray == advance["amount"] + correction["totals"]["house_net"]
    assert audit(cfg.db).ok


# A table process on the scratch table: the croupier's steps, then it waits to be killed
TABLE = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from terminal.screens.demo.scratch import scratch_table, screen_session
    from terminal.screens.demo.script import open_session, outcome_by_hand
    from tests.screens.test_shift_money import open_bets, place

    cfg = scratch_table("roulette_fr", Path(sys.argv[1]))
    step = sys.argv[2]
    with screen_session(cfg, (800, 480)) as driver:
        if step == "paid_in_part":
            open_session(driver, lambda name: None)
            open_bets(driver)
            for bet in ((3, 10000, "dozen:2"), (4, 5000, "red")):
                place(driver, *bet)
            outcome_by_hand(driver, 14)
            driver.until(lambda: driver.screen() == "payouts", "the payouts")
            driver.press("paid:3")
            driver.until(lambda: driver.model.last_result.payments, "seat 3 paid")
        elif step == "open":  # bets on the cloth, not closed yet: the restart voids the round
            open_session(driver, lambda name: None)
            open_bets(driver)
            for bet in ((3, 10000, "dozen:2"), (4, 5000, "red")):
                place(driver, *bet)
        else:  # "closed": the limits to change, a ball at the old ones, a round closed
            minimum = driver.table.setup.limits.min
            driver.press("menu", "change_limits", *str(minimum * 2 // 100), "ok")
            driver.until(lambda: driver.model.state.limit_change, "the change journaled")
            open_bets(driver)
            place(driver, 5, 1000, "straight:17")
            driver.press("no_more_bets")
            driver.until(lambda: driver.model.state.round_status == "closed", "no more bets")
        driver.table.writer.flush()
        print("READY", flush=True)
        time.sleep(600)
    """
)


def killed_after(tmp_path, step: str) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-c", TABLE, str(tmp_path), step],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=os.getcwd(),
    )
    try:
        lines = iter(proc.stdout.readline, "")
        assert any(line.strip() == "READY" for line in lines), proc.stderr.read()
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()


def test_a_restart_keeps_what_the_screen_knew_and_decides_the_round_it_closed(tmp_path):
    cfg = scratch_table("roulette_fr", tmp_path)
    killed_after(tmp_path, "paid_in_part")
    with screen_session(cfg, (800, 480)) as driver:
        model = driver.model
        assert [r.number for r in model.history] == [1] and model.outcomes
        assert driver.showing("payouts") and driver.showing("correct")
        driver.press("payouts")
        sheet = driver.app.dialog.sheet
        assert sheet.status(3) == "paid" and sheet.status(4) == "to_pay"
        assert driver.showing("paid:4")
    killed_after(tmp_path, "closed")
    with screen_session(cfg, (800, 480)) as driver:
        model = driver.model
        assert model.state.round_status == "closed" and model.state.limit_change["left"] == 3
        round_no = model.state.round
        driver.until(lambda: driver.showing("enter_outcome"), "the number asked for again")
        driver.press("enter_outcome", "pocket:17", "confirm")
        driver.until(lambda: model.state.rounds_settled == 2, "the round decided")
        assert model.last_result.number == round_no
        assert model.state.limit_change["left"] == 2  # the change goes on where it was
    events = journal_events(cfg)
    assert not by_kind(events, "round.void")
    (result,) = [e for e in events if e["kind"] == "round.result" and e["round"] == round_no]
    assert result["data"]["bets"][0]["code"] == "straight:17"
    assert audit(cfg.db).ok


def test_a_void_round_says_why_and_the_stakes_returned_and_a_new_croupier_is_confirmed(
    tmp_path, drawn
):
    cfg = scratch_table("roulette_fr", tmp_path)
    killed_after(tmp_path, "open")
    with screen_session(cfg, (800, 480)) as driver:
        driver.until(lambda: driver.model.notice is not None, "the void recalled")
        drawn.clear()
        driver.frame()
        said = " ".join(drawn)
        assert "Apostes tornades: 2 (150,00)" in said, said
        assert "C-07 · Jugada 1" in drawn  # who is signed in and the round, in the top bar
        driver.press("menu", "croupier_change")
        sign_in(driver, "C-08")
        driver.until(lambda: driver.model.state.croupier == "C-08", "the next croupier")
        drawn.clear()
        driver.frame()
        assert any("C-08 pren la taula (abans, C-07)" in line for line in drawn), drawn
        assert "C-08 · Jugada 1" in drawn


def test_a_limit_change_counts_its_balls_down_resets_the_stake_and_asks_for_its_top_up_first(
    tmp_path, drawn
):
    cfg = scratch_table("roulette_fr", tmp_path)
    with screen_session(cfg, (800, 480)) as driver:
        open_session(driver, lambda name: None)
        setup = driver.table.setup
        minimum = setup.limits.min
        driver.press("menu", "change_limits", *str(minimum * 2 // 100), "ok")
        driver.until(lambda: driver.model.state.limit_change, "the change journaled")
        for left in (3, 2, 1):  # the three balls at the old limits, counted down on screen
            open_bets(driver)
            drawn.clear()
            driver.frame()
            assert f"APOSTES OBERTES · Últimes {left}" in drawn
            outcome_by_hand(driver, 20)
            if driver.app.dialog is not None:
                driver.press("back")
        driver.until(lambda: driver.model.state.limits.min == 2 * minimum, "the new limits")
        driver.frame()
        assert driver.app.screens.table.chip == 2 * minimum  # the stake: the new minimum
        due = driver.model.state.topup_due
        assert due > 0 and not driver.showing("open_round")
        assert driver.showing("top_up")  # asked for where the call for bets was
        driver.press("sign")
        sign(driver, "D-01")
        driver.until(lambda: not driver.model.state.unsigned, "the limits signed")
        driver.press("top_up")
        assert Texts("ca").money(due) in " ".join(drawn)
        count(driver, chips_of(due, setup.chips), setup.chips)
        driver.until(lambda: driver.showing("sign"), "the top-up's signature asked for")
        # unsigned, the call for bets is shown but not to be tapped; the table refuses it too
        drawn.clear()
        driver.frame()
        assert any("la reposició dels límits nous" in line for line in drawn)
        (call,) = [t for t in driver.app.targets if t.name == "open_round"]
        assert not call.enabled
        driver.app.post(OpenRound(driver.app.croupier))
        refusal = driver.until(lambda: driver.model.refusal, "the round refused")
        assert refusal.key == "limits_unsigned" and "0,00" not in driver.app.texts.refusal(
            refusal.reason, refusal.why
        )
        driver.press("sign")
        sign(driver, "D-01")
        driver.until(lambda: driver.showing("open_round"), "the call for bets again")
    (limits,) = by_kind(journal_events(cfg), "table.limits")
    topups = [e for e in by_kind(journal_events(cfg), "float.advance") if e["reason"] == "limits"]
    assert [t["amount"] for t in topups] == [limits["advance_due"]] == [due]


def test_a_wrong_pin_at_sign_in_is_refused_before_the_advance_is_counted(tmp_path):
    cfg = scratch_table("roulette_fr", tmp_path)
    with screen_session(cfg, (800, 480)) as driver:
        driver.until(lambda: driver.screen() == "opening", "the sign-in")
        opening = driver.app.screens.current()
        right = DEMO_STAFF["C-07"][2]
        wrong = "".join(str((int(d) + 1) % 10) for d in right)
        driver.press("person:C-07", *wrong, "ok")
        assert opening.signature is not None  # on to the count while the PIN is checked
        driver.until(lambda: opening.signature is None, "the wrong PIN refused")
        assert driver.model.refusal.what == "sign_in"
        assert opening.title() == Texts("ca")("sign_in")  # the PIN asked again, nothing counted
        sign_in(driver, "C-07")  # the right PIN: on to the count, and it stays there
        driver.until(lambda: opening.signature is not None, "signed in")
        setup = driver.table.setup
        count(driver, chips_of(setup.advance, setup.chips), setup.chips)
        driver.until(lambda: driver.model.state.session_open, "the session open")


def test_the_next_round_called_with_money_unpaid_asks_first_away_from_the_call(tmp_path, drawn):
    cfg = scratch_table("roulette_fr", tmp_path)
    with screen_session(cfg, (800, 480)) as driver:
        settled_at_14(driver)
        driver.press("paid:3")
        driver.until(lambda: driver.model.last_result.payments, "seat 3 paid, journaled")
        driver.press("back")  # seat 4's 100.00 not handed
        driver.until(lambda: driver.showing("open_round"), "the call for bets")
        (call,) = [t for t in driver.app.targets if t.name == "open_round"]
        driver.press("open_round")
        assert driver.screen() == "unpaid" and driver.model.state.round_status is None
        drawn.clear()
        driver.frame()
        assert "Queda per pagar: 100,00" in drawn
        # a second tap where the call was lands on nothing of the question's
        assert not [t for t in driver.app.targets if t.rect.colliderect(call.rect)]
        driver.press("unpaid_payouts")
        assert driver.screen() == "payouts"
        driver.press("paid:4")
        driver.until(lambda: driver.app.dialog.sheet.done, "seat 4 paid")
        driver.press("back", "open_round")  # all handed: the round opens at once
        driver.until(lambda: driver.model.state.round_status == "open", "bets open")
        driver.press("no_more_bets")
        outcome_by_hand(driver, 0)  # every bet lost: nothing to hand, nothing asked
        driver.until(lambda: driver.model.last_result.number == 2, "round 2 settled")
        if driver.app.dialog is not None:
            driver.press("back")
        driver.press("open_round")
        driver.until(lambda: driver.model.state.round_status == "open", "round 3 open")
        open_bets_again = driver.model.state.round
    assert open_bets_again == 3
