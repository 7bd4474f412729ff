"""What the croupier enters at the screen (any thread) is checked for type, range and place
before an engine sees it: refused with a reason, journaled within bounds, never raised in the
table thread, never kept for a later round."""

from __future__ import annotations

import threading

import pytest

from games.blackjack.bet import BlackjackBet
from games.craps.entries import Withdrawal
from games.money import money
from games.prison import PrisonBet
from games.records import Bet
from games.roulette.entries import ColourAssign, ValueChips
from games.trente_quarante.bet import TrenteQuaranteBet
from terminal.assemble import assemble
from terminal.config import load_table_config
from terminal.runtime.journal.audit import audit
from tests.support.helpers import (
    journal_events,
    quiet,
    stack_after_each_new_shoe,
    wait_for,
    write_config,
)

MEGABYTE = "x" * 1_000_000


def croupier_session(table, enter, done):
    """Run `table` on this thread while `enter(table)` posts from another once a round is open;
    the table is stopped once `done(table)`, or when the screen's side fails (raised here)."""
    failed = []

    def screen():
        try:
            wait_for(lambda: table.state.round_status == "open", "a round open", 30)
            enter(table)
            wait_for(lambda: done(table), "the entries taken", 30)
        except BaseException as exc:
            failed.append(exc)
        finally:
            table.control.request_stop()

    thread = threading.Thread(target=screen)
    thread.start()
    table.run()
    thread.join()
    if failed:
        raise failed[0]


def test_bets_of_the_wrong_type_or_out_of_range_are_refused_and_the_table_goes_on(tmp_path):
    cfg = load_table_config(write_config(tmp_path, wheel="sim://wheel?spin=60"))
    bad = [
        Bet("n", 1, None, 500),
        Bet("i", 1, 17, 500),
        Bet("l", 1, ["red"], 500),
        Bet("m", 1, MEGABYTE, 500),
        Bet("s-1", -1, "red", 500),
        Bet("s0", 0, "red", 500),
        Bet("s9", 10**9, "red", 500),
        Bet("", 1, "red", 500),
        Bet("t", 1, "red", "500"),
        Bet("b", 1, "red", True),
        PrisonBet("z", 1, "red", 500, zero_choice="maybe"),
        PrisonBet("p", 1, "red", 500, prison=2),
        "red for 5",
    ]

    def enter(table):
        for bet in bad:
            table.post_bet(bet)
        table.post_bet(Bet("ok", 1, "red", 500))

    with assemble(cfg, quiet()) as table:
        croupier_session(table, enter, lambda t: [b.id for b in t.state.round_bets] == ["ok"])
    events = journal_events(cfg)
    refused = [e["data"] for e in events if e["kind"] == "bet.refused"]
    assert len(refused) == len(bad)
    reasons = [r["reason"] for r in refused]
    assert all("the bet code must be a non-empty text" in r for r in reasons[:3])
    assert "1,000,000 characters long: at most 64" in reasons[3]
    assert all("the seat must be a place of this table, 1 to 12" in r for r in reasons[4:7])
    assert "the bet id must be a non-empty text" in reasons[7]
    assert all("the stake must be a positive whole amount" in r for r in reasons[8:10])
    assert (
        "the choice on zero" in reasons[10]
        and "never in prison" in reasons[11]
        and "not a bet" in reasons[12]
    )
    # the megabyte never journaled
    assert all(len(e["body"] if "body" in e else str(e)) < 2000 for e in refused)
    assert refused[3]["bet"]["code"] == "x" * 64 + "…"
    assert [e["data"]["id"] for e in events if e["kind"] == "bet.placed"] == ["ok"]


def test_a_plain_bet_is_made_the_games_kind_and_another_games_bet_is_refused(tmp_path):
    """At a roulette table a plain Bet is adopted as a PrisonBet (its choice on zero: prison),
    journaled as it was entered; a blackjack or a trente et quarante bet is another game's."""
    cfg = load_table_config(write_config(tmp_path, wheel="sim://wheel?spin=60"))
    foreign = [
        BlackjackBet("bj", 1, "red", 500),
        TrenteQuaranteBet("tq", 1, "red", 500, insured=True),
    ]

    def enter(table):
        for bet in foreign:
            table.post_bet(bet)
        table.post_bet(Bet("plain", 1, "red", 500))
        table.post_bet(PrisonBet("half", 2, "black", 1000, zero_choice="half"))

    placed = []  # the round's bets as the table folded them, before it stops

    def done(table):
        placed[:] = table.state.round_bets
        return len(placed) == 2

    with assemble(cfg, quiet()) as table:
        croupier_session(table, enter, done)
    assert placed == [
        PrisonBet("plain", 1, "red", 500),
        PrisonBet("half", 2, "black", 1000, zero_choice="half"),
    ]
    events = journal_events(cfg)
    assert [e["data"] for e in events if e["kind"] == "bet.placed"] == [
        {"id": "plain", "seat": 1, "code": "red", "stake": 500},
        {"id": "half", "seat": 2, "code": "black", "stake": 1000, "zero_choice": "half"},
    ]
    refused = [e["data"] for e in events if e["kind"] == "bet.refused"]
    assert [r["bet"] for r in refused] == [
        {"id": "bj", "seat": 1, "code": "red", "stake": 500},
        {"id": "tq", "seat": 1, "code": "red", "stake": 500, "insured": True},
    ]
    assert refused[0]["reason"] == (
        "a BlackjackBet is another game's bet: this game's bets are PrisonBets"
    )
    assert "a TrenteQuaranteBet is another game's bet" in refused[1]["reason"]


