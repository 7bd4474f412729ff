"""The card pads: a card as its rank (A 2..10 J Q K) and its suit (♠ ♥ ♦ ♣, hearts and
diamonds red), picked in two taps (`CardPad`), or the whole deck a key a card, picked in one
(`DeckPad`, where the screen has the room: a suit a row, the ranks across); the value is the
card as the feed writes it ("AS", "TD", "9H", "QC"). A table whose shoe holds Spanish packs
enters its cards on a DeckPad of the 40 (`card_pad`): a suit a row, named at its head in the
screen's language (oros, copes, espases, bastos: they have no glyph), each in its print colour
(gold, red, blue, green); "SC" is the sota de copes there, never the six of clubs.

The shipped DejaVu Sans Condensed Bold has the four French suit glyphs (tests/screens/
test_pads.py checks), so the suits are text."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

import pygame

from games.cards.cards import FRENCH, RANKS, RED_SUITS, SPANISH, SUITS, deck_kind
from terminal.screens import kit
from terminal.screens.pads.base import (
    INK,
    WHITE,
    Colour,
    Key,
    centred,
    key,
    size_for,
    title,
    title_and_body,
)
from terminal.screens.pads.outcome import OutcomePad, Shown
from terminal.screens.texts import Texts

SUIT_GLYPHS = dict(zip(SUITS, "♠♥♦♣"))


@dataclass(frozen=True)
class Faces:
    """How the screens show the cards of a deck kind: each suit's colour, and its mark, a glyph
    (`glyphs`) or, for suits that have none, its name (`names`: the text keys); `between` goes
    between two cards written in a row."""

    colours: Mapping[str, Colour]
    glyphs: Mapping[str, str]
    names: Mapping[str, str]
    between: str


FACES = {
    FRENCH: Faces(
        {suit: kit.RED if suit in RED_SUITS else INK for suit in SUITS}, SUIT_GLYPHS, {}, " "
    ),
    SPANISH: Faces(
        {"O": (196, 142, 0), "C": kit.RED, "E": (26, 86, 196), "B": (0, 128, 62)},
        {},
        {
            "O": "pads_suit_oros",
            "C": "pads_suit_copes",
            "E": "pads_suit_espases",
            "B": "pads_suit_bastos",
        },
        ", ",
    ),
}


def rank_label(rank: str) -> str:
    return "10" if rank == "T" else rank


def suit_colour(suit: str, deck: str = FRENCH) -> Colour:
    return FACES[deck].colours[suit]


def card_label(card: str, deck: str = FRENCH, texts: Texts | None = None) -> str:
    """A card as a person reads it: "QH" is "Q♥", "TD" "10♦"; a card of a deck whose suits
    have no glyph is its rank and its suit named in `texts`' language (Catalan without):
    "SC" of a Spanish pack is "S Copes"."""
    faces = FACES[deck]
    if faces.glyphs:
        return rank_label(card[0]) + faces.glyphs[card[1]]
    return f"{rank_label(card[0])} {(texts or Texts())(faces.names[card[1]])}"


def cards_label(cards: Sequence[str], deck: str = FRENCH, texts: Texts | None = None) -> str:
    """Cards in a row, as a person reads them: "Q♥ 10♦", "S Copes, 5 Oros"."""
    return FACES[deck].between.join(card_label(card, deck, texts) for card in cards)


def card_pad(deck: str, on_pick: Callable[[str], object] | None = None) -> OutcomePad[str]:
    """The pad a card of the deck kind `deck` is entered on: the French deck's rank and suit,
    or a Spanish pack's 40 cards."""
    return CardPad(on_pick) if deck == FRENCH else DeckPad(on_pick, deck)


def _on(colour: Colour) -> Colour:
    """The text colour that reads on `colour`: ink on a light one, white on a dark one."""
    r, g, b = colour
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 140 else WHITE


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


