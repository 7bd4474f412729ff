"""What the poker sense descart view and its players' display draw with: a card (face up, face
down, or the empty place of one still to come), a row of five, the carrousel coin, the pool.

Cards are white with their rank and suit large (the card pad's labels and colours: hearts and
diamonds red), as a croupier reads them across a table in casino light; a card face down is the
deck's blue back."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import pygame

from terminal.common.draw import SIZE_SCALE
from terminal.screens import kit
from terminal.screens.pads.base import WHITE, centred
from terminal.screens.pads.cards import card_label, suit_colour

CARD_RATIO = 1.4  # a card's height to its width
BACK = (28, 64, 150)  # the deck's back
BACK_LINE = (120, 160, 230)
COIN = (236, 178, 20)  # the carrousel's coin
COIN_RIM = (255, 226, 120)
COIN_INK = (40, 28, 4)
HANDS_IN_ROW = 5


def card(surface: pygame.Surface, rect: pygame.Rect, value: str | None, *, down: bool = False):
    """One card in `rect`: `value` face up ("KS"), its back (`down`), or, with neither, the
    place of a card still to come, outlined."""
    radius = max(3, rect.w // 8)
    if value is None and not down:
        pygame.draw.rect(surface, kit.PANEL_EDGE, rect, width=2, border_radius=radius)
        return
    if down:
        pygame.draw.rect(surface, BACK, rect, border_radius=radius)
        inner = rect.inflate(-max(4, rect.w // 5), -max(4, rect.w // 5))
        pygame.draw.rect(surface, BACK_LINE, inner, width=max(1, rect.w // 16), border_radius=2)
        pygame.draw.line(surface, BACK_LINE, inner.topleft, inner.bottomright, 1)
        pygame.draw.line(surface, BACK_LINE, inner.topright, inner.bottomleft, 1)
        return
    assert value is not None
    pygame.draw.rect(surface, WHITE, rect, border_radius=radius)
    centred(surface, card_label(value), rect, colour=suit_colour(value[1]), size=card_text(rect))


@lru_cache(maxsize=256)
def _card_text(w: int, h: int) -> int:
    size = int(h * 0.5 / SIZE_SCALE)
    widest = card_label("TS")  # every card of a size in one text size: the widest label's
    while size > 8 and kit.font(size).size(widest)[0] > w - max(2, w // 10):
        size -= 1
    return size


def card_text(rect: pygame.Rect) -> int:
    """The text size of a card's label: as large as the card's width takes "10♠"."""
    return _card_text(rect.w, rect.h)


def card_size(area: pygame.Rect, n: int = HANDS_IN_ROW, gap: int = 4) -> tuple[int, int]:
    """The (width, height) of `n` cards side by side filling `area` as far as they can."""
    w = (area.w - gap * (n - 1)) // n
    h = int(w * CARD_RATIO)
    if h > area.h:
        h = area.h
        w = int(h / CARD_RATIO)
    return max(1, w), max(1, h)


def hand_row(
    surface: pygame.Surface,
    area: pygame.Rect,
    cards: Sequence[str],
    *,
    hidden: int = 0,
    gap: int = 4,
) -> pygame.Rect:
    """A hand's five places from the left of `area`, vertically centred: its `cards` as dealt,
    the first `hidden` of them face down, the places still to come outlined. Where it drew."""
    w, h = card_size(area, HANDS_IN_ROW, gap)
    y = area.y + (area.h - h) // 2
    for i in range(HANDS_IN_ROW):
        rect = pygame.Rect(area.x + i * (w + gap), y, w, h)
        if i < len(cards):
            card(surface, rect, None if i < hidden else cards[i], down=i < hidden)
        else:
            card(surface, rect, None)
    return pygame.Rect(area.x, y, HANDS_IN_ROW * (w + gap) - gap, h)


def coin(surface: pygame.Surface, centre: tuple[int, int], diameter: int, *, lit: bool) -> None:
    """The carrousel's coin: gold when in the slot (`lit`), its empty slot otherwise."""
    radius = max(4, diameter // 2)
    if not lit:
        pygame.draw.circle(surface, kit.PANEL_EDGE, centre, radius, width=2)
        return
    pygame.draw.circle(surface, COIN, centre, radius)
    pygame.draw.circle(surface, COIN_RIM, centre, radius, width=max(2, radius // 6))
    rect = pygame.Rect(centre[0] - radius, centre[1] - radius, 2 * radius, 2 * radius)
    centred(surface, "C", rect, share=0.55, colour=COIN_INK)


def fitted(string: str, size: int, width: int, floor: int = 12) -> int:
    """The largest size from `size` down to `floor` at which `string` fits `width`."""
    while size > floor and kit.font(size).size(string)[0] > width:
        size -= 1
    return size


def label_in(
    surface: pygame.Surface,
    string: str,
    rect: pygame.Rect,
    *,
    size: int,
    colour=kit.TEXT,
    align: str = "left",
) -> pygame.Rect:
    """`string` on one line, vertically centred in `rect`, made smaller (then cut) to fit."""
    size = fitted(string, size, rect.w)
    string = kit.fit(string, size, rect.w)
    face = kit.font(size)
    y = rect.centery - face.get_height() // 2
    x = {"left": rect.x, "right": rect.right, "center": rect.centerx}[align]
    return kit.text(surface, string, (x, y), size=size, colour=colour, align=align)
