"""A coup whose cards the croupier enters by hand (`shoe = "screen://"`) killed (SIGKILL) after no
more bets is taken up again when the terminal restarts: the coup is played again from its
journaled cards and decisions, the croupier is asked for the next card or decision (or the shoe,
if none was loaded yet), and the coup settles exactly as the same coup dealt without a kill,
nothing voided, no card counted twice, `journal verify` content. A sensed shoe's coup is void
after a restart (its place in the cards died with the process: tests/terminal/test_crash.py).

A staffed table (the croupier says no more bets once every bet is on the cloth) in a child
process deals the first steps of a coup, then is killed; the same table, assembled again in the
test's process, deals the rest, the croupier's entries posted from another thread as the
screen's UI thread posts them. Where the kill must land between two events the table journals
at once (the red card and its void, poker's pool movement and the result), the journal is cut
there instead, as a kill between two commits leaves it."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest

from games.chemin_de_fer.entries import DeclineBank, TakeBank
from games.records import Bet
from terminal.assemble import assemble
from terminal.config import load_table_config
from terminal.runtime.loop.floats import chips_for
from terminal.runtime.loop.state import TableState
from terminal.runtime.staffed.session import NoMoreBets, Opening, OpenRound, Sign
from tests.support.helpers import (
    REPO,
    by_kind,
    cli,
    committed,
    journal_events,
    quiet,
    run_beside,
    wait_for,
    write_config,
)
from tests.support.staff import signed, staff_file

BY = "C-07"
SETTLED = ("outcome", "announcement", "bets", "settlement", "totals", "last_round")
VOIDED = ("reason", "why", "returned", "kept", "collected", "last_round")
BEHIND = "behind the red card: the coup was void"

# A coup as the croupier deals it: the game, the bets (id, seat, code, stake in minimums, or
# "coin": poker's carrousel coin), each step the coup asks for in turn (the shoe loaded, its
# burnt cards counted, a card, a box's decision, the cut card), and how its bets end.
COUPS = {
    "punto_banco": {
        "game": "punto_banco",
        "bets": [("p1", 1, "player", 2), ("b1", 2, "banker", 1), ("t1", 3, "tie", 1)],
        # player 2 + 3 = 5 draws a 7 (2); banker 4 + 2 = 6 draws on a player's 7: 9 (5)
        "steps": [
            ("load",),
            ("card", "2S"),
            ("card", "4D"),
            ("card", "3H"),
            ("card", "2C"),
            ("card", "7S"),
            ("card", "9D"),
        ],
        "ended": {"p1": "lose", "b1": "win", "t1": "lose"},
    },
    "blackjack": {
        "game": "blackjack",
        "bets": [("a1", 1, "box:1", 1), ("b2", 2, "box:2", 2)],
        # box 1: 5 + 6, doubles, draws a 9 (20); box 2: 8 + 8 against an ace, insured, splits
        # (8 + 3 stands, 8 + 10); the dealer's ace draws 5, 10 and 9: 25, bust
        "steps": [
            ("load",),
            ("burnt", 5),
            ("card", "5H"),
            ("card", "8C"),
            ("card", "AC"),
            ("card", "6D"),
            ("card", "8D"),
            ("decide", "box:1", "no_insurance"),
            ("decide", "box:2", "insurance"),
            ("decide", "box:1", "double"),
            ("card", "9S"),
            ("decide", "box:2", "split"),
            ("card", "3S"),
            ("decide", "box:2", "stand"),
            ("card", "TH"),
            ("decide", "box:2.2", "stand"),
            ("card", "5S"),
            ("card", "TD"),
            ("card", "9H"),
        ],
        "ended": {"a1": "win", "b2": "win", "b2.2": "win", "b2.ins": "lose"},
    },
    "poker_stud": {
        "game": "poker_stud",
        "bets": [("a1", 1, "ante:1", 1), ("c1", 1, "carrousel:1", "coin")],
        # box 1: a pair of twos; the bank: ace-king, which plays; box 1 calls and wins
        "steps": [
            ("load",),
            *[
                ("card", card)
                for pair in zip(("2H", "2D", "7C", "9S", "JD"), ("AH", "KC", "4S", "6D", "8H"))
                for card in pair
            ],
            ("decide", "box:1", "call"),
        ],
        "ended": {"a1": "win", "a1.call": "win", "c1": "lose"},
    },
    "chemin_de_fer": {
        "game": "chemin_de_fer",
        "bank": ("1", 40),  # place 1 takes the bank offered him, for 40 minimums
        "bets": [("p3", 3, "ponte:3", 2), ("p5", 5, "ponte:5", 1)],
        # the ponte (place 3, the highest stake) stands on 5; the banker on 6 asks for his
        # table, which has him stand: the bank wins, cut 5%
        "steps": [
            ("load",),
            ("card", "3S"),
            ("card", "KD"),
            ("card", "2H"),
            ("card", "6C"),
            ("decide", "ponte", "no"),
            ("decide", "banker", "table"),
        ],
        "ended": {"p3": "lose", "p5": "lose", "bank": "win"},
    },
}
# punto banco's coup with the cut card out after its first two cards: the shoe's last coup
COUPS["punto_banco_cut"] = {
    **COUPS["punto_banco"],
    "steps": [*COUPS["punto_banco"]["steps"][:3], ("cut",), *COUPS["punto_banco"]["steps"][3:]],
}
RED_CARD = {
    "game": "trente_quarante",
    "bets": [("r1", 1, "rouge", 2), ("n1", 2, "noir", 1)],
    # the red card comes out after two cards of noir's row: the coup is void; the card behind it
    # is put aside
    "steps": [("load",), ("card", "9S"), ("card", "KH"), ("cut",)],
    "behind": "4C",
}


def staffed_table(directory: Path, game: str):
    """The staffed table of `game` whose shoe the croupier enters by hand, in `directory`."""
    directory.mkdir(exist_ok=True)
    staff = staff_file(directory)
    path = write_config(
        directory, game=game, shoe="screen://", extra=f'[session]\nstaff = "{staff}"'
    )
    return load_table_config(path)


def open_and_bet(table, bets, bank=None) -> None:
    """The session opened and signed (a circle table's opens on the sign-in: no advance), the
    bank taken at a circle table (`bank`: the place offered it, in minimums), the coup's bets on
    the cloth, no more bets."""
    setup = table.setup
    if setup.advance:
        chips = {int(chip): n for chip, n in chips_for(setup.advance, setup.chips).items()}
        table.post(Opening(signed(BY), chips))
        committed(table, lambda: table.state.unsigned, "the advance to sign")
        (seq,) = table.state.unsigned
        table.post(Sign(seq, "games_director", signed("D-01")))
        committed(table, lambda: not table.state.unsigned, "the advance signed")
    else:
        table.post(Opening(signed(BY), {}))
        committed(table, lambda: table.state.session_open, "the session open")
    table.post(OpenRound(BY))
    if bank is not None:
        place, minimums = bank
        offered = lambda: table.state.own.engine_state().bank.offer == place  # noqa: E731
        committed(table, offered, f"the bank offered to {place}")
        table.post(TakeBank(place, minimums * setup.limits.min))
    committed(table, lambda: table.state.round_status == "open", "bets open")
    for bet_id, seat, code, stake in bets:
        amount = table.rules.coin if stake == "coin" else stake * setup.limits.min
        table.post_bet(Bet(bet_id, seat, code, amount))
    committed(table, lambda: len(table.state.round_bets) == len(bets), "the bets placed")
    table.post(NoMoreBets(BY))
    committed(table, lambda: table.state.round_status == "closed", "no more bets")


def deal(table, steps) -> None:
    """Each step of the coup entered once the coup asks for it, and journaled before the next."""
    rounds = table.rounds

    def own():
        return table.state.own

    for step in steps:
        what, *args = step
        if what == "load":
            committed(table, lambda: rounds.waiting == "shoe", "the shoe asked for")
            table.hand.loaded(table.rules.decks, by=BY)
            committed(table, lambda: own().loaded_in == table.state.round, "the shoe loaded")
            continue
        committed(table, lambda: rounds.waiting or rounds.asked, f"{step} asked for")
        moves = len(own().moves)
        if what == "burnt":
            table.hand.burnt(args[0], by=BY)
            committed(table, lambda: not own().shoe.burning, "the cards burnt")
        elif what == "cut":
            table.hand.cut(by=BY)
            committed(table, lambda: own().shoe.cut_out, "the cut card out")
        elif what == "card":
            assert rounds.waiting == "card", f"{step}: the coup asks for {rounds.asked}"
            table.hand.enter(args[0], by=BY)
            committed(table, lambda: len(own().moves) > moves, f"{step} journaled")
        else:
            place, action = args
            assert rounds.asked is not None and rounds.asked.place == place, (step, rounds.asked)
            table.post_decision(place, action)
            committed(table, lambda: len(own().moves) > moves, f"{step} journaled")


def dealt_then_killed() -> None:
    """The child process (argv: directory, coup, its steps before the kill): the coup dealt so
    far, then READY, and the table waits for the next step until it is killed."""
    directory, coup, first = Path(sys.argv[1]), COUPS[sys.argv[2]], int(sys.argv[3])
    cfg = load_table_config(directory / "table.toml")  # the test's (staffed_table)
    with assemble(cfg, quiet()) as table:

        def last_seq() -> int:
            return table.state.last_seq

        def croupier(table) -> None:
            try:
                open_and_bet(table, coup["bets"], coup.get("bank"))
                deal(table, coup["steps"][:first])
                wait_for(
                    lambda: table.writer.flush() or journal_events(cfg)[-1]["seq"] == last_seq(),
                    "every event committed",
                )
                print("READY", flush=True)
                committed(table, lambda: False, "the kill")  # waits for the next step
            except BaseException as exc:
                print(f"FAILED {exc!r}", flush=True)
                raise

        run_beside(table, croupier)


def killed_after(directory: Path, coup: str, first: int) -> None:
    """The table in `directory` killed once the first `first` steps of `coup` are journaled."""
    proc = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "from tests.terminal.test_hand_coup_restart import dealt_then_killed as d; d()",
            str(directory),
            coup,
            str(first),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=REPO,
    )
    try:
        said = proc.stdout.readline().strip()
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    assert said == "READY", f"{said}\n{proc.stderr.read()}"


def cut_after(cfg, kind: str) -> None:
    """The journal as a kill leaves it once the last event of `kind` was committed."""
    seq = [e for e in journal_events(cfg) if e["kind"] == kind][-1]["seq"]
    with closing(sqlite3.connect(cfg.db)) as conn, conn:
        conn.execute("DELETE FROM events WHERE seq > ?", (seq,))


def dealt(cfg, croupier) -> dict:
    """The table of `cfg` run (on its journal) while `croupier(table)` enters, until it is over;
    what the table held at the end."""
    with assemble(cfg, quiet()) as table:
        run_beside(table, croupier)
        return {"pool": getattr(table.rounds.carrousel, "pool", None)}


def uninterrupted(directory: Path, coup):
    """The same coup dealt at the same table with no kill: the table and its journal."""
    cfg = staffed_table(directory, coup["game"])

    def croupier(table):
        open_and_bet(table, coup["bets"], coup.get("bank"))
        deal(table, coup["steps"])
        committed(table, lambda: table.state.round_status is None, "the coup over")

    dealt(cfg, croupier)
    return cfg, journal_events(cfg)


def settled_once(cfg, coup, expected: dict) -> dict:
    """The coup settled once, as `expected` (the uninterrupted coup's result), nothing void,
    every card counted out of the shoe once, the journal verified: the result."""
    events = journal_events(cfg)
    assert not by_kind(events, "round.void")
    (result,) = by_kind(events, "round.result")
    assert {k: result[k] for k in SETTLED} == {k: expected[k] for k in SETTLED}
    assert {s["id"]: s["result"] for s in result["settlement"]} == coup["ended"]
    assert result["outcome"]["source"] == "manual" and result["outcome"]["entered_by"] == BY
    cards = [step[1] for step in coup["steps"] if step[0] == "card"]
    assert [d["card"] for d in by_kind(events, "card.drawn")] == cards
    assert len(by_kind(events, "shoe.loaded")) == 1
    shoe = TableState.replay(cfg.id, cfg.game, events).own.shoe  # each card out of it once
    burnt = sum(step[1] for step in coup["steps"] if step[0] == "burnt")
    assert (shoe.drawn, sum(shoe.seen.values())) == (burnt + len(cards), len(cards))
    verify = cli("journal", "verify", "--db", str(cfg.db))
    assert verify.returncode == 0, verify.stdout + verify.stderr
    return result


@pytest.mark.parametrize(
    "name, first, asked",
    [
        ("punto_banco", 0, "shoe"),
        ("punto_banco", 1, "card"),
        ("punto_banco", 3, "card"),
        ("punto_banco_cut", 4, "card"),
        ("blackjack", 10, "card"),
        ("poker_stud", 3, "card"),
        ("chemin_de_fer", 3, "card"),
        ("chemin_de_fer", 6, "decision"),
    ],
    ids=[
        "punto_banco-before-the-shoe",
        "punto_banco-no-card-entered",
        "punto_banco-two-cards-entered",
        "punto_banco-two-cards-and-the-cut-card",
        "blackjack-insured-and-doubled",
        "poker_stud-two-cards-entered",
        "chemin_de_fer-two-cards-entered",
        "chemin_de_fer-the-ponte-called",
    ],
)
def test_a_hand_entered_coup_killed_after_no_more_bets_goes_on_after_the_restart(
    tmp_path, name, first, asked
):
    """Killed after `first` steps of the coup: the restarted table asks for what comes next
    (the shoe if none was loaded, else the next card or decision: chemin de fer's banker, his
    bank as the journal has it), with the journaled cards and decisions
    in the coup and counted out of the shoe once; the croupier enters the rest and the coup
    settles as the uninterrupted one did. Blackjack is killed once box 1 doubled and box 2 took
    insurance, before box 1's card: box 2 then splits."""
    coup = COUPS[name]
    cfg = staffed_table(tmp_path / "killed", coup["game"])
    killed_after(tmp_path / "killed", name, first)
    before = journal_events(cfg)
    assert by_kind(before, "round.closed") and not by_kind(before, "round.result")
    moves = [tuple(step) for step in coup["steps"][:first] if step[0] in ("card", "decide")]
    assert len(by_kind(before, "card.drawn")) + len(by_kind(before, "coup.decision")) == len(moves)

    def croupier(table):
        rounds = table.rounds
        committed(table, lambda: rounds.waiting or rounds.asked, "the coup's next step asked for")
        assert (table.state.round, table.state.round_status) == (1, "closed")
        assert (rounds.waiting or (rounds.asked and "decision")) == asked
        own = table.state.own
        assert [m[2] for m in own.moves] == [m[-1] for m in moves]  # the coup as it stood
        if asked != "shoe":  # its cards counted out of the shoe as journaled, once
            burnt = sum(step[1] for step in coup["steps"][:first] if step[0] == "burnt")
            assert own.shoe.drawn == burnt + sum(m[0] == "card" for m in moves)
        deal(table, coup["steps"][first:])
        committed(table, lambda: table.state.rounds_settled == 1, "the coup settled")

    dealt(cfg, croupier)
    _, reference = uninterrupted(tmp_path / "reference", coup)
    (expected,) = by_kind(reference, "round.result")
    result = settled_once(cfg, coup, expected)
    if name == "blackjack":
        assert next(b for b in result["bets"] if b["id"] == "a1")["doubled"]
    if name == "punto_banco_cut":
        assert len(by_kind(journal_events(cfg), "shoe.cut_card")) == 1


def test_a_poker_coup_whose_coins_the_pool_settled_before_the_kill_is_not_settled_twice(
    tmp_path,
):
    """Killed between `carrousel.pool` and the result: the restarted table asks the pool again
    (the same answer; the table's own pool brought to after the coup) and journals the
    movement once, the result as the uninterrupted coup's."""
    coup = COUPS["poker_stud"]
    cfg, events = uninterrupted(tmp_path, coup)
    (expected,) = by_kind(events, "round.result")
    cut_after(cfg, "carrousel.pool")
    held = dealt(
        cfg,
        lambda table: committed(table, lambda: table.state.rounds_settled == 1, "the result"),
    )
    result = settled_once(cfg, coup, expected)
    assert len(by_kind(journal_events(cfg), "carrousel.pool")) == 1
    assert held["pool"] == result["carrousel"]["pool_after"] == expected["carrousel"]["pool_after"]


def test_trente_et_quarante_red_card_journaled_before_the_kill_voids_the_coup_after_it(tmp_path):
    """Killed between the red card and its void: the restarted table voids the coup as the red
    card did (its stakes and prisoners as an uninterrupted void's), and the card behind the red
    card is put aside with no fault."""
    coup = RED_CARD
    cfg, events = uninterrupted(tmp_path, coup)
    (expected,) = by_kind(events, "round.void")
    cut_after(cfg, "shoe.cut_card")

    def behind(table):
        committed(table, lambda: table.state.round_status is None, "the coup void")
        table.hand.enter(coup["behind"], by=BY)
        committed(table, lambda: by_kind(journal_events(cfg), "card.discarded"), "put aside")

    dealt(cfg, behind)
    events = journal_events(cfg)
    (void,) = by_kind(events, "round.void")
    assert {k: void.get(k) for k in VOIDED} == {k: expected.get(k) for k in VOIDED}
    assert void["reason"] == "the red card came out: the coup in progress is void"
    (aside,) = by_kind(events, "card.discarded")
    assert (aside["card"], aside["reason"]) == (coup["behind"], BEHIND)
    assert not by_kind(events, "fault") and not by_kind(events, "round.result")
    verify = cli("journal", "verify", "--db", str(cfg.db))
    assert verify.returncode == 0, verify.stdout + verify.stderr


def test_a_sensed_shoe_still_voids_the_coup_a_restart_finds(tmp_path):
    """The simulated shoe's order, like a reader board's count, died with the process."""
    (tmp_path / "sensed").mkdir()
    sensed = load_table_config(write_config(tmp_path / "sensed", game="punto_banco"))
    with assemble(sensed, quiet()) as table:
        assert not table.resumable()
    by_hand = staffed_table(tmp_path / "by_hand", "punto_banco")
    with assemble(by_hand, quiet()) as table:
        assert table.resumable()


def declined_then_killed() -> None:
    """The child process (argv: directory): a chemin de fer session opened, the first bank
    offered to place 1 and declined, offered to place 2; then READY, and the table waits for
    place 2's answer until it is killed."""
    cfg = load_table_config(Path(sys.argv[1]) / "table.toml")
    with assemble(cfg, quiet()) as table:

        def offered(place: str):
            return lambda: table.state.own.engine_state().bank.offer == place

        def croupier(table) -> None:
            try:
                table.post(Opening(signed(BY), {}))
                committed(table, lambda: table.state.session_open, "the session open")
                table.post(OpenRound(BY))
                committed(table, offered("1"), "the bank offered to place 1")
                table.post(DeclineBank("1"))
                committed(table, offered("2"), "the bank offered to place 2")
                wait_for(
                    lambda: (
                        table.writer.flush()
                        or journal_events(cfg)[-1]["seq"] == table.state.last_seq
                    ),
                    "every event committed",
                )
                print("READY", flush=True)
                committed(table, lambda: False, "the kill")
            except BaseException as exc:
                print(f"FAILED {exc!r}", flush=True)
                raise

        run_beside(table, croupier)


def test_a_circle_table_killed_while_its_bank_is_offered_offers_it_on_after_the_restart(tmp_path):
    """Killed while place 2 is offered the bank (place 1 declined it): after the restart the
    croupier calls for bets again and the offer stands as journaled, place 1's refusal counted,
    nothing offered twice; place 2 takes it and the coup is played."""
    cfg = staffed_table(tmp_path, "chemin_de_fer")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "from tests.terminal.test_hand_coup_restart import declined_then_killed as d; d()",
            str(tmp_path),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=REPO,
    )
    try:
        said = proc.stdout.readline().strip()
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    assert said == "READY", f"{said}\n{proc.stderr.read()}"

    def croupier(table):
        bank = table.state.own.engine_state().bank
        assert (bank.offer, bank.declined, dict(bank.refusals)) == ("2", ("1",), {"1": 1})
        table.post(OpenRound(BY))
        committed(table, lambda: table.rounds.waiting == "bank", "the bank awaited")
        table.post(TakeBank("2", 20 * table.setup.limits.min))
        committed(table, lambda: table.state.round_status == "open", "bets open")
        table.post_bet(Bet("p4", 4, "ponte:4", table.setup.limits.min))
        committed(table, lambda: len(table.state.round_bets) == 1, "the stake placed")
        table.post(NoMoreBets(BY))
        deal(table, COUPS["chemin_de_fer"]["steps"])
        committed(table, lambda: table.state.rounds_settled == 1, "the coup settled")

    dealt(cfg, croupier)
    events = journal_events(cfg)
    assert [d["to"] for d in by_kind(events, "bank.offer")] == ["1", "2"]
    assert [d["by"] for d in by_kind(events, "bank.taken")] == ["2"]
    verify = cli("journal", "verify", "--db", str(cfg.db))
    assert verify.returncode == 0, verify.stdout + verify.stderr
