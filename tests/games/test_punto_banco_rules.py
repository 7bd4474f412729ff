"""The punto banco profile: what it holds, the classic drawing rules cell by cell, the exact
house edges, and what a profile may not say."""

import copy
from fractions import Fraction

import pytest

from games.cards.chances import coup_chances
from games.profile import RulebookError
from games.punto_banco.rules import PuntoBancoRules
from tests.support.rulebook_files import altered, profile_path, read_profile

F = Fraction
PROFILE = profile_path("punto_banco")
SOURCE = "profiles/test/punto_banco.toml"


@pytest.fixture(scope="module")
def values():
    return read_profile(PROFILE)


@pytest.fixture(scope="module")
def rules(values):
    return PuntoBancoRules.from_dict(values, str(PROFILE))


def load(values):
    return PuntoBancoRules.from_dict(values, SOURCE)


def classic_banker_draws(banker, third):
    """The standard banker table, as the croupiers' card states it."""
    if third is None:
        return banker <= 5
    return {
        0: True,
        1: True,
        2: True,
        3: third != 8,
        4: 2 <= third <= 7,
        5: 4 <= third <= 7,
        6: third in (6, 7),
        7: False,
    }[banker]


def test_the_default_profile_holds_the_rulings_classic_rules(rules):
    assert "secció 06" in rules.regulation
    assert (rules.decks, rules.burn, rules.cut_reserve) == (6, 0, 7)
    assert dict(rules.payouts) == {"player": 1, "banker": 1, "tie": 8}
    assert rules.banker_commission == F(5, 100)
    assert "repeats section 05" in rules.errata["section_06"]
    assert rules.allow_player_edge == frozenset()


def test_codes_are_those_of_bets_md(rules):
    assert rules.codes() == ("player", "banker", "tie")


def test_the_banker_is_paid_less_the_commission(rules):
    assert (rules.payout("player"), rules.payout("banker"), rules.payout("tie")) == (
        1,
        F(19, 20),
        8,
    )


def test_limits_and_advance(rules):
    limits = rules.limits(500, 100)
    assert dict(limits.max) == {"player": 500_000, "banker": 500_000, "tie": 62_500}
    assert rules.advance(500) == 5_000_000  # 10,000 minimums


def test_the_table_closes_with_the_last_five_hands(rules):
    assert rules.closing_rounds == 5


@pytest.mark.parametrize("total", range(8))
def test_the_player_draws_on_0_to_5_and_stands_on_6_and_7(rules, total):
    assert rules.drawing.player_takes(total) is (total <= 5)


@pytest.mark.parametrize("banker", range(8))
@pytest.mark.parametrize("third", [None, *range(10)])
def test_the_banker_follows_the_standard_table(rules, banker, third):
    assert rules.drawing.banker_takes(banker, third) is classic_banker_draws(banker, third)


def test_the_chances_of_a_coup_are_exact_and_whole(rules):
    chances = rules.chances()
    assert chances.player + chances.banker + chances.tie == 1
    assert all(isinstance(p, Fraction) for p in (chances.player, chances.banker, chances.tie))


def test_house_edges_agree_with_the_published_six_deck_figures(rules):
    edges = {row.family: row.house_edge for row in rules.odds()}
    assert [row.label for row in rules.odds()] == ["player", "banker (less 1/20 commission)", "tie"]
    assert round(float(edges["player"]) * 100, 4) == 1.2374
    assert round(float(edges["banker"]) * 100, 4) == 1.0558
    assert round(float(edges["tie"]) * 100, 4) == 14.4382


def test_the_enumeration_agrees_with_the_published_eight_deck_figures(rules):
    chances = coup_chances(8, rules.drawing)
    assert round(float(1 - 2 * chances.player - chances.tie) * 100, 4) == 1.2351
    assert round(float(1 - chances.banker * F(39, 20) - chances.tie) * 100, 4) == 1.0579
    assert round(float(1 - 9 * chances.tie) * 100, 4) == 14.3596


