"""Blackjack on the croupier's screen (terminal/screens/games/blackjack/view.py): a whole session
played by taps at a scratch table whose shoe is the screen, headless, every card entered by
hand; its journal verifies, the payouts screens hand over what the engine settles, every
refusal went through the table; and the boxes, hands and totals the view shows, worked out
from the engine's own coups."""

from __future__ import annotations

from collections import defaultdict

import pytest

from games.blackjack.bet import BlackjackBet
from games.blackjack.engine import BlackjackEngine
from games.blackjack.rules import BlackjackRules
from games.cards.coup import replay
from terminal.runtime.journal.audit import audit
from terminal.screens import kit
from terminal.screens.demo.scratch import scratch_table, screen_session
from terminal.screens.games import screens_of
from terminal.screens.games.blackjack.hands import of_coup, of_result, of_void
from terminal.screens.games.blackjack.script import play_blackjack_session
from terminal.screens.games.blackjack.view import DECISIONS, BlackjackView
from terminal.screens.texts import catalogue
from tests.support.helpers import journal_events
from tests.support.rulebook_files import profile_path, read_profile

GAME = "blackjack"


def by_kind(events, kind):
    return [e for e in events if e["kind"] == kind]


def engine_settled(engine, events, round_no):
    """The round settled again by the table's engine from its journaled bets, cards and
    decisions: the result, and what each seat is handed (winnings and stakes returned)."""
    bets = [
        BlackjackBet.from_json(e["data"])
        for e in by_kind(events, "bet.placed")
        if e["round"] == round_no
    ]
    moves = [
        ("card", e["data"]["place"], e["data"]["card"])
        if e["kind"] == "card.drawn"
        else ("decision", e["data"]["place"], e["data"]["action"])
        for e in events
        if e["round"] == round_no and e["kind"] in ("card.drawn", "coup.decision")
    ]
    result = engine.settle(replay(engine, engine.new_state(), bets, moves))
    seats: dict[int, int] = defaultdict(int)
    for bet, entry in zip(result.bets, result.settlement):
        seats[bet.seat] += entry.paid + entry.returned
    return result, {seat: money for seat, money in seats.items() if money}


def profile_engine() -> BlackjackEngine:
    rules = BlackjackRules.from_dict(read_profile(profile_path(GAME)), "blackjack.toml")
    return BlackjackEngine(rules, rules.limits(500, 50))


@pytest.mark.parametrize("size", [(800, 480), (720, 1280), (1920, 1080)])
def test_a_blackjack_session_played_by_taps_leaves_a_journal_that_verifies(tmp_path, size):
    cfg = scratch_table(GAME, tmp_path)
    with screen_session(cfg, size) as driver:
        played = play_blackjack_session(driver)
        engine = driver.table.engine
        assert isinstance(driver.app.screens.table.view, BlackjackView)
        assert not driver.small, f"targets under a finger's {kit.MIN_TARGET} px: {driver.small}"
        assert not driver.overlapping, f"targets over one another: {driver.overlapping}"
    report = audit(cfg.db)  # every coup dealt again from its cards and decisions
    assert report.ok, report.summary()
    events = journal_events(cfg)
    # the payouts screens hand over what the engine settles, seat by seat
    for coup, round_no in ((played["first"], 1), (played["last"], 3)):
        sheet, result = coup["sheet"], coup["result"]
        assert sheet.balanced
        assert sheet.total == result["totals"]["paid"] + result["totals"]["returned"]
        settled, seats = engine_settled(engine, events, round_no)
        assert result["settlement"] == [entry.to_json() for entry in settled.settlement]
        assert {seat.seat: seat.total for seat in sheet.seats if seat.total} == seats


