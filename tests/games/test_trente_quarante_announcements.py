import pytest

from games.trente_quarante.announcements import announce


@pytest.mark.parametrize(
    ("key", "params", "ca", "es", "en"),
    [
        (
            "result",
            {"noir": 32, "rouge": 35, "colour": "couleur"},
            "Negre 32, roig 35: negre i color guanyen",
            "Negro 32, rojo 35: ganan negro y color",
            "Noir 32, rouge 35: noir and colour win",
        ),
        (
            "result",
            {"noir": 38, "rouge": 31, "colour": "inverse"},
            "Negre 38, roig 31: roig i invers guanyen",
            "Negro 38, rojo 31: ganan rojo e inverso",
            "Noir 38, rouge 31: rouge and inverse win",
        ),
        (
            "equal",
            {"total": 35},
            "35 a cada fila: jugada nul·la",
            "35 en cada fila: jugada nula",
            "35 on each row: the coup is void",
        ),
        (
            "refait",
            {},
            "31 a cada fila: refait",
            "31 en cada fila: refait",
            "31 on each row: refait",
        ),
        (
            "red_card",
            {},
            "Carta roja: jugada nul·la",
            "Carta roja: jugada nula",
            "The red card: the coup is void",
        ),
        ("void_coup", {}, "Jugada nul·la", "Jugada nula", "Void coup"),
        ("last_coup", {}, "Última jugada", "Última jugada", "Last coup"),
        ("place_bets", {}, "Facin joc", "Hagan juego", "Place your bets"),
        ("no_more_bets", {}, "No hi va més", "No va más", "No more bets"),
    ],
)
def test_calls_in_every_language(key, params, ca, es, en):
    assert announce(key, **params).to_json() == {"key": key, "text": {"ca": ca, "es": es, "en": en}}


def test_unknown_calls_are_refused():
    with pytest.raises(ValueError, match="no trente et quarante announcement 'zero'"):
        announce("zero")
    with pytest.raises(ValueError, match="a row totals 31 to 40"):
        announce("result", noir=30, rouge=35, colour="couleur")
    with pytest.raises(ValueError, match="decide no winners"):
        announce("result", noir=33, rouge=33, colour="couleur")
    with pytest.raises(ValueError, match="decide no winners"):
        announce("result", noir=33, rouge=34, colour="rouge")
