import pytest

from games.punto_banco.announcements import announce


@pytest.mark.parametrize(
    ("key", "params", "ca", "es", "en"),
    [
        (
            "result",
            {"player": 7, "banker": 5},
            "Punt 7, banca 5: guanya el punt",
            "Punto 7, banca 5: gana el punto",
            "Player 7, banker 5: player wins",
        ),
        (
            "result",
            {"player": 0, "banker": 9},
            "Punt 0, banca 9: guanya la banca",
            "Punto 0, banca 9: gana la banca",
            "Player 0, banker 9: banker wins",
        ),
        (
            "result",
            {"player": 6, "banker": 6},
            "Punt 6, banca 6: empat",
            "Punto 6, banca 6: empate",
            "Player 6, banker 6: tie",
        ),
        (
            "last_rounds",
            {"n": 5},
            "Les últimes cinc mans",
            "Las últimas cinco manos",
            "The last five hands",
        ),
        ("last_rounds", {"n": 1}, "L'última mà", "La última mano", "The last hand"),
        ("place_bets", {}, "Facin joc", "Hagan juego", "Place your bets"),
        ("no_more_bets", {}, "No hi va més", "No va más", "No more bets"),
        (
            "cut_card",
            {},
            "Última mà de l'escapçament",
            "Última mano del corte",
            "Last hand of the shoe",
        ),
        ("void_coup", {}, "Jugada nul·la", "Jugada nula", "Void coup"),
    ],
)
def test_calls_in_every_language(key, params, ca, es, en):
    assert announce(key, **params).to_json() == {"key": key, "text": {"ca": ca, "es": es, "en": en}}


def test_unknown_calls_are_refused():
    with pytest.raises(ValueError, match="no punto banco announcement 'natural'"):
        announce("natural")
    with pytest.raises(ValueError, match="counts 0 to 9"):
        announce("result", player=10, banker=3)
    with pytest.raises(ValueError, match="the last 0 hands"):
        announce("last_rounds", n=0)
