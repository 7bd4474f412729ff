"""A staffed card table deals only once the croupier says no more bets, and voids the coup a
croupier declares a misdeal; a staffed craps table changes the dice when asked. The tables run
on their own thread with the screen's hand devices (`screen://`), the croupier's entries posted
as the screen posts them."""

from __future__ import annotations

from games.blackjack.bet import BlackjackBet
from games.records import Bet
from games.trente_quarante.bet import TrenteQuaranteBet
from terminal.assemble import assemble
from terminal.config import load_table_config
from terminal.runtime.journal.audit import audit
from terminal.runtime.loop.entries import DiceChange, MisdealCall
from terminal.runtime.loop.floats import chips_for
from terminal.runtime.staffed.session import CloseTable, NoMoreBets, Opening, OpenRound, Sign
from tests.support.helpers import (
    committed,
    journal_events,
    quiet,
    run_beside,
    write_config,
)
from tests.support.staff import signed, staff_file


def staffed(tmp_path, game, script, **devices):
    staff = staff_file(tmp_path)
    cfg = load_table_config(
        write_config(tmp_path, game=game, extra=f'[session]\nstaff = "{staff}"', **devices)
    )
    with assemble(cfg, quiet()) as table:
        run_beside(table, lambda table: (opened(table), script(table)))
    report = audit(cfg.db)
    assert report.ok, report.summary()
    return journal_events(cfg)


def opened(table):
    setup = table.setup
    chips = {int(chip): n for chip, n in chips_for(setup.advance, setup.chips).items()}
    table.post(Opening(signed("C-07"), chips))
    committed(table, lambda: table.state.unsigned, "the advance to sign")
    (seq,) = table.state.unsigned
    table.post(Sign(seq, "games_director", signed("D-01")))
    committed(table, lambda: not table.state.unsigned, "the advance signed")


def bets_open(table):
    table.post(OpenRound("C-07"))
    committed(table, lambda: table.state.round_status == "open", "bets open")


def kinds(events):
    return [e["kind"] for e in events]


def test_a_staffed_card_table_deals_once_the_croupier_says_no_more_bets(tmp_path):
    def script(table):
        bets_open(table)
        minimum = table.setup.limits.min
        table.post_bet(Bet("p1", 1, "player", minimum))
        table.post_bet(Bet("b1", 2, "banker", minimum))
        committed(table, lambda: len(table.state.round_bets) == 2, "both bets placed")
        # bets stay open for more (the first bet deals nothing)
        assert table.state.round_status == "open" and table.rounds.waiting is None
        table.post(NoMoreBets("C-07"))
        committed(table, lambda: table.rounds.waiting in ("shoe", "card"), "the deal begun")
        if table.rounds.waiting == "shoe":
            table.hand.loaded(table.rules.decks, by="C-07")
        for card in ("9H", "2S", "KD", "3C"):  # naturals: player 9, banker 5
            committed(table, lambda: table.rounds.waiting == "card", "a card asked for")
            table.hand.enter(card, by="C-07")
        committed(table, lambda: table.state.rounds_settled == 1, "the coup settled")

    events = staffed(tmp_path, "punto_banco", script, shoe="screen://")
    (result,) = [e["data"] for e in events if e["kind"] == "round.result"]
    assert result["outcome"]["player"] == ["9H", "KD"]
    assert {s["id"]: s["result"] for s in result["settlement"]} == {"p1": "win", "b1": "lose"}


def test_a_misdeal_the_croupier_declares_voids_the_coup_and_returns_the_stakes(tmp_path):
    def script(table):
        bets_open(table)
        minimum = table.setup.limits.min
        table.post(MisdealCall("C-07"))  # no coup dealt yet: refused
        table.post_bet(BlackjackBet("b1", 1, "box:1", minimum))
        committed(table, lambda: table.state.round_bets, "the bet placed")
        table.post(NoMoreBets("C-07"))
        committed(table, lambda: table.rounds.waiting in ("shoe", "card"), "the deal begun")
        if table.rounds.waiting == "shoe":
            table.hand.loaded(table.rules.decks, by="C-07")
        for card in ("2C", "3C", "4C", "5C", "6C", "TH", "9S"):  # five burnt, box 1, the dealer
            committed(table, lambda: table.rounds.waiting == "card", "a card asked for")
            drawn = table.state.own.shoe.drawn if table.state.own.shoe else 0
            table.hand.enter(card, by="C-07")
            committed(
                table,
                lambda drawn=drawn: table.state.own.shoe and table.state.own.shoe.drawn > drawn,
                f"{card} taken",
            )
        assert len(table.state.own.moves) == 2
        table.post(MisdealCall("C-07"))  # two cards out, the third awaited: void
        committed(table, lambda: table.state.round_status is None, "the coup over")

    events = staffed(tmp_path, "blackjack", script, shoe="screen://")
    refused = [
        e["data"] for e in events if e["kind"] == "fault" and e["data"]["code"] == "misdeal_refused"
    ]
    assert len(refused) == 1 and "after no more bets" in refused[0]["detail"]
    (void,) = [e["data"] for e in events if e["kind"] == "round.void"]
    assert void["reason"].startswith("misdeal declared by C-07")
    assert [b["id"] for b in void["returned"]] == ["b1"]
    assert "round.result" not in kinds(events)


