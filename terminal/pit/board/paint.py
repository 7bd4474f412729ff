"""The pit board's colours and the few drawing primitives all its parts share; its text is drawn
as the screens' is (terminal/common/draw.py)."""

from __future__ import annotations

import pygame

from terminal.common.draw import fit, font, lines, text, wrap  # noqa: F401  the board's text

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


def button(
    surface: pygame.Surface, rect: pygame.Rect, label: str, *, colour=BUTTON, size: int = 28
) -> None:
    pygame.draw.rect(surface, colour, rect, border_radius=8)
    pygame.draw.rect(surface, BUTTON_EDGE, rect, width=2, border_radius=8)
    text(
        surface,
        label,
        (rect.centerx, rect.centery - font(size).get_height() // 2),
        size=size,
        align="center",
        width=rect.w - 8,
    )


def clock_of(ts: str | None) -> str:
    """HH:MM:SS of a feed timestamp (`YYYY-MM-DDTHH:MM:SS.mmmZ`, UTC), "-" when there is none."""
    if not ts:
        return "-"
    return ts[11:19] if len(ts) >= 19 and ts[10] == "T" else ts


def gain_colour(minor: int):
    return GAIN if minor > 0 else LOSS if minor < 0 else TEXT
