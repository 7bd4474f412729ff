"""How the baccarats count (punto banco, chemin de fer, baccarat à deux tableaux): a card its
face value, the ace one, tens and figures nothing; a hand the units of the sum; a two-card 8 or 9
is a natural (section 07 VI, l. 825-826)."""

from __future__ import annotations

from collections.abc import Sequence

from games.cards.cards import pips
from games.cards.shoe import read_shoe
from games.profile import Section

NATURALS = (8, 9)
MOST_CARDS = 6  # a coup takes six cards at most: two hands of three


def value(card: str) -> int:
    """What a card counts in a hand: its face value, the ace one, tens and figures nothing."""
    return pips(card) % 10


def count(values: Sequence[int]) -> int:
    """A hand's total: the units of the sum of its cards' values."""
    return sum(values) % 10


def read_baccarat_shoe(profile: Section) -> tuple[int, int, int]:
    """A baccarat profile's shoe (`decks`, `burn`, `cut_reserve`): room behind the cut card, and
    before it, for a whole coup of up to six cards."""
    return read_shoe(
        profile,
        reserve_at_least=MOST_CARDS,
        coup=MOST_CARDS,
        reserve_why=f"the coup the cut card comes out in may take {MOST_CARDS} cards",
    )
