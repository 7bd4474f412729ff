"""The trente et quarante profile: what it holds from section 05 and the rulings, each bet's
exact house edge, and what a profile may not say."""

import copy
from fractions import Fraction

import pytest

from games.profile import RulebookError
from games.trente_quarante.rules import TrenteQuaranteRules
from games.trente_quarante.six_decks import SIX_DECK_TIES
from tests.support.rulebook_files import altered, profile_path, read_profile

F = Fraction
PROFILE = profile_path("trente_quarante")
SOURCE = "profiles/test/trente_quarante.toml"
CHANCES = ("rouge", "noir", "couleur", "inverse")
REFAIT = SIX_DECK_TIES[31]
VOID = sum(SIX_DECK_TIES[t] for t in range(32, 41))
WIN = (1 - REFAIT - VOID) / 2


@pytest.fixture(scope="module")
def values():
    return read_profile(PROFILE)


@pytest.fixture(scope="module")
def rules(values):
    return TrenteQuaranteRules.from_dict(values, str(PROFILE))


def load(values):
    return TrenteQuaranteRules.from_dict(values, SOURCE)


def edge(rules, label):
    return next(row.house_edge for row in rules.odds() if row.label == label)


def test_the_default_profile_holds_section_05_and_the_rulings(rules):
    assert "secció 05" in rules.regulation
    assert (rules.decks, rules.burn, rules.cut_reserve) == (6, 0, 5)
    assert dict(rules.payouts) == dict.fromkeys(CHANCES, 1)
    assert rules.payment_order == ("couleur", "inverse", "noir", "rouge")
    assert (rules.premium, rules.insurance_min_multiple) == (F(1, 100), 100)
    assert "never states" in rules.errata["insurance"]
    assert rules.allow_player_edge == frozenset()


def test_codes_are_those_of_bets_md(rules):
    assert rules.codes() == ("rouge", "noir", "couleur", "inverse", "insurance")


def test_the_maximum_is_1000_minimums(rules):
    assert dict(rules.limits(500, 100).max) == dict.fromkeys(CHANCES, 500_000)


def test_the_advance_is_10000_minimums(rules):
    assert rules.advance(500) == 5_000_000


def test_the_table_closes_with_its_last_shoe_not_a_count_of_coups(rules):
    assert rules.closing_rounds is None


def test_insurance_is_open_from_100_minimums_for_1_percent(rules):
    assert rules.insurance_threshold(500) == 50_000
    assert rules.premium_of(50_000) == 500 and rules.premium_of(50_500) == F(505)


def test_every_chance_wins_as_often_as_the_others(rules):
    chances = rules.chances()
    assert (chances.refait, chances.void, chances.win) == (REFAIT, VOID, WIN)
    rows = rules.odds()
    assert {row.probability for row in rows} == {WIN}
    assert [row.label for row in rows] == [
        *(f"{chance} ({choice} on refait)" for chance in CHANCES for choice in ("prison", "half")),
        *(f"insurance on {chance} (premium 1/100)" for chance in CHANCES),
    ]


def test_half_back_on_a_refait_costs_half_the_refait(rules):
    for chance in CHANCES:
        assert edge(rules, f"{chance} (half on refait)") == REFAIT / 2
    assert round(float(REFAIT / 2) * 100, 4) == 1.0946


def test_prison_on_a_refait_returns_the_bet_when_its_chance_wins_later(rules):
    """In prison the bet is returned with WIN, kept through a void coup, halved by a refait:
    R = WIN + VOID R + REFAIT R/2."""
    prison = WIN / (1 - VOID - REFAIT / 2)
    for chance in CHANCES:
        assert edge(rules, f"{chance} (prison on refait)") == REFAIT * (1 - prison)
    assert edge(rules, "rouge (prison on refait)") > edge(rules, "rouge (half on refait)")


def test_an_insured_bet_gives_away_its_premium_only(rules):
    for chance in CHANCES:
        assert edge(rules, f"insurance on {chance} (premium 1/100)") == F(1, 101)


def test_the_insured_edge_follows_the_premium(values):
    rules = load(altered(values, "bets", "insurance", premium="1/200"))
    assert edge(rules, "insurance on noir (premium 1/200)") == F(1, 201)


def test_a_chance_paying_more_than_even_money_does_not_load(values):
    with pytest.raises(
        RulebookError,
        match=r"bets\.rouge: rouge \(prison on refait\) paying 21/20 has a house edge of -",
    ):
        load(altered(values, "bets", "rouge", payout="21/20"))


def test_an_insurance_that_favours_the_player_does_not_load_unless_allowed(values):
    v = altered(altered(values, "bets", "insurance", premium="0"), "bets", "noir", payout="201/200")
    with pytest.raises(
        RulebookError, match=r"bets\.insurance: insurance on noir .* house edge of -"
    ):
        load(v)
    assert load(altered(v, "bets", "insurance", allow_player_edge=True)).allow_player_edge == {
        "insurance"
    }


def test_unknown_keys_are_refused(values):
    with pytest.raises(RulebookError, match=f"{SOURCE}: closing_rounds: unknown key"):
        load(altered(values, closing_rounds=5))
    with pytest.raises(RulebookError, match=r"bets\.zero: unknown key"):
        load(altered(values, "bets", zero={"payout": 35, "max_multiple": 10}))
    with pytest.raises(RulebookError, match=r"bets\.insurance\.payout: unknown key"):
        load(altered(values, "bets", "insurance", payout=1))


def test_a_missing_key_is_named(values):
    v = copy.deepcopy(values)
    del v["bets"]["insurance"]["min_multiple"]
    with pytest.raises(RulebookError, match=r"bets\.insurance\.min_multiple: missing"):
        load(v)
    del v["bets"]["couleur"]
    with pytest.raises(RulebookError, match=r"bets\.couleur: missing"):
        load(v)


def test_a_profile_of_another_game_is_refused(values):
    with pytest.raises(
        RulebookError, match="these are the rules of trente_quarante, not of 'punto_banco'"
    ):
        load(altered(values, game="punto_banco"))


@pytest.mark.parametrize(
    "order",
    [
        ["couleur", "inverse", "noir"],
        ["couleur", "couleur", "noir", "rouge"],
        ["color", "inverse", "noir", "rouge"],
        "couleur",
    ],
)
def test_the_payment_order_lists_each_chance_once(values, order):
    with pytest.raises(
        RulebookError,
        match="payment_order: must (list each of rouge, noir, couleur, inverse once|be a list)",
    ):
        load(altered(values, payment_order=order))


@pytest.mark.parametrize("premium", ["1", 0.01, "1%"])
def test_the_premium_is_an_exact_share_below_one(values, premium):
    with pytest.raises(RulebookError, match=r"bets\.insurance\.premium: a share"):
        load(altered(values, "bets", "insurance", premium=premium))


def test_the_cut_card_leaves_cards_to_deal(values):
    with pytest.raises(
        RulebookError, match="cut_reserve: 0 burnt and 312 behind the cut card leave no coup"
    ):
        load(altered(values, cut_reserve=312))
    with pytest.raises(RulebookError, match="burn: must be a whole number, 0 or more"):
        load(altered(values, burn=-5))


def test_errata_are_texts(values):
    with pytest.raises(RulebookError, match=r"errata: must be a table of texts"):
        load(altered(values, errata="none"))