def test_a_top_up_is_the_initial_advance_and_anything_else_is_refused(tmp_path):
    cfg = load_table_config(write_config(tmp_path, wheel="sim://wheel?spin=60"))

    def enter(table):
        table.post_top_up(123)
        table.post_top_up("a lot")
        table.post_top_up()

    with assemble(cfg, quiet()) as table:
        croupier_session(table, enter, lambda t: t.state.advances == 2 * t.state.initial_advance)
    events = journal_events(cfg)
    refusals = [e["data"] for e in events if e["kind"] == "fault"]
    assert [r["code"] for r in refusals] == ["topup_refused"] * 2 and {
        r["device"] for r in refusals
    } == {"croupier"}
    assert "every top-up equals the initial advance" in refusals[0]["detail"]
    assert "must be a positive whole amount" in refusals[1]["detail"]
    advances = [e["data"] for e in events if e["kind"] == "float.advance"]
    assert [a["reason"] for a in advances] == ["opening", "top-up"] and advances[0][
        "amount"
    ] == advances[1]["amount"]
    cleared = [e["data"] for e in events if e["kind"] == "fault.cleared"]
    assert [c["code"] for c in cleared] == [
        "topup_refused"
    ] * 2  # a refusal is over once said: nothing stands
    assert all(c["severity"] == "warning" and c["detail"] for c in cleared)


def test_a_withdrawal_the_rules_or_the_types_refuse_is_a_fault_and_nothing_changes(tmp_path):
    cfg = load_table_config(write_config(tmp_path, game="craps", dice="sim://dice?throw=60"))

    def enter(table):
        table.post(Withdrawal(None))
        table.post(Withdrawal("nope"))
        table.post_bet(Bet("line", table.state.own.shooter, "pass", 500))

    with assemble(cfg, quiet()) as table:
        croupier_session(table, enter, lambda t: t.state.round_bets)
    refusals = [e["data"] for e in journal_events(cfg) if e["kind"] == "fault"]
    assert [r["code"] for r in refusals] == ["withdrawal_refused"] * 2
    assert "the bet id must be a non-empty text" in refusals[0]["detail"]
    assert "bet nope" in refusals[1]["detail"]


def test_colour_entries_of_the_wrong_type_are_refused(tmp_path):
    cfg = load_table_config(
        write_config(tmp_path, game="roulette_us1", wheel="sim://wheel?spin=60")
    )

    def enter(table):
        table.post(ColourAssign("one", "red"))
        table.post(ColourAssign(1, None))
        table.post(ColourAssign(1, "red", unit=-5))
        table.post(ValueChips(10**9))
        table.post(ColourAssign(1, "red"))

    with assemble(cfg, quiet()) as table:
        croupier_session(table, enter, lambda t: t.state.own.colours.plays(1) == "colour")
    refusals = [e["data"]["detail"] for e in journal_events(cfg) if e["kind"] == "fault"]
    assert len(refusals) == 4 and all("seat" in r for r in refusals)
    assert (
        "the seat must be a place of this table" in refusals[0]
        and "the colour must be" in refusals[1]
    )
    assert "the chips' unit must be a positive whole amount" in refusals[2]