def test_the_session_plays_the_game_s_own_moments(tmp_path):
    cfg = scratch_table(GAME, tmp_path)
    with screen_session(cfg, (800, 480), language="en") as driver:
        played = play_blackjack_session(driver)
    events = journal_events(cfg)
    data = lambda kind: [e["data"] for e in by_kind(events, kind)]  # noqa: E731
    # bets by several seats, a player behind box 1, and one refused over the box's maximum
    placed = [(b["seat"], b["code"]) for b in data("bet.placed")]
    assert (8, "box:1") in placed and (11, "box:4") in placed
    (refused,) = data("bet.refused")
    assert refused["bet"]["code"] == "box:5" and refused["why"]["key"] == "blackjack_box_over_max"
    # the new shoe loaded between coups, before the first call for bets, and its five burnt
    # cards counted face down (unread), before the first card dealt
    shoe = data("shoe.loaded")
    assert len(shoe) == 1 and shoe[0]["burn"] == 5
    seqs = {kind: [e["seq"] for e in by_kind(events, kind)] for kind in ("round.open",)}
    (loaded,) = by_kind(events, "shoe.loaded")
    assert loaded["round"] is None and loaded["seq"] < seqs["round.open"][0]
    burnt = by_kind(events, "card.burnt")
    assert [(e["data"]["card"], e["data"]["entered_by"]) for e in burnt] == [(None, "C-07")] * 5
    assert all(e["seq"] < seqs["round.open"][0] for e in burnt)
    assert all(c["entered_by"] == "C-07" for c in data("card.drawn"))
    # the split, the doubles (the ace of a doubled 10 counts one), the dealer's bust
    first = played["first"]["result"]
    assert set(first["outcome"]["hands"]) == {"box:1", "box:1.2", "box:3", "box:5"}
    doubled = sorted((b["code"], b["seat"], b["stake"]) for b in first["bets"] if b.get("doubled"))
    assert doubled == [("box:1", 1, 1000), ("box:1", 8, 2000), ("box:3", 3, 1000)]
    split = sorted((b["seat"], b["stake"]) for b in first["bets"] if b["code"] == "box:1.2")
    assert split == [(1, 500), (8, 1000)]
    shown = of_result(first)
    assert shown.hand("box:3").total == 11 and shown.hand("box:1.2").total == 20
    assert shown.dealer_hand.bust
    # the refused decision: the stand tapped twice, the second refused with its reason
    faults = [f for f in data("fault") if f["code"] == "decision_refused"]
    assert len(faults) == 1 and faults[0]["why"]["key"] == "decision_refused"
    # only the options the rules allow, box by box
    (first_asked, *_) = played["offered"]  # the pair of eights: no double on 16
    assert first_asked == ("box:1", ["decide:hit", "decide:stand", "decide:split"])
    asked = {(place, tuple(names)) for place, names in played["offered"]}
    assert ("box:1", ("decide:hit", "decide:stand", "decide:double")) in asked  # 8 + 3
    assert ("box:2", ("decide:insurance", "decide:no_insurance")) in asked
    assert ("box:1.2", ("decide:hit", "decide:stand", "decide:double")) in asked
    assert ("box:5", ("decide:hit", "decide:stand")) in asked
    # the insured coup voided by a misdeal: its stakes returned, the insurance with them
    (void,) = [v for v in data("round.void") if v["returned"]]
    assert "misdeal declared by C-07" in void["reason"]
    assert sorted((b["code"], b["stake"]) for b in void["returned"]) == [
        ("box:2", 500),
        ("box:4", 500),
        ("box:4", 1000),
        ("insurance:2", 250),
    ]
    # the close: the last shoe announced, its cut card out, the coup it came in the last
    keys = [a["key"] for a in data("announcement")]
    assert "last_shoe" in keys and "cut_card" in keys
    assert len(data("shoe.cut_card")) == 1
    last = played["last"]["result"]
    assert last["last_round"] is True
    assert last["announcement"]["key"] == "dealer_blackjack"
    insurance = [e for e in last["settlement"] if e["id"].endswith(".ins")]
    assert [e["result"] for e in insurance] == ["win"]
    assert data("float.count") and data("table.close")


# the taps each scripted coup's card entry takes at most (the shoe and its burnt cards, the
# cards and decisions of the deal), as the session counts them; before the deal screen they took
# 19 + 54, 21 and 24: coup 1 is a split and two doubles over three boxes
TAPS_AT_MOST = {1: {"shoe": 2, "deal": 27}, 2: {"deal": 12}, 3: {"deal": 12}}


def test_a_coup_s_cards_are_entered_in_half_the_taps(tmp_path):
    cfg = scratch_table(GAME, tmp_path)
    with screen_session(cfg, (800, 480)) as driver:
        taps = play_blackjack_session(driver)["taps"]
    assert audit(cfg.db).ok
    first = taps[1]
    assert first["shoe"] + first["deal"] <= 33, first
    for coup, parts in TAPS_AT_MOST.items():
        for part, most in parts.items():
            assert taps[coup][part] <= most, (coup, taps[coup])


def test_the_view_shows_each_box_s_hands_as_the_engine_plays_them():
    engine = profile_engine()
    bets = [
        BlackjackBet("a", 1, "box:1", 500),
        BlackjackBet("b", 8, "box:1", 1000),  # behind box 1
        BlackjackBet("c", 3, "box:3", 500),
    ]
    coup = engine.start(engine.new_state(), bets)
    for card in ("8S", "AH", "AC", "8D", "6S"):  # box 1, box 3, the dealer's ace, box 1, box 3
        coup = engine.card(coup, card)
    shown = of_coup(coup, engine.need(coup), bets)
    assert shown.asked is not None and shown.asked.options == ("insurance", "no_insurance")
    assert shown.dealer_hand.soft and shown.dealer_hand.total == 11
    assert shown.hand("box:3").soft and shown.hand("box:3").total == 17
    assert [b["seat"] for b in shown.box(1).bets] == [1, 8] and shown.box(1).held == 1500
    for place, action in (("box:1", "insurance"), ("box:3", "no_insurance"), ("box:1", "split")):
        coup = engine.decide(coup, place, action)
    shown = of_coup(coup, engine.need(coup), bets)
    box = shown.box(1)
    assert [hand.place for hand in box.hands] == ["box:1", "box:1.2"]
    assert [hand.cards for hand in box.hands] == [("8S",), ("8D",)]
    assert [hand.staked for hand in box.hands] == [1500, 1500]
    assert box.insured == 750 and shown.due == "box:1"
    # a void coup returns the stakes as they stand: the split's bets, the insurances
    void = {"returned": [b.to_json() for b in engine.staked(coup)]}
    shown = of_void(void, coup, bets)
    assert shown.phase == "void"
    assert sum(hand.returned for hand in shown.box(1).hands) == 3000
    assert shown.box(1).insurance_returned == 750


def test_the_blackjack_view_is_the_game_s_and_its_texts_are_in_every_language():
    assert screens_of(GAME).view is BlackjackView
    for action in DECISIONS:
        assert f"bj_decide_{action}" in catalogue()
    for key, texts in catalogue().items():
        if key.startswith("bj_"):
            assert len(texts) == 3 and all(text.strip() for text in texts), key
