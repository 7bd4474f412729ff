"""The players' display at a craps table (its view's `players_body`): the puck and the shooter,
the last rolls newest first, each as its two dice and what it did (a natural, craps, a point
set, the point made, the seven out), the points made this session, and how often each total
came (the hot numbers ringed), big, for people across the table in casino light."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from games.craps.dice import CRAPS, NATURALS, SEVEN, TOTALS
from terminal.common.draw import fitting_size
from terminal.screens import kit
from terminal.screens.games.craps.pad import pips
from terminal.screens.pads.base import WHITE
from terminal.screens.texts import Texts

HOT = (255, 128, 64)
# what a roll did, and its colour on the display
KINDS: dict[str, tuple[int, int, int]] = {
    "natural": (60, 190, 100),
    "craps": (235, 70, 60),
    "point": (255, 200, 40),
    "made": (60, 190, 100),
    "seven_out": (235, 70, 60),
    "roll": (120, 126, 140),
}
HOT_SHOWN = 3  # the totals ringed as hot


@dataclass(frozen=True)
class Roll:
    dice: tuple[int, int]
    kind: str  # a key of KINDS
    point: int | None  # the point after the roll

    @property
    def total(self) -> int:
        return sum(self.dice)


def roll_of(outcome: Mapping[str, Any]) -> Roll:
    """What a roll's outcome did, from its dice and the point before it."""
    d1, d2 = outcome["dice"]
    total, before = d1 + d2, outcome.get("point_before")
    if before is None:
        kind = "natural" if total in NATURALS else "craps" if total in CRAPS else "point"
    else:
        kind = "made" if total == before else "seven_out" if total == SEVEN else "roll"
    return Roll((d1, d2), kind, outcome.get("point_after"))


def rolls_of(outcomes: Sequence[Mapping[str, Any]]) -> list[Roll]:
    return [roll_of(o) for o in outcomes if "dice" in o]


def hot_totals(rolls: Sequence[Roll]) -> list[int]:
    """The totals thrown most often, most first (ties: the smaller total first)."""
    counts = {t: sum(r.total == t for r in rolls) for t in TOTALS}
    ranked = sorted((t for t in TOTALS if counts[t]), key=lambda t: (-counts[t], t))
    return ranked[:HOT_SHOWN]


