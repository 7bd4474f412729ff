import tomllib
from pathlib import Path

import pytest

from games.banking import SpinResult, VoidResult
from games.blackjack.bet import BlackjackBet
from games.fortune_wheel.engine import FortuneWheelEngine, FortuneWheelState
from games.fortune_wheel.rules import FortuneWheelRules
from games.prison import PrisonBet
from games.records import Bet, BetRefused, Totals
from games.rulebook import load_rules

RULEBOOKS = Path(__file__).resolve().parents[2] / "config" / "rulebooks"
PAYS = {
    "sym:1": 1,
    "sym:2": 2,
    "sym:5": 5,
    "sym:10": 10,
    "sym:20": 20,
    "joker:1": 45,
    "joker:2": 45,
}


def bet(id, code, stake=500, seat=1, **kw):
    return Bet(id, seat, code, stake, **kw)


def by_id(result):
    return {entry.id: entry for entry in result.settlement}


@pytest.fixture
def rules() -> FortuneWheelRules:
    return load_rules(RULEBOOKS, "valencia-1994", "fortune_wheel")


@pytest.fixture
def engine(rules) -> FortuneWheelEngine:
    return FortuneWheelEngine(rules, rules.limits(500, 100))


def wheel() -> list[str]:
    with (RULEBOOKS / "valencia-1994" / "fortune_wheel.toml").open("rb") as f:
        return tomllib.load(f)["segments"]


# --- every code on every segment ----------------------------------------------------------------


@pytest.mark.parametrize(("segment", "symbol"), list(enumerate(wheel())))
def test_every_bet_wins_exactly_on_its_symbol_with_its_payout(engine, segment, symbol):
    stake = 1500
    bets = [bet(code, code, stake) for code in PAYS]
    result = engine.settle(engine.new_state(), bets, {"segment": segment, "symbol": symbol})
    entries = by_id(result)
    for code, pays in PAYS.items():
        entry = entries[code]
        if code == symbol:
            assert (entry.result, entry.paid, entry.returned, entry.breakage) == (
                "win",
                stake * pays,
                stake,
                0,
            )
        else:
            assert (entry.result, entry.paid, entry.returned, entry.breakage) == (
                "lose",
                0,
                0,
                0,
            ), code
    assert result.totals == Totals(staked=stake * 7, paid=stake * PAYS[symbol], returned=stake)
    assert [e.id for e in result.settlement][-1] == symbol  # the losers are collected first
    assert result.outcome == {"segment": segment, "symbol": symbol}
    assert result.state == FortuneWheelState(last_segment=segment)


def test_the_two_jokers_are_distinct_bets(engine, rules):
    joker2 = rules.segments.index("joker:2")
    result = engine.settle(
        engine.new_state(),
        [bet("a", "joker:1"), bet("b", "joker:2")],
        {"segment": joker2, "symbol": "joker:2"},
    )
    assert [(e.id, e.result, e.paid) for e in result.settlement] == [
        ("a", "lose", 0),
        ("b", "win", 22_500),
    ]


def test_a_spin_reports_its_announcement(engine):
    result = engine.settle(
        FortuneWheelState(), [bet("a", "sym:20")], {"segment": 15, "symbol": "sym:20"}
    )
    assert isinstance(result, SpinResult)
    assert result.announcement.to_json() == {
        "key": "result",
        "text": {"ca": "Guanya el 20", "es": "Gana el 20", "en": "20 wins"},
    }
    assert result.totals.house_net == -10_000


@pytest.mark.parametrize(
    ("outcome", "match"),
    [
        ({"segment": 0, "symbol": "sym:1"}, "segment 0 bears joker:1, not 'sym:1'"),
        ({"segment": 1, "symbol": "joker:1"}, "segment 1 bears sym:1, not 'joker:1'"),
        ({"segment": 1, "symbol": "1"}, "not '1'"),
        ({"segment": 1}, "not None"),
        ({"segment": 54, "symbol": "sym:1"}, "no segment 54 on the wheel"),
        ({"segment": -1, "symbol": "sym:2"}, "no segment -1"),
        ({"segment": "3", "symbol": "sym:1"}, "no segment '3'"),
        ({"symbol": "sym:1"}, "no segment None"),
    ],
)
def test_an_outcome_that_disagrees_with_the_wheel_is_an_error(engine, outcome, match):
    with pytest.raises(ValueError, match=match):
        engine.settle(engine.new_state(), [bet("a", "sym:1")], outcome)


