"""Craps at the table: the shooter and the rotation, the obligatory line bet, bets travelling
and staying on the layout, withdrawals, void rolls and the dice change, the last shooter; the
journal replays to the same table and `journal verify` settles every roll again."""

from __future__ import annotations

import pytest

from games.records import Bet
from terminal.assemble import assemble
from terminal.config import load_table_config
from terminal.runtime.journal.audit import audit
from terminal.runtime.loop.state import TableState
from tests.support.helpers import forge, journal_events, quiet, write_config


class Script:
    """Players whose every move is written in advance, and the dice of every roll: the tests'
    stand-in for the croupier's screen. `rolls[n]` is the dice (or a void cause) of round n."""

    def __init__(
        self, table, *, present=(1, 2, 3), refuse=(), line=None, bets=None, rolls=None, withdraw=()
    ):
        self.table = table
        self.present, self.refuse = set(present), set(refuse)
        self.line = line or {}  # seat -> "pass" / "dontpass" when it has the dice
        self.by_round = bets or {}  # round -> [(seat, code, stake)]
        self.rolls = rolls or {}
        self.to_withdraw = set(withdraw)
        self.refunded: list[Bet] = []

    def buyins(self, limits):
        return []

    def bets(self, round_no, limits):
        roll = self.rolls[round_no]
        if isinstance(roll, str):
            self.table.device.fail_next(roll)
        else:
            self.table.device.set_next(*roll)
        return [
            Bet(f"r{round_no}s{seat}{code}", seat, code, stake)
            for seat, code, stake in self.by_round.get(round_no, [])
        ]

    def line_bet(self, round_no, seat, limits):
        code = self.line.get(seat)
        return [Bet(f"r{round_no}s{seat}line", seat, code, 1000)] if code else []

    def takes_dice(self, seat):
        return seat in self.present and seat not in self.refuse

    def asks_dice_change(self):
        return False

    def withdrawals(self, layout):
        return [b for b in layout if b.id in self.to_withdraw]

    def refund(self, bets):
        self.refunded += list(bets)

    def collect(self, bets, settlement):
        """The scripted players keep no chips: what they win is the journal's to show."""


@pytest.fixture
def cfg(tmp_path):
    return load_table_config(write_config(tmp_path, game="craps", table_id="CR-T1"))


def by_kind(events, kind):
    return [e for e in events if e["kind"] == kind]


def results(events):
    return {e["round"]: e["data"] for e in by_kind(events, "round.result")}


def test_a_hand_with_every_procedure_of_section_09(cfg):
    rolls = {
        1: (3, 3),
        2: (2, 2),
        3: (1, 2),
        4: "off_table",
        5: (3, 4),
        6: (6, 5),
        7: (2, 3),
        8: (1, 6),
    }
    bets = {
        1: [(3, "place:8", 1200)],
        2: [(3, "come", 1000), (2, "odds:pass", 1000)],
        7: [(1, "field", 500)],
    }
    with assemble(cfg, quiet(sim=True)) as table:
        table.players = Script(
            table,
            refuse={1},
            line={2: "pass", 3: "dontpass"},
            bets=bets,
            rolls=rolls,
            withdraw={"r1s3place:8"},
        )
        assert table.run(rounds=5) == 7  # the last shooter plays on to the seven out
        live = table.state
    events = journal_events(cfg)
    shooters = [e["data"] for e in by_kind(events, "craps.shooter")]
    assert shooters == [
        {"seat": 2, "passed": [1]},
        {"seat": 3, "passed": []},
    ]  # seat 1 refused the dice
    r = results(events)
    assert r[1]["outcome"] == {"dice": [3, 3], "point_before": None, "point_after": 6}
    assert {b["code"] for b in r[1]["layout"]} == {"pass", "place:8"}
    # the come bet travels to the 4 keeping its id; the odds sit beside the Win bet
    come = next(b for b in r[2]["layout"] if b["id"] == "r2s3come")
    assert come["code"] == "come:4"
    assert {b["code"] for b in r[2]["layout"]} == {"pass", "odds:pass", "come:4"}
    # the place bet was withdrawn before roll 2: returned whole, counted in that roll's totals
    withdrawn = r[2]["settlement"][0]
    assert withdrawn == {"id": "r1s3place:8", "result": "withdrawn", "paid": 0, "returned": 1200}
    assert r[2]["bets"][0]["id"] == "r1s3place:8" and r[2]["totals"]["staked"] == 1200
    assert [e["data"]["bet"]["id"] for e in by_kind(events, "bet.withdrawn")] == ["r1s3place:8"]
    # a die off the table: void roll, the layout kept, the shooter takes two of the remaining dice
    void = by_kind(events, "round.void")[0]
    assert void["round"] == 4 and void["data"]["cause"] == "off_table"
    assert {b["code"] for b in void["data"]["kept"]} == {"pass", "odds:pass", "come:4"}
    changes = [e["data"] for e in by_kind(events, "craps.dice_change")]
    assert changes[0]["die_lost"] is True
    # the seven out: every bet on the layout ends, the dice change hands; the lost die is replaced
    assert r[5]["layout"] == [] and r[5]["shooter"] is None
    assert {s["result"] for s in r[5]["settlement"]} == {"lose"}
    assert changes[1] == {
        "reason": "the die that left the table was not found: a new set of six dice",
        "die_lost": False,
    }
    # closing: the last shooter (seat 3) plays a natural, a point, and sevens out: the session's
    # last roll
    assert [e["data"]["key"] for e in by_kind(events, "announcement")].count("last_shooter") == 1
    opens = {e["round"]: e["data"] for e in by_kind(events, "round.open")}
    assert opens[6] == {"shooter": 3, "last_shooter": True}
    assert r[6]["outcome"]["point_after"] is None and r[6]["last_round"] is False
    assert r[8]["outcome"] == {"dice": [1, 6], "point_before": 5, "point_after": None}
    assert r[8]["last_round"] is True
    assert [e["kind"] for e in events[-2:]] == ["float.count", "table.close"]
    assert events[-2]["data"]["result"] == sum(d["totals"]["house_net"] for d in r.values())
    assert TableState.replay(cfg.id, cfg.game, events) == live
    assert audit(cfg.db).ok


