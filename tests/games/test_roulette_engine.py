from dataclasses import replace
from fractions import Fraction

import pytest

from games.blackjack.bet import BlackjackBet
from games.prison import PrisonBet
from games.records import Bet, BetRefused, Limits, Totals
from games.roulette.engine import RouletteEngine, RouletteState
from games.roulette.layout import EVEN_CHANCES, all_codes, covers
from games.roulette.rules import RouletteRules
from games.trente_quarante.bet import TrenteQuaranteBet

F = Fraction
PAYS = {
    "straight": 35,
    "split": 17,
    "street": 11,
    "corner": 8,
    "sixline": 5,
    "column": 2,
    "dozen": 2,
    "columns": F(1, 2),
    "dozens": F(1, 2),
    "red": 1,
    "black": 1,
    "even": 1,
    "odd": 1,
    "low": 1,
    "high": 1,
}


def bet(id, code, stake=500, seat=1, **kw):
    return PrisonBet(id, seat, code, stake, **kw)


def by_id(result):
    return {entry.id: entry for entry in result.settlement}


def imprisoned(id, code, stake, zeros, **kw):
    return bet(id, code, stake, **kw).imprisoned(zeros)


@pytest.fixture
def half_engine(profile_values):
    """An American single-zero style profile: even chances lose half on zero."""
    profile_values["zero_rule"] = "half"
    rules = RouletteRules.from_dict(profile_values, "half.toml")
    return RouletteEngine(rules, rules.limits(500, 100))


# --- every bet of the catalogue on every number ------------------------------------------


@pytest.mark.parametrize("number", range(37))
def test_every_bet_wins_exactly_on_the_numbers_it_covers_with_its_payout(engine, number):
    stake = 1500  # an odd number of chips: a 1/2 payout leaves breakage
    bets = [bet(f"b{i}", code, stake) for i, code in enumerate(all_codes())]
    entries = by_id(engine.spin(RouletteState(), bets, number))
    for b in bets:
        entry = entries[b.id]
        if number == 0 and b.family in EVEN_CHANCES:
            assert entry.result == "prison", b.code
        elif number in covers(b.code):
            owed = stake * PAYS[b.family]
            assert (entry.result, entry.returned, entry.paid + entry.breakage) == (
                "win",
                stake,
                owed,
            ), b.code
            assert entry.paid % 100 == 0 and entry.breakage < 100
        else:
            assert (entry.result, entry.paid, entry.returned, entry.breakage) == (
                "lose",
                0,
                0,
                0,
            ), b.code


def test_a_spin_reports_the_number_and_its_announcement(engine):
    result = engine.spin(RouletteState(), [bet("a", "black")], 17)
    assert result.outcome == {"number": 17}
    assert result.announcement.key == "result"
    assert result.announcement.text["ca"] == "17, negre, imparell i falta"
    assert result.state == RouletteState(prison=(), last_number=17)


@pytest.mark.parametrize("number", [-1, 37, 100])
def test_a_number_off_the_wheel_is_an_error(engine, number):
    with pytest.raises(ValueError, match="0-36"):
        engine.spin(RouletteState(), [], number)


def test_breakage_on_two_columns_and_two_dozens(engine):
    bets = [
        bet("c", "columns:1-2", 500),
        bet("d", "dozens:2-3", 1500),
        bet("e", "dozens:1-2", 1000),
    ]
    entries = by_id(engine.spin(RouletteState(), bets, 14))
    assert (entries["c"].paid, entries["c"].returned, entries["c"].breakage) == (200, 500, 50)
    assert (entries["d"].paid, entries["d"].returned, entries["d"].breakage) == (700, 1500, 50)
    assert (entries["e"].paid, entries["e"].returned, entries["e"].breakage) == (500, 1000, 0)
    assert entries["c"].to_json() == {
        "id": "c",
        "result": "win",
        "paid": 200,
        "returned": 500,
        "breakage": 50,
    }


# --- zero and prison ----------------------------------------------------------------------


def test_half_back_chosen_on_zero(engine):
    result = engine.spin(RouletteState(), [bet("a", "red", 1500, zero_choice="half")], 0)
    (entry,) = result.settlement
    assert (entry.result, entry.paid, entry.returned, entry.breakage) == ("half", 0, 700, 50)
    assert result.state.prison == ()
    assert result.totals == Totals(staked=1500, paid=0, returned=700)


def test_prison_chosen_on_zero(engine):
    new = bet("a", "even", 1000)
    result = engine.spin(RouletteState(), [new], 0)
    (entry,) = result.settlement
    assert (entry.result, entry.paid, entry.returned, entry.breakage) == ("prison", 0, 0, 0)
    assert result.state.prison == (replace(new, prison=1),)
    assert result.state.prison[0].value == 1000
    assert result.totals == Totals()


def test_prison_is_forced_when_half_would_be_below_the_minimum(engine):
    result = engine.spin(RouletteState(), [bet("a", "low", 500, zero_choice="half")], 0)
    assert result.settlement[0].result == "prison"
    assert result.state.prison[0].prison == 1


