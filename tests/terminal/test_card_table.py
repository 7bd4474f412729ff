"""Card games at the table: coups dealt from the shoe card by card, checked against the shoe,
journaled as they are dealt and settled again by `journal verify`; the shoe's faults and the
misdeals; poker's carrousel pool shared by the tables of a casino."""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import threading
import time

import pytest

from drivers.emulators.shoe_board import ShoeBoardEmulator
from games.records import Bet
from terminal.assemble import assemble
from terminal.carrousel_pool import PoolServer
from terminal.config import load_table_config
from terminal.feed.router import Refused, RouterClient
from terminal.runtime.journal.audit import audit
from terminal.runtime.loop.state import TableState
from terminal.runtime.simulation.players import SimPlayers
from tests.support.helpers import (
    REPO,
    journal_events,
    quiet,
    stack_after_each_new_shoe,
    wait_for,
    write_config,
)
from tests.support.rounds import ScriptedPlayers
from tests.support.shoe_backends import BOARD_TIME_SCALE as SHOE_TIME_SCALE


def by_kind(events, kind):
    return [e for e in events if e["kind"] == kind]


def poker_config(tmp_path, extra="", table_id="PK-T1"):
    return load_table_config(
        write_config(
            tmp_path, game="poker_stud", table_id=table_id, extra=extra, shoe="sim://shoe?deal=0"
        )
    )


@pytest.mark.parametrize(
    "game, closing",
    [
        ("poker_stud", "the last five hands"),
        ("blackjack", "the last shoe: the coup in which the cut card came out"),
    ],
)
def test_a_simulated_session_deals_settles_and_verifies(tmp_path, game, closing):
    cfg = load_table_config(write_config(tmp_path, game=game, shoe="sim://shoe?deal=0"))
    with assemble(cfg, quiet(sim=True, seed=5)) as table:
        settled = table.run(rounds=12)
        live = table.state
    events = journal_events(cfg)
    results = [e["data"] for e in by_kind(events, "round.result")]
    assert len(results) == settled and any(r["settlement"] for r in results)
    assert results[-1]["last_round"] and not any(r["last_round"] for r in results[:-1])
    if cfg.game == "poker_stud":
        assert settled == 12
    else:
        assert settled > 12 and live.own.shoe.cut_out  # played on to the cut card
        last_result = by_kind(events, "round.result")[-1]["seq"]
        assert any(e["kind"] == "shoe.cut_card" for e in events if e["seq"] < last_result)
    drawn = by_kind(events, "card.drawn")
    assert drawn and all(len(e["data"]["card"]) == 2 for e in drawn)
    count = by_kind(events, "float.count")[0]["data"]
    assert count["result"] == live.house_net
    assert TableState.replay(cfg.id, cfg.game, events) == live
    assert audit(cfg.db).ok


def test_a_royal_flush_wins_the_whole_carrousel_pool(tmp_path):
    cfg = poker_config(tmp_path)
    royal = (
        "AS",
        "2C",
        "KS",
        "3D",
        "QS",
        "4H",
        "JS",
        "7C",
        "TS",
        "9D",
    )  # box 1 and the bank in turn
    with assemble(cfg, quiet(sim=True)) as table:
        table.rounds.carrousel.pool = 500_000  # the casino's pool as this table finds it
        table.players = ScriptedPlayers({1: [(1, "ante:1", 500), (1, "carrousel:1", 100)]})
        stack_after_each_new_shoe(table.device, *royal)
        table.run(rounds=1)
    events = journal_events(cfg)
    result = by_kind(events, "round.result")[0]["data"]
    coin = next(s for s in result["settlement"] if s["id"] == "r1s1carrousel:1")
    assert coin["result"] == "win" and coin["paid"] == 500_100 and coin["returned"] == 0
    assert result["carrousel"] == {
        "pool_before": 500_000,
        "coins": 100,
        "paid_out": 500_100,
        "pool_after": 0,
    }
    assert by_kind(events, "carrousel.pool")[0]["data"]["pool_before"] == 500_000
    # the jackpot comes out of the casino's pool, not the table's float
    count = by_kind(events, "float.count")[0]["data"]
    assert count["result"] == result["totals"]["house_net"] - (100 - 500_100)
    assert audit(cfg.db).ok


