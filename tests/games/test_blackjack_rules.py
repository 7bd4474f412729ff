"""The blackjack profile: what it holds, what it refuses (each error naming the key), and the
exact house edges of its bets."""

import copy
from fractions import Fraction

import pytest

from games.blackjack.rules import BlackjackRules
from games.profile import RulebookError
from games.records import Limits
from tests.support.rulebook_files import profile_path, read_profile

F = Fraction
PROFILE = profile_path("blackjack")
SOURCE = "profiles/test/blackjack.toml"


@pytest.fixture(scope="module")
def values():
    return read_profile(PROFILE)


@pytest.fixture(scope="module")
def rules(values):
    return BlackjackRules.from_dict(values, str(PROFILE))


def load(values, **changes):
    altered = copy.deepcopy(values)
    altered.update(changes)
    return BlackjackRules.from_dict(altered, SOURCE)


def with_bet(values, family, **changes):
    altered = copy.deepcopy(values)
    altered["bets"][family].update(changes)
    return altered


def refused(values, match, **changes):
    with pytest.raises(RulebookError, match=match):
        load(values, **changes)


# --- what the default profile holds -----------------------------------------------------------


def test_the_default_profile_holds_section_03_and_the_rulings(rules):
    assert "secció 03" in rules.regulation
    play = rules.play
    assert (play.payout, play.blackjack, rules.insurance_payout) == (1, F(3, 2), 2)
    assert (rules.decks, rules.burn, rules.cut_reserve) == (6, 5, 52)
    assert (rules.boxes, rules.bets_per_box) == (7, 4)
    assert play.split_hands == 6 and play.resplit_aces
    assert play.double_totals == {9, 10, 11} and play.double_with_ace == {8, 9}
    assert not play.dealer_hits_soft_17 and play.dealer_blackjack_takes == "all"
    assert "over 21" in rules.errata["bust"]
    assert rules.allow_player_edge == frozenset()


def test_the_table_closes_with_its_last_shoe_not_a_count_of_coups(rules):
    assert rules.closing_rounds is None


def test_the_advance_is_5000_minimums(rules):
    assert rules.advance(500) == 2_500_000


def test_the_maximum_is_per_box_and_insurance_half_of_it(rules):
    assert rules.limits(500, 100) == Limits(
        min=500, chip_unit=100, max={"box": 50_000, "insurance": 25_000}
    )
    assert rules.limits(300, 100).max["insurance"] == 15_000


def test_codes_are_those_of_bets_md(rules):
    assert rules.codes() == (
        *(f"box:{b}" for b in range(1, 8)),
        *(f"insurance:{b}" for b in range(1, 8)),
    )


# --- house edges ---------------------------------------------------------------------------------


def test_insurance_edge_is_exact_from_a_six_deck_shoe_less_the_dealers_ace(rules):
    insurance = next(row for row in rules.odds() if row.family == "insurance")
    assert insurance.probability == F(96, 311)  # 96 tens among the 311 cards left
    assert insurance.house_edge == 1 - F(96, 311) * 3 == F(23, 311)
    # not a bet placed before the deal: the engine's tests measure it
    assert not insurance.simulated


def test_the_boxs_edge_under_basic_strategy_is_exact(rules):
    box = next(row for row in rules.odds() if row.family == "box")
    assert box.house_edge == rules.strategy.house_edge
    assert isinstance(box.house_edge, Fraction)
    # pinned: the recursion's figure
    assert float(box.house_edge) == pytest.approx(0.0111478, abs=1e-7)
    assert 0.42 < box.probability < 0.45


def test_a_blackjack_paid_even_money_costs_exactly_half_its_chance_unmatched(values, rules):
    """The blackjack's payout changes no decision: the edge moves by half a unit on each
    player's blackjack the dealer does not match, 8/169 x (1 - 8/169) x 1/2."""
    even = load(with_bet(values, "box", blackjack=1))
    blackjack = F(8, 169)
    assert even.strategy.house_edge - rules.strategy.house_edge == blackjack * (1 - blackjack) / 2


def test_losing_only_the_bet_to_the_dealers_blackjack_lowers_the_edge(values, rules):
    original = load(values, dealer_blackjack_takes="original")
    assert 0 < original.strategy.house_edge < rules.strategy.house_edge


