"""A monte table at work: a pack loaded for each coup, its four places laid and journaled
before the bets, Primeres then Segones as two rounds with Primeres' open card bets carried by
id, the packs alternating, the 10% and the cancelled outs journaled, every round settled again
by `journal verify`; and a hand-entered table killed in the layout or in a phase goes on."""

from __future__ import annotations

import signal
import subprocess
import sys
import threading

from terminal.assemble import assemble
from terminal.config import load_table_config
from terminal.runtime.journal.audit import audit
from terminal.runtime.loop.state import TableState
from tests.support.helpers import (
    REPO,
    by_kind,
    journal_events,
    quiet,
    stack_after_each_new_shoe,
    wait_for,
    write_config,
)
from tests.support.rounds import ScriptedPlayers


def monte(tmp_path, shoe="sim://shoe?deal=0", extra=""):
    return load_table_config(write_config(tmp_path, game="monte", shoe=shoe, extra=extra))


def test_a_simulated_session_lays_each_coup_out_plays_both_phases_and_verifies(tmp_path):
    cfg = monte(tmp_path)
    with assemble(cfg, quiet(sim=True, seed=5)) as table:
        settled = table.run(rounds=12)
        live = table.state
    events = journal_events(cfg)
    results = by_kind(events, "round.result")
    assert len(results) == settled >= 12
    layouts = [e for e in events if e["kind"] == "monte.layout" and not e["data"]["void"]]
    packs = [layout["pack"] for layout in by_kind(events, "monte.layout")]
    assert all(a != b for a, b in zip(packs, packs[1:]))  # the packs alternate [MO-2]
    for layout in layouts:  # a new Spanish pack, then the four places, before the round opens
        before = [e for e in events if e["seq"] < layout["seq"]]
        loaded = max(i for i, e in enumerate(before) if e["kind"] == "shoe.loaded")
        assert before[loaded]["data"]["deck"] == "spanish"
        dealt = [e for e in before[loaded:] if e["kind"] == "card.drawn"]
        assert dealt and all(
            e["round"] is None and e["data"]["place"].startswith("layout:") for e in dealt
        )
        after = next(e for e in events if e["seq"] > layout["seq"] and e["kind"] == "round.open")
        assert after["round"] is not None
    phases = [r["outcome"]["phase"] for r in results]
    assert "segones" in phases and phases[0] == "primeres"
    for primeres, segones in zip(results, results[1:]):
        if primeres["outcome"]["phase"] != "primeres" or segones["outcome"]["phase"] != "segones":
            continue
        kept = {e["id"] for e in primeres["settlement"] if e["result"] == "open"}
        assert kept <= {b["id"] for b in segones["bets"]}  # carried by id
        assert segones["outcome"]["coup"] == primeres["outcome"]["coup"]
    codes = {b["code"].split(":")[0] for r in results for b in r["bets"]}
    assert {"card", "pair", "salto"} <= codes
    assert TableState.replay(cfg.id, cfg.game, events) == live
    assert audit(cfg.db).ok


def test_a_first_card_win_is_journaled_with_its_ten_percent_and_a_cancelled_out_as_such(tmp_path):
    cfg = monte(tmp_path)
    # 1O 2O, then 1E doubles place 1, then 3O 4O: Primeres' first card 2C is the camo of place
    # 2, cancelled for card:2v1 against the double; Segones' 3E wins place 3
    cards = ("1O", "2O", "1E", "3O", "4O", "2C", "3E")
    with assemble(cfg, quiet(sim=True)) as table:
        table.players = ScriptedPlayers(
            {
                1: [(1, "card:2v1", 1000), (2, "salto:2", 1000), (3, "camo:2", 500)]
                + [(4, "pair:1-2v3-4", 1000)],
                2: [(5, "card:3v4", 1000)],
            }
        )
        stack_after_each_new_shoe(table.device, *cards)
        table.run(rounds=2)
    events = journal_events(cfg)
    layout = by_kind(events, "monte.layout")[0]
    assert layout["layout"] == {"1": ["1O", "1E"], "2": ["2O"], "3": ["3O"], "4": ["4O"]}
    primeres = by_kind(events, "round.result")[0]
    assert primeres["outcome"]["winner"] == {
        "card": "2C",
        "place": 2,
        "relation": "camo",
        "first": True,
    }
    got = {e["id"]: e for e in primeres["settlement"]}
    assert got["r1s1card:2v1"]["result"] == "push" and got["r1s1card:2v1"]["cancelled"] is True
    assert got["r1s2salto:2"]["cancelled"] is True  # salto: place 2 brought down to place 1's two
    camo = got["r1s3camo:2"]
    assert (
        camo["result"] == "win" and camo["deducted"] == 500 and camo["paid"] == 4500
    )  # 10 x 5.00 less 10%
    assert got["r1s4pair:1-2v3-4"]["result"] == "win" and got["r1s4pair:1-2v3-4"]["deducted"] == 100
    segones = by_kind(events, "round.result")[1]
    assert segones["outcome"]["winner"]["card"] == "3E" and segones["outcome"]["loser"] == 4
    assert audit(cfg.db).ok


def hand_table(tmp_path):
    return monte(tmp_path, shoe="screen://")


