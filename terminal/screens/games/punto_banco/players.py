"""The players' display at a punto banco table (its view's `players_body`, between what the
table posts, terminal/screens/players.py): the big road of the shoe's coups (road.py), the
counts of banker, player and tie, and the last hand."""

from __future__ import annotations

import pygame

from terminal.screens import kit
from terminal.screens.games.punto_banco.deal import BANKER, PLAYER, TIE
from terminal.screens.games.punto_banco.draw import CARD_SHAPE, NAMES, card_face
from terminal.screens.games.punto_banco.road import ROAD_COLOURS, ShoeRoad, counts, draw_road
from terminal.screens.pads.base import size_for
from terminal.screens.texts import Texts


def draw_body(
    shoe_road: ShoeRoad, t: Texts, surface: pygame.Surface, rect: pygame.Rect, s: float
) -> None:
    """The big road of the shoe's coups, the counts of banker, player and tie, the last
    hand (terminal/screens/players.py draws the table's header and footer around it)."""
    results = shoe_road.results
    gap = round(10 * s)
    portrait = rect.h > rect.w
    title_size = round(22 * s)
    title_h = kit.font(title_size).get_linesize() + round(6 * s)
    road_h = min(rect.h // 2, title_h + 6 * (rect.w // 13)) if portrait else round(rect.h * 0.64)
    road = pygame.Rect(rect.x, rect.y, rect.w, road_h)
    kit.panel(surface, road)
    pad = round(8 * s)
    hands = len(results)
    said = (
        t("pb_road_empty")
        if not hands
        else t("pb_road_one_hand")
        if hands == 1
        else t("pb_road_hands", n=hands)
    )
    kit.text(
        surface,
        t("pb_road"),
        (road.x + pad, road.y + round(4 * s)),
        size=title_size,
        colour=kit.ACCENT,
    )
    kit.text(
        surface,
        said,
        (road.right - pad, road.y + round(4 * s)),
        size=title_size,
        colour=kit.DIM,
        align="right",
    )
    if shoe_road.cut_out:
        kit.text(
            surface,
            t("pb_cut_out"),
            (road.centerx, road.y + round(4 * s)),
            size=title_size,
            colour=kit.ACCENT,
            align="center",
        )
    grid = pygame.Rect(
        road.x + pad, road.y + title_h, road.w - 2 * pad, road.bottom - pad - road.y - title_h
    )
    draw_road(surface, grid, results)
    below = pygame.Rect(rect.x, road.bottom + gap, rect.w, rect.bottom - road.bottom - gap)
    if portrait:
        last = pygame.Rect(below.x, below.y, below.w, below.h // 2 - gap // 2)
        tally = pygame.Rect(below.x, last.bottom + gap, below.w, below.bottom - last.bottom - gap)
    else:
        last = pygame.Rect(below.x, below.y, below.w * 11 // 20, below.h)
        tally = pygame.Rect(last.right + gap, below.y, below.right - last.right - gap, below.h)
    _last_hand(shoe_road, t, surface, last, s)
    _tally(t, surface, tally, results, s)


def _last_hand(
    shoe_road: ShoeRoad, t: Texts, surface: pygame.Surface, rect: pygame.Rect, s: float
) -> None:
    kit.panel(surface, rect)
    pad = round(8 * s)
    size = round(20 * s)
    kit.text(
        surface,
        t("pb_last_hand"),
        (rect.x + pad, rect.y + round(4 * s)),
        size=size,
        colour=kit.DIM,
    )
    hands = shoe_road.last
    if hands is None:
        return
    top = rect.y + kit.font(size).get_linesize() + round(6 * s)
    winner = hands.winner()
    half = (rect.w - 3 * pad) // 2
    for n, place in enumerate((PLAYER, BANKER)):
        part = pygame.Rect(rect.x + pad + n * (half + pad), top, half, rect.bottom - pad - top)
        lit = winner in (place, TIE)
        name_size = round(22 * s)
        name = f"{t(NAMES[place])} {hands.total(place)}"
        kit.text(
            surface,
            name,
            (part.x, part.y),
            size=name_size,
            colour=ROAD_COLOURS[place] if lit else kit.DIM,
            width=part.w,
        )
        cards = pygame.Rect(
            part.x, part.y + kit.font(name_size).get_linesize() + round(2 * s), part.w, 0
        )
        cards.h = part.bottom - cards.y
        gap = round(4 * s)
        w = int(min(cards.h * CARD_SHAPE, (cards.w - 2 * gap) / 3))
        h = int(w / CARD_SHAPE)
        x = cards.x
        for card in hands.hand(place):
            box = pygame.Rect(x, cards.y, w, h)
            card_face(surface, box, card)
            x += w + gap


def _tally(
    t: Texts, surface: pygame.Surface, rect: pygame.Rect, results: list[str], s: float
) -> None:
    kit.panel(surface, rect)
    tally = counts(results)
    pad = round(8 * s)
    cells = kit.grid(rect.inflate(-2 * pad, -2 * pad), 3, 1, pad)
    for cell, side in zip(cells, (BANKER, PLAYER, TIE), strict=True):
        name_size = round(20 * s)
        kit.text(
            surface,
            t(NAMES[side]),
            (cell.centerx, cell.y),
            size=name_size,
            colour=ROAD_COLOURS[side],
            align="center",
            width=cell.w,
        )
        number = str(tally[side])
        name_h = kit.font(name_size).get_linesize()
        room = pygame.Rect(cell.x, cell.y + name_h, cell.w, min(cell.h - name_h, cell.w))
        size = size_for(number, room, 0.6)
        kit.centred(
            surface,
            number,
            room,
            size=size,
            colour=kit.TEXT,
        )
