"""What the croupier says at a blackjack table, in Catalan, Spanish and English.

The coup's result is the dealer's score, announced before the bets are collected and paid
(section 03 V.1.a); during the coup the croupier offers insurance when his card is an ace
(V.1.b) and warns a player who doubles that the ace counts one point (V.1.d); when the cut card
comes out he announces that the coup in progress is the shoe's last (3.c).
"""

from __future__ import annotations

from collections.abc import Callable

from games.calls import CALLS, void_coup
from games.records import Announcement

Texts = dict[str, str]


def _dealer_total(total: int) -> Texts:
    if type(total) is not int or not 2 <= total <= 21:
        raise ValueError(f"the dealer cannot stand on {total!r}")
    return {
        "ca": f"La banca fa {total}",
        "es": f"La banca tiene {total}",
        "en": f"Dealer has {total}",
    }


_TEXTS: dict[str, Callable[..., Texts]] = {
    "place_bets": CALLS["place_bets"],
    "no_more_bets": CALLS["no_more_bets"],
    "insurance": lambda: {
        "ca": "La banca té un as: assegurança?",
        "es": "La banca tiene un as: ¿seguro?",
        "en": "Dealer shows an ace: insurance?",
    },
    "ace_counts_one": lambda: {
        "ca": "Aposta doble: l'as val un punt",
        "es": "Apuesta doble: el as vale un punto",
        "en": "Double: the ace counts one point",
    },
    "dealer_total": _dealer_total,
    "dealer_bust": lambda: {
        "ca": "La banca es passa",
        "es": "La banca se pasa",
        "en": "Dealer busts",
    },
    "dealer_blackjack": lambda: {
        "ca": "Black Jack de la banca",
        "es": "Black Jack de la banca",
        "en": "Dealer has blackjack",
    },
    "all_bust": lambda: {
        "ca": "Totes les mans passades",
        "es": "Todas las manos pasadas",
        "en": "Every hand bust",
    },
    "cut_card": lambda: {
        "ca": "Última mà de l'escapçament",
        "es": "Última mano del corte",
        "en": "Last hand of the shoe",
    },
    "last_shoe": lambda: {"ca": "Últim sabot", "es": "Último sabot", "en": "Last shoe"},
    "card_discarded": lambda: {
        "ca": "Carta eliminada",
        "es": "Carta eliminada",
        "en": "Card discarded",
    },
    "void_coup": void_coup,
}


def announce(key: str, **params: int) -> Announcement:
    """The announcement `key` in every language: place_bets, no_more_bets, insurance,
    ace_counts_one, dealer_total with total=, dealer_bust, dealer_blackjack, all_bust, cut_card,
    last_shoe, card_discarded, void_coup."""
    if key not in _TEXTS:
        raise ValueError(f"no blackjack announcement {key!r} (known: {', '.join(_TEXTS)})")
    return Announcement(key, _TEXTS[key](**params))
