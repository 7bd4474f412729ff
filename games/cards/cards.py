"""Playing cards as the feed writes them, and the kinds of deck a shoe holds: the French 52-card
deck (`AS`, `TD`, `9H`, `QC`: rank A 2-9 T J Q K, suit S H D C) and the Spanish 40-card pack
(`1E`, `5O`, `SC`, `RB`: rank 1-7, S sota, C cavall, R rei; suit O oros, C copes, E espases,
B bastos, in the suits' circle order).

A card is its two-character string everywhere (engines, journal, devices); this module says
which strings are cards of a deck kind and what a rank is worth in each game. "5C" is a card of
both decks: which one it is is never guessed from the string, it is always the shoe's deck kind
(`deck`, "french" by default).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

FRENCH, SPANISH = "french", "spanish"
RANKS = "A23456789TJQK"
SUITS = "SHDC"  # spades, hearts, diamonds, clubs
RED_SUITS = "HD"


@dataclass(frozen=True)
class DeckKind:
    """A kind of deck: its ranks and its suits in order (each card once), and two of its cards
    that an error names as examples."""

    ranks: str
    suits: str
    examples: tuple[str, str]

    @property
    def cards(self) -> tuple[str, ...]:
        """One deck: a suit after another, each in rank order."""
        return tuple(rank + suit for suit in self.suits for rank in self.ranks)

    def what(self) -> str:
        """What a card of this kind is, as an error says it."""
        first, second = self.examples
        return f"a rank of {self.ranks} and a suit of {self.suits}, e.g. {first!r}, {second!r}"


# The one table of the deck kinds: name -> kind.
DECK_KINDS: Mapping[str, DeckKind] = MappingProxyType(
    {
        FRENCH: DeckKind(RANKS, SUITS, ("AS", "TD")),
        SPANISH: DeckKind("1234567SCR", "OCEB", ("5O", "RB")),  # oros, copes, espases, bastos
    }
)
DECKS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {name: kind.cards for name, kind in DECK_KINDS.items()}
)
CARDS = DECKS[FRENCH]  # one 52-card deck
_RANK_ORDER = {rank: i for i, rank in enumerate(RANKS)}


class NotACard(ValueError):
    """A string that is no card of the deck kind in use."""


def deck_kind(deck: str) -> DeckKind:
    """The deck kind named `deck`; ValueError naming the known ones otherwise."""
    if not isinstance(deck, str) or deck not in DECK_KINDS:
        raise ValueError(f"no deck kind {deck!r}: one of {', '.join(DECK_KINDS)}")
    return DECK_KINDS[deck]


def check_card(card: str, deck: str = FRENCH) -> str:
    """`card` itself when it is a card of the deck kind `deck`; NotACard naming it otherwise."""
    kind = deck_kind(deck)
    if (
        not isinstance(card, str)
        or len(card) != 2
        or card[0] not in kind.ranks
        or card[1] not in kind.suits
    ):
        raise NotACard(f"{card!r} is not a card ({kind.what()})")
    return card


def rank(card: str) -> str:
    return card[0]


def suit(card: str) -> str:
    return card[1]


def is_red(card: str) -> bool:
    """A French card's colour (hearts and diamonds)."""
    return card[1] in RED_SUITS


def pips(card: str) -> int:
    """A French card's face value with the ace 1 and tens and faces 10 (blackjack counts the
    ace 1 or 11; trente et quarante and baccarat count this, baccarat modulo 10)."""
    return min(_RANK_ORDER[card[0]] + 1, 10)


def decks(n: int, deck: str = FRENCH) -> Counter[str]:
    """The cards of `n` decks of the kind `deck`: each card `n` times."""
    if n < 1:
        raise ValueError(f"a shoe holds one deck or more, not {n}")
    return Counter({card: n for card in deck_kind(deck).cards})


def shoe_size(decks: int, deck: str = FRENCH) -> int:
    """The cards a shoe of `decks` decks of the kind `deck` holds."""
    return len(deck_kind(deck).cards) * decks


def parse_cards(cards: Iterable[str], deck: str = FRENCH) -> tuple[str, ...]:
    return tuple(check_card(card, deck) for card in cards)
