import tomllib
from fractions import Fraction
from pathlib import Path

import pytest

from games.banking import SpinResult, VoidResult
from games.boule.engine import BouleEngine, BouleState
from games.boule.rules import BouleRules
from games.prison import PrisonBet
from games.records import Bet, BetRefused, Limits, Totals
from games.rulebook import load_rules

RULEBOOKS = Path(__file__).resolve().parents[2] / "config" / "rulebooks"
F = Fraction
# Section 04 II and IV.a, written out again for the test: what each code wins on and pays.
WINS_ON = {
    **{f"number:{n}": {n} for n in range(1, 10)},
    "red": {2, 4, 7, 9},
    "black": {1, 3, 6, 8},
    "even": {2, 4, 6, 8},
    "odd": {1, 3, 7, 9},
    "low": {1, 2, 3, 4},
    "high": {6, 7, 8, 9},
}
PAYS = {code: 7 if code.startswith("number:") else 1 for code in WINS_ON}


def bet(id, code, stake=500, seat=1, **kw):
    return Bet(id, seat, code, stake, **kw)


def by_id(result):
    return {entry.id: entry for entry in result.settlement}


@pytest.fixture
def rules() -> BouleRules:
    return load_rules(RULEBOOKS, "valencia-1994", "boule")


@pytest.fixture
def engine(rules) -> BouleEngine:
    return BouleEngine(rules, rules.limits(500, 100))


# --- every code on every number ---------------------------------------------------------------


@pytest.mark.parametrize("number", range(1, 10))
def test_every_bet_wins_exactly_on_its_numbers_with_its_payout(engine, number):
    stake = 1500
    bets = [bet(f"b{i}", code, stake) for i, code in enumerate(engine.rules.codes())]
    assert sorted(b.code for b in bets) == sorted(WINS_ON)
    result = engine.settle(engine.new_state(), bets, {"number": number})
    entries = by_id(result)
    for b in bets:
        entry = entries[b.id]
        if number in WINS_ON[b.code]:
            assert (entry.result, entry.paid, entry.returned, entry.breakage) == (
                "win",
                stake * PAYS[b.code],
                stake,
                0,
            ), b.code
        else:
            assert (entry.result, entry.paid, entry.returned, entry.breakage) == (
                "lose",
                0,
                0,
                0,
            ), b.code
    winners = [b for b in bets if number in WINS_ON[b.code]]
    assert result.totals == Totals(
        staked=stake * len(bets),
        paid=sum(stake * PAYS[b.code] for b in winners),
        returned=stake * len(winners),
    )


def test_a_five_loses_every_simple_chance_and_pays_the_number(engine):
    bets = [bet(c, c, 1000) for c in ("red", "black", "even", "odd", "low", "high")] + [
        bet("n5", "number:5")
    ]
    result = engine.settle(engine.new_state(), bets, {"number": 5})
    entries = by_id(result)
    assert all(entries[c].result == "lose" for c in ("red", "black", "even", "odd", "low", "high"))
    assert (entries["n5"].result, entries["n5"].paid, entries["n5"].returned) == ("win", 3500, 500)
    assert result.totals == Totals(staked=6500, paid=3500, returned=500)
    assert result.totals.house_net == 2500


def test_a_spin_reports_outcome_announcement_state_and_bets(engine):
    bets = [bet("a", "black"), bet("b", "number:3", seat=2)]
    result = engine.settle(BouleState(last_number=5), bets, {"number": 3})
    assert isinstance(result, SpinResult)
    assert result.outcome == {"number": 3}
    assert result.state == BouleState(last_number=3)
    assert result.bets == tuple(bets)
    assert result.announcement.key == "result"
    assert result.announcement.text["ca"] == "3, negre, imparell i falta"
    assert [e.to_json() for e in result.settlement] == [
        {"id": "a", "result": "win", "paid": 500, "returned": 500},
        {"id": "b", "result": "win", "paid": 3500, "returned": 500},
    ]


def test_the_last_round_settles_the_same(engine):
    bets = [bet("a", "high"), bet("b", "number:8")]
    normal = engine.settle(engine.new_state(), bets, {"number": 8})
    last = engine.settle(engine.new_state(), bets, {"number": 8}, last_round=True)
    assert last == normal


def test_losing_bets_are_collected_first_then_winners_in_the_order_they_took_part(engine):
    bets = [
        bet("w1", "number:7"),
        bet("l1", "black"),
        bet("w2", "red"),
        bet("l2", "number:2"),
        bet("w3", "odd"),
    ]
    result = engine.settle(engine.new_state(), bets, {"number": 7})
    assert [(e.id, e.result) for e in result.settlement] == [
        ("l1", "lose"),
        ("l2", "lose"),
        ("w1", "win"),
        ("w2", "win"),
        ("w3", "win"),
    ]


