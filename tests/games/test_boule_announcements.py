import pytest

from games.boule.announcements import announce


@pytest.mark.parametrize(
    ("number", "ca", "es", "en"),
    [
        (1, "1, negre, imparell i falta", "1, negro, impar y falta", "1, black, odd and low"),
        (2, "2, roig, parell i falta", "2, rojo, par y falta", "2, red, even and low"),
        (3, "3, negre, imparell i falta", "3, negro, impar y falta", "3, black, odd and low"),
        (4, "4, roig, parell i falta", "4, rojo, par y falta", "4, red, even and low"),
        (6, "6, negre, parell i passa", "6, negro, par y pasa", "6, black, even and high"),
        (7, "7, roig, imparell i passa", "7, rojo, impar y pasa", "7, red, odd and high"),
        (8, "8, negre, parell i passa", "8, negro, par y pasa", "8, black, even and high"),
        (9, "9, roig, imparell i passa", "9, rojo, impar y pasa", "9, red, odd and high"),
    ],
)
def test_the_result_calls_the_number_and_its_simple_chances(number, ca, es, en):
    assert announce("result", number=number).to_json() == {
        "key": "result",
        "text": {"ca": ca, "es": es, "en": en},
    }


def test_five_is_called_with_no_colour_parity_or_half():
    text = announce("result", number=5).text
    assert text == {
        "ca": "5, perden les sorts senzilles",
        "es": "5, pierden las suertes sencillas",
        "en": "5, the even chances lose",
    }
    chances = {
        "ca": {"roig", "negre", "parell", "imparell", "falta", "passa"},
        "es": {"rojo", "negro", "par", "impar", "falta", "pasa"},
        "en": {"red", "black", "odd", "low", "high"},  # "even" is in "the even chances lose"
    }
    for lang, words in chances.items():
        assert not words & set(text[lang].replace(",", "").split()), lang


@pytest.mark.parametrize(
    ("key", "params"),
    [("result", {"number": 0}), ("result", {"number": 10})],
)
def test_unknown_announcements_and_impossible_values_are_errors(key, params):
    with pytest.raises(ValueError):
        announce(key, **params)
