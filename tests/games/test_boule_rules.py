from fractions import Fraction
from pathlib import Path

import pytest
import tomli_w

from games.boule.rules import BouleRules
from games.registry import GAMES
from games.rulebook import RulebookError, load_rules
from tests.support.rulebook_files import altered, read_profile

RULEBOOKS = Path(__file__).resolve().parents[2] / "config" / "rulebooks"
PROFILE = RULEBOOKS / "valencia-1994" / "boule.toml"
F = Fraction

# Section 04 II, read independently of the engine: 18 holes, 1 to 9 twice each.
HOLES = [n for n in range(1, 10) for _ in range(2)]
WINS = {
    "red": lambda n: n in (2, 4, 7, 9),
    "black": lambda n: n in (1, 3, 6, 8),
    "even": lambda n: n != 5 and n % 2 == 0,
    "odd": lambda n: n != 5 and n % 2 == 1,
    "low": lambda n: n < 5,
    "high": lambda n: n > 5,
}


@pytest.fixture
def values() -> dict:
    return read_profile(PROFILE)


@pytest.fixture
def rules() -> BouleRules:
    return load_rules(RULEBOOKS, "valencia-1994", "boule")


def test_the_default_profile_loads_through_the_registry(rules):
    assert GAMES["boule"].rules == BouleRules.from_dict
    assert "secció 04" in rules.regulation
    assert rules.payouts == {
        "number": 7,
        "red": 1,
        "black": 1,
        "even": 1,
        "odd": 1,
        "low": 1,
        "high": 1,
    }
    assert rules.closing_rounds == 3
    assert rules.allow_player_edge == frozenset()


def test_the_advance_is_4000_minimums(rules):
    assert rules.advance(500) == 2_000_000


def test_limits_are_per_family_multiples_of_the_minimum(rules):
    limits = rules.limits(500, 100)
    assert (limits.min, limits.chip_unit) == (500, 100)
    assert limits.max == {"number": 50_000, **{c: 250_000 for c in WINS}}
    assert limits.to_json()["max"]["number"] == 50_000


@pytest.mark.parametrize(("minimum", "chip"), [(0, 100), (500, 0), (550, 100), (-500, 100)])
def test_limits_need_a_minimum_that_is_a_multiple_of_the_chip_unit(rules, minimum, chip):
    with pytest.raises(ValueError):
        rules.limits(minimum, chip)


def test_codes_are_the_nine_numbers_and_the_six_simple_chances(rules):
    assert rules.codes() == (
        *(f"number:{n}" for n in range(1, 10)),
        "red",
        "black",
        "even",
        "odd",
        "low",
        "high",
    )


def test_every_number_has_two_holes_of_eighteen(rules):
    outcomes = rules.outcomes()
    assert [o for o, _ in outcomes] == [{"number": n} for n in range(1, 10)]
    assert all(p == F(2, 18) for _, p in outcomes)
    assert sum(p for _, p in outcomes) == 1


def independent_edge(code: str, payout: Fraction) -> Fraction:
    """1 - the expected return per unit staked, hole by hole."""
    wins = (lambda n: n == int(code.split(":")[1])) if code.startswith("number:") else WINS[code]
    expected = sum(F(1, len(HOLES)) * (1 + payout) for hole in HOLES if wins(hole))
    return 1 - expected


def test_every_edge_is_exact_and_matches_an_independent_count(rules):
    rows = {row.family: row for row in rules.odds()}
    assert list(rows) == ["number", *WINS]
    for code in rules.codes():
        family = code.partition(":")[0]
        assert rows[family].house_edge == independent_edge(code, rules.payouts[family]), code
    # A number: 1 - 8/9; a simple chance (lost on 5 too): 1 - 2 x 4/9. Both 1/9.
    assert rows["number"].house_edge == F(1, 9) and rows["number"].probability == F(1, 9)
    assert all(rows[c].house_edge == F(1, 9) and rows[c].probability == F(4, 9) for c in WINS)
    assert rows["red"].label == "red" and rows["number"].payout == 7