def test_each_edge_follows_from_the_chances_and_the_payouts(rules):
    c = rules.chances()
    rows = {row.family: row for row in rules.odds()}
    assert rows["player"].house_edge == 1 - 2 * c.player - c.tie
    assert rows["banker"].house_edge == 1 - c.banker * (1 + F(19, 20)) - c.tie
    assert rows["tie"].house_edge == 1 - 9 * c.tie


def test_the_drawing_rules_change_the_edges(values, rules):
    """A banker who stands on 6 whatever the player's third card: the edges follow the table."""
    stands = load(altered(values, "drawing", "banker", **{"6": "S SSSSSSSSSS"}))
    banker = {row.family: row.house_edge for row in stands.odds()}["banker"]
    assert banker != {row.family: row.house_edge for row in rules.odds()}["banker"]


def test_a_banker_bet_without_commission_does_not_load(values):
    with pytest.raises(
        RulebookError, match=r"bets\.banker: banker .*house edge of -.*allow_player_edge"
    ):
        load(altered(values, banker_commission="0"))


def test_a_tie_paying_10_does_not_load_unless_allowed(values):
    with pytest.raises(RulebookError, match=r"bets\.tie: tie paying 10 has a house edge of -"):
        load(altered(values, "bets", "tie", payout=10))
    rules = load(altered(values, "bets", "tie", payout=10, allow_player_edge=True))
    assert rules.allow_player_edge == {"tie"}


def test_unknown_keys_are_refused(values):
    with pytest.raises(RulebookError, match=f"{SOURCE}: comission: unknown key"):
        load(altered(values, comission="5/100"))
    with pytest.raises(RulebookError, match=r"drawing\.banker\.8: unknown key"):
        load(altered(values, "drawing", "banker", **{"8": "SSSSSSSSSSS"}))


def test_a_missing_key_is_named(values):
    v = copy.deepcopy(values)
    del v["decks"]
    with pytest.raises(RulebookError, match=f"{SOURCE}: decks: missing"):
        load(v)
    del v["drawing"]["banker"]["3"]
    v["decks"] = 6
    with pytest.raises(RulebookError, match=r"drawing\.banker\.3: missing"):
        load(v)


def test_a_profile_of_another_game_is_refused(values):
    with pytest.raises(
        RulebookError, match="game: these are the rules of punto_banco, not of 'chemin_de_fer'"
    ):
        load(altered(values, game="chemin_de_fer"))


@pytest.mark.parametrize("row", ["D DDDDDDDDD", "D DDDDDDDDDDD", "D DDDDDXDDDD", 7])
def test_a_banker_row_is_eleven_d_or_s(values, row):
    with pytest.raises(
        RulebookError, match=r"drawing\.banker\.4: must be 11 letters D \(draws\) or S \(stands\)"
    ):
        load(altered(values, "drawing", "banker", **{"4": row}))


@pytest.mark.parametrize("draws", [[0, 8], "0-5", [1.0]])
def test_the_player_draws_on_totals_0_to_7(values, draws):
    with pytest.raises(
        RulebookError, match=r"drawing\.player_draws: must list the player's totals"
    ):
        load(altered(values, "drawing", player_draws=draws))


@pytest.mark.parametrize("commission", ["1", "3/2", 0.05, "5%"])
def test_the_commission_is_an_exact_share_below_one(values, commission):
    with pytest.raises(RulebookError, match="banker_commission: a share"):
        load(altered(values, banker_commission=commission))


def test_the_cut_card_leaves_the_six_cards_of_a_coup(values):
    with pytest.raises(
        RulebookError, match="cut_reserve: the coup the cut card comes out in may take 6 cards"
    ):
        load(altered(values, cut_reserve=5))


def test_burn_and_decks_are_whole_numbers(values):
    with pytest.raises(RulebookError, match="burn: must be a whole number, 0 or more, not -1"):
        load(altered(values, burn=-1))
    with pytest.raises(RulebookError, match="decks: must be a positive whole number"):
        load(altered(values, decks=0))


def test_errata_are_texts(values):
    with pytest.raises(RulebookError, match=r"errata\.section_06: must be a non-empty text"):
        load(altered(values, "errata", section_06=""))