def test_two_tables_feed_one_casino_pool(tmp_path):
    server = PoolServer("tcp://127.0.0.1:*", tmp_path / "carrousel.sqlite", start=10_000)
    server.start()
    try:
        journals = []
        for name in ("a", "b"):
            directory = tmp_path / name
            directory.mkdir()
            cfg = poker_config(
                directory,
                extra=f'\n[carrousel]\nendpoint = "{server.endpoint}"\n',
                table_id=f"PK-{name}",
            )
            coins = {
                n: [(s, "ante:" + str(s), 500) for s in (1, 2)]
                + [(s, "carrousel:" + str(s), 100) for s in (1, 2)]
                for n in range(1, 5)
            }
            with assemble(cfg, quiet(sim=True, seed=len(name))) as table:
                table.players = ScriptedPlayers(coins)
                table.run(rounds=4)
            journals.append(journal_events(cfg))
            assert audit(cfg.db).ok
        pools = [r["data"]["carrousel"] for j in journals for r in by_kind(j, "round.result")]
        assert [p["pool_before"] for p in pools] == [
            10_000 + 200 * n for n in range(8)
        ]  # no jackpot in 8 coups
        assert server.pool == pools[-1]["pool_after"] == 10_000 + 8 * 200
    finally:
        server.stop()


def test_the_casino_pool_answers_a_repeated_request_once_and_cancels(tmp_path):
    server = PoolServer("tcp://127.0.0.1:*", tmp_path / "carrousel.sqlite", start=1_000)
    coin = {"id": "c1", "seat": 1, "code": "carrousel:1", "stake": 100, "hand": "pair"}
    ask = {
        "op": "settle",
        "table": "PK-1",
        "round": 7,
        "share": "1/10",
        "chip_unit": 100,
        "coins": [coin],
    }
    first = server.answer(ask)
    assert first == {
        "op": "settled",
        "pool_before": 1_000,
        "coins": 100,
        "paid_out": 0,
        "pool_after": 1_100,
    }
    # a lost reply asked again: no second movement
    assert server.answer(ask) == first and server.pool == 1_100
    assert server.answer({"op": "cancel", "table": "PK-1", "round": 7})["pool_after"] == 1_000
    with pytest.raises(Refused, match=r"^unknown op 'fly' \(settle, cancel, pool\)$"):
        server.answer({"op": "fly"})
    server.stop()


def test_the_casino_pool_refuses_a_bad_request_over_the_wire_and_goes_on(tmp_path):
    server = PoolServer("tcp://127.0.0.1:*", tmp_path / "carrousel.sqlite", start=1_000)
    server.start()
    client = RouterClient(server.endpoint, "the carrousel pool", timeout=5)
    try:
        with pytest.raises(Refused, match=r"^bad request: KeyError\('table'\)$"):
            client.ask({"op": "settle", "round": 7})
        with pytest.raises(Refused, match="^unknown op 'fly'"):
            client.ask({"op": "fly"})
        assert client.ask({"op": "pool"}) == {"op": "pool", "pool": 1_000}
    finally:
        client.close()
        server.stop()