# the child process: a hand-entered monte table (argv: its table file, the layout's cards, a bet
# or "", the cards drawn after it); READY once they are journaled, then it waits to be killed
CHILD = """
import sys, time
from games.records import Bet
from terminal.assemble import assemble
from terminal.config import load_table_config
from tests.support.helpers import quiet, wait_for
cfg = load_table_config(sys.argv[1])
with assemble(cfg, quiet()) as table:
    import threading
    threading.Thread(target=table.run, daemon=True).start()
    shoe, own = table.hand, lambda: table.state.own
    wait_for(lambda: table.waiting == "shoe", "the pack asked for")
    shoe.loaded(1, "C-07", "spanish")
    for n, card in enumerate(sys.argv[2].split(), 1):
        wait_for(lambda: table.waiting == "card", "a layout card asked for")
        shoe.enter(card, "C-07")
        wait_for(lambda: len(own().state.laying) == n or own().state.layout, "it laid")
    if sys.argv[3]:
        wait_for(lambda: table.state.round_status == "open", "bets open")
        table.post_bet(Bet("b1", 1, sys.argv[3], 1000))
        wait_for(lambda: table.state.round_status == "closed", "no more bets")
    for n, card in enumerate(sys.argv[4].split(), 1):
        wait_for(lambda: table.waiting == "card", "a card asked for")
        shoe.enter(card, "C-07")
        decided = lambda: table.state.rounds_settled > 0
        wait_for(lambda: len(own().moves) == n or decided(), "it was drawn")
    if table.state.rounds_settled:  # the phase decided: the next one in play
        wait_for(lambda: table.state.round == 2 and table.state.round_status, "Segones in play")
    table.writer.flush()
    print("READY", flush=True)
    time.sleep(120)
"""


def killed(tmp_path, layout: str, bet: str = "", drawn: str = "") -> None:
    """The hand-entered table of `tmp_path` killed once these are journaled."""
    args = [str(tmp_path / "table.toml"), layout, bet, drawn]
    proc = subprocess.Popen(
        [sys.executable, "-c", CHILD, *args], cwd=REPO, stdout=subprocess.PIPE, text=True
    )
    try:
        assert proc.stdout.readline().strip() == "READY"
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()


def restarted(cfg, *cards: str, until) -> list[dict]:
    """The table run again on its journal, `cards` entered as it asks for them, until `until`."""
    with assemble(cfg, quiet()) as table:
        runner = threading.Thread(target=table.run, daemon=True)
        runner.start()
        for card in cards:
            wait_for(lambda: table.waiting == "card", "a card asked for")
            seen = table.state.last_seq
            table.hand.enter(card, "C-07")
            wait_for(lambda: table.state.last_seq > seen, f"{card} journaled")
        wait_for(lambda: until(table), "the table where it should be")
        table.control.request_stop()
        runner.join(10)
    return journal_events(cfg)


def test_a_hand_entered_table_killed_while_laying_out_goes_on_with_the_cards_entered(tmp_path):
    cfg = hand_table(tmp_path)
    killed(tmp_path, "1O 2O")
    events = restarted(cfg, "3O", "4O", until=lambda t: t.state.round_status == "open")
    (layout,) = by_kind(events, "monte.layout")
    assert layout["layout"] == {"1": ["1O"], "2": ["2O"], "3": ["3O"], "4": ["4O"]}
    assert len(by_kind(events, "shoe.loaded")) == 1  # the same pack, not a new one


def test_a_hand_entered_table_killed_in_primeres_settles_the_phase_from_its_journaled_cards(
    tmp_path,
):
    cfg = hand_table(tmp_path)
    killed(tmp_path, "1O 2O 3O 4O", "card:3v4", "7C")
    events = restarted(cfg, "3E", until=lambda t: t.state.rounds_settled == 1)
    assert not [e for e in events if e["kind"] == "round.void" and e["round"] == 1]
    (result,) = by_kind(events, "round.result")
    assert result["outcome"]["drawn"] == ["7C", "3E"] and result["outcome"]["entered_by"] == "C-07"
    assert result["settlement"][0]["result"] == "win"
    assert audit(cfg.db).ok


def test_the_closing_plays_the_segones_of_a_coup_it_finds_half_played(tmp_path):
    """Three rounds asked: the closing's last round is a Primeres, so its Segones is played
    too, and the closing is said in coups («les últimes dues mans»)."""
    cfg = monte(tmp_path)
    with assemble(cfg, quiet(sim=True, seed=2)) as table:
        settled = table.run(rounds=3)
    events = journal_events(cfg)
    phases = [r["outcome"]["phase"] for r in by_kind(events, "round.result")]
    assert settled == len(phases) and phases[-1] == "segones" and len(phases) % 2 == 0
    said = [a["text"]["ca"] for a in by_kind(events, "announcement") if a["key"] == "last_rounds"]
    assert said[0] == "Les últimes dues mans" and said[-1] == "L'última mà"


def test_a_table_killed_in_segones_settles_primeres_open_bet_there_with_its_id(tmp_path):
    """Primeres won by place 1 leaves card:3v4 open; the killed table's Segones (its bets closed
    at once: the open bet is a bet) goes on after the restart on the same layout and pack, and
    the open bet is settled there."""
    cfg = hand_table(tmp_path)
    killed(tmp_path, "1O 2O 3O 4O", "card:3v4", "1C")
    events = restarted(cfg, "3E", until=lambda t: t.state.rounds_settled == 2)
    assert not [e for e in events if e["kind"] == "round.void" and e["round"] == 2]
    primeres, segones = by_kind(events, "round.result")
    assert primeres["settlement"][0]["result"] == "open"
    assert segones["outcome"]["phase"] == "segones" and segones["bets"][0]["id"] == "b1"
    assert segones["settlement"][0]["result"] == "win"
    assert len(by_kind(events, "shoe.loaded")) == 1 and len(by_kind(events, "monte.layout")) == 1
    assert audit(cfg.db).ok
