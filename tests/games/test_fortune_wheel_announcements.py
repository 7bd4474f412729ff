import pytest

from games.fortune_wheel.announcements import announce


@pytest.mark.parametrize(
    ("symbol", "ca", "es", "en"),
    [
        ("sym:1", "Guanya el 1", "Gana el 1", "1 wins"),
        ("sym:2", "Guanya el 2", "Gana el 2", "2 wins"),
        ("sym:5", "Guanya el 5", "Gana el 5", "5 wins"),
        ("sym:10", "Guanya el 10", "Gana el 10", "10 wins"),
        ("sym:20", "Guanya el 20", "Gana el 20", "20 wins"),
        ("joker:1", "Guanya el joker 1", "Gana el joker 1", "Joker 1 wins"),
        ("joker:2", "Guanya el joker 2", "Gana el joker 2", "Joker 2 wins"),
    ],
)
def test_the_result_calls_the_winning_symbol(symbol, ca, es, en):
    assert announce("result", symbol=symbol).text == {"ca": ca, "es": es, "en": en}


@pytest.mark.parametrize(
    ("key", "params"),
    [("result", {"symbol": "sym:3"}), ("result", {"symbol": "joker"})],
)
def test_unknown_announcements_and_impossible_values_are_errors(key, params):
    with pytest.raises(ValueError):
        announce(key, **params)
