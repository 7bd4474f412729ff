import pytest

from games.craps.announcements import announce


@pytest.mark.parametrize(
    ("key", "params", "ca", "es", "en"),
    [
        (
            "natural",
            {"total": 11},
            "11, onze: guanya el Win",
            "11, once: gana el Win",
            "11, eleven: Win wins",
        ),
        (
            "craps",
            {"total": 12},
            "12, crap: perd el Win",
            "12, craps: pierde el Win",
            "12, craps: Win loses",
        ),
        (
            "point",
            {"total": 9},
            "9, punt: el punt és el 9",
            "9, punto: el punto es el 9",
            "9, the point is 9",
        ),
        (
            "point_made",
            {"total": 9},
            "9, punt fet: guanya el Win",
            "9, punto hecho: gana el Win",
            "9, point made: Win wins",
        ),
        ("roll", {"total": 5}, "5", "5", "5"),
        ("roll", {"total": 8, "double": 4}, "8, doble 4", "8, doble 4", "8 the hard way"),
        ("no_more_bets", {}, "Ja no hi va més", "No va más", "No more bets"),
        ("dice_change", {}, "Canvi de daus", "Cambio de dados", "Dice change"),
        ("last_shooter", {}, "Últim tirador", "Último tirador", "Last shooter"),
    ],
)
def test_calls_in_every_language(key, params, ca, es, en):
    assert announce(key, **params).to_json() == {"key": key, "text": {"ca": ca, "es": es, "en": en}}


def test_unknown_calls_are_refused():
    with pytest.raises(ValueError, match="no craps announcement 'yo'"):
        announce("yo")
    with pytest.raises(ValueError, match="no natural"):
        announce("natural", total=8)
