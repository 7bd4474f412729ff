"""The card pads: a card as its rank (A 2..10 J Q K) and its suit (♠ ♥ ♦ ♣, hearts and
diamonds red), picked in two taps (`CardPad`), or the whole deck a key a card, picked in one
(`DeckPad`, where the screen has the room: a suit a row, the ranks across); the value is the
card as the feed writes it ("AS", "TD", "9H", "QC").

The shipped DejaVu Sans Condensed Bold has the four suit glyphs (tests/screens/test_pads.py
checks), so the suits are text."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from itertools import product

import pygame

from games.cards.cards import RANKS, RED_SUITS, SUITS
from terminal.screens import kit
from terminal.screens.pads.base import INK, WHITE, Key, key, title, title_and_body
from terminal.screens.pads.outcome import OutcomePad, Shown
from terminal.screens.texts import Texts

SUIT_GLYPHS = dict(zip(SUITS, "♠♥♦♣"))


def rank_label(rank: str) -> str:
    return "10" if rank == "T" else rank


def suit_colour(suit: str) -> tuple[int, int, int]:
    return kit.RED if suit in RED_SUITS else INK


def card_label(card: str) -> str:
    """A card as a person reads it: "QH" is "Q♥", "TD" "10♦"."""
    return rank_label(card[0]) + SUIT_GLYPHS[card[1]]


class CardPad(OutcomePad[str]):
    """Ranks (keys "rank:Q") over suits (keys "suit:H"): `value` is the card once a rank
    and a suit are picked, and each tap that completes or changes it calls `on_pick`."""

    def __init__(self, on_pick: Callable[[str], object] | None = None):
        super().__init__(on_pick)
        self.rank: str | None = None
        self.suit: str | None = None

    def clear(self) -> None:
        super().clear()
        self.rank = self.suit = None

    def pick(self, *, rank: str | None = None, suit: str | None = None) -> None:
        self.rank, self.suit = rank or self.rank, suit or self.suit
        if self.rank is not None and self.suit is not None:
            self._picked(self.rank + self.suit)

    def layout(self, rect: pygame.Rect, texts: Texts) -> list[Key]:
        _, body = title_and_body(rect)
        gap = max(8, body.h // 30)
        ranks_h = (body.h - gap) * 3 // 5
        ranks = pygame.Rect(body.x, body.y, body.w, ranks_h)
        suits = pygame.Rect(body.x, ranks.bottom + gap * 2, body.w, body.h - ranks_h - gap * 2)
        cells = kit.grid(ranks, 7, 2, gap=gap)
        keys = [
            key(
                cell,
                rank_label(rank),
                partial(self.pick, rank=rank),
                f"rank:{rank}",
                selected=rank == self.rank,
            )
            for cell, rank in zip(cells, RANKS)
        ]
        keys += [
            key(
                cell,
                SUIT_GLYPHS[suit],
                partial(self.pick, suit=suit),
                f"suit:{suit}",
                colour=WHITE,
                label_colour=suit_colour(suit),
                share=0.7,
                selected=suit == self.suit,
            )
            for cell, suit in zip(kit.grid(suits, 4, 1, gap=gap * 2), SUITS)
        ]
        return keys

    def paint(self, surface: pygame.Surface, rect: pygame.Rect, texts: Texts) -> None:
        line, _ = title_and_body(rect)
        title(surface, texts("pads_enter_card"), line)

    def shown(self, value: str, texts: Texts) -> Shown:
        return Shown(card_label(value), WHITE, suit_colour(value[1]))


class DeckPad(OutcomePad[str]):
    """The 52 cards, a key each (keys "card:QH"): a suit a row (♠ ♥ ♦ ♣), the ranks across; a
    tap picks its card (`on_pick`). `spent`: the cards the shoe can no longer give (out as
    often as its decks hold them), shown and taken as disabled keys."""

    def __init__(self, on_pick: Callable[[str], object] | None = None):
        super().__init__(on_pick)
        self.spent: frozenset[str] = frozenset()

    def layout(self, rect: pygame.Rect, texts: Texts) -> list[Key]:
        """A suit a row of 13 where they are a finger wide; else two rows a suit (A-7, 8-K)."""
        gap = max(3, rect.w // 160)
        across = len(RANKS)
        if (rect.w - gap * (across - 1)) // across < kit.MIN_TARGET:
            across = -(-across // 2)
        rows = len(SUITS) * -(-len(RANKS) // across)
        cells = kit.grid(rect, across, rows, gap=gap)
        keys = []
        for n, (suit, rank) in enumerate(product(SUITS, RANKS)):
            row, column = divmod(n % len(RANKS), across)
            rows_a_suit = -(-len(RANKS) // across)
            cell = cells[(SUITS.index(suit) * rows_a_suit + row) * across + column]
            keys.append(
                key(
                    cell,
                    card_label(rank + suit),
                    partial(self._picked, rank + suit),
                    f"card:{rank + suit}",
                    colour=WHITE,
                    label_colour=suit_colour(suit),
                    share=0.42,
                    enabled=rank + suit not in self.spent,
                )
            )
        return keys

    def shown(self, value: str, texts: Texts) -> Shown:
        return Shown(card_label(value), WHITE, suit_colour(value[1]))
