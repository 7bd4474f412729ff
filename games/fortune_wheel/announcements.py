"""What the croupier says at a wheel of fortune table, in Catalan, Spanish and English.

Section 10 IV.3: the head of the table calls the winning position, that is the symbol of the
segment the wheel stopped on ("Guanya el 20", "Guanya el joker 1"). The other calls are
roulette's (games.calls), the closing one included (Article 27.5: "les tres últimes boles").
"""

from __future__ import annotations

from games.calls import Texts, announcer
from games.fortune_wheel.layout import COUNTS

# Per language, the call of a symbol and of a joker, by what follows ':' in its code.
_WINS = {
    "ca": {"sym": "Guanya el {}", "joker": "Guanya el joker {}"},
    "es": {"sym": "Gana el {}", "joker": "Gana el joker {}"},
    "en": {"sym": "{} wins", "joker": "Joker {} wins"},
}


def _result(symbol: str) -> Texts:
    if symbol not in COUNTS:
        raise ValueError(f"no symbol {symbol!r} on the wheel ({', '.join(COUNTS)})")
    kind, _, value = symbol.partition(":")
    return {lang: words[kind].format(value) for lang, words in _WINS.items()}


announce = announcer("fortune_wheel", _result)