# --- validation -----------------------------------------------------------------------------


def refused(values, match):
    with pytest.raises(RulebookError, match=match):
        BouleRules.from_dict(values, "b.toml")


@pytest.mark.parametrize("key", ["source", "advance_multiple", "closing_rounds", "bets"])
def test_a_missing_key_is_named(values, key):
    del values[key]
    refused(values, f"^b.toml: {key}: missing$")


def test_unknown_keys_are_refused(values):
    refused({**values, "closing_round": 3}, r"^b.toml: closing_round: unknown key")
    values["bets"]["split"] = {"payout": 3, "max_multiple": 50}
    refused(values, r"^b.toml: bets.split: unknown key")


def test_a_bet_key_typo_is_refused(values):
    values["bets"]["red"]["max"] = 200
    refused(values, r"^b.toml: bets.red.max: unknown key")


@pytest.mark.parametrize(
    ("family", "multiple"), [("number", 39), ("number", 101), ("red", 199), ("low", 501)]
)
def test_a_maximum_outside_the_regulations_bounds_is_refused(values, family, multiple):
    values["bets"][family]["max_multiple"] = multiple
    refused(
        values,
        rf"^b.toml: bets.{family}.max_multiple: must be between \d+ and \d+ times the minimum "
        rf".*not {multiple}$",
    )


@pytest.mark.parametrize(
    ("family", "multiple"), [("number", 40), ("number", 100), ("odd", 200), ("odd", 500)]
)
def test_the_bounds_themselves_are_accepted(values, family, multiple):
    values["bets"][family]["max_multiple"] = multiple
    assert BouleRules.from_dict(values, "b.toml").max_multiple[family] == multiple


@pytest.mark.parametrize("bad", [0, -100, 50.0, "50", True])
def test_a_maximum_must_be_a_positive_whole_number(values, bad):
    values["bets"]["number"]["max_multiple"] = bad
    refused(values, r"^b.toml: bets.number.max_multiple: must be a positive whole number")


def test_a_payout_giving_the_player_an_advantage_is_refused_naming_the_bet_and_edge(values):
    values["bets"]["number"]["payout"] = 9
    refused(values, r"^b.toml: bets.number: number paying 9 has a house edge of -1/9 \(-11.11%\)")


def test_a_player_advantage_loads_when_the_profile_allows_it(values):
    values["bets"]["high"]["payout"] = "3/2"
    refused(values, r"^b.toml: bets.high: high paying 3/2 has a house edge of -1/9")
    values["bets"]["high"]["allow_player_edge"] = True
    rules = BouleRules.from_dict(values, "b.toml")
    assert rules.allow_player_edge == {"high"}
    assert {r.family: r.house_edge for r in rules.odds()}["high"] == F(-1, 9)  # 1 - 4/9 x 5/2


def test_a_break_even_bet_is_no_player_advantage(values):
    values["bets"]["number"]["payout"] = 8
    assert {r.family: r.house_edge for r in BouleRules.from_dict(values, "b.toml").odds()}[
        "number"
    ] == 0


def test_a_profile_for_another_game_is_refused(values):
    refused(
        {**values, "game": "roulette_fr"},
        r"^b.toml: game: these are the rules of boule, not of 'roulette_fr'$",
    )


def test_load_rules_names_the_file(tmp_path):
    folder = tmp_path / "p"
    folder.mkdir()
    text = tomli_w.dumps(altered(read_profile(PROFILE), advance_multiple=None))
    (folder / "boule.toml").write_text(text, encoding="utf-8")
    with pytest.raises(RulebookError) as e:
        load_rules(tmp_path, "p", "boule")
    assert str(e.value) == f"{folder / 'boule.toml'}: advance_multiple: missing"