def test_carrousel_serve_stops_on_sigterm_and_keeps_its_pool_across_a_restart(tmp_path):
    db, endpoint = tmp_path / "carrousel.sqlite", f"ipc://{tmp_path}/carrousel"
    coin = {"id": "c1", "seat": 1, "code": "carrousel:1", "stake": 100, "hand": "pair"}
    settle = {
        "op": "settle",
        "table": "PK-1",
        "round": 1,
        "share": "1/10",
        "chip_unit": 100,
        "coins": [coin],
    }
    pools = []
    for ask in (settle, {"op": "pool"}):
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "terminal.cli",
                "carrousel",
                "serve",
                "--bind",
                endpoint,
                "--db",
                str(db),
                "--start",
                "5000",
            ],
            cwd=REPO,
            stderr=subprocess.PIPE,
            text=True,
        )
        client = RouterClient(endpoint, "the carrousel pool", timeout=20)
        try:
            pools.append(client.ask(ask))
        finally:
            client.close()
            server.send_signal(signal.SIGTERM)
            _, err = server.communicate(timeout=20)
        assert server.returncode == 0 and "Traceback" not in err, err
        assert err.startswith(f"carrousel pool on {endpoint}: 5")
    assert pools == [
        {"op": "settled", "pool_before": 5_000, "coins": 100, "paid_out": 0, "pool_after": 5_100},
        {"op": "pool", "pool": 5_100},
    ]


def test_a_card_the_shoe_cannot_hold_voids_the_coup(tmp_path):
    cfg = poker_config(tmp_path)
    with assemble(cfg, quiet(sim=True)) as table:
        table.players = ScriptedPlayers({n: [(1, "ante:1", 500)] for n in (1, 2, 3)})
        deal = table.device.deal
        dealt = []

        def deal_twice_the_ace():  # the reader reports the ace of spades twice in one deck
            dealt.append(1)
            if len(dealt) == 2:
                # the same card again, as a faulty reader would
                table.device._emit(table.device.history[-1])
            else:
                deal()

        table.device.deal = deal_twice_the_ace
        table.run(rounds=2)
    events = journal_events(cfg)
    fault = by_kind(events, "fault")[0]["data"]
    assert fault["code"] == "card_count_exceeded" and fault["device"] == "shoe"
    assert "shoe integrity" in by_kind(events, "round.void")[0]["data"]["reason"]
    assert len(by_kind(events, "round.result")) == 2  # the table went on
    assert audit(cfg.db).ok


@pytest.mark.parametrize("game", ["punto_banco", "trente_quarante"])
def test_the_games_without_decisions_deal_settle_and_verify(tmp_path, game):
    cfg = load_table_config(write_config(tmp_path, game=game, shoe="sim://shoe?deal=0"))
    with assemble(cfg, quiet(sim=True, seed=8)) as table:
        settled = table.run(rounds=30)
        live = table.state
    events = journal_events(cfg)
    results = [e["data"] for e in by_kind(events, "round.result")]
    assert len(results) == settled >= 30
    # the session's last round: a result, or trente et quarante's red card that voids the coup
    # of the last cut (05 IV) when nothing is in prison
    last = [e for e in events if e["kind"] in ("round.result", "round.void")][-1]
    assert last["data"]["last_round"]
    assert by_kind(events, "float.count")[0]["data"]["result"] == live.house_net
    assert TableState.replay(cfg.id, cfg.game, events) == live
    assert audit(cfg.db).ok


