"""Text on a pygame surface, as every screen of the product draws it (the croupier's, the
players', the pit board).

Text uses DejaVu Sans Condensed Bold, shipped with the product (terminal/common/fonts/): pygame's
built-in font kerns some pairs apart ("RECENT LY", "roulet te") and `SysFont` falls back silently
to whatever a machine has. Sizes are those of pygame's built-in font, which it draws at 0.6875 of
the size asked; the condensed face at that size is as wide. Rendered strings are cached: a frame
draws the same few hundred strings as the last one, and a Pi's software blitting is slow.
"""

from __future__ import annotations

from functools import lru_cache
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


REFERENCE = 100  # the size text is measured at once, to guess the size that fits a width


def fitting_size(string: str, size: int, width: int, floor: int) -> int:
    """The largest size from `size` down to `floor` (in even steps below `size`) at which
    `string` is no wider than `width` pixels; `floor` when even that is too wide. The size is
    guessed from the width at one reference size (text widens as it grows) and checked: each
    font size is a FreeType face held in memory, and trying every size down from the largest
    held a hundred and fifty of them at 1920x1080."""
    if font(size).size(string)[0] <= width:
        return size
    at_reference = font(REFERENCE).size(string)[0]
    guess = min(size - 1, REFERENCE * width // max(1, at_reference))
    guess -= guess % 2
    while guess > floor and font(guess).size(string)[0] > width:
        guess -= 2
    return max(guess, floor)


def wrap_words(string: str, size: int, width: int) -> list[str]:
    """`string` broken at spaces into lines no wider than `width`, every word whole and nothing
    left out (`wrap` cuts a word too wide for a line short; this never does). A single word
    wider than `width` by itself is the one thing broken, between its characters, so that it
    still shows whole: the caller keeps words narrower than the line by choosing the size
    (`fit_block`)."""
    face, lines, line = font(size), [], ""
    for word in string.split():
        candidate = f"{line} {word}" if line else word
        if face.size(candidate)[0] <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
        line = word
        while face.size(line)[0] > width and len(line) > 1:
            cut = next(
                (i for i in range(len(line) - 1, 0, -1) if face.size(line[:i])[0] <= width), 1
            )
            lines.append(line[:cut])
            line = line[cut:]
    lines.append(line)
    return lines


def line_step(size: int) -> int:
    """The pixels from one wrapped line's top to the next's (`lines`' spacing)."""
    return font(size).get_linesize() + 2


@lru_cache(maxsize=4096)
def fit_block(
    string: str, size: int, width: int, height: int | None = None, *, floor: int
) -> tuple[int, tuple[str, ...]]:
    """The largest size from `size` down to `floor` at which `string` wraps into lines of
    `width` with every word whole (`wrap_words`) and, given a `height`, all of them fit in it;
    with those lines. At `floor` when no size does: then the lines may need more than `height`
    (the caller makes the room, or pages), and a word wider than `width` by itself is broken
    between characters (the only way left to show it whole)."""
    words = string.split()
    for each in range(size, floor, -1):
        face = font(each)
        if any(face.size(word)[0] > width for word in words):
            continue  # a word would have to be broken at this size
        found = wrap_words(string, each, width)
        if height is None or len(found) * line_step(each) <= height:
            return each, tuple(found)
    return floor, tuple(wrap_words(string, floor, width))


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


def centred(
    surface: pygame.Surface,
    string: str,
    rect: pygame.Rect,
    *,
    size: int = 26,
    colour=TEXT,
    width: int | None = None,
) -> pygame.Rect:
    """Draw `string` (one line) in the middle of `rect`, across and up and down."""
    middle = (rect.centerx, rect.centery - font(size).get_height() // 2)
    return text(surface, string, middle, size=size, colour=colour, width=width, align="center")


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
