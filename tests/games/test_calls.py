"""The calls every spinning table makes in the same words (games/calls.py), through each
game's own `announce`: place your bets, no more bets, the void spin, the closing countdown."""

import pytest

from games.boule.announcements import announce as boule
from games.fortune_wheel.announcements import announce as fortune_wheel
from games.roulette.announcements import announce as roulette

GAMES = pytest.mark.parametrize(
    "announce", [roulette, boule, fortune_wheel], ids=["roulette", "boule", "fortune_wheel"]
)


@GAMES
@pytest.mark.parametrize(
    ("key", "text"),
    [
        ("place_bets", {"ca": "Facin joc", "es": "Hagan juego", "en": "Place your bets"}),
        ("no_more_bets", {"ca": "No hi va més", "es": "No va más", "en": "No more bets"}),
        ("void_spin", {"ca": "Tirada nul·la", "es": "Tirada nula", "en": "No spin"}),
    ],
)
def test_fixed_announcements(announce, key, text):
    assert announce(key).to_json() == {"key": key, "text": text}


@GAMES
@pytest.mark.parametrize(
    ("n", "ca", "es", "en"),
    [
        (3, "Les tres últimes boles", "Las tres últimas bolas", "The last three spins"),
        (2, "Les dues últimes boles", "Las dos últimas bolas", "The last two spins"),
        (1, "L'última bola", "La última bola", "The last spin"),
    ],
)
def test_the_last_rounds_are_counted_down(announce, n, ca, es, en):
    assert announce("last_rounds", n=n).text == {"ca": ca, "es": es, "en": en}


@GAMES
@pytest.mark.parametrize(("key", "params"), [("jackpot", {}), ("last_rounds", {"n": 0})])
def test_unknown_announcements_and_impossible_counts_are_errors(announce, key, params):
    with pytest.raises(ValueError):
        announce(key, **params)
