"""Text on a pygame surface, as every screen of the product draws it (the croupier's, the
players', the pit board).

Text uses DejaVu Sans Condensed Bold, shipped with the product (terminal/common/fonts/): pygame's
built-in font kerns some pairs apart ("RECENT LY", "roulet te") and `SysFont` falls back silently
to whatever a machine has. Sizes are those of pygame's built-in font, which it draws at 0.6875 of
the size asked; the condensed face at that size is as wide. Rendered strings are cached: a frame
draws the same few hundred strings as the last one, and a Pi's software blitting is slow.
"""

from __future__ import annotations

from pathlib import Path

import pygame

TEXT = (232, 232, 232)
FONT = Path(__file__).resolve().parent / "fonts" / "DejaVuSansCondensed-Bold.ttf"
SIZE_SCALE = 0.6875  # pygame's built-in font is drawn at this share of the size asked
_fonts: dict[int, pygame.font.Font] = {}
_rendered: dict[tuple[str, int, tuple], pygame.Surface] = {}
_RENDERED_MAX = 4000


def font(size: int) -> pygame.font.Font:
    # first use, or after pygame.quit() (run_board's end) killed the fonts made
    if not pygame.font.get_init():
        pygame.font.init()
        _fonts.clear()
    if size not in _fonts:
        _fonts[size] = pygame.font.Font(FONT, max(1, round(size * SIZE_SCALE)))
    return _fonts[size]


def fit(string: str, size: int, width: int) -> str:
    """`string`, cut short with "..." if it is wider than `width` pixels in this size."""
    face = font(size)
    if face.size(string)[0] <= width:
        return string
    while string and face.size(string + "...")[0] > width:
        string = string[:-1]
    return string + "..."


def wrap(string: str, size: int, width: int) -> list[str]:
    """`string` broken at spaces into lines no wider than `width` (a single long word is cut)."""
    face, lines, line = font(size), [], ""
    for word in string.split(" "):
        candidate = f"{line} {word}" if line else word
        if line and face.size(candidate)[0] > width:
            lines.append(line)
            candidate = word
        line = candidate
    lines.append(line)
    return [fit(each, size, width) for each in lines]


def text(
    surface: pygame.Surface,
    string: str,
    pos: tuple[int, int],
    *,
    size: int = 26,
    colour=TEXT,
    width: int | None = None,
    align: str = "left",
) -> pygame.Rect:
    """Draw `string` with its top at pos[1]; pos[0] is its left, right or centre per `align`."""
    if width is not None:
        string = fit(string, size, width)
    key = (string, size, tuple(colour))
    image = _rendered.get(key)
    if image is None:
        if len(_rendered) >= _RENDERED_MAX:
            _rendered.clear()
        image = _rendered[key] = font(size).render(string, True, colour)
    rect = image.get_rect(top=pos[1])
    setattr(rect, "centerx" if align == "center" else align, pos[0])
    surface.blit(image, rect)
    return rect


def lines(
    surface: pygame.Surface, area: pygame.Rect, rows: list[tuple[str, tuple]], *, size: int = 24
) -> None:
    """(text, colour) rows, wrapped to the width of `area`, from its top down as far as it goes."""
    step, y = font(size).get_linesize() + 2, area.y
    for string, colour in rows:
        for line in wrap(string, size, area.w):
            if y + step > area.bottom:
                return
            text(surface, line, (area.x, y), size=size, colour=colour)
            y += step