def test_the_croupier_enters_bets_and_decisions(tmp_path):
    """No simulated players: the croupier's screen posts bets and decisions from its own
    thread; the table takes a decision while the coup asks for it (`asked`), refusing what the
    rules do not allow, and refuses at once a decision nobody asked for: never kept for later."""
    cfg = load_table_config(write_config(tmp_path, game="blackjack"))
    with assemble(cfg, quiet()) as table:
        burnt = ("2C", "3C", "4C", "5C", "6C")
        # box 17, dealer 9 then 8
        stack_after_each_new_shoe(table.device, *burnt, "TS", "9H", "7D", "8S")
        table.on_round = lambda event: table.control.request_stop()

        def croupier():
            wait_for(lambda: table.state.round_status == "open", "a round open", 30)
            # nothing is dealt yet: refused, not kept for the coup
            table.post_decision("box:1", "stand")
            table.post_bet(Bet("b1", 1, "box:1", 1000))
            table.post_bet(Bet("b2", 2, "box:9", 1000))
            wait_for(lambda: table.rounds.asked is not None, "a decision asked", 30)
            assert table.rounds.asked.place == "box:1" and "stand" in table.rounds.asked.options
            table.post_decision("box:2", "stand")  # not the box asked
            table.post_decision("box:1", "split")  # not a pair: refused, the table asks again
            for _ in range(3):
                table.post_decision("box:1", "stand")  # a triple tap: one decision, two refused

        screen = threading.Thread(target=croupier)
        screen.start()
        assert table.run() == 1
        screen.join()
    events = journal_events(cfg)
    assert [e["data"]["card"] for e in by_kind(events, "card.burnt")] == list(burnt)
    refused = by_kind(events, "bet.refused")[0]["data"]
    assert refused["bet"]["id"] == "b2" and "box:9" in refused["reason"]
    refusals = [e["data"]["detail"] for e in by_kind(events, "fault")]
    assert [e["data"]["code"] for e in by_kind(events, "fault")] == ["decision_refused"] * 5
    assert "box:1 stand: no decision of box:1 is asked now" in refusals[0]
    assert (
        "box:2 stand: no decision of box:2 is asked now: the coup waits for box:1's" in refusals[1]
    )
    assert refusals[2].startswith("box:1 split: ")
    assert all("no decision of box:1 is asked now" in r for r in refusals[3:])
    assert [e["data"] for e in by_kind(events, "coup.decision")] == [
        {"place": "box:1", "action": "stand"}
    ]
    result = by_kind(events, "round.result")[0]["data"]
    assert result["outcome"]["dealer"] == ["9H", "8S"] and result["outcome"]["hands"]["box:1"] == [
        "TS",
        "7D",
    ]
    assert result["settlement"] == [{"id": "b1", "result": "push", "paid": 0, "returned": 1000}]
    assert audit(cfg.db).ok


def test_a_punto_banco_table_deals_from_the_shoe_reader_board(tmp_path):
    with ShoeBoardEmulator(tmp_path / "shoe-reader", seed=3, time_scale=SHOE_TIME_SCALE) as board:
        cfg = load_table_config(write_config(tmp_path, game="punto_banco", shoe=board.url))
        with assemble(cfg, quiet()) as table:  # the board itself, with simulated players
            table.players = SimPlayers(
                random.Random(4), table.rules.codes(), seats=4, max_bets=2, buyin=100
            )
            assert table.run(rounds=6) == 6
    events = journal_events(cfg)
    assert len(by_kind(events, "round.result")) == 6 and by_kind(events, "shoe.loaded")
    assert not by_kind(events, "fault")
    assert audit(cfg.db).ok


def test_a_card_drawn_out_of_turn_is_a_fault_and_put_aside(tmp_path):
    """The croupier slides a card out between coups: never taken for the next coup's card."""
    with ShoeBoardEmulator(tmp_path / "shoe-reader", seed=3, time_scale=SHOE_TIME_SCALE) as board:
        cfg = load_table_config(write_config(tmp_path, game="punto_banco", shoe=board.url))
        with assemble(cfg, quiet()) as table:
            table.players = SimPlayers(
                random.Random(4), table.rules.codes(), seats=4, max_bets=2, buyin=100
            )

            def slide_one_out(
                event,
            ):  # between coups 1 and 2, well before the next card is asked for
                if event["round"] == 1:
                    board.deal_unasked("KH")
                    time.sleep(0.3)

            table.on_round = slide_one_out
            assert table.run(rounds=6) == 6
    events = journal_events(cfg)
    assert any(e["data"]["code"] == "card_out_of_turn" for e in by_kind(events, "fault"))
    assert {"card": "KH", "reason": "drawn out of turn"} in [
        e["data"] for e in by_kind(events, "card.discarded")
    ]
    coup_cards = [e["data"]["card"] for e in by_kind(events, "card.drawn") if e["round"] == 2]
    assert "KH" not in coup_cards[:1]  # the coup after it starts with a card asked for
    assert audit(cfg.db).ok


