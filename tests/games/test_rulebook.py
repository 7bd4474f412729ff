from fractions import Fraction

import pytest
import tomli_w

from games.roulette.rules import RouletteRules
from games.rulebook import RulebookError, load_rules, parse_payout
from tests.support.rulebook_files import altered


def write_profile(root, text, profile="test-profile"):
    folder = root / profile
    folder.mkdir()
    (folder / "roulette_fr.toml").write_text(text, encoding="utf-8")
    return folder / "roulette_fr.toml"


def test_loads_the_default_profile(rulebooks):
    rules = load_rules(rulebooks, "valencia-1994", "roulette_fr")
    assert isinstance(rules, RouletteRules)
    assert "215/1994" in rules.regulation


def test_an_unknown_game_is_named_with_the_games_that_have_rulebooks(rulebooks):
    with pytest.raises(RulebookError, match=r"unknown game 'blackjax'.*roulette_fr"):
        load_rules(rulebooks, "valencia-1994", "blackjax")


def test_a_missing_file_names_the_profile_the_game_and_the_path_looked_at(tmp_path):
    with pytest.raises(RulebookError) as e:
        load_rules(tmp_path, "andorra-2016", "roulette_fr")
    message = str(e.value)
    assert "'andorra-2016'" in message and "roulette_fr" in message
    assert str(tmp_path / "andorra-2016" / "roulette_fr.toml") in message


def test_a_file_that_is_not_toml_is_named(tmp_path):
    path = write_profile(tmp_path, "wheel_order = [0, 32,\n")
    with pytest.raises(RulebookError, match="not valid TOML") as e:
        load_rules(tmp_path, "test-profile", "roulette_fr")
    assert str(path) in str(e.value)


def test_a_missing_key_is_named_with_the_file(tmp_path, profile_values):
    text = tomli_w.dumps(altered(profile_values, closing_rounds=None))
    path = write_profile(tmp_path, text)
    with pytest.raises(RulebookError) as e:
        load_rules(tmp_path, "test-profile", "roulette_fr")
    assert str(e.value) == f"{path}: closing_rounds: missing"


def test_a_missing_payout_is_named_with_its_bet(tmp_path, profile_values):
    text = tomli_w.dumps(altered(profile_values, "bets", "corner", payout=None))
    path = write_profile(tmp_path, text)
    with pytest.raises(RulebookError) as e:
        load_rules(tmp_path, "test-profile", "roulette_fr")
    assert str(e.value) == f"{path}: bets.corner.payout: missing"


def test_a_bad_wheel_order_is_named_with_the_file(tmp_path, profile_values):
    order = profile_values["wheel_order"]
    assert order[:3] == [0, 32, 15]
    text = tomli_w.dumps(altered(profile_values, wheel_order=[0, 0, *order[2:]]))
    path = write_profile(tmp_path, text)
    with pytest.raises(RulebookError) as e:
        load_rules(tmp_path, "test-profile", "roulette_fr")
    assert str(e.value).startswith(
        f"{path}: wheel_order: must list 0 to 36 once each (missing [32], repeated [0]"
    )


@pytest.mark.parametrize(
    ("given", "ratio"), [(35, 35), ("1/2", Fraction(1, 2)), ("17", 17), (" 3/2 ", Fraction(3, 2))]
)
def test_payouts_are_ints_or_fractions(given, ratio):
    assert parse_payout(given, "f.toml: bets.x.payout") == ratio


@pytest.mark.parametrize(
    "given", [0.5, True, "1/0", "0", 0, -1, "-1/2", "a/b", "1/2/3", "", None, [1, 2]]
)
def test_payouts_that_are_not_exact_positive_ratios_are_refused_naming_the_key(given):
    with pytest.raises(RulebookError, match=r"^f\.toml: bets\.x\.payout: "):
        parse_payout(given, "f.toml: bets.x.payout")
