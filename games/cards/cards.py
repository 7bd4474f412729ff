"""Playing cards as the feed writes them: `AS`, `TD`, `9H`, `QC` (rank A 2-9 T J Q K, suit
S H D C), and the decks a shoe holds.

A card is its two-character string everywhere (engines, journal, devices); this module says
which strings are cards and what a rank is worth in each game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

RANKS = "A23456789TJQK"
SUITS = "SHDC"  # spades, hearts, diamonds, clubs
RED_SUITS = "HD"
CARDS = tuple(rank + suit for suit in SUITS for rank in RANKS)  # one 52-card deck
_RANK_ORDER = {rank: i for i, rank in enumerate(RANKS)}


class NotACard(ValueError):
    """A string that is no card of a 52-card deck."""


def check_card(card: str) -> str:
    """`card` itself when it is a card; NotACard naming it otherwise."""
    if not isinstance(card, str) or len(card) != 2 or card[0] not in RANKS or card[1] not in SUITS:
        raise NotACard(
            f"{card!r} is not a card (a rank of {RANKS} and a suit of {SUITS}, e.g. 'AS', 'TD')"
        )
    return card


def rank(card: str) -> str:
    return card[0]


def suit(card: str) -> str:
    return card[1]


def is_red(card: str) -> bool:
    return card[1] in RED_SUITS


def pips(card: str) -> int:
    """The card's face value with the ace 1 and tens and faces 10 (blackjack counts the ace
    1 or 11; trente et quarante and baccarat count this, baccarat modulo 10)."""
    return min(_RANK_ORDER[card[0]] + 1, 10)


def decks(n: int) -> Counter[str]:
    """The cards of `n` 52-card decks: each card `n` times."""
    if n < 1:
        raise ValueError(f"a shoe holds one deck or more, not {n}")
    return Counter({card: n for card in CARDS})


def parse_cards(cards: Iterable[str]) -> tuple[str, ...]:
    return tuple(check_card(card) for card in cards)
