"""What a card shoe reports: each card out of the shoe, the cut card, a new shoe loaded, and
the faults of a deal; each stamped when it was sensed (by default time.monotonic_ns() at
creation; a backend with its own clock passes the device's stamp).

A new shoe's burnt cards, put aside face down, may be reported unread, as how many
(`CardsBurnt`: the croupier counts them on the screen).

A card is its two-character string, as the feed writes it: 'AS', 'TD' of the French deck (a
rank of RANKS, a suit of SUITS), '5O', 'RB' of the Spanish pack (DECK_KINDS). Which deck a card
is of is never guessed from it ("5C" is of both): a shoe deals the deck kind the table last
asked for (`new_shoe`, `resume`). drivers/ may not import games/, so the deck kinds and the card
check live here too; tests/drivers/test_shoe_events.py pins them to games/cards/cards.py and to
the wire's tables.

A fault of a deal is Fault(code, severity, detail, void) followed at once by
FaultCleared(code): it is about one card, or one deal(), and over when reported. The codes:

- `unreadable_card` (warning): a card came out that the reader could not read; the croupier
  reads it. It is out of the shoe.
- `card_face_up` (warning): a card came out face up; it is put aside (blackjack, section 03
  3.c) and the next card dealt in its place: call deal() again. It is out of the shoe.
- `shoe_empty` (error, void): deal() found no card in the shoe (none loaded, or all dealt);
  the coup in progress cannot be dealt.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from drivers.faults import Fault, FaultCleared

FRENCH = "french"
RANKS = "A23456789TJQK"
SUITS = "SHDC"  # spades, hearts, diamonds, clubs
# deck kind -> (its ranks, its suits), in the order of the wire's indices
DECK_KINDS = {FRENCH: (RANKS, SUITS), "spanish": ("1234567SCR", "OCEB")}
EXAMPLES = {FRENCH: "'AS', 'TD'", "spanish": "'5O', 'RB'"}  # cards an error names
DECKS = range(1, 9)  # what a shoe holds

# code: (severity, void, what it means)
FAULTS = {
    "unreadable_card": (
        "warning",
        False,
        "the reader could not read the card; the croupier reads it",
    ),
    "card_face_up": ("warning", False, "a card came out face up: put it aside and deal the next"),
    "shoe_empty": ("error", True, "the shoe has no card to deal: load a new shoe"),
}
CARD_FAULTS = ("unreadable_card", "card_face_up")  # a card came out, but not as a CardDrawn


def check_deck(deck: str) -> str:
    """`deck` itself when it names a deck kind; ValueError naming the known ones otherwise."""
    if not isinstance(deck, str) or deck not in DECK_KINDS:
        raise ValueError(f"no deck kind {deck!r}: one of {', '.join(DECK_KINDS)}")
    return deck


def cards_of(deck: str) -> tuple[str, ...]:
    """One deck of the kind `deck`: a suit after another, each in rank order."""
    ranks, suits = DECK_KINDS[check_deck(deck)]
    return tuple(rank + suit for suit in suits for rank in ranks)


CARDS = cards_of(FRENCH)  # one 52-card deck


def _is_card(card: object, deck: str) -> bool:
    ranks, suits = DECK_KINDS[deck]
    return isinstance(card, str) and len(card) == 2 and card[0] in ranks and card[1] in suits


def _what(deck: str) -> str:
    ranks, suits = DECK_KINDS[deck]
    return f"a rank of {ranks} and a suit of {suits}, e.g. {EXAMPLES[deck]}"


def check_card(card: str, deck: str = FRENCH) -> str:
    """`card` itself when it is a card of the deck kind `deck`; ValueError naming it otherwise."""
    if not _is_card(card, check_deck(deck)):
        raise ValueError(f"{card!r} is not a card ({_what(deck)})")
    return card


def check_any_card(card: str) -> str:
    """`card` itself when it is a card of some deck kind (a reading that knows no deck);
    ValueError naming what a card of each is otherwise."""
    if not any(_is_card(card, deck) for deck in DECK_KINDS):
        raise ValueError(f"{card!r} is not a card ({'; or '.join(map(_what, DECK_KINDS))})")
    return card


def check_decks(decks: int) -> None:
    if type(decks) is not int or decks not in DECKS:
        raise ValueError(f"a shoe holds {DECKS.start} to {DECKS.stop - 1} decks, not {decks!r}")


def check_load(decks: int, cut_after: int | None, deck: str = FRENCH) -> None:
    """What a new shoe may be: 1 to 8 decks of a deck kind, and the cut card between two of
    its cards (after `cut_after` of them) or none."""
    check_decks(decks)
    size = len(cards_of(deck)) * decks
    if cut_after is not None and (type(cut_after) is not int or not 0 < cut_after < size):
        raise ValueError(
            f"the cut card goes between two of the {size} cards (after 1 to "
            f"{size - 1} of them), not after {cut_after!r}"
        )


def shoe_fault(code: str, detail: str | None = None) -> tuple[Fault, FaultCleared]:
    """The fault `code` of FAULTS and its end: reported together."""
    severity, void, meaning = FAULTS[code]
    return Fault(code, severity, detail or meaning, void), FaultCleared(code)


def _now() -> int:
    return time.monotonic_ns()


@dataclass(frozen=True)
class CardDrawn:
    """A card came out of the shoe, as read. Asked for or not: the runtime decides whether it
    is the card the deal needed or a card out of turn. `entered_by`: who entered it on the
    croupier's screen (hand.py); None when it was read."""

    card: str
    t_ns: int = field(default_factory=_now)
    entered_by: str | None = None

    def __post_init__(self):
        check_any_card(self.card)


@dataclass(frozen=True)
class CardsBurnt:
    """`count` cards put aside face down, unread, as the croupier counted them on the screen
    (hand.py): a new shoe's burnt cards, which no one sees (blackjack, section 03 3.c)."""

    count: int
    t_ns: int = field(default_factory=_now)
    entered_by: str | None = None

    def __post_init__(self):
        if type(self.count) is not int or self.count < 1:
            raise ValueError(f"one card or more is burnt, not {self.count!r}")


@dataclass(frozen=True)
class CutCardOut:
    """The cut card came out of the shoe (before the card it precedes): the coup in progress is
    the shoe's last."""

    t_ns: int = field(default_factory=_now)


@dataclass(frozen=True)
class ShoeLoaded:
    """A new shoe of `decks` shuffled decks is loaded: the cards out so far no longer count."""

    decks: int
    t_ns: int = field(default_factory=_now)

    def __post_init__(self):
        check_decks(self.decks)


ShoeEvent = CardDrawn | CardsBurnt | CutCardOut | ShoeLoaded | Fault | FaultCleared
