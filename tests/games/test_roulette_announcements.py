import pytest

from games.roulette.announcements import announce


@pytest.mark.parametrize(
    ("number", "ca", "es", "en"),
    [
        (17, "17, negre, imparell i falta", "17, negro, impar y falta", "17, black, odd and low"),
        (1, "1, roig, imparell i falta", "1, rojo, impar y falta", "1, red, odd and low"),
        (18, "18, roig, parell i falta", "18, rojo, par y falta", "18, red, even and low"),
        (19, "19, roig, imparell i passa", "19, rojo, impar y pasa", "19, red, odd and high"),
        (36, "36, roig, parell i passa", "36, rojo, par y pasa", "36, red, even and high"),
        (10, "10, negre, parell i falta", "10, negro, par y falta", "10, black, even and low"),
        (0, "Zero", "Cero", "Zero"),
    ],
)
def test_the_result_calls_the_number_and_its_winning_simple_chances(number, ca, es, en):
    assert announce("result", number=number).text == {"ca": ca, "es": es, "en": en}


@pytest.mark.parametrize(("key", "params"), [("result", {"number": 37})])
def test_unknown_announcements_and_impossible_values_are_errors(key, params):
    with pytest.raises(ValueError):
        announce(key, **params)