def test_the_croupier_asks_for_new_dice_before_the_shooter_throws(tmp_path):
    def script(table):
        bets_open(table)
        table.post(DiceChange("C-07", "the shooter asked"))
        committed(
            table, lambda: "craps.dice_change" in kinds(table.journal.events()), "the dice changed"
        )

    events = staffed(tmp_path, "craps", script, dice="screen://")
    (change,) = [e["data"] for e in events if e["kind"] == "craps.dice_change"]
    assert change["reason"] == "new dice asked for by C-07 (the shooter asked)"


def test_the_red_card_of_the_last_cut_ends_a_trente_et_quarante_session(tmp_path):
    """05 IV: the red card voids the coup in progress; in the last cut, with nothing in prison,
    that void is the session's last round: the table asks for its count, deals no more."""

    def script(table):
        table.post(CloseTable("C-07"))  # the close asked: the next cut is the last
        bets_open(table)
        table.post_bet(TrenteQuaranteBet("r1", 1, "rouge", table.setup.limits.min))
        committed(table, lambda: table.state.round_bets, "the bet placed")
        table.post(NoMoreBets("C-07"))
        committed(table, lambda: table.rounds.waiting == "shoe", "the shoe asked for")
        table.hand.loaded(table.rules.decks, by="C-07")
        committed(table, lambda: table.rounds.waiting == "card", "a card asked for")
        table.hand.enter("KS", by="C-07")
        table.hand.cut(by="C-07")  # the red card
        committed(table, lambda: table.session.awaiting_count, "the count asked for")
        table.post(OpenRound("C-07"))  # no more coups
        committed(table, lambda: refused(table, "open_round"), "the call for bets refused")

    events = staffed(tmp_path, "trente_quarante", script, shoe="screen://")
    (void,) = [e["data"] for e in events if e["kind"] == "round.void"]
    assert void["last_round"] and [b["id"] for b in void["returned"]] == ["r1"]
    assert kinds(events).count("round.open") == 1


def test_the_card_behind_the_red_card_entered_late_is_put_aside_not_out_of_turn(tmp_path):
    """The croupier enters the red card, then, once the next coup waits for the new shoe, the
    card it came out for: asked for, it is put aside with the ended shoe, no card out of turn
    (docs/events.md)."""

    def coup_dealt_to_the_red_card(table, bet_id):
        bets_open(table)
        table.post_bet(TrenteQuaranteBet(bet_id, 1, "rouge", table.setup.limits.min))
        committed(table, lambda: table.state.round_bets, "the bet placed")
        table.post(NoMoreBets("C-07"))
        committed(table, lambda: table.rounds.waiting == "shoe", "the shoe asked for")

    def script(table):
        coup_dealt_to_the_red_card(table, "r1")
        table.hand.loaded(table.rules.decks, by="C-07")
        committed(table, lambda: table.rounds.waiting == "card", "a card asked for")
        table.hand.enter("KS", by="C-07")
        table.hand.cut(by="C-07")  # the red card
        committed(table, lambda: "round.void" in kinds(table.journal.events()), "the coup void")
        coup_dealt_to_the_red_card(table, "r2")
        table.hand.enter("QH", by="C-07")  # the card behind the red card, entered late
        committed(
            table, lambda: "card.discarded" in kinds(table.journal.events()), "the card aside"
        )
        table.control.request_stop()

    events = staffed(tmp_path, "trente_quarante", script, shoe="screen://")
    (discarded,) = [e["data"] for e in events if e["kind"] == "card.discarded"]
    assert discarded == {
        "card": "QH",
        "reason": "behind the red card: the coup was void",
        "entered_by": "C-07",
    }
    assert "fault" not in kinds(events)


def refused(table, what):
    return [
        e
        for e in table.journal.events()
        if e["kind"] == "fault" and e["data"]["code"] == f"{what}_refused"
    ]
