"""What the croupier says at a chemin de fer table, in Catalan, Spanish and English: the calls
for stakes, each side's total and who wins, the void coup, the shoe's last coup (its stop card,
l. 840) and «les últimes cinc mans» (art. 27.5)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.calls import CALLS, Texts, last_hands, void_coup
from games.records import Announcement

_WINNER = {
    "ca": {"ponte": "guanya el punt", "bank": "guanya la banca", "tie": "empat, jugada nul·la"},
    "es": {"ponte": "gana el punto", "bank": "gana la banca", "tie": "empate, jugada nula"},
    "en": {"ponte": "the ponte wins", "bank": "the bank wins", "tie": "tie, a void coup"},
}
_SIDES = {"ca": ("Punt", "banca"), "es": ("Punto", "banca"), "en": ("Ponte", "bank")}


def _result(ponte: int, banker: int, winner: str) -> Texts:
    return {
        lang: f"{p} {ponte}, {b} {banker}: {_WINNER[lang][winner]}"
        for lang, (p, b) in _SIDES.items()
    }


_TEXTS: dict[str, Callable[..., Texts]] = {
    "place_bets": CALLS["place_bets"],
    "no_more_bets": CALLS["no_more_bets"],
    "result": _result,
    "last_rounds": last_hands,
    "cut_card": lambda: {
        "ca": "Última jugada de l'escapçament",
        "es": "Última jugada del corte",
        "en": "Last coup of the shoe",
    },
    "void_coup": void_coup,
}


def announce(key: str, **params: Any) -> Announcement:
    """The announcement `key` in every language: place_bets, no_more_bets, result (ponte=,
    banker=: the totals; winner=: ponte, bank or tie), last_rounds (n=),
    cut_card, void_coup."""
    if key not in _TEXTS:
        raise ValueError(f"no chemin de fer announcement {key!r} (known: {', '.join(_TEXTS)})")
    return Announcement(key, _TEXTS[key](**params))