@pytest.mark.parametrize(
    "place, action, reason",
    [
        (None, "stand", "the place must be a non-empty text"),
        ("box:1", MEGABYTE, "the decision is 1,000,000 characters long"),
        ("box:1", ["stand"], "the decision must be a non-empty text"),
    ],
)
def test_decisions_of_the_wrong_type_are_refused(tmp_path, place, action, reason):
    cfg = load_table_config(write_config(tmp_path, game="blackjack"))

    def enter(table):
        table.post_bet(Bet("b1", 1, "box:1", 1000))
        wait_for(lambda: table.rounds.asked is not None, "a decision asked", 30)
        table.post_decision(place, action)
        table.post_decision("box:1", "stand")

    with assemble(cfg, quiet()) as table:
        burnt = ("2C", "3C", "4C", "5C", "6C")
        # box 17, dealer 9: stand or hit
        stack_after_each_new_shoe(table.device, *burnt, "TS", "9H", "7D", "8S")
        table.on_round = lambda event: table.control.request_stop()
        croupier_session(table, enter, lambda t: t.state.round_status is None)
    events = journal_events(cfg)
    (refusal,) = [e["data"] for e in events if e["kind"] == "fault"]
    assert (
        refusal["code"] == "decision_refused"
        and reason in refusal["detail"]
        and len(refusal["detail"]) < 300
    )
    assert [e["data"]["action"] for e in events if e["kind"] == "coup.decision"][:1] == ["stand"]


def test_an_entry_of_another_kind_of_game_is_refused_and_the_table_goes_on(tmp_path):
    """A roulette table takes no card decision and no craps withdrawal; a craps table no colour."""
    cfg = load_table_config(write_config(tmp_path, wheel="sim://wheel?spin=60"))

    def enter(table):
        table.post_decision("box:1", "stand")
        table.post(Withdrawal("b1"))
        table.post_bet(Bet("ok", 1, "red", 500))

    with assemble(cfg, quiet()) as table:
        croupier_session(table, enter, lambda t: t.state.round_bets)
    refusals = [e["data"] for e in journal_events(cfg) if e["kind"] == "fault"]
    assert [(r["device"], r["code"]) for r in refusals] == [
        ("croupier", "decision_refused"),
        ("croupier", "withdrawal_refused"),
    ]
    assert all("French roulette" in r["detail"] for r in refusals)

    (tmp_path / "craps").mkdir()
    craps = load_table_config(
        write_config(tmp_path / "craps", game="craps", dice="sim://dice?throw=60")
    )

    def colour(table):
        table.post(ColourAssign(1, "blau"))
        table.post_bet(Bet("line", table.state.own.shooter, "pass", 500))

    with assemble(craps, quiet()) as table:
        croupier_session(table, colour, lambda t: t.state.round_bets)
    (refusal,) = [e["data"] for e in journal_events(craps) if e["kind"] == "fault"]
    assert (
        refusal["code"] == "colour_refused"
        and "Craps table takes no such entry" in refusal["detail"]
    )


def test_a_refusal_is_journaled_with_why_its_key_and_fields_and_the_journal_verifies(tmp_path):
    """`why` beside the text: what a screen says again in its language (games/reasons.py); a
    refusal the screen never meets (an unknown code) has none."""
    cfg = load_table_config(write_config(tmp_path, wheel="sim://wheel?spin=60"))

    def enter(table):
        table.post_bet(Bet("low", 1, "red", 1))
        table.post_bet(Bet("odd", 1, "purple", 500))
        table.post(Withdrawal("b1"))  # no withdrawal at roulette
        table.post_bet(Bet("ok", 1, "red", 500))

    with assemble(cfg, quiet()) as table:
        minimum, title = table.setup.limits.min, table.game.title
        croupier_session(table, enter, lambda t: t.state.round_bets)
    events = journal_events(cfg)
    low, odd = [e["data"] for e in events if e["kind"] == "bet.refused"]
    assert low["why"] == {
        "key": "stake_below_min",
        "fields": {"stake": money(1), "min": money(minimum)},
    }
    assert low["reason"] == f"{money(1)} is below the table minimum of {money(minimum)}"
    assert "why" not in odd and "unknown bet" in odd["reason"]
    (fault,) = [e["data"] for e in events if e["kind"] == "fault"]
    assert fault["device"] == "croupier" and fault["code"] == "withdrawal_refused"
    assert fault["why"] == {"key": "entry_not_taken", "fields": {"game": title}}
    assert fault["detail"] == f"a {title} table takes no such entry"
    report = audit(cfg.db)
    assert report.ok, report.summary()


def test_a_refusal_that_wraps_another_journals_both_whys(tmp_path):
    cfg = load_table_config(write_config(tmp_path, game="craps", dice="sim://dice?throw=60"))

    def enter(table):
        table.post(Withdrawal("nope"))
        table.post_bet(Bet("line", table.state.own.shooter, "pass", 500))

    with assemble(cfg, quiet()) as table:
        croupier_session(table, enter, lambda t: t.state.round_bets)
    (fault,) = [e["data"] for e in journal_events(cfg) if e["kind"] == "fault"]
    assert fault["detail"] == "bet nope: no bet nope on the layout"
    assert fault["why"] == {
        "key": "withdrawal_refused",
        "fields": {
            "id": "nope",
            "reason": {"key": "craps_no_bet_on_layout", "fields": {"id": "nope"}},
        },
    }
