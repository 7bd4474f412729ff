"""Outcomes entered by hand on the croupier's screen (`screen://`, drivers/hand.py): the table
waits for a person without a deadline, settles what is entered, and journals it as
`outcome.source = "manual"` with `entered_by`; a table with a sensor has the screen beside it,
whose entry settles a round the sensor does not report. `journal verify` settles them again."""

from __future__ import annotations

import threading
import time
from dataclasses import replace

from drivers.wheel.events import BallInPocket, BallLeavingRim
from drivers.wheel.hand import HandWheel
from games.records import Bet
from terminal.assemble import assemble
from terminal.config import load_table_config
from terminal.runtime.journal.audit import audit
from tests.support.helpers import by_kind, journal_events, quiet, wait_for, write_config

MANUAL = {"source": "manual", "entered_by": "C-07"}


def screen_session(table, screen) -> int:
    """Run `table` on this thread while `screen(table)` enters from another (the screen's UI
    thread); the table is stopped once its first round is settled or the screen's side is over
    (a failure there is raised here). The rounds settled."""
    failed = []

    def run_screen():
        try:
            screen(table)
        except BaseException as exc:
            failed.append(exc)
            table.control.request_stop()

    table.on_round = lambda event: table.control.request_stop()
    thread = threading.Thread(target=run_screen)
    thread.start()
    settled = table.run()
    table.control.request_stop()
    thread.join()
    if failed:
        raise failed[0]
    return settled


def round_open(table, round_no: int = 1) -> None:
    wait_for(
        lambda: table.state.round == round_no and table.state.round_status == "open",
        f"round {round_no} open",
    )


def waiting(table, what: str) -> None:
    """Once the round reads its device for `what`: when the screen takes the entry."""
    wait_for(lambda: table.rounds.waiting == what, f"the table waiting for a {what}")


def test_a_roulette_spin_entered_on_the_screen_is_settled_as_manual(tmp_path):
    cfg = load_table_config(write_config(tmp_path, wheel="screen://"))

    def screen(table):
        round_open(table)
        table.post_bet(Bet("b1", 1, "straight:17", 500))
        wait_for(lambda: table.state.round_bets, "the bet placed")
        waiting(table, "spin")
        table.hand.enter(17, by="C-07")

    with assemble(cfg, quiet()) as table:
        assert isinstance(table.hand, HandWheel) and table.hand is table.device
        assert screen_session(table, screen) == 1
    events = journal_events(cfg)
    (result,) = by_kind(events, "round.result")
    assert result["outcome"] == {"number": 17, **MANUAL}
    assert result["settlement"][0]["result"] == "win"
    assert not by_kind(events, "fault")
    assert audit(cfg.db).ok


def test_a_craps_throw_entered_on_the_screen_and_a_void_one(tmp_path):
    cfg = load_table_config(write_config(tmp_path, game="craps", dice="screen://"))

    def line_bet(table, round_no):
        round_open(table, round_no)
        table.post_bet(Bet(f"line{round_no}", table.state.own.shooter, "pass", 500))
        wait_for(lambda: table.state.round_bets, "the line bet placed")
        table.io.press("no_more_bets")  # the stickman sends the dice out
        waiting(table, "throw")

    def screen(table):
        line_bet(table, 1)
        table.hand.void("stacked", by="C-07")
        line_bet(table, 2)
        table.hand.enter(3, 4, by="C-07")

    with assemble(cfg, quiet()) as table:
        assert screen_session(table, screen) == 1
    events = journal_events(cfg)
    (void,) = by_kind(events, "round.void")
    assert void["cause"] == "stacked" and void["reason"] == (
        "the dice landed one on the other: void throw (entered by C-07)"
    )
    (result,) = by_kind(events, "round.result")
    assert result["outcome"]["dice"] == [3, 4]
    assert {k: result["outcome"][k] for k in MANUAL} == MANUAL
    assert result["settlement"] == [{"id": "line2", "result": "win", "paid": 500, "returned": 500}]
    assert audit(cfg.db).ok


def test_a_punto_banco_coup_dealt_card_by_card_on_the_screen(tmp_path):
    """The croupier loads the shoe, then enters each card as it is dealt (and the cut card):
    each card's event and the result say who entered them."""
    cfg = load_table_config(write_config(tmp_path, game="punto_banco", shoe="screen://"))
    cards = ("9S", "KH", "TD", "7C")  # the player's natural 9 against the banker's 7

    def screen(table):
        round_open(table)
        table.post_bet(Bet("b1", 1, "player", 1000))
        waiting(table, "shoe")
        table.hand.loaded(6, by="C-07")
        for dealt, card in enumerate(cards):
            waiting(table, "card")
            if dealt == 2:
                table.hand.cut(by="C-07")
            table.hand.enter(card, by="C-07")
            wait_for(lambda: len(table.state.own.moves) > dealt, f"{card} taken")

    with assemble(cfg, quiet()) as table:
        assert screen_session(table, screen) == 1
    events = journal_events(cfg)
    assert by_kind(events, "shoe.loaded")[0]["decks"] == 6
    assert len(by_kind(events, "shoe.cut_card")) == 1
    drawn = by_kind(events, "card.drawn")
    assert [d["card"] for d in drawn] == list(cards)
    assert all(d["entered_by"] == "C-07" for d in drawn)
    (result,) = by_kind(events, "round.result")
    assert sorted(result["outcome"]["player"] + result["outcome"]["banker"]) == sorted(cards)
    assert {k: result["outcome"][k] for k in MANUAL} == MANUAL
    assert result["settlement"] == [{"id": "b1", "result": "win", "paid": 1000, "returned": 1000}]
    assert audit(cfg.db).ok


