"""Every call a table can make is found, game by game, through the engines alone."""

from __future__ import annotations

import re

import pytest

from games.records import sentences
from games.registry import GAMES
from games.rulebook import load_rules
from terminal.common.settings import config_dir
from terminal.speech.calls import drawn, table_calls
from terminal.speech.rendered import spoken_texts

PROFILE = "valencia-1994"


@pytest.fixture(scope="module")
def calls():
    return table_calls(PROFILE)


def rules_of(game_id):
    return load_rules(config_dir() / "rulebooks", PROFILE, game_id)


def test_every_game_has_its_calls_in_every_language(calls):
    assert set(calls) == set(GAMES)
    for game_id, game_calls in calls.items():
        assert game_calls, f"{game_id} makes no call"
        assert all(set(call.text) == {"ca", "es", "en"} for call in game_calls)
        assert {"place_bets", "no_more_bets"} <= {call.key for call in game_calls}, game_id


def test_the_roulette_result_of_17_is_called(calls):
    said = {(call.key, call.text["ca"]) for call in calls["roulette_fr"]}
    assert ("result", "17, negre, imparell i falta") in said
    results = [call for call in calls["roulette_fr"] if call.key == "result"]
    assert len(results) == 37  # every pocket, each once


def known_keys(engine):
    """The keys an engine makes, as it names them when asked for one it does not make."""
    with pytest.raises(ValueError) as refused:
        engine.announcement("no such call")
    found = re.search(r"known: ([a-z_, ]+)\)", str(refused.value))
    assert found, f"the engine's refusal names no keys: {refused.value}"
    return set(found.group(1).split(", "))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_key_an_engine_makes_is_among_its_calls(calls, game_id):
    game, rules = GAMES[game_id], rules_of(game_id)
    engine = game.engine(rules, rules.limits(500, 100))
    assert known_keys(engine) - {call.key for call in calls[game_id]} == set()


@pytest.mark.parametrize(
    ("game_id", "key", "count"),
    [
        ("craps", "point", 6),
        ("craps", "point_made", 6),
        ("craps", "natural", 2),
        ("craps", "craps", 3),
        ("craps", "roll", 14),  # a point on: the other totals, and the hard ways
        ("boule", "result", 9),
        ("punto_banco", "result", 100),
        ("trente_quarante", "result", 180),
        ("trente_quarante", "equal", 9),
        ("blackjack", "dealer_total", 20),
        ("poker_stud", "decisions", 52),
        ("roulette_fr", "last_rounds", 5),
    ],
)
def test_the_calls_said_with_values_are_each_value_once(calls, game_id, key, count):
    assert sum(1 for call in calls[game_id] if call.key == key) == count


@pytest.mark.parametrize("game_id", [g.id for g in GAMES.values() if g.kind != "coup"])
def test_a_third_round_finds_no_call_two_did_not(game_id):
    game, rules = GAMES[game_id], rules_of(game_id)
    engine = game.engine(rules, rules.limits(500, 100))
    two = {(a.key, a.text["en"]) for a in drawn(game, rules, engine, rounds=2)}
    three = {(a.key, a.text["en"]) for a in drawn(game, rules, engine, rounds=3)}
    assert three == two


def test_two_jackpots_in_one_coup_are_said_in_sentences_that_are_rendered(calls):
    game, rules = GAMES["poker_stud"], rules_of("poker_stud")
    engine = game.engine(rules, rules.limits(500, 100))
    two = engine.announcement(
        "result", hand="flush", plays=True, jackpots=[(2, "royal_flush"), (5, "straight_flush")]
    )
    for language, text in two.text.items():
        rendered = {t for call in calls["poker_stud"] for t in spoken_texts(call.text[language])}
        assert text not in rendered
        assert len(sentences(text)) == 3
        assert set(sentences(text)) <= rendered, language
    assert spoken_texts("Place your bets") == ["Place your bets"]