def test_further_zeros_halve_the_value_and_offer_the_choice_again(engine):
    state = RouletteState(prison=(imprisoned("a", "odd", 4000, 1),))
    second = engine.spin(state, [], 0)
    assert second.settlement[0].result == "prison"
    assert second.state.prison[0].prison == 2 and second.state.prison[0].value == 2000
    third = engine.spin(second.state, [], 0)
    assert third.state.prison[0].prison == 3 and third.state.prison[0].value == 1000
    # The player takes half back on the third zero: S/8.
    taking_half = RouletteState(prison=(replace(second.state.prison[0], zero_choice="half"),))
    half = engine.spin(taking_half, [], 0)
    assert (half.settlement[0].result, half.settlement[0].returned) == ("half", 500)
    assert half.state.prison == ()
    assert half.totals == Totals(staked=4000, paid=0, returned=500)


def test_half_back_on_a_second_zero(engine):
    state = RouletteState(prison=(imprisoned("a", "odd", 4000, 1, zero_choice="half"),))
    entry = engine.spin(state, [], 0).settlement[0]
    assert (entry.result, entry.returned, entry.breakage) == ("half", 1000, 0)


def test_prison_forced_on_a_second_zero_when_a_quarter_is_below_the_minimum(engine):
    state = RouletteState(prison=(imprisoned("a", "odd", 1500, 1, zero_choice="half"),))
    result = engine.spin(state, [], 0)
    assert result.settlement[0].result == "prison"
    assert result.state.prison[0].prison == 2


def test_an_imprisoned_bet_whose_chance_wins_is_returned_at_its_value(engine):
    state = RouletteState(prison=(imprisoned("a", "red", 1500, 1), imprisoned("b", "red", 1500, 2)))
    result = engine.spin(state, [], 3)
    entries = by_id(result)
    assert (
        entries["a"].result,
        entries["a"].paid,
        entries["a"].returned,
        entries["a"].breakage,
    ) == ("push", 0, 1500, 0)
    assert (
        entries["b"].result,
        entries["b"].paid,
        entries["b"].returned,
        entries["b"].breakage,
    ) == ("push", 0, 700, 50)
    assert result.state.prison == ()
    assert result.totals == Totals(staked=3000, paid=0, returned=2200)
    assert result.bets == state.prison


def test_an_imprisoned_bet_whose_chance_loses_is_lost(engine):
    state = RouletteState(prison=(imprisoned("a", "high", 2000, 1),))
    result = engine.spin(state, [bet("n", "straight:5")], 5)
    entries = by_id(result)
    assert (entries["a"].result, entries["a"].returned) == ("lose", 0)
    assert result.totals == Totals(staked=2500, paid=17500, returned=500)
    assert result.totals.house_net == -15500


def test_a_zero_on_the_last_spin_forces_half_back(engine):
    state = RouletteState(prison=(imprisoned("a", "black", 1500, 2),))
    new = [bet("b", "black", 1000), bet("c", "black", 500), bet("d", "straight:0")]
    result = engine.spin(state, new, 0, last_round=True)
    entries = by_id(result)
    assert (entries["a"].result, entries["a"].returned, entries["a"].breakage) == (
        "half",
        100,
        F(175, 2),
    )  # 1500/8
    assert (entries["b"].result, entries["b"].returned) == ("half", 500)
    assert (entries["c"].result, entries["c"].returned, entries["c"].breakage) == ("half", 200, 50)
    assert entries["d"].result == "win"
    assert result.state.prison == ()
    assert entries["a"].to_json()["breakage"] == 87.5


def test_a_last_spin_that_is_not_zero_ends_every_imprisoned_bet(engine):
    state = RouletteState(
        prison=(imprisoned("a", "red", 1000, 1), imprisoned("b", "black", 1000, 1))
    )
    result = engine.spin(state, [], 1, last_round=True)
    assert [(e.id, e.result, e.returned) for e in result.settlement] == [
        ("b", "lose", 0),
        ("a", "push", 1000),
    ]
    assert result.state.prison == ()


def test_the_half_rule_takes_half_on_zero_and_never_imprisons(half_engine):
    bets = [bet("a", "red", 1000), bet("b", "odd", 500), bet("c", "straight:0")]
    result = half_engine.spin(RouletteState(), bets, 0)
    entries = by_id(result)
    assert (entries["a"].result, entries["a"].returned) == ("half", 500)
    assert (entries["b"].result, entries["b"].returned, entries["b"].breakage) == ("half", 200, 50)
    assert result.state.prison == ()


def test_an_imprisoned_bet_takes_part_with_its_prison_and_value(engine):
    first = engine.spin(RouletteState(), [bet("a", "red", 2000)], 0)
    second = engine.spin(first.state, [], 0)
    third = engine.spin(second.state, [bet("n", "red")], 0)
    assert third.bets[0].to_json() == {
        "id": "a",
        "seat": 1,
        "code": "red",
        "stake": 2000,
        "prison": 2,
        "value": 1000,
    }
    assert [b.id for b in third.bets] == ["a", "n"]


