"""What a card shoe reports: each card out of the shoe, the cut card, a new shoe loaded, and
the faults of a deal; each stamped when it was sensed (by default time.monotonic_ns() at
creation; a backend with its own clock passes the device's stamp).

A new shoe's burnt cards, put aside face down, may be reported unread, as how many
(`CardsBurnt`: the croupier counts them on the screen).

A card is its two-character string, as the feed writes it ('AS', 'TD': a rank of RANKS, a
suit of SUITS). drivers/ may not import games/, so the card check lives here too;
tests/drivers/test_shoe_events.py pins it to games/cards/cards.py and to the wire's tables.

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

RANKS = "A23456789TJQK"
SUITS = "SHDC"  # spades, hearts, diamonds, clubs
CARDS = tuple(rank + suit for suit in SUITS for rank in RANKS)  # one 52-card deck
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


def check_card(card: str) -> str:
    """`card` itself when it is a card; ValueError naming it otherwise."""
    if not isinstance(card, str) or len(card) != 2 or card[0] not in RANKS or card[1] not in SUITS:
        raise ValueError(
            f"{card!r} is not a card (a rank of {RANKS} and a suit of {SUITS}, e.g. 'AS', 'TD')"
        )
    return card


def check_decks(decks: int) -> None:
    if type(decks) is not int or decks not in DECKS:
        raise ValueError(f"a shoe holds {DECKS.start} to {DECKS.stop - 1} decks, not {decks!r}")


def check_load(decks: int, cut_after: int | None) -> None:
    """What a new shoe may be: 1 to 8 decks, and the cut card between two of its cards (after
    `cut_after` of them) or none."""
    check_decks(decks)
    size = 52 * decks
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
        check_card(self.card)


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
