"""What the croupier says at a monte table, in Catalan, Spanish and English: each layout card
as it is placed ("primera carta", l. 1252), the calls for bets of both phases, the winning card
and the place it wins for, a void layout, and «les últimes cinc mans» counted in coups (each
coup plays two rounds, Primeres and Segones) [MO-11]."""

from __future__ import annotations

from collections.abc import Callable

from games.calls import CALLS, Texts, last_hands, void_coup
from games.cards.cards import rank, suit
from games.records import Announcement

_RANKS = {
    "ca": {"1": "As", "S": "Sota", "C": "Cavall", "R": "Rei"},
    "es": {"1": "As", "S": "Sota", "C": "Caballo", "R": "Rey"},
    "en": {"1": "Ace", "S": "Knave", "C": "Knight", "R": "King"},
}
_SUITS = {
    "ca": {"O": "d'oros", "C": "de copes", "E": "d'espases", "B": "de bastos"},
    "es": {"O": "de oros", "C": "de copas", "E": "de espadas", "B": "de bastos"},
    "en": {"O": "of coins", "C": "of cups", "E": "of swords", "B": "of clubs"},
}
_ORDINALS = {
    "ca": ("Primera carta", "Segona carta", "Tercera carta", "Quarta carta"),
    "es": ("Primera carta", "Segunda carta", "Tercera carta", "Cuarta carta"),
    "en": ("First card", "Second card", "Third card", "Fourth card"),
}
_WINS = {
    "ca": "guanya la {} carta",
    "es": "gana la {} carta",
    "en": "the {} card wins",
}
_PLACE = {
    "ca": ("primera", "segona", "tercera", "quarta"),
    "es": ("primera", "segunda", "tercera", "cuarta"),
    "en": ("first", "second", "third", "fourth"),
}


def card_name(card: str, lang: str) -> str:
    """`5O` -> "5 d'oros", `SC` -> "Sota de copes"."""
    r = rank(card)
    return f"{_RANKS[lang].get(r, r)} {_SUITS[lang][suit(card)]}"


def _layout_card(place: int, card: str) -> Texts:
    return {lang: f"{_ORDINALS[lang][place - 1]}: {card_name(card, lang)}" for lang in _ORDINALS}


def _result(card: str, place: int) -> Texts:
    return {
        lang: f"{card_name(card, lang)}: {_WINS[lang].format(_PLACE[lang][place - 1])}"
        for lang in _WINS
    }


_TEXTS: dict[str, Callable[..., Texts]] = {
    "place_bets": CALLS["place_bets"],
    "no_more_bets": CALLS["no_more_bets"],
    "layout_card": _layout_card,
    "result": _result,
    "last_rounds": lambda n: last_hands((n + 1) // 2),
    "void_layout": lambda: {
        "ca": "Jugada nul·la: les quatre cartes d'un valor abans d'emplaçar-les totes",
        "es": "Jugada nula: las cuatro cartas de un valor antes de colocarlas todas",
        "en": "Void coup: all four cards of a rank before the layout was laid",
    },
    "void_coup": void_coup,
}


def announce(key: str, **params: int | str) -> Announcement:
    """The announcement `key` in every language: place_bets, no_more_bets, layout_card (place=,
    card=), result (card=, place=), last_rounds (n=: the rounds left, said in coups),
    void_layout, void_coup."""
    if key not in _TEXTS:
        raise ValueError(f"no monte announcement {key!r} (known: {', '.join(_TEXTS)})")
    return Announcement(key, _TEXTS[key](**params))
