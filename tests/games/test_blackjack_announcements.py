import pytest

from games.blackjack.announcements import announce


@pytest.mark.parametrize(
    ("key", "params", "ca", "es", "en"),
    [
        ("place_bets", {}, "Facin joc", "Hagan juego", "Place your bets"),
        ("no_more_bets", {}, "No hi va més", "No va más", "No more bets"),
        (
            "insurance",
            {},
            "La banca té un as: assegurança?",
            "La banca tiene un as: ¿seguro?",
            "Dealer shows an ace: insurance?",
        ),
        (
            "ace_counts_one",
            {},
            "Aposta doble: l'as val un punt",
            "Apuesta doble: el as vale un punto",
            "Double: the ace counts one point",
        ),
        ("dealer_total", {"total": 19}, "La banca fa 19", "La banca tiene 19", "Dealer has 19"),
        ("dealer_bust", {}, "La banca es passa", "La banca se pasa", "Dealer busts"),
        (
            "dealer_blackjack",
            {},
            "Black Jack de la banca",
            "Black Jack de la banca",
            "Dealer has blackjack",
        ),
        ("all_bust", {}, "Totes les mans passades", "Todas las manos pasadas", "Every hand bust"),
        (
            "cut_card",
            {},
            "Última mà de l'escapçament",
            "Última mano del corte",
            "Last hand of the shoe",
        ),
        ("last_shoe", {}, "Últim sabot", "Último sabot", "Last shoe"),
        ("card_discarded", {}, "Carta eliminada", "Carta eliminada", "Card discarded"),
        ("void_coup", {}, "Jugada nul·la", "Jugada nula", "Void coup"),
    ],
)
def test_calls_in_every_language(key, params, ca, es, en):
    assert announce(key, **params).to_json() == {"key": key, "text": {"ca": ca, "es": es, "en": en}}


def test_unknown_calls_are_refused():
    with pytest.raises(ValueError, match="no blackjack announcement 'surrender'"):
        announce("surrender")
    with pytest.raises(ValueError, match="cannot stand on 22"):
        announce("dealer_total", total=22)
