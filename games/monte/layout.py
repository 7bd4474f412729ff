"""Monte's layout (section 13 VI.3-4, `docs/rulings.md` [MO-3]): the four places dealt from the
coup's pack before the bets, with the cards burnt, doubled and tripled on the way, and what is
still to come for each place (its live outs).

Places are numbered as dealt: 1 top left, 2 top right, 3 bottom left, 4 bottom right. The first
two cards of one rank are both burnt and replaced; a card for place 3 or 4 of place 1's or 2's
rank doubles that place (laid on it, a new card drawn for the place being dealt), once more
triples it, and the fourth of that rank voids the layout (l. 1260, 1274); a card for place 4 of
place 3's rank, or any layout card of a burnt rank, is burnt and replaced too [MO-3].

Pure: a `Layout` takes the cards one at a time (`card`) and says where the next one goes
(`due`); a card when none is due is a `Misdeal`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.cards.cards import rank, suit
from games.cards.coup import Misdeal

PLACES = (1, 2, 3, 4)
SUITS = "OCEB"  # the suits' circle (l. 1229): oros, copes, espases, bastos
RELATIONS = ("camo", "anti", "viudo")  # the next, the previous, the opposite suit (l. 1232-1234)
ROWS = ((1, 2), (3, 4))
COLUMNS = ((1, 3), (2, 4))


def related(card: str, relation: str) -> str:
    """The card of `card`'s rank in the suit `relation` is to its suit."""
    step = {"camo": 1, "anti": -1, "viudo": 2}[relation]
    return rank(card) + SUITS[(SUITS.index(suit(card)) + step) % 4]


def relation_of(place_card: str, card: str) -> str:
    """What `card` (of the same rank) is to the place's card: camo, anti or viudo."""
    step = (SUITS.index(suit(card)) - SUITS.index(suit(place_card))) % 4
    if step == 0 or rank(card) != rank(place_card):
        raise ValueError(f"{card} is no other card of {place_card}'s rank")
    return {1: "camo", 3: "anti", 2: "viudo"}[step]


def row_of(place: int) -> tuple[int, int]:
    return ROWS[0] if place in ROWS[0] else ROWS[1]


def neighbour(place: int) -> int:
    """The other place of `place`'s row: the losing card when `place` wins [MO-4]."""
    first, second = row_of(place)
    return second if place == first else first


def other_row(place: int) -> tuple[int, int]:
    """The row that stays for Segones when a card of `place`'s row wins Primeres."""
    return ROWS[1] if place in ROWS[0] else ROWS[0]


def position(place: int, of: int) -> int:
    """How `place` lies from `of`: 0 beside (the same row), 1 below or above (the same column),
    2 diagonal [MO-5]."""
    if row_of(place) == row_of(of):
        return 0
    return 1 if (place % 2) == (of % 2) else 2


@dataclass(frozen=True)
class Layout:
    """The layout as far as it is dealt: each place's cards (its place card first, then the
    cards that doubled and tripled it), the cards burnt, every card in the order dealt, and
    whether the fourth card of a placed rank voided it."""

    places: Mapping[int, tuple[str, ...]]
    burnt: tuple[str, ...] = ()
    dealt: tuple[str, ...] = ()
    void: bool = False

    @classmethod
    def empty(cls) -> Layout:
        return cls({p: () for p in PLACES})

    @property
    def due(self) -> int | None:
        """The place the next card is dealt for, None once the layout is laid or void."""
        if self.void:
            return None
        return next((p for p in PLACES if not self.places[p]), None)

    @property
    def laid(self) -> bool:
        return not self.void and self.due is None

    def place_card(self, place: int) -> str:
        return self.places[place][0]

    def rank_of(self, place: int) -> str:
        return rank(self.places[place][0])

    def doublings(self, place: int) -> int:
        """The cards that doubled and tripled `place` (a triple counts 2, l. 1235)."""
        return len(self.places[place]) - 1

    def card(self, card: str) -> Layout:
        """The layout with `card` dealt; Misdeal when none is due (the card is put aside)."""
        due = self.due
        if due is None:
            raise Misdeal(
                f"no card is due: the layout is {'void' if self.void else 'laid'}", "discard"
            )
        places = dict(self.places)
        dealt = (*self.dealt, card)
        burnt_ranks = {rank(c) for c in self.burnt}
        if rank(card) in burnt_ranks:
            return Layout(places, (*self.burnt, card), dealt)
        if due == 2 and rank(card) == self.rank_of(1):  # the first two of one rank
            places[1] = ()
            return Layout(places, (*self.burnt, self.place_card(1), card), dealt)
        doubled = next((p for p in (1, 2) if due > 2 and rank(card) == self.rank_of(p)), None)
        if doubled is not None:
            places[doubled] = (*places[doubled], card)
            return Layout(places, self.burnt, dealt, void=len(places[doubled]) == 4)
        if due == 4 and rank(card) == self.rank_of(3):
            return Layout(places, (*self.burnt, card), dealt)
        places[due] = (card,)
        return Layout(places, self.burnt, dealt)

    @property
    def seen(self) -> tuple[str, ...]:
        return self.dealt

    def outs(self, place: int) -> tuple[str, ...]:
        """The cards still to come of `place`'s rank (3 plain, 2 doubled, 1 tripled), in the
        order camo, viudo, anti of its place card."""
        shown = set(self.places[place])
        first = self.place_card(place)
        return tuple(c for r in ORDER if (c := related(first, r)) not in shown)

    def to_json(self) -> dict[str, Any]:
        """`monte.layout`'s `layout` and `burnt` (docs/events.md)."""
        return {
            "layout": {str(p): list(self.places[p]) for p in PLACES if self.places[p]},
            "burnt": list(self.burnt),
        }

    @classmethod
    def dealt_from(cls, cards: Sequence[str]) -> Layout:
        layout = cls.empty()
        for card in cards:
            layout = layout.card(card)
        return layout


ORDER = ("camo", "viudo", "anti")  # the order in which outs are cancelled [MO-5]
