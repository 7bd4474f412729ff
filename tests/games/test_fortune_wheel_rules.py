from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

from games.fortune_wheel.rules import FortuneWheelRules
from games.registry import GAMES
from games.rulebook import RulebookError, load_rules
from tests.support.rulebook_files import read_profile

RULEBOOKS = Path(__file__).resolve().parents[2] / "config" / "rulebooks"
PROFILE = RULEBOOKS / "valencia-1994" / "fortune_wheel.toml"
F = Fraction
# docs/rulings.md, the erratum of section 10 IV.1: segments per symbol and payout.
SEGMENTS = {
    "sym:1": 24,
    "sym:2": 15,
    "sym:5": 7,
    "sym:10": 4,
    "sym:20": 2,
    "joker:1": 1,
    "joker:2": 1,
}
PAYS = {
    "sym:1": 1,
    "sym:2": 2,
    "sym:5": 5,
    "sym:10": 10,
    "sym:20": 20,
    "joker:1": 45,
    "joker:2": 45,
}


@pytest.fixture
def values() -> dict:
    return read_profile(PROFILE)


@pytest.fixture
def rules() -> FortuneWheelRules:
    return load_rules(RULEBOOKS, "valencia-1994", "fortune_wheel")


def test_the_default_profile_loads_through_the_registry(rules):
    assert GAMES["fortune_wheel"].rules == FortuneWheelRules.from_dict
    assert "secció 10" in rules.regulation
    assert rules.payouts == PAYS
    assert rules.closing_rounds == 3
    assert rules.advance(500) == 7_500_000  # 15,000 minimums


def test_the_wheel_has_54_segments_with_the_ruled_counts_interleaved(rules):
    assert len(rules.segments) == 54
    assert Counter(rules.segments) == SEGMENTS
    assert all(a != b for a, b in zip(rules.segments, rules.segments[1:] + rules.segments[:1]))
    # opposite each other
    assert rules.segments.index("joker:2") - rules.segments.index("joker:1") == 27


def test_a_symbol_covers_the_segments_bearing_it(rules):
    for code in rules.codes():
        assert rules.covers(code) == {i for i, s in enumerate(rules.segments) if s == code}
        assert len(rules.covers(code)) == SEGMENTS[code]


def test_limits_are_per_family(rules):
    assert rules.limits(500, 100).max == {"sym": 50_000, "joker": 25_000}


def test_codes_and_outcomes(rules):
    assert rules.codes() == tuple(SEGMENTS)
    outcomes = rules.outcomes()
    assert [o for o, _ in outcomes] == [
        {"segment": i, "symbol": s} for i, s in enumerate(rules.segments)
    ]
    assert all(p == F(1, 54) for _, p in outcomes)
    assert sum(p for _, p in outcomes) == 1


def test_every_edge_is_exact(rules):
    rows = {row.label: row for row in rules.odds()}
    assert list(rows) == list(SEGMENTS)
    # Counted segment by segment from the profile's own wheel.
    for code, row in rows.items():
        expected = sum(F(1, 54) * (1 + PAYS[code]) for s in rules.segments if s == code)
        assert row.house_edge == 1 - expected, code
        assert row.family == code.partition(":")[0]
    assert {code: row.house_edge for code, row in rows.items()} == {
        "sym:1": F(1, 9),
        "sym:2": F(1, 6),
        "sym:5": F(2, 9),
        "sym:10": F(5, 27),
        "sym:20": F(2, 9),
        "joker:1": F(4, 27),
        "joker:2": F(4, 27),
    }


# --- validation -----------------------------------------------------------------------------


def refused(values, match):
    with pytest.raises(RulebookError, match=match):
        FortuneWheelRules.from_dict(values, "w.toml")


@pytest.mark.parametrize(
    "key", ["source", "segments", "advance_multiple", "closing_rounds", "bets"]
)
def test_a_missing_key_is_named(values, key):
    del values[key]
    refused(values, f"^w.toml: {key}: missing$")


def test_a_missing_payout_is_named_with_its_symbol(values):
    del values["bets"]["sym"]["payout"]["10"]
    refused(values, r"^w.toml: bets.sym.payout.10: missing$")


def test_unknown_keys_are_refused(values):
    values["bets"]["sym"]["payout"]["40"] = 40
    refused(values, r"^w.toml: bets.sym.payout.40: unknown key")
    del values["bets"]["sym"]["payout"]["40"]
    values["bets"]["logo"] = {"max_multiple": 10}
    refused(values, r"^w.toml: bets.logo: unknown key")


@pytest.mark.parametrize("bad", ["x", 54, [], ["sym:1"] * 54, ["sym:1"] * 53])
def test_a_wheel_that_is_not_the_ruled_one_is_refused(values, bad):
    values["segments"] = bad
    refused(values, r"^w.toml: segments: ")


def test_a_wrong_count_is_named(values):
    wheel = values["segments"]
    wheel[wheel.index("sym:20")] = "sym:5"
    refused(
        values,
        r"^w.toml: segments: wrong number of segments: sym:5 on 8 instead of 7; "
        r"sym:20 on 1 instead of 2$",
    )


def test_an_unknown_symbol_is_named_with_its_segment(values):
    values["segments"][3] = "sym:40"
    refused(values, r"^w.toml: segments: segment 3 bears 'sym:40', not a symbol")
    values["segments"][3] = ["sym:1"]
    refused(values, r"^w.toml: segments: segment 3 bears \['sym:1'\]")


def test_a_joker_paying_more_than_53_is_a_player_advantage(values):
    values["bets"]["joker"]["payout"]["2"] = 54
    refused(values, r"^w.toml: bets.joker: joker:2 paying 54 has a house edge of -1/54 ")
    values["bets"]["joker"]["allow_player_edge"] = True
    rules = FortuneWheelRules.from_dict(values, "w.toml")
    assert {row.label: row.house_edge for row in rules.odds()}["joker:2"] == F(-1, 54)


def test_the_24_segment_symbol_paying_2_would_be_a_player_advantage(values):
    values["bets"]["sym"]["payout"]["1"] = 2
    refused(values, r"^w.toml: bets.sym: sym:1 paying 2 has a house edge of -1/3 ")


def test_a_profile_for_another_game_is_refused(values):
    refused(
        {**values, "game": "boule"},
        r"^w.toml: game: these are the rules of fortune_wheel, not of 'boule'$",
    )
