"""What punto banco's view and its players' display draw with: a hand's panel on the table
(its cards where they were dealt, the third laid sideways, the slot of the card the coup
needs next, its total, the winner) and a card face."""

from __future__ import annotations

from typing import Any

import pygame

from terminal.screens import kit
from terminal.screens.games.punto_banco.deal import BANKER, PLAYER, TIE, Hands
from terminal.screens.pads.base import INK, WHITE, size_for
from terminal.screens.pads.cards import card_label, suit_colour
from terminal.screens.texts import Texts

# each chance's colour: the hand's header, the box's title (banker red, player blue)
HEADS = {PLAYER: (34, 88, 200), BANKER: (186, 22, 36), TIE: (0, 122, 62)}
FELT_DARK = (0, 62, 36)  # the hands' felt, darker than the boxes'
NAMES = {PLAYER: "pb_player", BANKER: "pb_banker", TIE: "pb_tie"}
CARD_SHAPE = 0.7  # a card's width over its height


def hand_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    place: str,
    hands: Hands,
    next_place: str | None,
    result: dict[str, Any] | None,
    s: float,
    t: Texts,
) -> None:
    """A hand's panel: its name and total, its cards, the next card's slot, the winner."""
    won = result is not None and hands.winner() in (place, TIE)
    kit.panel(surface, rect, FELT_DARK)
    head_h = kit.font(int(26 * s)).get_linesize() + int(6 * s)
    head = pygame.Rect(rect.x, rect.y, rect.w, head_h)
    pygame.draw.rect(
        surface, HEADS[place], head, border_top_left_radius=10, border_top_right_radius=10
    )
    pad = int(8 * s)
    name = kit.text(surface, t(NAMES[place]), (head.x + pad, head.y + int(3 * s)), size=int(26 * s))
    cards = hands.hand(place)
    right = head.right - pad
    if cards:
        right = kit.text(
            surface,
            str(hands.total(place)),
            (right, head.y + int(1 * s)),
            size=int(30 * s),
            align="right",
        ).left
    tags = []
    if result is not None and hands.natural(place):
        tags.append(t("pb_natural"))
    if won:
        tags.append(t("pb_tie") if hands.winner() == TIE else t("pb_wins"))
    if tags:  # between the name and the total
        tag = " · ".join(tags)
        size = int(18 * s)
        w = min(kit.font(size).size(tag)[0] + int(12 * s), right - name.right - 2 * pad)
        box = pygame.Rect(right - pad - w, head.y + int(5 * s), w, head_h - int(10 * s))
        pygame.draw.rect(surface, kit.ACCENT, box, border_radius=6)
        kit.centred(
            surface,
            tag,
            box,
            size=size,
            colour=kit.ACCENT_TEXT,
            width=box.w - int(4 * s),
        )
    body = pygame.Rect(
        rect.x + pad, head.bottom + pad, rect.w - 2 * pad, rect.bottom - head.bottom - 2 * pad
    )
    # two cards upright and the third sideways, across the panel at most
    card_w = int(min(body.h * CARD_SHAPE, (body.w - 2 * pad) / (2 + 1 / CARD_SHAPE)))
    card_h = int(card_w / CARD_SHAPE)
    slots = list(cards)
    due = next_place == place
    x = body.x
    for n in range(len(slots) + int(due)):
        third = n == 2  # the third card lies sideways, as it is dealt
        w, h = (card_h, card_w) if third else (card_w, card_h)
        box = pygame.Rect(x, body.y + (body.h - h) // 2, w, h)
        if n < len(slots):
            card_face(surface, box, slots[n])
        else:  # the card the coup needs next
            pygame.draw.rect(surface, kit.ACCENT, box, width=max(2, int(3 * s)), border_radius=6)
            kit.centred(
                surface,
                "?",
                box,
                size=int(30 * s),
                colour=kit.ACCENT,
            )
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
        size = size_for(label, rect, 0.55)
        kit.centred(
            surface,
            label,
            rect,
            size=size,
            colour=colour,
        )
        return
    half = pygame.Rect(rect.x, rect.y, rect.w, rect.h // 2)
    size = size_for("10", half, 0.75)
    face = kit.font(size)
    kit.text(
        surface,
        rank,
        (rect.centerx, rect.y + rect.h // 2 - face.get_height() + face.get_height() // 8),
        size=size,
        colour=colour,
        align="center",
    )
    kit.text(
        surface,
        suit,
        (rect.centerx, rect.y + rect.h // 2 - face.get_height() // 8),
        size=size,
        colour=colour,
        align="center",
    )
