"""A staffed table runs its session as the regulation does (docs/session.md): it opens with the
advance counted and signed before the first round, takes the dealer rotation, changes its
limits after the last rounds at the old ones, and closes with a signed count; every refusal is
journaled with its reason and nothing refused happens."""

from __future__ import annotations

from games.records import Bet
from terminal.assemble import assemble
from terminal.config import load_table_config
from terminal.runtime.journal.audit import audit
from terminal.runtime.staffed.session import (
    CancelBet,
    CloseTable,
    ClosingCount,
    CountedTopUp,
    CroupierChange,
    LimitChange,
    NoMoreBets,
    Opening,
    OpenRound,
    Sign,
    Signature,
)
from tests.support.helpers import (
    committed,
    journal_events,
    quiet,
    run_beside,
    write_config,
)
from tests.support.staff import signed, staff_file

ADVANCE = {100000: 75}  # 15,000 minimums of 5.00 (art. 35), in 1,000.00 chips


def refusals(table, what):
    return [f["detail"] for f in _faults(table) if f["code"] == f"{what}_refused"]


def _faults(table):
    return [e["data"] for e in table.journal.events() if e["kind"] == "fault"]


def kinds(table):
    return [e["kind"] for e in table.journal.events()]


def last(table, kind):
    return [e for e in table.journal.events() if e["kind"] == kind][-1]


def run_staffed(tmp_path, script, *, wheel="screen://", cfg=None):
    """Run a staffed table while `script(table)` enters on another thread; `cfg` a table
    that ran before (its journal goes on: a restart)."""
    if cfg is None:
        staff = staff_file(tmp_path)
        cfg = load_table_config(
            write_config(tmp_path, wheel=wheel, extra=f'[session]\nstaff = "{staff}"')
        )
    with assemble(cfg, quiet()) as table:
        run_beside(table, script)
    return cfg


def play(table, croupier):
    """One round with no bets: called for, closed, its number entered by hand."""
    table.post(OpenRound(croupier))
    committed(table, lambda: table.state.round_status == "open", "a round open")
    table.post(NoMoreBets(croupier))
    committed(table, lambda: table.rounds.waiting == "spin", "the spin asked for")
    table.hand.enter(0, by=croupier)


