"""The exact chances that the player wins, the banker wins, or they tie, in the first coup of a
full shoe of a baccarat (punto banco, chemin de fer), card removal included: every deal of the
coup is enumerated, dealt by the same rules as the engine deals (`Drawing.next_hand`: punto
banco's drawing rules, chemin de fer's players as the simulated ones play).

The 13 ranks count as the 10 values of a hand (tens and figures 0, the rest their face value),
so a deal is a run of 4 to 6 values; its chance is the product of the cards of each value left
in the shoe over the cards left, as it is drawn. The counts are kept as whole numbers over the
ways of drawing six cards, (N)_6, and divided once at the end. Six decks take about 1 s; the
result is kept for the process (`functools.cache`).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import perm
from typing import Protocol

from games.cards.baccarat import MOST_CARDS, count, value
from games.cards.cards import decks as shoe_cards


class Drawing(Hashable, Protocol):
    def next_hand(self, player: tuple[int, ...], banker: tuple[int, ...]) -> str | None:
        """The hand the next card goes to ("player", "banker"), None once the coup is dealt."""
        ...


@dataclass(frozen=True)
class CoupChances:
    player: Fraction
    banker: Fraction
    tie: Fraction


@cache
def coup_chances(decks: int, drawing: Drawing) -> CoupChances:
    left = [0] * 10  # cards of each value (0 to 9) in the shoe
    for card, n in shoe_cards(decks).items():
        left[value(card)] += n
    shoe = sum(left)
    rest = [
        perm(shoe - cards, MOST_CARDS - cards) for cards in range(MOST_CARDS + 1)
    ]  # the cards not dealt
    won = {"player": 0, "banker": 0, "tie": 0}

    def deal(player: tuple[int, ...], banker: tuple[int, ...], ways: int) -> None:
        hand = drawing.next_hand(player, banker)
        if hand is None:
            p, b = count(player), count(banker)
            won["tie" if p == b else "player" if p > b else "banker"] += (
                ways * rest[len(player) + len(banker)]
            )
            return
        for v in range(10):
            if left[v]:
                ways_v = ways * left[v]
                left[v] -= 1
                if hand == "player":
                    deal((*player, v), banker, ways_v)
                else:
                    deal(player, (*banker, v), ways_v)
                left[v] += 1

    deal((), (), 1)
    deals = perm(shoe, MOST_CARDS)
    return CoupChances(*(Fraction(won[k], deals) for k in ("player", "banker", "tie")))
