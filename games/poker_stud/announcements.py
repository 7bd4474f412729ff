"""What the croupier says at a poker sense descart table, in Catalan, Spanish and English.

Section 11 V.4: bets are closed with "no hi va més"; once every box has its five cards the
players see the bank's last card, dealt face up, and go on ("hi vaig") or fold ("passe");
the bank's hand is then shown, and the bank plays ("juga") with ace-king or better. The hands
are named as section 11 V.1 names them. At closing, "les últimes cinc mans" (docs/rulings.md).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from games.calls import CALLS, Texts, last_hands
from games.records import SENTENCE_END, Announcement

HANDS = {
    "ca": {
        "royal_flush": "escala reial de color",
        "straight_flush": "escala de color",
        "four_of_a_kind": "pòquer",
        "full_house": "full",
        "flush": "color",
        "straight": "escala",
        "three_of_a_kind": "trio",
        "two_pair": "doble parella",
        "pair": "parella",
        "high_card": "cartes majors",
    },
    "es": {
        "royal_flush": "escalera real de color",
        "straight_flush": "escalera de color",
        "four_of_a_kind": "póquer",
        "full_house": "full",
        "flush": "color",
        "straight": "escalera",
        "three_of_a_kind": "trío",
        "two_pair": "doble pareja",
        "pair": "pareja",
        "high_card": "cartas mayores",
    },
    "en": {
        "royal_flush": "royal flush",
        "straight_flush": "straight flush",
        "four_of_a_kind": "four of a kind",
        "full_house": "full house",
        "flush": "flush",
        "straight": "straight",
        "three_of_a_kind": "three of a kind",
        "two_pair": "two pair",
        "pair": "pair",
        "high_card": "high card",
    },
}
# A card's name: its rank's, its suit's, and how they join.
_CARDS = {
    "ca": (
        {"A": "as", "K": "rei", "Q": "dama", "J": "jota", "T": "10"},
        {"S": "piques", "H": "cors", "D": "diamants", "C": "trèvols"},
        "{} de {}",
    ),
    "es": (
        {"A": "as", "K": "rey", "Q": "dama", "J": "jota", "T": "10"},
        {"S": "picas", "H": "corazones", "D": "diamantes", "C": "tréboles"},
        "{} de {}",
    ),
    "en": (
        {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "10"},
        {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"},
        "{} of {}",
    ),
}


def _card(lang: str, card: str) -> str:
    ranks, suits, joined = _CARDS[lang]
    return joined.format(ranks.get(card[0], card[0]), suits[card[1]])


def _decisions(card: str) -> Texts:
    """The bank's card face up: each box goes on or folds."""
    return {
        "ca": f"Carta de la banca: {_card('ca', card)}. Hi van?",
        "es": f"Carta de la banca: {_card('es', card)}. ¿Van?",
        "en": f"The bank shows the {_card('en', card)}. Call or fold?",
    }


def _result(hand: str, plays: bool, jackpots: Sequence[tuple[int, str]] = ()) -> Texts:
    """The bank's hand, whether it plays, and the boxes the carrousel pays (box, hand)."""
    words = {
        "ca": ("La banca juga: {}", "La banca no juga: {}", "Carrousel: {} a la casella {}"),
        "es": ("La banca juega: {}", "La banca no juega: {}", "Carrusel: {} en la casilla {}"),
        "en": ("The bank plays: {}", "The bank does not play: {}", "Carrousel: {} on box {}"),
    }
    texts = {}
    for lang, (play, out, jackpot) in words.items():
        said = [(play if plays else out).format(HANDS[lang][hand])]
        said += [jackpot.format(HANDS[lang][won], box) for box, won in jackpots]
        texts[lang] = SENTENCE_END.join(said)
    return texts


_TEXTS: dict[str, Callable[..., Texts]] = {
    "place_bets": CALLS["place_bets"],
    "no_more_bets": CALLS["no_more_bets"],
    "decisions": _decisions,
    "result": _result,
    "misdeal": lambda: {
        "ca": "Jugada anul·lada",
        "es": "Jugada anulada",
        "en": "Misdeal: the coup is void",
    },
    "last_rounds": last_hands,
}


def announce(key: str, **params: Any) -> Announcement:
    """The announcement `key` in every language: place_bets, no_more_bets, decisions (card=),
    result (hand=, plays=, jackpots=), misdeal, last_rounds (n=)."""
    if key not in _TEXTS:
        raise ValueError(f"no poker_stud announcement {key!r} (known: {', '.join(_TEXTS)})")
    return Announcement(key, _TEXTS[key](**params))