def test_a_fractional_payout_is_rounded_down_to_the_chip_unit_with_breakage():
    with (RULEBOOKS / "valencia-1994" / "boule.toml").open("rb") as f:
        values = tomllib.load(f)
    values["bets"]["number"]["payout"] = "13/2"
    rules = BouleRules.from_dict(values, "b.toml")
    engine = BouleEngine(rules, rules.limits(500, 100))
    (entry,) = engine.settle(
        engine.new_state(), [bet("a", "number:1", 1500)], {"number": 1}
    ).settlement
    assert (entry.paid, entry.returned, entry.breakage) == (9700, 1500, 50)  # 1500 x 6.5 = 9750
    assert entry.to_json() == {
        "id": "a",
        "result": "win",
        "paid": 9700,
        "returned": 1500,
        "breakage": 50,
    }


@pytest.mark.parametrize(
    "outcome", [{"number": 0}, {"number": 10}, {"number": "5"}, {"number": True}, {}, {"pocket": 5}]
)
def test_an_impossible_outcome_is_an_error(engine, outcome):
    with pytest.raises(ValueError, match="1-9"):
        engine.settle(engine.new_state(), [bet("a", "red")], outcome)


def test_a_new_state_remembers_no_number(engine):
    assert engine.new_state() == BouleState(last_number=None)
    assert engine.game == "boule"


# --- refusals ------------------------------------------------------------------------------------

# Per player: 100 minimums on a number (50,000), 500 on a simple chance (250,000).
ACCEPTED = [
    bet("n1", "number:7", 49_500, seat=1),
    bet("n2", "number:7", 500, seat=2),
    bet("r1", "red", 249_000),
]


@pytest.mark.parametrize(
    ("new", "reason"),
    [
        (bet("x", "number:0"), "unknown bet"),
        (bet("x", "number:10"), "unknown bet"),
        (bet("x", "straight:5"), "unknown bet"),
        (bet("x", "passe"), "unknown bet"),
        (bet("x", "RED"), "bet codes are lowercase, write red"),
        (bet("x", "red", 0), "positive whole amount"),
        (bet("x", "red", -500), "positive whole amount"),
        (bet("x", "red", 500.0), "positive whole amount"),
        (bet("x", "red", 400), "4.00 is below the table minimum of 5.00"),
        (bet("x", "red", 1200), "12.00 is not a multiple of the table minimum of 5.00"),
        (bet("x", "number:1", 50_500), "over the number maximum of 500.00"),
        (
            bet("x", "number:7", 1000),
            "seat 1 would have 505.00 on number:7, over the number maximum of 500.00",
        ),
        (
            bet("x", "red", 1500),
            "seat 1 would have 2,505.00 on red, over the red maximum of 2,500.00",
        ),
        (bet("n2", "black"), "bet id n2 is already taken"),
        (PrisonBet("x", 1, "red", 500, zero_choice="half"), "no zero"),  # another game's bet
        (PrisonBet("x", 1, "red", 500).imprisoned(1), "no zero"),
    ],
)
def test_illegal_bets_are_refused_unchanged_with_the_reason(engine, new, reason):
    assert reason in engine.check(new, ACCEPTED)
    with pytest.raises(BetRefused) as refused:
        engine.place(new, ACCEPTED)
    assert refused.value.bet is new
    assert reason in refused.value.reason


@pytest.mark.parametrize(
    "new",
    [
        bet("x", "number:7", 500),  # seat 1 reaches the maximum exactly
        bet("x", "number:7", 49_500, seat=2),  # another player's maximum is his own
        bet("x", "number:8", 50_000),  # another code
        bet("x", "red", 1000),
        bet("x", "black", 250_000),
        bet("x", "number:5", 500, seat=3),
    ],
)
def test_legal_bets_are_placed_as_they_are(engine, new):
    assert engine.check(new, ACCEPTED) is None
    assert engine.place(new, ACCEPTED) is new


def test_a_family_the_table_does_not_take_is_refused(rules):
    engine = BouleEngine(rules, Limits(min=500, chip_unit=100, max={"number": 50_000}))
    assert engine.check(bet("x", "odd")) == "this table takes no odd bets"
    assert engine.check(bet("x", "number:4")) is None


# --- void spin -----------------------------------------------------------------------------------


def test_a_void_spin_returns_every_bet_and_keeps_the_state(engine):
    state = BouleState(last_number=4)
    bets = [bet("a", "number:4"), bet("b", "even", 1000, seat=2)]
    result = engine.void(state, bets)
    assert result == VoidResult(state, engine.announcement("void_spin"), tuple(bets), ())
    assert result.announcement.text == {"ca": "Tirada nul·la", "es": "Tirada nula", "en": "No spin"}


def test_spin_is_settle_on_the_number(engine):
    bets = [bet("a", "low"), bet("b", "number:2")]
    assert engine.spin(engine.new_state(), bets, 2) == engine.settle(
        engine.new_state(), bets, {"number": 2}
    )
    with pytest.raises(ValueError, match="1-9"):
        engine.spin(engine.new_state(), bets, 0)