def test_the_last_round_settles_the_same(engine):
    bets = [bet("a", "sym:2"), bet("b", "sym:1")]
    outcome = {"segment": 2, "symbol": "sym:2"}
    assert engine.settle(engine.new_state(), bets, outcome, last_round=True) == engine.settle(
        engine.new_state(), bets, outcome
    )


# --- refusals ------------------------------------------------------------------------------------

# Per player: 100 minimums on a symbol (50,000), 50 on a joker (25,000).
ACCEPTED = [
    bet("s1", "sym:20", 49_000),
    bet("j1", "joker:1", 25_000),
    bet("j2", "joker:2", 500, seat=2),
]


@pytest.mark.parametrize(
    ("new", "reason"),
    [
        (bet("x", "sym:3"), "unknown bet"),
        (bet("x", "joker"), "unknown bet"),
        (bet("x", "joker:3"), "unknown bet"),
        (bet("x", "Joker:1"), "write joker:1"),
        (bet("x", "sym:1", 0), "positive whole amount"),
        (bet("x", "sym:1", 250), "2.50 is below the table minimum of 5.00"),
        (bet("x", "sym:1", 750), "7.50 is not a multiple of the table minimum of 5.00"),
        (bet("x", "sym:1", 50_500), "over the sym maximum of 500.00"),
        (
            bet("x", "sym:20", 1500),
            "seat 1 would have 505.00 on sym:20, over the sym maximum of 500.00",
        ),
        (
            bet("x", "joker:1", 500),
            "seat 1 would have 255.00 on joker:1, over the joker maximum of 250.00",
        ),
        (bet("j1", "sym:5"), "bet id j1 is already taken"),
        (PrisonBet("x", 1, "sym:5", 500, zero_choice="half"), "no zero"),  # another game's bet
        (BlackjackBet("x", 1, "sym:5", 500), "no zero"),
    ],
)
def test_illegal_bets_are_refused_unchanged_with_the_reason(engine, new, reason):
    assert reason in engine.check(new, ACCEPTED)
    with pytest.raises(BetRefused) as refused:
        engine.place(new, ACCEPTED)
    assert refused.value.bet is new


@pytest.mark.parametrize(
    "new",
    [
        bet("x", "sym:20", 1000),  # exactly the maximum
        bet("x", "sym:10", 50_000),  # the maximum is per code
        bet("x", "joker:2", 25_000),  # the other joker is another bet
        bet("x", "joker:1", 25_000, seat=2),  # and another player another maximum
    ],
)
def test_legal_bets_are_placed_as_they_are(engine, new):
    assert engine.place(new, ACCEPTED) is new


def test_a_void_spin_returns_every_bet(engine):
    state = FortuneWheelState(last_segment=7)
    bets = [bet("a", "sym:5"), bet("b", "joker:2", seat=3)]
    result = engine.void(state, bets)
    assert result == VoidResult(state, engine.announcement("void_spin"), tuple(bets))
    assert result.kept == ()
    assert engine.game == "fortune_wheel"


def test_spin_reads_the_symbol_from_the_profiles_wheel(engine, rules):
    bets = [bet("a", "sym:10"), bet("b", "sym:1")]
    result = engine.spin(engine.new_state(), bets, 8)
    assert result.outcome == {"segment": 8, "symbol": "sym:10"}
    assert result == engine.settle(
        engine.new_state(), bets, {"segment": 8, "symbol": rules.segments[8]}
    )
    with pytest.raises(ValueError, match="no segment 54"):
        engine.spin(engine.new_state(), bets, 54)
