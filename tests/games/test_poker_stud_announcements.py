"""What the croupier says at the poker sense descart table, in Catalan, Spanish and English."""

import pytest

from games.poker_stud.announcements import HANDS, announce
from games.records import LANGUAGES


def test_every_announcement_in_the_three_languages():
    calls = [
        announce("place_bets"),
        announce("no_more_bets"),
        announce("decisions", card="KH"),
        announce("result", hand="pair", plays=True),
        announce("misdeal"),
        announce("last_rounds", n=5),
    ]
    for call in calls:
        assert set(call.text) == set(LANGUAGES) and all(call.text.values())
    assert announce("no_more_bets").text["ca"] == "No hi va més"


def test_the_bank_up_card_and_the_decision():
    assert announce("decisions", card="KH").text == {
        "ca": "Carta de la banca: rei de cors. Hi van?",
        "es": "Carta de la banca: rey de corazones. ¿Van?",
        "en": "The bank shows the king of hearts. Call or fold?",
    }
    assert (
        announce("decisions", card="TC").text["ca"] == "Carta de la banca: 10 de trèvols. Hi van?"
    )


def test_the_bank_plays_or_not():
    assert announce("result", hand="two_pair", plays=True).text == {
        "ca": "La banca juga: doble parella",
        "es": "La banca juega: doble pareja",
        "en": "The bank plays: two pair",
    }
    assert announce("result", hand="high_card", plays=False).text == {
        "ca": "La banca no juga: cartes majors",
        "es": "La banca no juega: cartas mayores",
        "en": "The bank does not play: high card",
    }


def test_the_carrousel_winners_are_called_after_the_bank():
    text = announce("result", hand="flush", plays=True, jackpots=[(3, "royal_flush")]).text
    assert text["ca"] == "La banca juga: color. Carrousel: escala reial de color a la casella 3"
    assert text["es"] == "La banca juega: color. Carrusel: escalera real de color en la casilla 3"
    assert text["en"] == "The bank plays: flush. Carrousel: royal flush on box 3"


def test_every_hand_has_its_name_in_every_language():
    assert all(len(names) == 10 for names in HANDS.values())
    assert HANDS["ca"]["four_of_a_kind"] == "pòquer" and HANDS["es"]["three_of_a_kind"] == "trío"


def test_the_last_hands():
    assert announce("last_rounds", n=5).text == {
        "ca": "Les últimes cinc mans",
        "es": "Las últimas cinco manos",
        "en": "The last five hands",
    }
    assert announce("last_rounds", n=1).text["ca"] == "L'última mà"
    with pytest.raises(ValueError, match="cannot announce the last 0 hands"):
        announce("last_rounds", n=0)


def test_an_unknown_announcement_is_refused():
    with pytest.raises(ValueError, match="no poker_stud announcement 'void_spin'"):
        announce("void_spin")
