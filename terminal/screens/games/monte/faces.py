"""A Spanish card as the monte screens draw it, for casino light: white, its rank large in its
suit's print colour (oros gold, copes red, espases blue, bastos green: the pads' FACES), a band
of that colour at its foot with the suit's name, and a corner index (the rank over a pip of the
colour) that stays in sight when another card lies over it. A place's stack lays each card that
doubled or tripled it a little right of and below the one before, as the dealer lays it on the
place card; a card turned down shows the back of the coup's pack (red or blue)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from games.cards.cards import SPANISH
from terminal.common.draw import fitting_size
from terminal.screens import kit
from terminal.screens.pads.base import INK, WHITE, size_for, size_within
from terminal.screens.pads.cards import FACES, suit_colour
from terminal.screens.texts import Texts

CARD_SHAPE = 0.68  # a card's width over its height
STEP = (0.36, 0.12)  # how far a doubling card lies right and below the one under it (of a card)
BACKS = {"red": (168, 26, 36), "blue": (26, 70, 160)}  # the packs' backs
BAND_INK = {"O": INK}  # the suit's name on its band: white, but ink on gold


def card_size(height: int) -> tuple[int, int]:
    return int(height * CARD_SHAPE), height


def stack_size(card_h: int, cards: int) -> tuple[int, int]:
    """The width and height of a stack of `cards` cards of `card_h` pixels."""
    w, h = card_size(card_h)
    more = max(0, cards - 1)
    return w + int(more * STEP[0] * w), h + int(more * STEP[1] * h)


def card_face(surface: pygame.Surface, rect: pygame.Rect, card: str, texts: Texts) -> None:
    """`card` face up in `rect`; a small card (under 40 px) shows its rank and its colour."""
    radius = max(3, rect.w // 9)
    colour = suit_colour(card[1], SPANISH)
    pygame.draw.rect(surface, WHITE, rect, border_radius=radius)
    band = pygame.Rect(rect.x, rect.bottom - max(4, rect.h * 24 // 100), rect.w, 0)
    band.h = rect.bottom - band.y
    pygame.draw.rect(
        surface,
        colour,
        band,
        border_bottom_left_radius=radius,
        border_bottom_right_radius=radius,
    )
    pygame.draw.rect(surface, INK, rect, width=1, border_radius=radius)
    rank = card[0]
    body = pygame.Rect(rect.x, rect.y, rect.w, band.y - rect.y)
    if rect.h >= 40:
        corner = pygame.Rect(rect.x + 2, rect.y + 2, max(8, rect.w * 3 // 10), body.h * 3 // 10)
        size = size_for(rank, corner.inflate(12, 0), 0.95)
        kit.text(
            surface, rank, (corner.centerx, corner.y), size=size, colour=colour, align="center"
        )
        pip = max(2, corner.w // 5)
        pygame.draw.circle(surface, colour, (corner.centerx, corner.bottom + pip + 1), pip)
        body = pygame.Rect(
            corner.right - 2, rect.y + body.h // 8, rect.right - corner.right, body.h
        )
    kit.centred(surface, rank, body, size=size_for(rank, body.inflate(12, 0), 0.62), colour=colour)
    if band.h >= 14:
        name = texts(FACES[SPANISH].names[card[1]])
        ink = BAND_INK.get(card[1], WHITE)
        size = fitting_size(name, size_for(name, band, 0.8), band.w - 4, 12)
        if kit.font(size).size(name)[0] > band.w - 4:
            name = name[0]  # the initial where its name does not fit
        kit.centred(surface, name, band, size=size, colour=ink)


def card_back(surface: pygame.Surface, rect: pygame.Rect, pack: str | None) -> None:
    """A card turned down: the back of the `pack` (red or blue), cross-hatched."""
    radius = max(3, rect.w // 9)
    pygame.draw.rect(surface, BACKS.get(pack or "", kit.PANEL_EDGE), rect, border_radius=radius)
    inner = rect.inflate(-max(4, rect.w // 6), -max(4, rect.w // 6))
    pygame.draw.rect(surface, WHITE, inner, width=1, border_radius=max(2, radius // 2))
    for n in range(1, 4):
        y = inner.y + inner.h * n // 4
        pygame.draw.line(surface, WHITE, (inner.x, y), (inner.right - 1, y), 1)
    pygame.draw.rect(surface, INK, rect, width=1, border_radius=radius)


def slot(surface: pygame.Surface, rect: pygame.Rect, s: float, mark: str = "?") -> None:
    """Where a card is to come: an amber outline with `mark`."""
    pygame.draw.rect(surface, kit.ACCENT, rect, width=max(2, int(3 * s)), border_radius=6)
    kit.centred(surface, mark, rect, size=size_for(mark, rect, 0.4), colour=kit.ACCENT)


def stack(
    surface: pygame.Surface,
    at: tuple[int, int],
    card_h: int,
    cards: Sequence[str],
    texts: Texts,
    *,
    down: str | None = None,
) -> pygame.Rect:
    """A place's cards from `at` (its top left): the place card first, each doubling card over
    the one before; `down` (the pack) turns them down, the losing card. Returns the stack's
    rect."""
    w, h = card_size(card_h)
    x, y = at
    for n, card in enumerate(cards):
        rect = pygame.Rect(x + int(n * STEP[0] * w), y + int(n * STEP[1] * h), w, h)
        if down is not None:
            card_back(surface, rect, down)
        else:
            card_face(surface, rect, card, texts)
    return pygame.Rect(x, y, *stack_size(card_h, len(cards)))


def row_of_cards(
    surface: pygame.Surface, rect: pygame.Rect, cards: Sequence[str], texts: Texts
) -> pygame.Rect:
    """`cards` side by side in `rect`, as tall as it is, overlapped where they do not fit, and
    where even so they do not, the last ones after the count of those left out ("+3"); the rect
    they took."""
    w, h = card_size(rect.h)
    least = max(1, w // 3)  # a card's corner index stays in sight
    x = rect.x
    if len(cards) > 1 + max(0, rect.w - w) // least:
        size = size_within(h)
        count_w = kit.font(size).size("+99")[0] + max(2, w // 8)
        shown = 1 + max(0, rect.w - count_w - w) // least
        hidden = len(cards) - shown
        kit.text(surface, f"+{hidden}", (x, rect.y), size=size, colour=kit.DIM)
        x += count_w
        cards = cards[hidden:]
    if not cards:
        return pygame.Rect(rect.x, rect.y, x - rect.x, h)
    gap = max(2, w // 8)
    step = w + gap if len(cards) == 1 else min(w + gap, (rect.right - x - w) // (len(cards) - 1))
    step = max(step, least)
    for card in cards:
        card_face(surface, pygame.Rect(x, rect.y, w, h), card, texts)
        x += step
    return pygame.Rect(rect.x, rect.y, x - step + w - rect.x, h)