def test_a_shooter_without_a_line_bet_passes_the_dice(cfg):
    rolls = {1: (1, 1), 2: (2, 2), 3: (3, 4)}
    with assemble(cfg, quiet(sim=True)) as table:
        table.players = Script(table, line={2: "pass"}, bets={1: [(1, "field", 500)]}, rolls=rolls)
        table.control.request_close()
        table.run()
    events = journal_events(cfg)
    void = by_kind(events, "round.void")[0]
    assert "no Win or Don't Win bet" in void["data"]["reason"]
    assert void["data"]["returned"][0]["code"] == "field"  # the round's bets go back
    assert [e["data"]["seat"] for e in by_kind(events, "craps.shooter")] == [1, 2]


def test_a_stopped_table_keeps_its_layout_and_point_for_the_next_run(cfg):
    with assemble(cfg, quiet(sim=True)) as table:
        table.players = Script(
            table, line={1: "pass"}, bets={1: [(2, "place:6", 1200)]}, rolls={1: (4, 6)}
        )  # place 6 in steps of 6.00
        table.on_round = lambda event: table.control.request_stop()
        assert table.run() == 1
    with assemble(cfg, quiet(sim=True)) as table:
        state = table.state.own.engine_state()
        assert (
            state.point == 10
            and state.shooter == 1
            and {b.code for b in state.layout} == {"pass", "place:6"}
        )
        table.players = Script(table, line={1: "pass"}, rolls={2: (5, 5), 3: (2, 2), 4: (3, 4)})
        assert table.run(rounds=1) == 3  # the last shooter makes the 10, sets the 4, sevens out
    events = journal_events(cfg)
    r = results(events)
    assert r[2]["outcome"]["point_before"] == 10
    assert {s["id"]: s["result"] for s in r[2]["settlement"]} == {
        "r1s1line": "win",
        "r1s2place:6": "open",
    }
    assert audit(cfg.db).ok


def test_verify_catches_a_layout_that_the_rules_do_not_leave(cfg):
    with assemble(cfg, quiet(sim=True)) as table:
        table.players = Script(table, line={1: "pass"}, rolls={1: (4, 4), 2: (3, 4)})
        table.run(rounds=1)
    assert audit(cfg.db).ok

    def vanish(event):  # the Win bet leaves the layout, the money untouched
        event["data"]["layout"] = []

    forged = forge(cfg.db, lambda e: e["kind"] == "round.result" and e["data"]["layout"], vanish)
    report = audit(cfg.db)
    assert not report.ok and report.bad_seq == forged["seq"] and "layout" in report.reason


def test_a_simulated_session_plays_craps_end_to_end(tmp_path):
    cfg = load_table_config(
        write_config(tmp_path, game="craps", dice="sim://dice?throw=0&void=0.03")
    )
    with assemble(cfg, quiet(sim=True, seed=11)) as table:
        table.rounds.dice_change_rolls = 40  # [craps] dice_change_rolls
        settled = table.run(rounds=150)
        live = table.state
    assert settled >= 150
    events = journal_events(cfg)
    kinds = {e["kind"] for e in events}
    assert {"craps.shooter", "bet.withdrawn", "craps.dice_change", "round.void"} <= kinds
    changes = [e["data"]["reason"] for e in by_kind(events, "craps.dice_change")]
    assert changes.count("the pit boss's change after 40 rolls") >= 3
    r = list(results(events).values())
    assert any(s["result"] == "open" for d in r for s in d["settlement"])
    assert r[-1]["last_round"] and r[-1]["shooter"] is None and r[-1]["layout"] == []
    assert sum(1 for d in r if d["last_round"]) == 1
    count = by_kind(events, "float.count")[0]["data"]
    assert count["result"] == sum(d["totals"]["house_net"] for d in r)
    assert TableState.replay(cfg.id, cfg.game, events) == live
    assert audit(cfg.db).ok
