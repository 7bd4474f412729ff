"""The poker sense descart profile: what it holds, what it refuses (naming the key), and the
exact odds and strategy it gives."""

from fractions import Fraction

import pytest

from games.poker.evaluator import evaluate
from games.poker_stud.rules import PokerStudRules
from games.profile import RulebookError
from tests.support.rulebook_files import altered, profile_path, read_profile

PROFILE = profile_path("poker_stud")
SOURCE = "profiles/test/poker_stud.toml"


@pytest.fixture(scope="module")
def values() -> dict:
    return read_profile(PROFILE)


@pytest.fixture(scope="module")
def rules(values) -> PokerStudRules:
    return PokerStudRules.from_dict(values, str(PROFILE))


def refused(values, match):
    with pytest.raises(RulebookError, match=match):
        PokerStudRules.from_dict(values, SOURCE)


def test_the_default_profile_holds_section_11_and_the_rulings(rules):
    assert "secció 11" in rules.regulation
    assert (rules.boxes, rules.bets_per_box) == (6, 4)
    assert rules.ante_payout == 1 and rules.call_multiple == 2
    assert dict(rules.call_payouts) == {
        "royal_flush": 100,
        "straight_flush": 25,
        "four_of_a_kind": 20,
        "full_house": 7,
        "flush": 5,
        "straight": 4,
        "three_of_a_kind": 3,
        "two_pair": 2,
        "pair": 1,
        "high_card": 1,
    }
    assert rules.coin == 100 and rules.straight_flush_share == Fraction(1, 10)
    assert rules.closing_rounds == 5
    assert (rules.decks, rules.burn, rules.cut_reserve) == (1, 0, 0)
    assert rules.allow_player_edge == frozenset({"call"})


def test_advance_is_10000_minimums(rules):
    assert rules.advance(500) == 5_000_000


def test_limits_follow_section_11_v3(rules):
    limits = rules.limits(500, 100)
    assert (limits.min, limits.chip_unit) == (500, 100)
    assert dict(limits.max) == {"ante": 12_500, "call": 25_000, "carrousel": 100}
    with pytest.raises(ValueError, match="multiple of the chip unit"):
        rules.limits(550, 100)


def test_codes_are_those_of_bets_md(rules):
    codes = rules.codes()
    assert codes[:3] == ("ante:1", "call:1", "carrousel:1")
    assert len(codes) == 18 and "carrousel:6" in codes and "ante:7" not in codes


def test_the_strategy_goes_on_with_ace_king_jack_eight_three_or_better(rules):
    assert rules.call_from == evaluate("AS KH JD 8C 3S".split())
    assert rules.goes_on(evaluate("AS KH JD 8C 3S".split()))
    assert not rules.goes_on(evaluate("AS KH JD 8C 2S".split()))
    assert rules.goes_on(evaluate("2S 2H 3D 4C 5S".split()))
    assert not rules.goes_on(evaluate("AS QH JD 8C 3S".split()))


def test_odds_are_exact(rules):
    box, call, carrousel = rules.odds()
    assert (box.family, call.family, carrousel.family) == ("ante", "call", "carrousel")
    # The box, ante and call, per unit of ante: 5.3557%.
    assert box.house_edge == Fraction(7_625_442_047, 142_380_217_980)
    assert "AKJ83" in box.label
    # The call alone favours the player (16.64% per unit staked on it), hence allowed.
    assert call.house_edge == Fraction(-86_899_405_007, 522_191_184_075)
    # One coin in 64,974 meets a royal or straight flush; in the long run the pool pays them all
    # back.
    assert carrousel.probability == Fraction(1, 64_974) and carrousel.house_edge == 0
    # the pool past which it returns more than itself
    assert "coin of 1.00" in carrousel.label and "341,968.42" in carrousel.label


def test_a_straight_flush_paying_more_lowers_the_edge(values):
    richer = PokerStudRules.from_dict(
        altered(
            values,
            "bets",
            "call",
            payout={**values["bets"]["call"]["payout"], "straight_flush": 50},
        ),
        SOURCE,
    )
    assert (
        0
        < richer.odds()[0].house_edge
        < PokerStudRules.from_dict(values, SOURCE).odds()[0].house_edge
    )


# --- refusals, each naming the key ---------------------------------------------------------


def test_unknown_keys_are_refused(values):
    refused(altered(values, boxs=6), r"poker_stud.toml: boxs: unknown key")
    refused(altered(values, "bets", jackpot={}), r"bets.jackpot: unknown key")
    refused(altered(values, "bets", "carrousel", value=1), r"bets.carrousel.value: unknown key")


def test_missing_keys_are_refused(values):
    refused(altered(values, source=None), r"poker_stud.toml: source: missing")
    refused(altered(values, "bets", "ante", max_multiple=None), r"bets.ante.max_multiple: missing")
    refused(altered(values, "bets", "carrousel", coin=None), r"bets.carrousel.coin: missing")


def test_another_games_profile_is_refused(values):
    refused(
        altered(values, game="blackjack"),
        r"game: these are the rules of poker_stud, not of 'blackjack'",
    )


def test_the_ante_maximum_stays_within_the_bands(values):
    refused(
        altered(values, "bets", "ante", max_multiple=26), r"bets.ante.max_multiple: section 11 V.3"
    )


def test_boxes_must_fit_one_deck(values):
    refused(altered(values, boxes=10), r"boxes: 10 boxes and the bank need 55 cards")
    refused(altered(values, boxes=0), r"boxes: must be a positive whole number")


def test_the_call_pays_every_hand_of_section_11(values):
    table = values["bets"]["call"]["payout"]
    missing = {k: v for k, v in table.items() if k != "pair"}
    refused(altered(values, "bets", "call", payout=missing), r"bets.call.payout.pair: missing")
    refused(
        altered(values, "bets", "call", payout={**table, "five_of_a_kind": 200}),
        r"bets.call.payout.five_of_a_kind: unknown hand",
    )
    refused(
        altered(values, "bets", "call", payout={**table, "flush": 5.5}),
        r"bets.call.payout.flush: a payout is",
    )
    refused(
        altered(values, "bets", "call", payout=7),
        r"bets.call.payout: must give one payout per hand",
    )


def test_the_carrousel_values(values):
    refused(
        altered(values, "bets", "carrousel", coin=0), r"bets.carrousel.coin: must be a positive"
    )
    refused(
        altered(values, "bets", "carrousel", straight_flush_percent=120),
        r"bets.carrousel.straight_flush_percent: a share of the pool is at most 100",
    )
    refused(
        altered(values, "bets", "call", stake_multiple="2"),
        r"bets.call.stake_multiple: must be a positive",
    )


def test_the_call_alone_needs_its_player_edge_allowed(values):
    refused(
        altered(values, "bets", "call", allow_player_edge=None),
        r"bets.call: call:B alone .* house edge of -86899405007/522191184075 .*allow_player_edge",
    )


def test_a_box_that_favours_the_player_is_refused(values):
    generous = {**values["bets"]["call"]["payout"], "high_card": 2, "pair": 2}
    refused(
        altered(values, "bets", "call", payout=generous),
        r"bets.ante: ante:B and its call:B.* player advantage",
    )
    loaded = PokerStudRules.from_dict(
        altered(
            altered(values, "bets", "call", payout=generous), "bets", "ante", allow_player_edge=True
        ),
        SOURCE,
    )
    assert loaded.odds()[0].house_edge < 0