def die(surface: pygame.Surface, rect: pygame.Rect, face: int) -> None:
    """One die, its face's pips on white."""
    side = min(rect.w, rect.h)
    square = pygame.Rect(0, 0, side, side)
    square.center = rect.center
    pygame.draw.rect(surface, WHITE, square, border_radius=max(3, side // 6))
    pips(surface, square, face)


def draw_rolls(
    surface: pygame.Surface,
    area: pygame.Rect,
    s: float,
    outcomes: Sequence[Mapping[str, Any]],
    texts: Texts,
    *,
    point: int | None,
    shooter: int | None,
) -> dict[str, pygame.Rect]:
    """The display's body on `area`; the parts' rectangles ("puck", "rolls", "points",
    "totals")."""
    rolls = rolls_of(outcomes)
    gap = round(8 * s)
    portrait = area.h > area.w
    drawn: dict[str, pygame.Rect] = {}
    if portrait:  # the puck beside the points made, the rolls across, the totals
        top = pygame.Rect(area.x, area.y, area.w, round(area.h * 0.22))
        puck = pygame.Rect(top.x, top.y, round(top.w * 0.4), top.h)
        points = pygame.Rect(puck.right + gap, top.y, top.right - puck.right - gap, top.h)
        rolls_rect = pygame.Rect(area.x, top.bottom + gap, area.w, round(area.h * 0.3))
        totals = pygame.Rect(
            area.x, rolls_rect.bottom + gap, area.w, area.bottom - rolls_rect.bottom - gap
        )
    else:  # the puck and the rolls across, the points made beside the totals
        top = pygame.Rect(area.x, area.y, area.w, round(area.h * 0.48))
        below = pygame.Rect(area.x, top.bottom + gap, area.w, area.bottom - top.bottom - gap)
        points = pygame.Rect(below.x, below.y, round(below.w * 0.36), below.h)
        totals = pygame.Rect(points.right + gap, below.y, below.right - points.right - gap, below.h)
        puck_w = min(top.h, round(top.w * 0.26))
        puck = pygame.Rect(top.x, top.y, puck_w, top.h)
        rolls_rect = pygame.Rect(puck.right + gap, top.y, top.right - puck.right - gap, top.h)
    drawn["puck"] = _puck(surface, puck, s, texts, point, shooter)
    drawn["rolls"] = _rolls(surface, rolls_rect, s, texts, rolls)
    drawn["points"] = _points(surface, points, s, texts, rolls)
    drawn["totals"] = _totals(surface, totals, s, texts, rolls)
    return drawn


def _puck(
    surface: pygame.Surface,
    rect: pygame.Rect,
    s: float,
    texts: Texts,
    point: int | None,
    shooter: int | None,
) -> pygame.Rect:
    kit.panel(surface, rect)
    caption = texts("craps_players_point") if point else texts("craps_players_no_point")
    size = round(26 * s)
    kit.text(
        surface,
        caption,
        (rect.centerx, rect.y + round(6 * s)),
        size=size,
        colour=kit.DIM,
        align="center",
    )
    line = kit.font(size).get_linesize()
    bottom = rect.bottom - (line + round(6 * s) if shooter else 0)
    radius = max(10, min(rect.w // 2 - round(10 * s), (bottom - rect.y - line) // 2 - round(6 * s)))
    centre = (rect.centerx, rect.y + line + (bottom - rect.y - line) // 2)
    on = point is not None
    pygame.draw.circle(
        surface, kit.ACCENT if on else (78, 84, 98), centre, radius + max(3, radius // 12)
    )
    pygame.draw.circle(surface, (246, 246, 240) if on else (18, 18, 20), centre, radius)
    label = str(point) if on else texts("craps_puck_off")
    big = fitting_size(label, round(radius * 1.3 / 0.6875), round(radius * 1.5), 12)
    face = kit.font(big)
    kit.text(
        surface,
        label,
        (centre[0], centre[1] - face.get_height() // 2),
        size=big,
        colour=(20, 20, 22) if on else kit.TEXT,
        align="center",
    )
    if shooter:
        said = texts("craps_shooter", seat=texts("seat", n=shooter))
        fitted = fitting_size(said, size, rect.w - 12, 12)
        kit.text(
            surface,
            kit.fit(said, fitted, rect.w - 12),
            (rect.centerx, rect.bottom - line - round(4 * s)),
            size=fitted,
            align="center",
        )
    return rect


def _titled(
    surface: pygame.Surface, rect: pygame.Rect, s: float, title: str, size: int, colour, gap=0
) -> pygame.Rect:
    """A panel with `title` at its top left; the room inside it under the title (and `gap`)."""
    kit.panel(surface, rect)
    pad = round(8 * s)
    inner = rect.inflate(-2 * pad, -2 * pad)
    kit.text(surface, kit.fit(title, size, inner.w), inner.topleft, size=size, colour=colour)
    head = kit.font(size).get_linesize() + gap
    return pygame.Rect(inner.x, inner.y + head, inner.w, inner.h - head)


def _rolls(
    surface: pygame.Surface, rect: pygame.Rect, s: float, texts: Texts, rolls: Sequence[Roll]
) -> pygame.Rect:
    """The last rolls, newest on the left and largest."""
    size = round(24 * s)
    area = _titled(surface, rect, s, texts("craps_players_rolls"), size, kit.DIM)
    pad = round(8 * s)
    if not rolls:
        kit.centred(
            surface,
            texts("players_no_results"),
            area,
            size=size,
            colour=kit.DIM,
        )
        return rect
    x = area.x
    newest_h = min(area.h, round(area.w * 0.3))  # room for a few rolls beside the newest
    for n, roll in enumerate(reversed(rolls)):
        h = newest_h if n == 0 else round(newest_h * 0.72)
        w = _roll(
            surface, pygame.Rect(x, area.bottom - h, 0, h), s, texts, roll, newest=n == 0, dry=True
        )
        if x + w > area.right:
            break
        _roll(surface, pygame.Rect(x, area.bottom - h, w, h), s, texts, roll, newest=n == 0)
        x += w + pad
    return rect


def _roll(
    surface: pygame.Surface,
    rect: pygame.Rect,
    s: float,
    texts: Texts,
    roll: Roll,
    *,
    newest: bool,
    dry: bool = False,
) -> int:
    """A roll as a card: its two dice, its total, what it did; its width (`dry`: only that)."""
    note_size = max(12, round(rect.h * 0.13 / 0.6875))
    note = texts(f"craps_roll_{roll.kind}") if roll.kind != "roll" else ""
    total_size = max(14, round(rect.h * 0.26 / 0.6875))
    side = round(rect.h * 0.42)
    width = max(2 * side + round(10 * s), kit.font(note_size).size(note)[0] + round(16 * s))
    if dry:
        return width
    card = pygame.Rect(rect.x, rect.y, width, rect.h)
    colour = KINDS[roll.kind]
    pygame.draw.rect(surface, (30, 33, 40), card, border_radius=round(8 * s))
    pygame.draw.rect(
        surface,
        colour,
        card,
        width=max(2, round((4 if newest else 2) * s)),
        border_radius=round(8 * s),
    )
    dice_y = card.y + round(6 * s)
    for k, face in enumerate(roll.dice):
        cell = pygame.Rect(card.centerx - side - 2 + k * (side + 4), dice_y, side, side)
        die(surface, cell, face)
    kit.text(
        surface,
        str(roll.total),
        (card.centerx, dice_y + side + round(2 * s)),
        size=total_size,
        colour=colour if roll.kind != "roll" else kit.TEXT,
        align="center",
    )
    if note:
        kit.text(
            surface,
            note,
            (card.centerx, card.bottom - kit.font(note_size).get_linesize() - round(2 * s)),
            size=note_size,
            colour=colour,
            align="center",
        )
    return width


def _points(
    surface: pygame.Surface, rect: pygame.Rect, s: float, texts: Texts, rolls: Sequence[Roll]
) -> pygame.Rect:
    """The points made this session, in order, and how many."""
    size = round(24 * s)
    made = [r.total for r in rolls if r.kind == "made"]
    title = f"{texts('craps_players_points')}  {len(made)}"
    inner = _titled(surface, rect, s, title, size, KINDS["made"], gap=round(4 * s))
    y = inner.y
    if not made:
        kit.text(surface, texts("craps_players_none"), (inner.x, y), size=size, colour=kit.DIM)
        return rect
    radius = max(10, min(round(26 * s), (inner.bottom - y) // 2 - 2))
    x = inner.x
    for total in reversed(made):  # the newest first
        if x + 2 * radius > inner.right:
            if y + 4 * radius + 4 > inner.bottom:
                break
            x, y = inner.x, y + 2 * radius + 4
        centre = (x + radius, y + radius)
        pygame.draw.circle(surface, KINDS["made"], centre, radius)
        label = str(total)
        big = fitting_size(label, round(radius * 1.2 / 0.6875), round(radius * 1.5), 12)
        kit.text(
            surface,
            label,
            (centre[0], centre[1] - kit.font(big).get_height() // 2),
            size=big,
            colour=(16, 16, 18),
            align="center",
        )
        x += 2 * radius + round(6 * s)
    return rect


def _totals(
    surface: pygame.Surface, rect: pygame.Rect, s: float, texts: Texts, rolls: Sequence[Roll]
) -> pygame.Rect:
    """How often each total 2 to 12 came this session, a bar each; the hot ones in orange."""
    size = round(22 * s)
    hot = hot_totals(rolls)
    head = f"{texts('craps_players_totals')}  ·  {texts('players_hot')}"
    area = _titled(surface, rect, s, head, size, kit.DIM, gap=round(4 * s))
    line = kit.font(size).get_linesize()
    counts = {t: sum(r.total == t for r in rolls) for t in TOTALS}
    most = max(counts.values(), default=0) or 1
    cells = kit.grid(area, len(TOTALS), 1, max(2, round(4 * s)))
    label_h = line
    for cell, total in zip(cells, TOTALS):
        n = counts[total]
        bar_area = pygame.Rect(cell.x, cell.y + label_h, cell.w, cell.h - 2 * label_h)
        h = round(bar_area.h * n / most)
        colour = HOT if total in hot else (52, 92, 160)
        if h:
            bar = pygame.Rect(cell.x, bar_area.bottom - h, cell.w, h)
            pygame.draw.rect(surface, colour, bar, border_radius=max(2, round(3 * s)))
        count_size = fitting_size(str(n), size, cell.w, 10)
        kit.text(
            surface,
            str(n),
            (cell.centerx, bar_area.bottom - h - line),
            size=count_size,
            colour=kit.TEXT if n else kit.DIM,
            align="center",
        )
        label_size = fitting_size(str(total), size, cell.w, 10)
        kit.text(
            surface,
            str(total),
            (cell.centerx, cell.bottom - label_h),
            size=label_size,
            colour=HOT if total in hot else kit.TEXT,
            align="center",
        )
    return rect
