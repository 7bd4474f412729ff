"""What the croupier says at a punto banco table, in Catalan, Spanish and English.

The coup is called as both hands' totals and the winner ("Punt 7, banca 5: guanya el punt");
the table closes with «les últimes cinc mans» (Article 27.5), and the cut card's coming out
makes the coup in progress the shoe's last. The words for the bets and the void are roulette's
and the other card tables' (games.calls).
"""

from __future__ import annotations

from collections.abc import Callable

from games.calls import CALLS, Texts, last_hands, void_coup
from games.records import Announcement

_WINNER = {
    "ca": {"player": "guanya el punt", "banker": "guanya la banca", "tie": "empat"},
    "es": {"player": "gana el punto", "banker": "gana la banca", "tie": "empate"},
    "en": {"player": "player wins", "banker": "banker wins", "tie": "tie"},
}
_HANDS = {"ca": ("Punt", "banca"), "es": ("Punto", "banca"), "en": ("Player", "banker")}


def _result(player: int, banker: int) -> Texts:
    if not {player, banker} <= set(range(10)):
        raise ValueError(f"a punto banco hand counts 0 to 9, not {player!r} or {banker!r}")
    winner = "tie" if player == banker else "player" if player > banker else "banker"
    return {
        lang: f"{p} {player}, {b} {banker}: {_WINNER[lang][winner]}"
        for lang, (p, b) in _HANDS.items()
    }


_TEXTS: dict[str, Callable[..., Texts]] = {
    "place_bets": CALLS["place_bets"],
    "no_more_bets": CALLS["no_more_bets"],
    "result": _result,
    "last_rounds": last_hands,
    "cut_card": lambda: {
        "ca": "Última mà de l'escapçament",
        "es": "Última mano del corte",
        "en": "Last hand of the shoe",
    },
    "void_coup": void_coup,
}


def announce(key: str, **params: int) -> Announcement:
    """The announcement `key` in every language: place_bets, no_more_bets, result (player=,
    banker=: the hands' totals), last_rounds (n=: the last hands), cut_card, void_coup."""
    if key not in _TEXTS:
        raise ValueError(f"no punto banco announcement {key!r} (known: {', '.join(_TEXTS)})")
    return Announcement(key, _TEXTS[key](**params))