def spent_cards(shoe: Any, back: Iterable[str] = (), held: Iterable[str] = ()) -> frozenset[str]:
    """The cards `shoe` (the table's, as folded: `games.cards.shoe.Shoe`; None: none loaded)
    can no longer give: out as often as its decks hold them, `back` (a corrected coup's cards as
    journaled, which its correction puts back) not counted, `held` (the cards the correction
    has put in their place) counted."""
    if shoe is None:
        return frozenset()
    out = Counter(shoe.seen)
    out.subtract(back)
    out.update(held)
    return frozenset(card for card, n in out.items() if n >= shoe.decks)


class DeckPad(OutcomePad[str]):
    """The cards of one deck of the kind `deck`, a key each (keys "card:QH"): a suit a row
    (♠ ♥ ♦ ♣; a suit with no glyph named at its row's head), the ranks across; a tap picks its
    card (`on_pick`). `spent`: the cards the shoe can no longer give (out as often as its decks
    hold them), shown and taken as disabled keys."""

    def __init__(self, on_pick: Callable[[str], object] | None = None, deck: str = FRENCH):
        super().__init__(on_pick)
        self.deck = deck
        self.spent: frozenset[str] = frozenset()

    def _grid(self, rect: pygame.Rect) -> tuple[pygame.Rect | None, int, list[pygame.Rect]]:
        """The column of the suits' names (None: they have glyphs), the ranks a row, and the
        keys' cells: a suit a row where they are a finger wide; else two rows a suit (A-7,
        8-K)."""
        kind, gap = deck_kind(self.deck), max(3, rect.w // 160)
        names = None
        if FACES[self.deck].names:
            names = pygame.Rect(rect.x, rect.y, rect.w // 7, rect.h)
            rect = pygame.Rect(names.right + gap * 2, rect.y, rect.w - names.w - gap * 2, rect.h)
        across = len(kind.ranks)
        if (rect.w - gap * (across - 1)) // across < kit.MIN_TARGET:
            across = -(-across // 2)
        rows = len(kind.suits) * -(-len(kind.ranks) // across)
        return names, across, kit.grid(rect, across, rows, gap=gap)

    def layout(self, rect: pygame.Rect, texts: Texts) -> list[Key]:
        kind, faces = deck_kind(self.deck), FACES[self.deck]
        _, across, cells = self._grid(rect)
        rows_a_suit = -(-len(kind.ranks) // across)
        keys = []
        for s, suit in enumerate(kind.suits):
            for n, rank in enumerate(kind.ranks):
                row, column = divmod(n, across)
                card = rank + suit
                keys.append(
                    key(
                        cells[(s * rows_a_suit + row) * across + column],
                        rank_label(rank) + faces.glyphs.get(suit, ""),
                        partial(self._picked, card),
                        f"card:{card}",
                        colour=WHITE,
                        label_colour=faces.colours[suit],
                        share=0.42,
                        enabled=card not in self.spent,
                    )
                )
        return keys

    def paint(self, surface: pygame.Surface, rect: pygame.Rect, texts: Texts) -> None:
        """Each suit's name at the head of its rows, on its colour (a suit with no glyph), all
        in one size."""
        names, across, cells = self._grid(rect)
        if names is None:
            return
        kind, faces = deck_kind(self.deck), FACES[self.deck]
        rows = -(-len(kind.ranks) // across)  # a suit's
        bands = []
        for s in range(len(kind.suits)):
            top, bottom = cells[s * rows * across], cells[((s + 1) * rows - 1) * across]
            bands.append(pygame.Rect(names.x, top.y, names.w, bottom.bottom - top.y))
        labels = [texts(faces.names[suit]) for suit in kind.suits]
        size = min(size_for(label, band, 0.3) for label, band in zip(labels, bands))
        for suit, label, band in zip(kind.suits, labels, bands):
            colour = faces.colours[suit]
            pygame.draw.rect(surface, colour, band, border_radius=8)
            centred(surface, label, band, size=size, colour=_on(colour))

    def shown(self, value: str, texts: Texts) -> Shown:
        return Shown(card_label(value, self.deck, texts), WHITE, suit_colour(value[1], self.deck))
