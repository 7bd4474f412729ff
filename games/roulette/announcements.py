"""What the croupier says at a French roulette table, in Catalan, Spanish and English.

The wording is the table's own: "Facin joc" / "Hagan juego" / "Place your bets", "No hi va
més" / "No va más" / "No more bets", and the result called as the number and its winning
simple chances (section 01 IV.3.c), e.g. "17, negre, imparell i falta".
"""

from __future__ import annotations

from typing import Callable

from games.records import Announcement
from games.roulette.layout import RED

Texts = dict[str, str]

# Per language: (red, black), (even, odd), (low, high), the word joining the last two, zero.
_CHANCES = {
    "ca": (("roig", "negre"), ("parell", "imparell"), ("falta", "passa"), "i", "Zero"),
    "es": (("rojo", "negro"), ("par", "impar"), ("falta", "pasa"), "y", "Cero"),
    "en": (("red", "black"), ("even", "odd"), ("low", "high"), "and", "Zero"),
}
# "The last N spins", by N; a single spin has its own words.
_LAST = {
    "ca": ("L'última bola", "Les {} últimes boles"),
    "es": ("La última bola", "Las {} últimas bolas"),
    "en": ("The last spin", "The last {} spins"),
}
_COUNTS = {
    "ca": {2: "dues", 3: "tres", 4: "quatre", 5: "cinc"},
    "es": {2: "dos", 3: "tres", 4: "cuatro", 5: "cinco"},
    "en": {2: "two", 3: "three", 4: "four", 5: "five"},
}


def _result(number: int) -> Texts:
    if number not in range(37):
        raise ValueError(f"no pocket {number!r} on the wheel")
    texts = {}
    for lang, (colour, parity, half, joiner, zero) in _CHANCES.items():
        if number == 0:
            texts[lang] = zero
            continue
        chances = (colour[number not in RED], parity[number % 2], half[number > 18])
        texts[lang] = f"{number}, {chances[0]}, {chances[1]} {joiner} {chances[2]}"
    return texts


def _last_rounds(n: int) -> Texts:
    if n < 1:
        raise ValueError(f"cannot announce the last {n} spins")
    if n == 1:
        return {lang: one for lang, (one, _) in _LAST.items()}
    return {lang: many.format(_COUNTS[lang].get(n, n)) for lang, (_, many) in _LAST.items()}


_TEXTS: dict[str, Callable[..., Texts]] = {
    "place_bets": lambda: {"ca": "Facin joc", "es": "Hagan juego", "en": "Place your bets"},
    "no_more_bets": lambda: {"ca": "No hi va més", "es": "No va más", "en": "No more bets"},
    "result": _result,
    "last_rounds": _last_rounds,
    "void_spin": lambda: {"ca": "Tirada nul·la", "es": "Tirada nula", "en": "No spin"},
}


def announce(key: str, **params: int) -> Announcement:
    """The announcement `key` (place_bets, no_more_bets, result with number=, last_rounds with
    n=, void_spin) in every language."""
    if key not in _TEXTS:
        raise ValueError(f"no roulette announcement {key!r} (known: {', '.join(_TEXTS)})")
    return Announcement(key, _TEXTS[key](**params))
