"""American single-zero roulette (section 02): the French engine under the roulette_us1 profile."""

from fractions import Fraction

import pytest

from games.money import to_chips
from games.prison import PrisonBet
from games.records import BetRefused
from games.roulette.engine import RouletteEngine, RouletteState
from games.roulette.layout import EVEN_CHANCES, FAMILIES, all_codes, covers
from games.rulebook import RulebookError, load_rules

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
# Section 02 V, in table minimums.
US_MAXIMA = {
    "straight": 20,
    "split": 40,
    "street": 60,
    "corner": 80,
    "sixline": 120,
    "column": 240,
    "dozen": 240,
    "columns": 480,
    "dozens": 480,
    "red": 360,
    "black": 360,
    "even": 360,
    "odd": 360,
    "low": 360,
    "high": 360,
}
# Section 02 III.b: doble columna, columna, passa, imparell, negre, roig, parell, falta, doble
# dotzena, dotzena, sisena, transversal, quadre, parella, ple.
US_PAYMENT_ORDER = (
    "columns",
    "column",
    "high",
    "odd",
    "black",
    "red",
    "even",
    "low",
    "dozens",
    "dozen",
    "sixline",
    "street",
    "corner",
    "split",
    "straight",
)


def bet(id, code, stake=500, seat=1, **kw):
    return PrisonBet(id, seat, code, stake, **kw)


def by_id(result):
    return {entry.id: entry for entry in result.settlement}


# --- the profile --------------------------------------------------------------------------


def test_the_profile_loads_as_american_roulette_with_the_french_wheel_and_payouts(us_rules, rules):
    assert us_rules.game == "roulette_us1" and rules.game == "roulette_fr"
    assert "secció 02" in us_rules.regulation
    assert us_rules.zero_rule == "half"
    assert us_rules.payouts == PAYS
    assert (us_rules.wheel_order, us_rules.red) == (rules.wheel_order, rules.red)
    assert us_rules.closing_rounds == 3
    assert us_rules.advance(500) == 15000 * 500


def test_the_engine_takes_its_game_from_the_profile(us_engine, engine):
    assert (us_engine.game, engine.game) == ("roulette_us1", "roulette_fr")
    assert type(us_engine) is type(engine) is RouletteEngine


def test_the_maxima_are_those_of_section_02(us_rules):
    assert us_rules.max_multiple == US_MAXIMA
    assert us_rules.limits(500, 100).max == {family: m * 500 for family, m in US_MAXIMA.items()}


def test_the_payment_order_is_that_of_section_02(us_rules, rules):
    assert us_rules.payment_order == US_PAYMENT_ORDER
    assert us_rules.seat_paid_at_once and not rules.seat_paid_at_once
    assert rules.payment_order != US_PAYMENT_ORDER


def test_exact_house_edges_one_seventy_fourth_on_even_chances_one_thirty_seventh_elsewhere(
    us_rules,
):
    rows = us_rules.odds()
    assert sorted(row.family for row in rows) == sorted(FAMILIES)  # one row each: no prison row
    for row in rows:
        if row.family in EVEN_CHANCES:
            assert (row.zero_choice, row.house_edge) == ("half", F(1, 74)), row.family
        else:
            assert (row.zero_choice, row.house_edge) == (None, F(1, 37)), row.family


def test_the_engine_gives_the_profiles_edges_over_every_number(us_engine, us_rules):
    """Every bet of every family, 200 staked (no breakage), on each of the 37 numbers."""
    edges = {row.family: row.house_edge for row in us_rules.odds()}
    back = dict.fromkeys(FAMILIES, 0)
    count = dict.fromkeys(FAMILIES, 0)
    bets = [bet(f"b{i}", code, 200) for i, code in enumerate(all_codes())]
    for b in bets:
        count[b.family] += 1
    for number in range(37):
        entries = by_id(us_engine.spin(RouletteState(), bets, number))
        for b in bets:
            entry = entries[b.id]
            assert entry.breakage == 0
            back[b.family] += entry.paid + entry.returned
    for family in FAMILIES:
        staked = 200 * 37 * count[family]
        assert 1 - F(back[family], staked) == edges[family], family


def test_a_profile_filed_under_another_game_does_not_load(tmp_path, rulebooks):
    folder = tmp_path / "copied"
    folder.mkdir()
    (folder / "roulette_fr.toml").write_bytes(
        (rulebooks / "valencia-1994" / "roulette_us1.toml").read_bytes()
    )
    with pytest.raises(RulebookError, match=r"roulette_fr\.toml: game: .*'roulette_us1'"):
        load_rules(tmp_path, "copied", "roulette_fr")


def test_a_roulette_profile_must_name_its_game(profile_values):
    from games.roulette.rules import RouletteRules

    del profile_values["game"]
    with pytest.raises(RulebookError, match=r"^p\.toml: game: missing$"):
        RouletteRules.from_dict(profile_values, "p.toml")


# --- settling -----------------------------------------------------------------------------