def test_a_trente_et_quarante_prisoner_stays_in_prison_through_a_void_coup(tmp_path):
    """docs/bets.md: a bet in prison after a refait has result `prison` in every coup until it
    ends, a coup void by equal totals included, and meets no refait there: the table's state,
    its restart and `journal verify` keep its value."""
    cfg = load_table_config(
        write_config(tmp_path, game="trente_quarante", shoe="sim://shoe?deal=0")
    )
    refait = ("TS", "TH", "TD", "AS", "TC", "KS", "KH", "AH")  # noir 31, rouge 31
    equal = ("QS", "QH", "QD", "3S", "QC", "JS", "JH", "3H")  # 33 each: void
    decided = ("JD", "JC", "9S", "KD", "KC", "QS", "9H", "2S")  # noir 39, rouge 31: rouge wins
    with assemble(cfg, quiet()) as table:
        table.players = ScriptedPlayers(
            {1: [(1, "rouge", 1000)], 2: [(2, "noir", 500)], 3: [(2, "noir", 500)]}
        )
        stack_after_each_new_shoe(table.device, *refait, *equal, *decided)
        table.on_round = lambda event: event["round"] == 3 and table.control.request_stop()
        assert table.run() == 3
        live = table.state
    results = [e["data"] for e in by_kind(journal_events(cfg), "round.result")]
    prisoner = [
        {s["id"]: s["result"] for s in r["settlement"]}.get("r1s1rouge") for r in results[:3]
    ]
    assert prisoner == ["prison", "prison", "push"]
    assert [b for b in results[1]["bets"] if b["id"] == "r1s1rouge"][0][
        "prison"
    ] == 1  # no refait met
    assert [b for b in results[2]["bets"] if b["id"] == "r1s1rouge"][0] == {
        "id": "r1s1rouge",
        "seat": 1,
        "code": "rouge",
        "stake": 1000,
        "prison": 1,
        "value": 1000,
    }
    assert {s["id"]: s for s in results[2]["settlement"]}["r1s1rouge"]["returned"] == 1000
    assert TableState.replay(cfg.id, cfg.game, journal_events(cfg)) == live
    assert audit(cfg.db).ok


def test_a_coup_with_only_prisoners_on_the_layout_is_dealt(tmp_path):
    """A bet in prison ends only in a coup dealt: with no new bet, the coup is dealt for it
    (not void for "no bets"), as the closing's coups after the last cut must be."""
    cfg = load_table_config(
        write_config(tmp_path, game="trente_quarante", shoe="sim://shoe?deal=0")
    )
    refait = ("TS", "TH", "TD", "AS", "TC", "KS", "KH", "AH")  # noir 31, rouge 31
    decided = ("JD", "JC", "9S", "KD", "KC", "QS", "9H", "2S")  # noir 39, rouge 31: rouge wins
    with assemble(cfg, quiet()) as table:
        table.players = ScriptedPlayers({1: [(1, "rouge", 1000)]})  # no bet in coup 2
        stack_after_each_new_shoe(table.device, *refait, *decided)
        table.on_round = lambda event: event["round"] == 2 and table.control.request_stop()
        assert table.run() == 2
    events = journal_events(cfg)
    assert not by_kind(events, "round.void")
    second = by_kind(events, "round.result")[1]["data"]
    assert [(s["id"], s["result"]) for s in second["settlement"]] == [("r1s1rouge", "push")]
    assert audit(cfg.db).ok


def test_a_coup_nobody_bet_on_is_void_without_a_misdeal_called(tmp_path):
    cfg = poker_config(tmp_path)
    with assemble(cfg, quiet()) as table:
        table.players = ScriptedPlayers({2: [(1, "ante:1", 500)]})  # nobody bets on the first coup
        table.on_round = lambda event: table.control.request_stop()
        assert table.run() == 1
    events = journal_events(cfg)
    void = by_kind(events, "round.void")[0]
    assert void["round"] == 1 and void["data"]["reason"] == "no bets: nothing was dealt"
    assert not [
        e
        for e in by_kind(events, "announcement")
        if e["round"] == 1 and e["data"]["key"] == "misdeal"
    ]
    assert by_kind(events, "round.result")[0]["round"] == 2
