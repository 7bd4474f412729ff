"""What the croupier says at the coin toss, in Catalan, Spanish and English; the other calls
are the wheels' (games.calls)."""

from __future__ import annotations

from games.calls import Texts, announcer
from tests.coin_toss.game.layout import NAMES

_SAID = {
    "ca": {"heads": "Cara", "tails": "Creu", "edge": "De cantell, perden totes"},
    "es": {"heads": "Cara", "tails": "Cruz", "edge": "De canto, pierden todas"},
    "en": {"heads": "Heads", "tails": "Tails", "edge": "On its edge, every bet loses"},
}


def _result(number: int) -> Texts:
    if number not in NAMES:
        raise ValueError(f"no pocket {number!r} on the coin toss")
    return {lang: said[NAMES[number]] for lang, said in _SAID.items()}


announce = announcer("coin_toss", _result)