# --- payment order ------------------------------------------------------------------------


def test_losing_bets_are_collected_first_then_winners_paid_in_the_regulations_order(engine):
    state = RouletteState(
        prison=(imprisoned("p-odd", "odd", 1000, 1), imprisoned("p-red", "red", 1000, 1))
    )
    bets = [
        bet("straight-1", "straight:17"),
        bet("lost-1", "straight:3"),
        bet("split", "split:16-17"),
        bet("street", "street:16-17-18"),
        bet("low", "low"),
        bet("corner", "corner:13-14-16-17"),
        bet("odd", "odd"),
        bet("sixline", "sixline:13-18"),
        bet("lost-2", "red"),
        bet("black", "black"),
        bet("dozen", "dozen:2"),
        bet("column", "column:2"),
        bet("dozens", "dozens:1-2"),
        bet("columns", "columns:1-2"),
        bet("straight-2", "straight:17", seat=2),
    ]
    result = engine.spin(state, bets, 17)
    assert [e.id for e in result.settlement] == [
        "p-red",
        "lost-1",
        "lost-2",
        "columns",
        "column",
        "dozens",
        "dozen",
        "black",
        "p-odd",
        "odd",
        "low",
        "sixline",
        "street",
        "corner",
        "split",
        "straight-1",
        "straight-2",
    ]


# --- refusals -----------------------------------------------------------------------------


ACCEPTED = [
    bet("s1", "straight:17", 14500, seat=1),
    bet("s2", "straight:17", 500, seat=2),
    bet("r1", "red", 500),
]


@pytest.mark.parametrize(
    ("new", "reason"),
    [
        (bet("x", "basket"), "unknown bet"),
        (bet("x", "straight:x"), "written straight:numbers"),
        (bet("x", "split:5-4"), "write split:4-5"),
        (bet("x", "split:1-5"), "not a split on the layout"),
        (bet("x", "red", 0), "positive whole amount"),
        (bet("x", "red", -500), "positive whole amount"),
        (bet("x", "red", 500.0), "positive whole amount"),
        (bet("x", "red", 400), "4.00 is below the table minimum of 5.00"),
        (bet("x", "red", 700), "7.00 is not a multiple of the table minimum of 5.00"),
        (bet("x", "straight:5", 15500), "over the straight maximum of 150.00"),
        (
            bet("x", "straight:17", 1000),
            "seat 1 would have 155.00 on straight:17, over the straight maximum of 150.00",
        ),
        (bet("s2", "red"), "bet id s2 is already taken"),
        (bet("x", "red", zero_choice="partage"), "prison or half, not 'partage'"),
        (bet("x", "dozen:1", zero_choice="half"), "even chances only"),
        (bet("x", "red", 1000).imprisoned(1), "cannot be in prison"),
        (Bet("x", 1, "red", 500), "another game's bet"),  # the table adopts a plain bet
        (BlackjackBet("x", 1, "red", 500), "a BlackjackBet is another game's bet"),
        (TrenteQuaranteBet("x", 1, "red", 500), "bets are PrisonBets"),
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
        bet("x", "straight:17", 500),  # seat 1 reaches exactly the maximum
        bet("x", "straight:17", 14500, seat=2),  # another seat's bet is its own
        bet("x", "split:17-20", 30000),  # another code
        bet("x", "red", 269500, zero_choice="half"),
        bet("x", "straight:0", 15000, seat=3),
    ],
)
def test_legal_bets_are_placed_as_they_are(engine, new):
    assert engine.check(new, ACCEPTED) is None
    assert engine.place(new, ACCEPTED) is new


def test_a_spin_settles_roulette_bets_only(engine):
    with pytest.raises(TypeError, match="bet b: a BlackjackBet is another game's bet"):
        engine.spin(RouletteState(), [bet("a", "red"), BlackjackBet("b", 1, "red", 500)], 17)


def test_a_family_the_table_does_not_take_is_refused(rules):
    engine = RouletteEngine(rules, Limits(min=500, chip_unit=100, max={"red": 270000}))
    assert engine.check(bet("x", "straight:5")) == "this table takes no straight bets"
    assert engine.check(bet("x", "red")) is None


# --- void spin ----------------------------------------------------------------------------


def test_a_void_spin_returns_the_new_bets_and_keeps_the_prison(engine):
    state = RouletteState(prison=(imprisoned("p", "red", 1000, 1),), last_number=0)
    new = [bet("a", "straight:17"), bet("b", "black")]
    result = engine.void(state, new)
    assert result.state == state
    assert result.returned == tuple(new)
    assert result.kept == state.prison
    assert result.announcement.key == "void_spin"
    assert result.announcement.text == {"ca": "Tirada nul·la", "es": "Tirada nula", "en": "No spin"}