# --- what a profile may not hold ----------------------------------------------------------------


def test_a_blackjack_that_favours_the_player_does_not_load(values):
    with pytest.raises(
        RulebookError, match=r"bets\.box: box .* paying 1, blackjack 2 has a house edge of -"
    ):
        load(with_bet(values, "box", blackjack=2))


def test_a_player_edge_loads_when_the_profile_allows_it(values):
    rules = load(with_bet(values, "box", blackjack=2, allow_player_edge=True))
    assert rules.strategy.house_edge < 0 and rules.allow_player_edge == {"box"}


def test_an_insurance_that_favours_the_player_does_not_load(values):
    with pytest.raises(
        RulebookError, match=r"bets\.insurance: insurance .* paying 3 has a house edge of -"
    ):
        load(with_bet(values, "insurance", payout=3))


def test_unknown_keys_are_refused(values):
    refused(values, r"blackjack\.toml: surrender: unknown key", surrender=True)
    with pytest.raises(RulebookError, match=r"bets\.box\.odds: unknown key"):
        load(with_bet(values, "box", odds=1))


def test_a_missing_key_is_named(values):
    altered = copy.deepcopy(values)
    del altered["cut_reserve"]
    with pytest.raises(RulebookError, match=r"blackjack\.toml: cut_reserve: missing"):
        BlackjackRules.from_dict(altered, SOURCE)


def test_a_profile_of_another_game_is_refused(values):
    refused(values, r"game: these are the rules of blackjack", game="craps")


def test_decks_must_be_a_positive_number(values):
    refused(values, r"decks: must be a positive whole number", decks=0)


def test_burn_must_be_a_whole_number(values):
    refused(values, r"burn: must be a whole number, 0 or more", burn=-1)


def test_the_cut_card_leaves_at_least_a_deck(values):
    refused(
        values, r"cut_reserve: section 03 3\.b leaves at least a deck \(52 cards\)", cut_reserve=51
    )
    refused(values, r"cut_reserve: .*in a shoe of 312", cut_reserve=312)


def test_seven_boxes_at_most(values):
    refused(values, r"boxes: section 03 IV\.a allows 1 to 7, not 8", boxes=8)


def test_four_bets_a_box_at_most(values):
    refused(values, r"bets_per_box: section 03 IV\.c allows 1 to 4, not 5", bets_per_box=5)


def test_six_hands_a_box_at_most(values):
    refused(values, r"split_hands: section 03 V\.1\.c allows 2 to 6, not 7", split_hands=7)


def test_the_box_maximum_is_50_100_or_200_minimums(values):
    for wrong in (150, 100.0, "100"):
        with pytest.raises(
            RulebookError, match=r"bets\.box\.max_multiple: must be one of 50, 100, 200"
        ):
            load(with_bet(values, "box", max_multiple=wrong))
    assert load(with_bet(values, "box", max_multiple=200)).limits(500, 100).max["box"] == 100_000


def test_the_advance_is_at_least_5000_minimums(values):
    refused(
        values, r"advance_multiple: must be a whole number of at least 5000", advance_multiple=4999
    )


def test_the_dealers_blackjack_takes_all_or_original(values):
    refused(
        values,
        r"dealer_blackjack_takes: must be one of 'all', 'original', not 'half'",
        dealer_blackjack_takes="half",
    )


def test_doubles_are_lists_of_possible_totals(values):
    refused(
        values,
        r"double_totals: must be a list of totals of two cards without an ace, each 4 to 20",
        double_totals=[9, 10, 21],
    )
    refused(
        values,
        r"double_with_ace: must be a list of values of the card beside an ace, each 2 to 9",
        double_with_ace=8,
    )


def test_flags_are_true_or_false(values):
    refused(values, r"resplit_aces: must be true or false", resplit_aces="yes")
    refused(values, r"dealer_hits_soft_17: must be true or false", dealer_hits_soft_17=1)


def test_payouts_are_exact(values):
    with pytest.raises(
        RulebookError, match=r"bets\.box\.blackjack: a payout is a whole number or a fraction"
    ):
        load(with_bet(values, "box", blackjack=1.5))


def test_errata_are_texts(values):
    refused(values, r"errata\.bust: must be a non-empty text", errata={"bust": ""})