def test_a_sensor_table_settles_a_spin_entered_by_hand_and_voids_a_silent_one(tmp_path):
    """The sim wheel takes a minute to a pocket and the table waits one second: the croupier's
    entry settles the first spin in time; the second, with no entry, is void as silent."""
    cfg = load_table_config(
        write_config(tmp_path, wheel="sim://wheel?spin=60", extra="[devices]\nwheel_timeout = 1\n")
    )
    with assemble(cfg, quiet()) as table:
        assert isinstance(table.hand, HandWheel) and table.hand is not table.device

        def screen():
            round_open(table)
            waiting(table, "spin")
            table.hand.enter(17, by="C-07")
            round_open(table, 3)  # the second spin was void
            table.control.request_stop()

        thread = threading.Thread(target=screen)
        thread.start()
        assert table.run() == 1
        thread.join()
    events = journal_events(cfg)
    (result,) = by_kind(events, "round.result")
    assert {k: result["outcome"][k] for k in ("number", *MANUAL)} == {"number": 17, **MANUAL}
    assert result["outcome"]["rotor"] == "cw"  # the sensor saw the rotor
    void = by_kind(events, "round.void")
    assert void[0]["reason"] == "wheel silent"
    assert [f["code"] for f in by_kind(events, "fault")] == ["silent"]
    assert audit(cfg.db).ok


def test_an_entry_after_the_sensor_decided_the_spin_is_dropped(tmp_path):
    """The sensor decides first; the croupier's entry of that spin, coming after it, is a stale
    reading: the next spin is the sensor's again."""
    cfg = load_table_config(write_config(tmp_path, wheel="sim://wheel?spin=0"))
    with assemble(cfg, quiet()) as table:

        def after(event):
            if event["round"] == 1:
                table.hand.enter(5, by="C-07")
            else:
                table.control.request_stop()

        table.on_round = after
        assert table.run() == 2
    events = journal_events(cfg)
    results = by_kind(events, "round.result")
    assert [r["outcome"].keys() & set(MANUAL) for r in results] == [set(), set()]
    (late,) = [e for e in events if e["kind"] == "fault" and e["data"]["code"] == "late_entry"]
    assert late["data"]["severity"] == "warning" and "C-07" in late["data"]["detail"]
    assert late["seq"] > events.index(next(e for e in events if e["kind"] == "round.result"))
    assert audit(cfg.db).ok


def test_an_entry_made_before_the_round_in_play_opened_is_not_taken_for_it(tmp_path):
    cfg = load_table_config(write_config(tmp_path, wheel="sim://wheel?spin=0"))
    with assemble(cfg, quiet()) as table:
        table.round_opened_ns = opened = time.monotonic_ns()
        before, after = opened - 1, opened + 1
        assert table.late_entry(BallInPocket((3,), (26,), t_ns=before, entered_by="C-07"))
        assert table.late_entry(BallLeavingRim(t_ns=before, entered_by="C-07"))
        assert not table.late_entry(BallInPocket((3,), (26,), t_ns=after, entered_by="C-07"))
        assert not table.late_entry(BallInPocket((3,), (26,), t_ns=before))  # a sensor's
        table.writer.flush()
    late = [e for e in journal_events(cfg) if e["kind"] == "fault"]
    assert [e["data"]["code"] for e in late] == ["late_entry"]  # once for the entry


def test_a_person_is_waited_for_without_the_devices_deadline(tmp_path):
    cfg = load_table_config(write_config(tmp_path, wheel="screen://"))

    def screen(table):
        waiting(table, "spin")
        opened = time.monotonic()
        wait_for(lambda: time.monotonic() > opened + 20 * table.setup.device_timeout, "a wait")
        assert (table.state.round, table.state.round_status) == (1, "open")
        table.hand.enter(0, by="C-07")

    with assemble(cfg, quiet()) as table:
        table.setup = replace(table.setup, device_timeout=0.02)
        assert screen_session(table, screen) == 1
    events = journal_events(cfg)
    assert not by_kind(events, "fault") and not by_kind(events, "round.void")
    assert by_kind(events, "round.result")[0]["outcome"] == {"number": 0, **MANUAL}
    assert audit(cfg.db).ok
