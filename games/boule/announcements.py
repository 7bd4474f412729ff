"""What the croupier says at a boule table, in Catalan, Spanish and English.

Section 04 IV.c: the result is called as the winning number and its simple chances, e.g. "7,
roig, imparell i passa". Five wins no simple chance (every bet on them is lost), and the call
says so instead of naming a colour, a parity or a half. The other calls are roulette's
(games.calls).
"""

from __future__ import annotations

from games.boule.layout import FIVE, NUMBERS, RED
from games.calls import Texts, announcer

# Per language: (red, black), (even, odd), (low, high), the word joining the last two, and the
# call of a five.
_CHANCES = {
    "ca": (
        ("roig", "negre"),
        ("parell", "imparell"),
        ("falta", "passa"),
        "i",
        "5, perden les sorts senzilles",
    ),
    "es": (
        ("rojo", "negro"),
        ("par", "impar"),
        ("falta", "pasa"),
        "y",
        "5, pierden las suertes sencillas",
    ),
    "en": (("red", "black"), ("even", "odd"), ("low", "high"), "and", "5, the even chances lose"),
}


def _result(number: int) -> Texts:
    if number not in NUMBERS:
        raise ValueError(f"no number {number!r} on the boule (1-9)")
    texts = {}
    for lang, (colour, parity, half, joiner, five) in _CHANCES.items():
        if number == FIVE:
            texts[lang] = five
            continue
        chances = (colour[number not in RED], parity[number % 2], half[number > FIVE])
        texts[lang] = f"{number}, {chances[0]}, {chances[1]} {joiner} {chances[2]}"
    return texts


announce = announcer("boule", _result)
