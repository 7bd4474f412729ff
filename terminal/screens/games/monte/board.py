"""The monte cloth laid out on a rect (section 13 VI.3, "distribució de la taula de joc"): the
four places in two rows, 1 and 2 above, 3 and 4 below, each with its cards toward the middle and
its boxes outside them (C, A and V over S and Vis); between the two places of a row the boxes of
card against card (1v2 and 2v1; 3v4 and 4v3), between the rows those of each column's (1v3 and
3v1 under place 1, 2v4 and 4v2 under place 2) with the burnt cards between them, and along the
foot the six boxes of two cards against the other two (rows, columns, diagonals).

`Board` is the geometry only: the rect of each box by its bet code, of each place and its cards.
A box too small for a finger (a place's five at 800x480) is not tapped by itself: the place is
(`direct` False), and the view opens its bets large. `paint_box` draws one box: its name, its
price now, the seats' chips on it, closed boxes dimmed, the winners lit.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from games.monte.codes import PAIR_BETS
from terminal.common.draw import fitting_size
from terminal.screens import kit
from terminal.screens.games.monte.faces import STEP, stack_size
from terminal.screens.games.monte.shown import Chips
from terminal.screens.pads.base import size_within

ROW_BETS = {1: ("card:1v2", "card:2v1"), 3: ("card:3v4", "card:4v3")}  # by the row's left place
COLUMN_BETS = {1: ("card:1v3", "card:3v1"), 2: ("card:2v4", "card:4v2")}  # by the column's top
PAIRS = tuple(f"pair:{bet}" for bet in PAIR_BETS)  # rows, columns, diagonals
PLACE_BETS = (("camo", "anti", "viudo"), ("salto", "vis"))  # a place's boxes, row by row

FELT_CLOSED = (26, 52, 38)  # a box this phase does not take
INK_CLOSED = (110, 128, 116)
PILL = (12, 12, 14)
# a bet's chips by their state: (fill, ink, edge)
PILLS = {
    "placed": (PILL, kit.TEXT, kit.FELT_LINE),
    "open": (PILL, kit.ACCENT, kit.ACCENT),
    "win": (kit.ACCENT, kit.ACCENT_TEXT, kit.ACCENT),
    "lose": (kit.PANEL, kit.DIM, kit.PANEL_EDGE),
    "push": (PILL, kit.GOOD, kit.GOOD),
    "cancelled": (PILL, kit.GOOD, kit.GOOD),
}


@dataclass(frozen=True)
class Place:
    """A place's area, and where its cards stand (`cards`: the stack's top left; `card_h`: a
    card's height)."""

    area: pygame.Rect
    cards: tuple[int, int]
    card_h: int


class Board:
    """The cloth on `rect` at the scale `s`: `boxes` maps each bet code to its rect, `places`
    each place to its `Place`, `burnt` is where the burnt cards lie."""

    def __init__(self, rect: pygame.Rect, s: float):
        self.rect, self.s = pygame.Rect(rect), s
        gap = self.gap = max(4, int(5 * s))
        least = kit.MIN_TARGET
        band_h = max(least, int(54 * s))
        row_h = (rect.h - 2 * band_h - 3 * gap) // 2
        stacked = row_h >= 2 * least + gap  # a row's two card bets one over the other
        mid_w = max(least, int(64 * s)) if stacked else max(2 * least + gap, int(110 * s))
        place_w = (rect.w - mid_w - 2 * gap) // 2
        left, mid = rect.x, rect.x + place_w + gap
        right = mid + mid_w + gap
        top, band = rect.y, rect.y + row_h + gap
        bottom = band + band_h + gap
        self.boxes: dict[str, pygame.Rect] = {}
        self.places: dict[int, Place] = {}
        for place, (x, y) in {
            1: (left, top),
            2: (right, top),
            3: (left, bottom),
            4: (right, bottom),
        }.items():
            self.places[place] = self._place(place, pygame.Rect(x, y, place_w, row_h))
        for first, y in ((1, top), (3, bottom)):
            cell = pygame.Rect(mid, y, mid_w, row_h)
            halves = kit.grid(cell, 1, 2, gap) if stacked else kit.grid(cell, 2, 1, gap)
            self.boxes.update(zip(ROW_BETS[first], halves, strict=True))
        for first, x in ((1, left), (2, right)):
            halves = kit.grid(pygame.Rect(x, band, place_w, band_h), 2, 1, gap)
            self.boxes.update(zip(COLUMN_BETS[first], halves, strict=True))
        self.burnt = pygame.Rect(mid, band, mid_w, band_h)
        foot = pygame.Rect(rect.x, bottom + row_h + gap, rect.w, band_h)
        self.boxes.update(zip(PAIRS, kit.grid(foot, len(PAIRS), 1, gap), strict=True))

    def _place(self, place: int, area: pygame.Rect) -> Place:
        """The place's cards toward the middle, its five boxes outside them."""
        pad = max(3, int(4 * self.s))
        card_h = int((area.h - 2 * pad) / (1 + 2 * STEP[1]))
        stack_w = stack_size(card_h, 3)[0]
        inner_right = place % 2 == 1  # places 1 and 3 have the middle on their right
        x = area.right - pad - stack_w if inner_right else area.x + pad
        boxes_w = area.w - stack_w - 2 * pad - self.gap
        boxes_x = area.x if inner_right else area.right - boxes_w
        boxes = pygame.Rect(boxes_x, area.y, boxes_w, area.h)
        top, foot = kit.grid(boxes, 1, 2, self.gap)
        for row, families in zip((top, foot), PLACE_BETS, strict=True):
            cells = kit.grid(row, len(families), 1, self.gap)
            self.boxes.update((f"{f}:{place}", c) for f, c in zip(families, cells, strict=True))
        return Place(area, (x, area.y + pad), card_h)

    @property
    def direct(self) -> bool:
        """Whether every box takes a finger's tap by itself (else a place's are opened large)."""
        return all(min(box.size) >= kit.MIN_TARGET for box in self.boxes.values())

    def place_codes(self, place: int) -> list[str]:
        return [f"{family}:{place}" for row in PLACE_BETS for family in row]