@pytest.mark.parametrize("number", range(37))
def test_every_bet_wins_or_loses_as_in_french_roulette_and_even_chances_take_half_on_zero(
    us_engine, number
):
    stake = 1500  # an odd number of chips: halves and 1/2 payouts leave breakage
    bets = [bet(f"b{i}", code, stake) for i, code in enumerate(all_codes())]
    result = us_engine.spin(RouletteState(), bets, number)
    entries = by_id(result)
    for b in bets:
        entry = entries[b.id]
        if number == 0 and b.family in EVEN_CHANCES:
            assert (entry.result, entry.paid, entry.returned, entry.breakage) == (
                "half",
                0,
                700,
                50,
            ), b.code
        elif number in covers(b.code):
            paid, breakage = to_chips(stake * PAYS[b.family], 100)
            assert (entry.result, entry.paid, entry.returned, entry.breakage) == (
                "win",
                paid,
                stake,
                breakage,
            ), b.code
        else:
            assert (entry.result, entry.paid, entry.returned, entry.breakage) == (
                "lose",
                0,
                0,
                0,
            ), b.code
    assert result.state.prison == ()


@pytest.mark.parametrize("zero_choice", ["prison", "half"])
@pytest.mark.parametrize("last_round", [False, True])
def test_zero_returns_exactly_half_whatever_the_choice_and_never_imprisons(
    us_engine, zero_choice, last_round
):
    """Even a half that is below the table minimum is returned: there is no prison to force."""
    bets = [
        bet(f"{family}-{stake}", family, stake, zero_choice=zero_choice)
        for family in EVEN_CHANCES
        for stake in (500, 1000, 2500, 180000)
    ]
    result = us_engine.spin(RouletteState(), bets, 0, last_round=last_round)
    entries = by_id(result)
    for b in bets:
        entry = entries[b.id]
        assert entry.result == "half"
        assert entry.returned + entry.breakage == F(b.stake, 2)
        assert entry.returned % 100 == 0 and entry.breakage < 100
    assert result.state.prison == ()
    assert result.totals.house_net == sum(b.stake for b in bets) - sum(
        e.returned for e in result.settlement
    )


def test_zero_after_zero_takes_half_of_the_new_bets_only(us_engine):
    first = us_engine.spin(RouletteState(), [bet("a", "red", 1000)], 0)
    second = us_engine.spin(first.state, [bet("b", "black", 1000)], 0)
    assert [b.id for b in second.bets] == ["b"]
    assert [(e.id, e.result, e.returned) for e in second.settlement] == [("b", "half", 500)]


def test_the_us_maxima_are_enforced(us_engine):
    assert us_engine.check(bet("s", "straight:17", 20 * 500)) is None
    assert "maximum of 100.00" in us_engine.check(bet("s", "straight:17", 21 * 500))
    assert us_engine.check(bet("r", "red", 360 * 500)) is None
    with pytest.raises(BetRefused, match="over the red maximum of 1,800.00"):
        us_engine.place(bet("r", "red", 361 * 500))
    split = [bet("c1", "columns:1-2", 480 * 500 - 500)]
    assert "over the columns maximum of 2,400.00" in us_engine.check(
        bet("c2", "columns:1-2", 1000), split
    )


# --- payment order ------------------------------------------------------------------------


def test_winners_are_paid_in_the_order_of_section_02(us_engine):
    """One bet of each family, each on its own seat, on 17 (black, odd, low)."""
    bets = [
        bet(family, code, seat=i)
        for i, (family, code) in enumerate(
            {
                "columns": "columns:1-2",
                "straight": "straight:17",
                "low": "low",
                "split": "split:16-17",
                "dozen": "dozen:2",
                "black": "black",
                "street": "street:16-17-18",
                "red": "red",
                "dozens": "dozens:1-2",
                "sixline": "sixline:13-18",
                "odd": "odd",
                "corner": "corner:13-14-16-17",
                "column": "column:2",
                "high": "high",
                "even": "even",
            }.items()
        )
    ]
    result = us_engine.spin(RouletteState(), bets, 17)
    assert [e.id for e in result.settlement] == [
        "red",
        "high",
        "even",  # the losing bets, collected first
        "columns",
        "column",
        "odd",
        "black",
        "low",
        "dozens",
        "dozen",
        "sixline",
        "street",
        "corner",
        "split",
        "straight",
    ]


@pytest.mark.parametrize("number", range(37))
def test_on_every_number_the_paid_families_follow_the_profiles_order(us_engine, number):
    bets = [bet(f"b{i}", code, seat=i) for i, code in enumerate(all_codes())]
    family = {b.id: b.family for b in bets}
    paid = [
        family[e.id]
        for e in us_engine.spin(RouletteState(), bets, number).settlement
        if e.result != "lose"
    ]
    ranks = [US_PAYMENT_ORDER.index(f) for f in paid]
    assert ranks == sorted(ranks)


def test_a_player_with_several_winning_bets_is_paid_them_all_at_once(us_engine, engine):
    """Section 02 III.b; French roulette (section 01) pays family by family."""
    bets = [
        bet("s1-straight", "straight:17", seat=1),
        bet("s2-black", "black", seat=2),
        bet("s1-columns", "columns:1-2", seat=1),
        bet("s2-column", "column:2", seat=2),
        bet("s3-lost", "red", seat=3),
        bet("s3-low", "low", seat=3),
    ]
    us = [e.id for e in us_engine.spin(RouletteState(), bets, 17).settlement]
    assert us == ["s3-lost", "s1-columns", "s1-straight", "s2-column", "s2-black", "s3-low"]
    french = [e.id for e in engine.spin(RouletteState(), bets, 17).settlement]
    assert french == ["s3-lost", "s1-columns", "s2-column", "s2-black", "s3-low", "s1-straight"]
