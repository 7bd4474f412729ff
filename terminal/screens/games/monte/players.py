"""The players' display of a monte table (its body, between what the table posts,
terminal/screens/players.py): the layout on the cloth now with its phase, coup and pack, and the
session's last five coups, newest first, each its four places' cards and the two winning cards,
Primeres' and Segones'. Large, for people across the table in casino light."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from games.monte.layout import PLACES, Layout
from terminal.screens import kit
from terminal.screens.games.monte.faces import card_face, card_size, row_of_cards, stack, stack_size
from terminal.screens.games.monte.shown import Shown, layout_of
from terminal.screens.pads.base import centred, size_within
from terminal.screens.texts import Texts

SHOWN = 5  # «les últimes cinc mans»


@dataclass(frozen=True)
class Coup:
    """One coup of the session: its number and pack, its layout, and the winning card of each
    phase settled (None: not yet)."""

    coup: int
    pack: str
    layout: Layout
    primeres: str | None = None
    segones: str | None = None


def last_coups(outcomes: Sequence[Mapping[str, Any]], n: int = SHOWN) -> list[Coup]:
    """The session's last `n` coups from its outcomes (oldest first), newest first."""
    coups: dict[int, Coup] = {}
    for outcome in outcomes:
        number = outcome["coup"]
        had = coups.get(number) or Coup(number, outcome["pack"], layout_of(outcome))
        card = outcome["winner"]["card"]
        coups[number] = (
            Coup(had.coup, had.pack, had.layout, card, had.segones)
            if outcome["phase"] == "primeres"
            else Coup(had.coup, had.pack, had.layout, had.primeres, card)
        )
    return list(reversed(coups.values()))[:n]


def draw_body(
    surface: pygame.Surface,
    rect: pygame.Rect,
    s: float,
    shown: Shown,
    outcomes: Sequence[Mapping[str, Any]],
    texts: Texts,
) -> None:
    """The layout now on the left (above, in portrait), the last coups beside it."""
    gap = max(8, int(10 * s))
    if rect.h > rect.w:
        now = pygame.Rect(rect.x, rect.y, rect.w, rect.h * 45 // 100)
        last = pygame.Rect(rect.x, now.bottom + gap, rect.w, rect.bottom - now.bottom - gap)
    else:
        now = pygame.Rect(rect.x, rect.y, rect.w * 44 // 100, rect.h)
        last = pygame.Rect(now.right + gap, rect.y, rect.right - now.right - gap, rect.h)
    _now(surface, now, s, shown, texts)
    _last(surface, last, s, last_coups(outcomes), texts)


def _title(surface: pygame.Surface, rect: pygame.Rect, string: str, s: float) -> pygame.Rect:
    size = max(16, int(26 * s))
    kit.text(
        surface,
        string,
        (rect.x + int(8 * s), rect.y + int(6 * s)),
        size=size,
        colour=kit.ACCENT,
        width=rect.w - int(16 * s),
    )
    return pygame.Rect(rect.x, rect.y + kit.font(size).get_linesize() + int(10 * s), rect.w, 0)


def _now(surface: pygame.Surface, rect: pygame.Rect, s: float, shown: Shown, texts: Texts) -> None:
    """The four places as they lie, the phase's winner lit, the burnt cards under them."""
    kit.panel(surface, rect, kit.FELT)
    heads = [texts("mo_laying" if shown.phase == "laying" else f"mo_{shown.phase}")]
    if shown.coup:
        heads.append(texts("mo_coup", n=shown.coup))
    below = _title(surface, rect, " · ".join(heads), s)
    pad = int(10 * s)
    body = pygame.Rect(rect.x + pad, below.y, rect.w - 2 * pad, rect.bottom - below.y - pad)
    layout = shown.layout
    if layout is None:
        centred(surface, texts("mo_no_coups"), body, share=0.1, colour=kit.FELT_LINE)
        return
    burnt_h = int(body.h * 0.16) if layout.burnt else 0
    cells = kit.grid(pygame.Rect(body.x, body.y, body.w, body.h - burnt_h), 2, 2, pad)
    card_h = min(int(cells[0].h / 1.28), int(cells[0].w / 0.68 / 1.6))
    for place, cell in zip(PLACES, cells, strict=True):
        cards = layout.places[place]
        if not cards:
            continue
        w, h = stack_size(card_h, len(cards))
        at = (cell.centerx - w // 2, cell.centery - h // 2)
        down = shown.pack if place in shown.down else None
        drawn = stack(surface, at, card_h, cards, texts, down=down)
        if shown.winner is not None and shown.winner["place"] == place:
            pygame.draw.rect(
                surface,
                kit.ACCENT,
                drawn.inflate(10, 10),
                width=max(4, int(4 * s)),
                border_radius=8,
            )
    if burnt_h:
        strip = pygame.Rect(body.x, body.bottom - burnt_h, body.w, burnt_h)
        size = size_within(burnt_h * 0.6)
        label = kit.text(
            surface, texts("mo_burnt"), (strip.x, strip.y), size=size, colour=kit.FELT_LINE
        )
        row_of_cards(
            surface,
            pygame.Rect(label.right + pad, strip.y, strip.right - label.right - pad, strip.h),
            layout.burnt,
            texts,
        )


def _last(
    surface: pygame.Surface, rect: pygame.Rect, s: float, coups: list[Coup], texts: Texts
) -> None:
    """A row per coup, newest first: its number, its four cards, the two winning cards."""
    kit.panel(surface, rect)
    below = _title(surface, rect, texts("mo_last_coups"), s)
    pad = int(8 * s)
    body = pygame.Rect(rect.x + pad, below.y, rect.w - 2 * pad, rect.bottom - below.y - pad)
    if not coups:
        centred(surface, texts("mo_no_coups"), body, share=0.1, colour=kit.DIM)
        return
    rows = kit.grid(body, 1, SHOWN, max(4, int(6 * s)))
    for n, (row, coup) in enumerate(zip(rows, coups, strict=False)):
        if n == 0:
            pygame.draw.rect(surface, kit.ACCENT, row.inflate(4, 4), width=2, border_radius=8)
        _coup(surface, row, s, coup, texts)


def _coup(surface: pygame.Surface, row: pygame.Rect, s: float, coup: Coup, texts: Texts) -> None:
    card_h = row.h - 4
    w, _ = card_size(card_h)
    size = size_within(card_h * 0.5)
    number = kit.text(
        surface,
        texts("mo_coup", n=coup.coup),
        (row.x, row.centery - kit.font(size).get_height() // 2),
        size=size,
        colour=kit.TEXT,
    )
    x = max(number.right, row.x + kit.font(size).size(texts("mo_coup", n=88))[0]) + int(10 * s)
    for place in PLACES:
        card_face(
            surface, pygame.Rect(x, row.y + 2, w, card_h), coup.layout.place_card(place), texts
        )
        x += w + max(2, int(3 * s))
    x += int(12 * s)
    winners = [c for c in (coup.primeres, coup.segones) if c is not None]
    for card in winners:
        box = pygame.Rect(x, row.y + 2, w, card_h)
        card_face(surface, box, card, texts)
        pygame.draw.rect(surface, kit.ACCENT, box.inflate(4, 4), width=2, border_radius=6)
        x += w + int(10 * s)