def paint_box(
    surface: pygame.Surface,
    rect: pygame.Rect,
    label: str,
    price: str,
    chips: Sequence[Chips],
    texts,
    s: float,
    *,
    taking: bool,
    lit: bool = False,
    refused: bool = False,
) -> None:
    """One box: its `label` and its `price` (side by side where they fit, else one over the
    other), the chips on it below; a box the phase does not take (`taking`) dimmed, with no
    price; edged amber when it won (`lit`), red when its last bet was refused. Where a box has
    no room for both, its chips come before its price (the place's dialog says it)."""
    pygame.draw.rect(surface, kit.FELT if taking else FELT_CLOSED, rect, border_radius=6)
    edge, width = (kit.ACCENT, max(3, int(3 * s))) if lit else (kit.FELT_LINE, 1)
    if refused:
        edge, width = kit.BAD, max(3, int(3 * s))
    elif not (taking or lit):
        edge = INK_CLOSED
    pygame.draw.rect(surface, edge, rect, width=width, border_radius=6)
    inside = rect.inflate(-2 * max(3, int(4 * s)), -2 * max(2, int(3 * s)))
    ink = kit.TEXT if taking else INK_CLOSED
    price = price if taking else ""
    size = max(16, min(int(22 * s), size_within(inside.h / (3 if chips else 2))))
    face = kit.font(size)
    line = face.get_linesize()
    pill_h = kit.font(pill_size(inside.h - line, s)).get_height() + 2
    side_by_side = not price or face.size(f"{label}  {price}")[0] <= inside.w
    under = not side_by_side and (not chips or inside.h >= 2 * line + pill_h)
    rows = [(label, ink, "left" if side_by_side else "center")]
    if under:
        rows.append((price, kit.FELT_LINE, "center"))
    y = inside.y
    for string, colour, align in rows:
        x = {"left": inside.x, "center": inside.centerx}[align]
        kit.text(surface, string, (x, y), size=size, colour=colour, width=inside.w, align=align)
        y += line
    if price and side_by_side:
        kit.text(
            surface, price, (inside.right, inside.y), size=size, colour=kit.FELT_LINE, align="right"
        )
    if chips:
        pills(surface, pygame.Rect(inside.x, y, inside.w, inside.bottom - y), chips, texts, s)


def pill_size(height: int, s: float) -> int:
    """The text size of the chips' pills in `height` pixels, at the scale `s`."""
    return max(16, min(size_within(height - 2), int(20 * s)))


def pills(
    surface: pygame.Surface, area: pygame.Rect, chips: Sequence[Chips], texts, s: float
) -> None:
    """The seats' chips, a pill each ("S2 25"), row by row in `area`, those that do not fit
    counted on the last ("+3"); where not even one seat's fits, their total."""
    labels = [f"{texts('seat_short', n=c.seat)} {texts.money(c.stake, short=True)}" for c in chips]
    size = fitting_size(labels[0], pill_size(area.h, s), area.w - 8, 16)
    face = kit.font(size)
    h = face.get_height() + 2
    if area.h < h:
        return
    if face.size(labels[0])[0] + 8 > area.w:  # the stake alone, every seat's
        total = texts.money(sum(c.stake for c in chips), short=True)
        labels, chips = [total], [Chips(0, 0, chips[0].state)]
    rows = max(1, (area.h + 2) // (h + 2))
    x, row, gap = area.x, 0, 3
    for n, (chip, label) in enumerate(zip(chips, labels, strict=True)):
        w = min(face.size(label)[0] + 8, area.w)
        rest = len(chips) - n
        more_w = face.size(f"+{rest}")[0] + 8
        if x + w > area.right and x > area.x:
            row, x = row + 1, area.x
        crowded = rest > 1 and x + w + gap + more_w > area.right
        if row >= rows or (row == rows - 1 and crowded):
            if row < rows:
                more = pygame.Rect(x, area.y + row * (h + 2), more_w, h)
                _pill(surface, more, f"+{rest}", "placed", size)
            return
        _pill(surface, pygame.Rect(x, area.y + row * (h + 2), w, h), label, chip.state, size)
        x += w + gap


def _pill(surface: pygame.Surface, rect: pygame.Rect, label: str, state: str, size: int) -> None:
    fill, ink, edge = PILLS.get(state, PILLS["placed"])
    pygame.draw.rect(surface, fill, rect, border_radius=rect.h // 3)
    pygame.draw.rect(surface, edge, rect, width=1, border_radius=rect.h // 3)
    kit.centred(surface, label, rect, size=size, colour=ink)
