"""What the stickman calls at a craps table, in Catalan, Spanish and English.

Each roll is called as its total and what it means for the Win line (section 09 IV.1.A): on a
come-out "set" or "onze" (the Win wins), "crap" (it loses), or the point set; while a point is
on, the point made, the seven out (the dice change hands), or the bare total.
"""

from __future__ import annotations

from collections.abc import Callable

from games.records import Announcement

Texts = dict[str, str]

_NAMES = {
    "ca": {7: "set", 11: "onze"},
    "es": {7: "siete", 11: "once"},
    "en": {7: "seven", 11: "eleven"},
}


def _natural(total: int) -> Texts:
    if total not in (7, 11):
        raise ValueError(f"{total} is no natural")
    ca, es, en = (_NAMES[lang][total] for lang in ("ca", "es", "en"))
    return {
        "ca": f"{total}, {ca}: guanya el Win",
        "es": f"{total}, {es}: gana el Win",
        "en": f"{total}, {en}: Win wins",
    }


def _craps(total: int) -> Texts:
    return {
        "ca": f"{total}, crap: perd el Win",
        "es": f"{total}, craps: pierde el Win",
        "en": f"{total}, craps: Win loses",
    }


def _point(total: int) -> Texts:
    return {
        "ca": f"{total}, punt: el punt és el {total}",
        "es": f"{total}, punto: el punto es el {total}",
        "en": f"{total}, the point is {total}",
    }


def _point_made(total: int) -> Texts:
    return {
        "ca": f"{total}, punt fet: guanya el Win",
        "es": f"{total}, punto hecho: gana el Win",
        "en": f"{total}, point made: Win wins",
    }


def _roll(total: int, double: int = 0) -> Texts:
    """A roll that decides no line bet; a double of 2 to 5 is called for the hard ways."""
    if double:
        return {
            "ca": f"{total}, doble {double}",
            "es": f"{total}, doble {double}",
            "en": f"{total} the hard way",
        }
    return {"ca": str(total), "es": str(total), "en": str(total)}


_TEXTS: dict[str, Callable[..., Texts]] = {
    "place_bets": lambda: {"ca": "Facin joc", "es": "Hagan juego", "en": "Place your bets"},
    "no_more_bets": lambda: {"ca": "Ja no hi va més", "es": "No va más", "en": "No more bets"},
    "natural": _natural,
    "craps": _craps,
    "point": _point,
    "point_made": _point_made,
    "seven_out": lambda: {
        "ca": "7, set: perd el Win, canvi de mà",
        "es": "7, siete: pierde el Win, cambio de mano",
        "en": "7, seven out: Win loses, the dice change hands",
    },
    "roll": _roll,
    "void_roll": lambda: {"ca": "Tirada nul·la", "es": "Tirada nula", "en": "No roll"},
    "dice_change": lambda: {"ca": "Canvi de daus", "es": "Cambio de dados", "en": "Dice change"},
    "last_shooter": lambda: {"ca": "Últim tirador", "es": "Último tirador", "en": "Last shooter"},
}


def announce(key: str, **params: int) -> Announcement:
    """The announcement `key` in every language: place_bets, no_more_bets, natural / craps /
    point / point_made with total=, seven_out, roll with total= (and double= for a hard way),
    void_roll, dice_change, last_shooter."""
    if key not in _TEXTS:
        raise ValueError(f"no craps announcement {key!r} (known: {', '.join(_TEXTS)})")
    return Announcement(key, _TEXTS[key](**params))
