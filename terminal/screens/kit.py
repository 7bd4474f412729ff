"""What every screen draws with: the palette for casino light, sizes that follow the display,
buttons, and taps taken once whether they come from a finger or a mouse.

High contrast: light text on near-black, the felt's green only under the layout, amber for what
the croupier must look at, red only for faults. Every target is a finger's `FINGER` pixels on
both sides inside its border at the smallest display (the official 7-inch, 800x480): its rect is
at least `MIN_TARGET`. A label too long for its button is drawn smaller, down to a readable
least size, then broken over lines (terminal/common/draw.py `fit_block`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from terminal.common.draw import (
    centred,
    fit,
    fit_block,
    font,
    least_size,
    line_step,
    overflowed,
    text,
    wrap,
)

__all__ = ["centred", "fit", "font", "text", "wrap"]  # the text primitives, for the screens

BACKGROUND = (10, 11, 14)
PANEL = (30, 33, 40)
PANEL_EDGE = (78, 84, 98)
TEXT = (244, 244, 240)
DIM = (165, 170, 180)
ACCENT = (255, 200, 40)  # what the croupier must look at: a result, a selection
ACCENT_TEXT = (18, 16, 8)
GOOD = (60, 190, 100)
BAD = (235, 70, 60)
ALARM = (190, 24, 24)
WARNING = (230, 150, 20)
BUTTON = (56, 62, 76)
BUTTON_EDGE = (140, 150, 170)
BUTTON_DISABLED = (36, 38, 44)
PRIMARY = (0, 110, 190)  # the one action a screen leads to
FELT = (0, 86, 48)
FELT_LINE = (225, 235, 225)
RED = (196, 20, 34)
BLACK = (24, 24, 26)
GREEN = (0, 140, 70)

# the wheel of fortune's symbols as every screen paints them (the regulation paints none: ours):
# the cloth's badges, the outcome pad's segments, the players' display's discs
SYMBOL_COLOURS = {
    "sym:1": (30, 110, 200),
    "sym:2": (0, 150, 130),
    "sym:5": (126, 64, 178),
    "sym:10": (206, 96, 30),
    "sym:20": (170, 24, 70),
    "joker:1": (18, 18, 20),
    "joker:2": (18, 18, 20),
}

FINGER = 48  # what a fingertip needs, px, inside a target's border
EDGE = 2  # the border every target draws round itself, px
MIN_TARGET = FINGER + 2 * EDGE  # a target's least side, its border included
BASE = (800, 480)  # the sizes below are for this display, scaled to others


def scale(size: tuple[int, int]) -> float:
    """How much larger than the 7-inch display a screen of `size` draws."""
    return max(1.0, min(size[0] / BASE[0], size[1] / BASE[1]))


@dataclass
class Button:
    """A target on screen: `action` runs when it is tapped (and `enabled`)."""

    rect: pygame.Rect
    label: str
    action: Callable[[], object]
    enabled: bool = True
    colour: tuple[int, int, int] = BUTTON
    size: int = 26  # the label's text size
    name: str = ""  # what tests and scripts tap it by (defaults to the label)

    def __post_init__(self) -> None:
        self.name = self.name or self.label

    def draw(self, surface: pygame.Surface) -> None:
        colour = self.colour if self.enabled else BUTTON_DISABLED
        pygame.draw.rect(surface, colour, self.rect, border_radius=8)
        edge = BUTTON_EDGE if self.enabled else PANEL_EDGE
        pygame.draw.rect(surface, edge, self.rect, width=EDGE, border_radius=8)
        label_colour = TEXT if self.enabled else DIM
        size, lines = label_lines(self.label, self.size, self.rect)
        step = line_step(size)
        top = self.rect.centery - step * len(lines) // 2
        for n, line in enumerate(lines):
            text(
                surface,
                line,
                (self.rect.centerx, top + n * step),
                size=size,
                colour=label_colour,
                align="center",
            )

    def tap(self, pos: tuple[int, int]) -> bool:
        """True when `pos` is on the button (whether or not it is enabled: a tap on a grey
        button is taken, and does nothing)."""
        if not self.rect.collidepoint(pos):
            return False
        if self.enabled:
            self.action()
        return True


def label_lines(label: str, size: int, rect: pygame.Rect) -> tuple[int, tuple[str, ...]]:
    """A button's label in `rect`: its size (`size`, or smaller down to its least size) and its
    lines, every word whole; one that fits only cut is reported (`overflowed`)."""
    inside = rect.inflate(-10, -2 * EDGE)
    fitted, lines = fit_block(label, size, inside.w, inside.h, floor=least_size(size))
    if len(lines) * line_step(fitted) > inside.h + 2:  # its lines' last spacing overhangs
        overflowed(label, inside.w)
    return fitted, lines


def panel(surface: pygame.Surface, rect: pygame.Rect, colour=PANEL) -> None:
    pygame.draw.rect(surface, colour, rect, border_radius=10)
    pygame.draw.rect(surface, PANEL_EDGE, rect, width=2, border_radius=10)


def tap_of(event: pygame.event.Event, size: tuple[int, int]) -> tuple[int, int] | None:
    """The point a tap touched, from the one event of it that counts: a finger gives a
    FINGERDOWN (0-1 coordinates) and SDL synthesises a MOUSEBUTTONDOWN with `touch` set from
    it; a mouse gives only the MOUSEBUTTONDOWN. The synthesised one is dropped, so a tap
    is handled once (docs/screens.md)."""
    if event.type == pygame.FINGERDOWN:
        return (int(event.x * size[0]), int(event.y * size[1]))
    if (
        event.type == pygame.MOUSEBUTTONDOWN
        and event.button == 1
        and not getattr(event, "touch", False)
    ):
        return tuple(event.pos)
    return None


def grid(area: pygame.Rect, columns: int, rows: int, gap: int = 6) -> list[pygame.Rect]:
    """`columns` x `rows` equal cells of `area`, row by row."""
    w = (area.w - gap * (columns - 1)) // columns
    h = (area.h - gap * (rows - 1)) // rows
    return [
        pygame.Rect(area.x + c * (w + gap), area.y + r * (h + gap), w, h)
        for r in range(rows)
        for c in range(columns)
    ]
