"""The pit board's colours and the few drawing primitives all its parts share; its text is drawn
as the screens' is (terminal/common/draw.py)."""

from __future__ import annotations

import pygame

from terminal.common.draw import (  # noqa: F401  the board's text
    centred,
    fit,
    fit_block,
    fitting_size,
    font,
    line_step,
    lines,
    text,
    wrap,
    wrap_words,
)

BACKGROUND = (16, 18, 22)
PANEL = (26, 29, 35)
TEXT = (232, 232, 232)
DIM = (150, 154, 162)
EMPHASIS = (255, 214, 90)
GAIN = (70, 200, 100)
LOSS = (240, 85, 75)
ALARM_TEXT = (255, 110, 100)
WARNING_TEXT = (245, 185, 60)
BUTTON = (52, 60, 76)
BUTTON_EDGE = (130, 140, 162)
ACK_BUTTON = (150, 40, 36)

# (border, background) of a tile in each state
TILE_COLOURS = {
    "normal": ((80, 130, 95), (28, 38, 32)),
    "warning": ((235, 170, 20), (60, 47, 14)),
    "alarm": ((235, 45, 45), (78, 20, 20)),
}
STALE_VEIL = (110, 110, 110, 170)  # laid over the last snapshot while the collector is silent

PLAIN_CELL = (40, 44, 52)
HOT_CELL = (150, 45, 40)  # a pocket seen far more often than expected (z > 3)
COLD_CELL = (40, 75, 160)  # far less often (z < -3)
OBSERVED_BAR = (200, 205, 215)
EXPECTED_LINE = (255, 214, 90)


TEXT_FLOOR = 0.8  # of its size, how small a line is made to fit its width before it is cut


def fitted(
    surface: pygame.Surface,
    string: str,
    pos: tuple[int, int],
    *,
    size: int,
    width: int | None = None,
    colour=TEXT,
    align: str = "left",
    floor: int | None = None,
) -> pygame.Rect:
    """`string` on one line of `width`: at `size`, or as much smaller as it needs down to
    `floor` (TEXT_FLOOR of `size` unless told); cut short with "..." only if it is still too
    wide there. Nothing is drawn in no width at all."""
    if width is not None:
        if width <= 0:
            return pygame.Rect(pos, (0, font(size).get_height()))
        size = fitting_size(string, size, width, floor or max(1, round(size * TEXT_FLOOR)))
    return text(surface, string, pos, size=size, colour=colour, width=width, align=align)


def button(
    surface: pygame.Surface,
    rect: pygame.Rect,
    label: str | tuple[str, ...],
    *,
    colour=BUTTON,
    size: int = 28,
) -> None:
    """A button with its `label`, or the first of the labels (longest first) that fits it."""
    pygame.draw.rect(surface, colour, rect, border_radius=8)
    pygame.draw.rect(surface, BUTTON_EDGE, rect, width=2, border_radius=8)
    labels = (label,) if isinstance(label, str) else label
    room, floor = rect.w - 12, max(1, round(size * TEXT_FLOOR))
    shown = next((each for each in labels if font(floor).size(each)[0] <= room), labels[-1])
    size = fitting_size(shown, size, room, floor)
    centred(surface, shown, rect, size=size, width=room)


def clock_of(ts: str | None) -> str:
    """HH:MM:SS of a feed timestamp (`YYYY-MM-DDTHH:MM:SS.mmmZ`, UTC), "-" when there is none."""
    if not ts:
        return "-"
    return ts[11:19] if len(ts) >= 19 and ts[10] == "T" else ts


def gain_colour(minor: int):
    return GAIN if minor > 0 else LOSS if minor < 0 else TEXT
