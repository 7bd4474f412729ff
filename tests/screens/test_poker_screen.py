"""Poker sense descart on the croupier's screen (headless): a whole session played by taps
(terminal/screens/games/poker_stud/script.py) at the table's own carrousel pool and at the casino's
(a real pool server), as a croupier plays it. Its journal verifies; its payouts are the engine's;
the bets refused, the decisions, the hands named, the carrousel and the last five hands are as
the regulation has them (section 11)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.cards.coup import replay
from games.poker_stud.options import CarrouselOptions
from games.records import Bet
from terminal.carrousel_pool import PoolServer
from terminal.runtime.journal.audit import audit
from terminal.screens import kit
from terminal.screens.demo.scratch import scratch_table, screen_session
from terminal.screens.demo.script import choose, open_session
from terminal.screens.games.poker_stud.script import HAND_1, HAND_2, dealt, play_stud_session
from terminal.screens.games.poker_stud.view import StudView
from terminal.screens.texts import Texts
from tests.support.helpers import journal_events

GAME = "poker_stud"
CA = Texts("ca")  # the scratch table's language: amounts as Catalan writes them
CASINO_POOL = 250_000  # what the casino's pool holds when the session opens


def by_kind(events, kind):
    return [e for e in events if e["kind"] == kind]


@pytest.fixture
def casino_pool(tmp_path):
    server = PoolServer("tcp://127.0.0.1:*", tmp_path / "carrousel.sqlite", start=CASINO_POOL)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def play(cfg, size, drawn):
    """The session played; what it returns, the texts of each screen shot, the journal."""
    seen: dict[str, list[str]] = {}
    with screen_session(cfg, size) as driver:
        assert isinstance(driver.app.screens.table.view, StudView)

        def shot(name: str) -> None:
            drawn.clear()
            driver.frame()
            seen[name] = list(drawn)

        played = play_stud_session(driver, shot)
        engine = driver.table.engine
        assert not driver.small, f"targets under a finger's {kit.MIN_TARGET} px: {driver.small}"
        assert not driver.overlapping, f"targets over one another: {driver.overlapping}"
    report = audit(cfg.db)  # every coup dealt again from its cards and decisions, and settled
    assert report.ok, report.summary()
    return played, seen, journal_events(cfg), engine


def engine_settles(engine, events, round_no: int, pool_before: int):
    """The round's coup dealt again by the engine from what its journal says was placed, dealt
    and decided, and settled."""
    in_round = [e for e in events if e["round"] == round_no]
    bets = [Bet.from_json(e["data"]) for e in in_round if e["kind"] == "bet.placed"]
    moves = [
        ("card", e["data"]["place"], e["data"]["card"])
        if e["kind"] == "card.drawn"
        else ("decision", e["data"]["place"], e["data"]["action"])
        for e in in_round
        if e["kind"] in ("card.drawn", "coup.decision")
    ]
    return engine.settle(replay(engine, engine.new_state(pool_before), bets, moves))


def check_payouts(hand, engine, events) -> dict:
    """The payouts sheet the croupier was shown is the engine's settlement, seat by seat."""
    result, sheet = hand["result"], hand["sheet"]
    round_no = next(e["round"] for e in by_kind(events, "round.result") if e["data"] == result)
    settled = engine_settles(engine, events, round_no, result["carrousel"]["pool_before"])
    entries = {s.id: s for s in settled.settlement}
    assert {e["id"]: (e["result"], e["paid"], e["returned"]) for e in result["settlement"]} == {
        i: (s.result, s.paid, s.returned) for i, s in entries.items()
    }
    seats = {bet.seat for bet in settled.bets}
    for seat in seats:
        owed = sum(
            entries[bet.id].paid + entries[bet.id].returned
            for bet in settled.bets
            if bet.seat == seat
        )
        if sheet is None:  # no payouts shown (the closing count came next): nothing to hand
            assert owed == 0, seat
        else:
            assert sheet.seat(seat).total == owed, seat
    totals = result["totals"]
    if sheet is not None:
        assert sheet.total == totals["paid"] + totals["returned"]
        assert sheet.balanced
    return {e["id"]: e for e in result["settlement"]}


