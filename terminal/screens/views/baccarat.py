"""What the baccarat tables' views draw with (punto banco, chemin de fer): a hand's panel (its
name and total in a coloured head, its cards where they were dealt, the third laid sideways,
the slot of the card the coup needs next, its tags, a ring once it won) and a card face."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from terminal.screens import kit
from terminal.screens.pads.base import INK, WHITE, size_for
from terminal.screens.pads.cards import card_label, suit_colour

FELT_DARK = (0, 62, 36)  # the hands' felt, darker than the boxes'
CARD_SHAPE = 0.7  # a card's width over its height


def hand_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    *,
    name: str,
    colour: tuple[int, int, int],
    cards: Sequence[str],
    total: int | None,
    due: bool,
    tags: Sequence[str],
    won: bool,
    s: float,
) -> None:
    """A hand's panel: `name` and `total` (None: no cards yet) on a head of `colour`, `tags`
    between them (natural, wins), its `cards`, the next card's slot when one is `due`, and the
    ring of a hand that `won`."""
    kit.panel(surface, rect, FELT_DARK)
    head_h = kit.font(int(26 * s)).get_linesize() + int(6 * s)
    head = pygame.Rect(rect.x, rect.y, rect.w, head_h)
    pygame.draw.rect(surface, colour, head, border_top_left_radius=10, border_top_right_radius=10)
    pad = int(8 * s)
    right = head.right - pad
    if total is not None:
        right = kit.text(
            surface, str(total), (right, head.y + int(1 * s)), size=int(30 * s), align="right"
        ).left
    shown = kit.text(
        surface,
        name,
        (head.x + pad, head.y + int(3 * s)),
        size=int(26 * s),
        width=right - head.x - 2 * pad,
    )
    if tags:  # between the name and the total
        tag = " · ".join(tags)
        size = int(18 * s)
        w = min(kit.font(size).size(tag)[0] + int(12 * s), right - shown.right - 2 * pad)
        if w > 0:
            box = pygame.Rect(right - pad - w, head.y + int(5 * s), w, head_h - int(10 * s))
            pygame.draw.rect(surface, kit.ACCENT, box, border_radius=6)
            kit.centred(surface, tag, box, size=size, colour=kit.ACCENT_TEXT, width=box.w - 4)
    body = pygame.Rect(
        rect.x + pad, head.bottom + pad, rect.w - 2 * pad, rect.bottom - head.bottom - 2 * pad
    )
    # two cards upright and the third sideways, across the panel at most
    card_w = int(min(body.h * CARD_SHAPE, (body.w - 2 * pad) / (2 + 1 / CARD_SHAPE)))
    card_h = int(card_w / CARD_SHAPE)
    x = body.x
    for n in range(len(cards) + int(due)):
        third = n == 2  # the third card lies sideways, as it is dealt
        w, h = (card_h, card_w) if third else (card_w, card_h)
        box = pygame.Rect(x, body.y + (body.h - h) // 2, w, h)
        if n < len(cards):
            card_face(surface, box, cards[n])
        else:  # the card the coup needs next
            pygame.draw.rect(surface, kit.ACCENT, box, width=max(2, int(3 * s)), border_radius=6)
            kit.centred(surface, "?", box, size=int(30 * s), colour=kit.ACCENT)
        x = box.right + pad
    if won:
        pygame.draw.rect(surface, kit.ACCENT, rect, width=max(3, int(4 * s)), border_radius=10)


def card_face(surface: pygame.Surface, rect: pygame.Rect, card: str) -> None:
    """A card face: its rank over its suit, in the suit's colour on white."""
    pygame.draw.rect(surface, WHITE, rect, border_radius=max(4, rect.w // 10))
    pygame.draw.rect(surface, INK, rect, width=1, border_radius=max(4, rect.w // 10))
    label = card_label(card)
    rank, suit = label[:-1], label[-1]
    colour = suit_colour(card[1])
    if rect.w > rect.h:  # sideways: rank and suit side by side
        kit.centred(surface, label, rect, size=size_for(label, rect, 0.55), colour=colour)
        return
    half = pygame.Rect(rect.x, rect.y, rect.w, rect.h // 2)
    size = size_for("10", half, 0.75)
    face = kit.font(size)
    rank_y = rect.y + rect.h // 2 - face.get_height() + face.get_height() // 8
    kit.text(surface, rank, (rect.centerx, rank_y), size=size, colour=colour, align="center")
    suit_y = rect.y + rect.h // 2 - face.get_height() // 8
    kit.text(surface, suit, (rect.centerx, suit_y), size=size, colour=colour, align="center")