def test_a_staffed_session_from_its_signed_opening_to_its_signed_count(tmp_path):
    def script(table):
        post = table.post
        post(Opening(Signature("C-07", "0000"), ADVANCE))  # a wrong PIN
        post(Opening(signed("C-07"), {100000: 10}))  # below the advance
        committed(table, lambda: len(refusals(table, "opening")) == 2, "two refusals")
        assert "wrong PIN for C-07" in refusals(table, "opening")[0]
        assert "at least 75,000.00" in refusals(table, "opening")[1]
        post(Opening(signed("C-07"), ADVANCE))
        committed(table, lambda: "float.advance" in kinds(table), "the session open")
        advance = last(table, "float.advance")
        assert advance["data"]["chips"] == {"100000": 75}
        assert advance["data"]["signatures"] == ["games_director"]
        post(OpenRound("C-07"))  # not before the advance is signed
        committed(table, lambda: refusals(table, "open_round"), "no round before the signature")
        post(Sign(advance["seq"], "games_director", signed("C-07")))  # not a director
        post(Sign(advance["seq"], "games_director", signed("D-01")))
        committed(table, lambda: "sign" in kinds(table), "the advance signed")
        assert "does not hold the role games_director" in refusals(table, "sign")[0]
        assert not table.state.unsigned
        post(OpenRound("C-07"))
        committed(table, lambda: table.state.round_status == "open", "a round open")
        post(Bet("b1", 1, "red", 500))
        post(Bet("b2", 2, "straight:17", 500))
        post(CancelBet("b1", "C-07"))
        post(NoMoreBets("C-07"))
        committed(table, lambda: table.rounds.waiting == "spin", "the spin asked for")
        table.hand.enter(17, by="C-07")
        committed(table, lambda: "round.result" in kinds(table), "the round settled")
        result = last(table, "round.result")
        assert [b["id"] for b in result["data"]["bets"]] == ["b2"]
        assert "bet.cancelled" in kinds(table)
        post(CroupierChange(signed("C-08")))
        committed(table, lambda: table.state.croupier == "C-08", "the rotation")
        assert last(table, "croupier.change")["data"] == {"croupier": "C-08", "previous": "C-07"}
        post(LimitChange(1000, "C-08"))
        for n in range(3):
            play(table, "C-08")
            committed(table, lambda: table.state.rounds_settled == 2 + n, f"old-limit round {n}")
        limits = last(table, "table.limits")
        assert limits["data"]["old"]["min"] == 500 and limits["data"]["new"]["min"] == 1000
        post(CountedTopUp({100000: 74}, "C-08"))  # the new limits need 75,000.00 more
        post(CountedTopUp({100000: 75}, "C-08"))
        post(Sign(limits["seq"], "games_director", signed("D-01")))
        committed(table, lambda: last(table, "float.advance")["data"]["reason"] == "limits", "")
        post(Sign(last(table, "float.advance")["seq"], "games_director", signed("D-01")))
        committed(table, lambda: not table.state.unsigned, "the change signed")
        assert table.state.initial_advance == 15_000_000
        post(CloseTable("C-08"))
        for n in range(3):
            play(table, "C-08")
            committed(table, lambda: table.state.rounds_settled == 5 + n, f"closing round {n}")
        st = table.state
        post(ClosingCount({100000: st.tray // 100000, 50: (st.tray % 100000) // 50}, 0, "C-08"))
        committed(table, lambda: "float.count" in kinds(table), "the count")
        count = last(table, "float.count")
        assert count["data"]["signatures"] == ["croupier", "cashier", "games_director"]
        for person, role in (("C-08", "croupier"), ("K-01", "cashier"), ("D-01", "games_director")):
            post(Sign(count["seq"], role, signed(person)))
        committed(table, lambda: "table.close" in kinds(table), "the session closed")

    cfg = run_staffed(tmp_path, script)
    report = audit(cfg.db)
    assert report.ok, report.summary()


def test_a_table_restarted_after_its_closing_rounds_still_waits_for_its_count(tmp_path):
    def closing_rounds(table):
        table.post(Opening(signed("C-07"), ADVANCE))
        committed(table, lambda: "float.advance" in kinds(table), "the session open")
        table.post(Sign(last(table, "float.advance")["seq"], "games_director", signed("D-01")))
        committed(table, lambda: not table.state.unsigned, "the advance signed")
        table.post(CloseTable("C-07"))
        for n in range(3):
            play(table, "C-07")
            committed(table, lambda: table.state.rounds_settled == 1 + n, f"closing round {n}")
        assert table.session.awaiting_count  # then the terminal stops before the count

    def count(table):
        # the restarted table knows, from its journal, that only the count is left
        assert table.session.awaiting_count and table.state.last_round_played
        table.post(OpenRound("C-07"))  # no round: the session is closing
        st = table.state
        table.post(
            ClosingCount({100000: st.tray // 100000, 50: (st.tray % 100000) // 50}, 0, "C-07")
        )
        committed(table, lambda: "float.count" in kinds(table), "the count")
        seq = last(table, "float.count")["seq"]
        for person, role in (("C-07", "croupier"), ("K-01", "cashier"), ("D-01", "games_director")):
            table.post(Sign(seq, role, signed(person)))
        committed(table, lambda: "table.close" in kinds(table), "the session closed")

    cfg = run_staffed(tmp_path, closing_rounds)
    run_staffed(tmp_path, count, cfg=cfg)
    events = [e["kind"] for e in journal_events(cfg)]
    assert events.count("round.result") == 3 and events.count("table.close") == 1
    assert "round.open" not in events[events.index("float.count") - 5 :]
    report = audit(cfg.db)
    assert report.ok, report.summary()