@pytest.mark.parametrize(
    ("size", "pool"), [((800, 480), "table"), ((720, 1280), "casino")], ids=["own", "casino"]
)
def test_a_session_played_by_taps_leaves_a_journal_that_verifies(
    tmp_path, request, drawn, size, pool
):
    cfg = scratch_table(GAME, tmp_path)
    start = 0
    if pool == "casino":
        server = request.getfixturevalue("casino_pool")
        cfg, start = replace(cfg, options=CarrouselOptions(server.endpoint)), CASINO_POOL
    played, seen, events, engine = play(cfg, size, drawn)
    hands = played["hands"]
    assert len(hands) == 2 + 5  # two hands, then "les últimes cinc mans"
    for hand in hands:
        check_payouts(hand, engine, events)

    # the fifth bet on box 1 refused, four bets a box at most (IV.2): nothing of it entered
    (refused,) = by_kind(events, "bet.refused")
    assert refused["data"]["why"]["key"] == "stud_box_full"
    assert refused["data"]["bet"]["code"] == "ante:1" and refused["data"]["bet"]["seat"] == 5
    refusal = "Refusat: la casella 1 ja té 4 apostes, el màxim que admet una casella"
    assert refusal in seen["07-box-full-refused"]

    # the first hand: four antes on box 1 by four seats, one on box 3, two coins
    first = hands[0]["result"]
    antes = [b for b in first["bets"] if b["code"] == "ante:1"]
    assert sorted(b["seat"] for b in antes) == [1, 2, 3, 4]
    assert first["outcome"]["bank"] == list(HAND_1["bank"])
    assert [c for _, c in _cards_of(events, 1)] == dealt(HAND_1)
    assert _decisions(events, 1) == [("box:1", "call"), ("box:3", "fold")]
    entries = {e["id"]: e for e in first["settlement"]}
    for bet in first["bets"]:
        entry = entries[bet["id"]]
        if bet["code"] == "ante:1":  # the bank does not play: each ante paid 1 to 1
            assert (entry["result"], entry["paid"]) == ("win", bet["stake"])
        elif bet["code"] == "call:1":  # twice its ante, returned
            ante = next(a for a in antes if bet["id"] == a["id"] + ".call")
            assert bet["stake"] == 2 * ante["stake"]
            assert (entry["result"], entry["returned"]) == ("push", bet["stake"])
        else:  # box 3 folded; the coins join the pool
            assert entry["result"] == "lose"
    assert first["carrousel"] == {
        "pool_before": start,
        "coins": 200,
        "paid_out": 0,
        "pool_after": start + 200,
    }
    assert "Hi vaig · 50,00" in seen["11-decision-box-1"]  # the call: twice the antes
    assert "Passe" in seen["11-decision-box-1"]
    shown = seen["13-result-bank-out"]
    assert "La banca no juga: cartes majors" in shown
    assert {"Parella", "Cartes majors", "Hi va", "Passa", "+25,00", "−25,00"} <= set(shown)

    # the second: the bank plays, the royal flush's coin wins the whole pool, its call 100 to 1
    second = hands[1]["result"]
    assert second["outcome"]["boxes"]["2"] == list(HAND_2["box:2"])
    jackpot = start + 200 + 100
    assert second["carrousel"] == {
        "pool_before": start + 200,
        "coins": 100,
        "paid_out": jackpot,
        "pool_after": 0,
    }
    entries = {e["id"]: e for e in second["settlement"]}
    coin = next(b for b in second["bets"] if b["code"] == "carrousel:2")
    assert entries[coin["id"]] == {
        "id": coin["id"],
        "result": "win",
        "paid": jackpot,
        "returned": 0,
        "against": "pool",
    }
    call = next(b for b in second["bets"] if b["code"] == "call:2")
    assert entries[call["id"]]["paid"] == 100 * call["stake"]
    assert all(
        entries[b["id"]]["result"] == "lose" for b in second["bets"] if b["code"].endswith(":5")
    )
    shown = seen["16-result-bank-plays"]
    assert "Escala reial de color" in shown and "Parella" in shown
    assert f"+{CA.money(jackpot)}" in shown  # beside box 2's coin
    assert any(s.startswith("La banca juga: parella") for s in shown)
    # the players' display: the pool as the table last saw it, the last hands named
    shown = seen["17-players-display"]
    assert "CARROUSEL" in shown and CA.money(0) in shown
    assert {"Parella", "La banca juga", "Cartes majors", "La banca no juga"} <= set(shown)
    assert CA.money(jackpot) in shown

    # the close: the last five hands announced and played, then the count signed by three
    opened = [e["data"].get("last_rounds_left") for e in by_kind(events, "round.open")]
    assert opened == [None, None, 5, 4, 3, 2, 1]
    calls = [e["data"]["text"]["ca"] for e in by_kind(events, "announcement")]
    assert "Les últimes cinc mans" in calls
    assert "Les últimes mans: 1 de 5" in seen["18-last-hands"]
    assert by_kind(events, "table.close")
    (count,) = by_kind(events, "float.count")
    roles = [
        e["data"]["role"] for e in by_kind(events, "sign") if e["data"]["what"] == count["seq"]
    ]
    assert sorted(roles) == ["cashier", "croupier", "games_director"]
    if pool == "casino":  # the casino's pool is the one the table settled its coins with
        last = hands[-1]["result"]["carrousel"]
        assert server.pool == last["pool_after"]


def _cards_of(events, round_no):
    return [
        (e["data"]["place"], e["data"]["card"])
        for e in by_kind(events, "card.drawn")
        if e["round"] == round_no
    ]


def _decisions(events, round_no):
    return [
        (e["data"]["place"], e["data"]["action"])
        for e in by_kind(events, "coup.decision")
        if e["round"] == round_no
    ]


def test_the_last_ante_taken_back_takes_its_boxs_coin_with_it(tmp_path):
    cfg = scratch_table(GAME, tmp_path)
    with screen_session(cfg, (800, 480)) as driver:
        open_session(driver, lambda name: None)
        driver.press("open_round")
        driver.until(lambda: driver.model.state.round_status == "open", "bets open")
        view, table = driver.app.screens.table.view, driver.table
        minimum = table.setup.limits.min
        choose(driver, seat=1, chip=minimum)
        view.tap_code("ante:1")
        table.post_bet(Bet("coin", 1, "carrousel:1", table.rules.coin))  # not the screen's
        driver.until(lambda: len(driver.model.current.bets) == 2, "the ante and its coin")
        ante = next(b["id"] for b in driver.model.current.bets if b["code"] == "ante:1")
        assert view.taken_back("coin") == ["coin"]
        assert view.taken_back(ante) == ["coin", ante]
        driver.press("take_back")
        driver.until(lambda: not driver.model.current.bets, "both taken back")
    cancelled = [e["data"]["bet"] for e in by_kind(journal_events(cfg), "bet.cancelled")]
    assert cancelled == ["coin", ante]
