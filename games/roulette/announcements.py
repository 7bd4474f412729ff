"""What the croupier says at a French roulette table, in Catalan, Spanish and English.

The wording is the table's own: "Facin joc" / "Hagan juego" / "Place your bets", "No hi va
més" / "No va más" / "No more bets" (games.calls, shared with boule and the wheel of fortune),
and the result called as the number and its winning simple chances (section 01 IV.3.c), e.g.
"17, negre, imparell i falta".
"""

from __future__ import annotations

from games.calls import Texts, announcer
from games.roulette.layout import RED

# Per language: (red, black), (even, odd), (low, high), the word joining the last two, zero.
_CHANCES = {
    "ca": (("roig", "negre"), ("parell", "imparell"), ("falta", "passa"), "i", "Zero"),
    "es": (("rojo", "negro"), ("par", "impar"), ("falta", "pasa"), "y", "Cero"),
    "en": (("red", "black"), ("even", "odd"), ("low", "high"), "and", "Zero"),
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


# The announcement `key` (place_bets, no_more_bets, result with number=, last_rounds with n=,
# void_spin) in every language.
announce = announcer("roulette", _result)
