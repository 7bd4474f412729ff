"""Text on a pygame surface, as every screen of the product draws it (the croupier's, the
players', the pit board).

Text uses DejaVu Sans Condensed Bold, shipped with the product (terminal/common/fonts/): pygame's
built-in font kerns some pairs apart ("RECENT LY", "roulet te") and `SysFont` falls back silently
to whatever a machine has. Sizes are those of pygame's built-in font, which it draws at 0.6875 of
the size asked; the condensed face at that size is as wide. Rendered strings are cached: a frame
draws the same few hundred strings as the last one, and a Pi's software blitting is slow.
"""

from __future__ import annotations

import logging
import re
from functools import lru_cache
from pathlib import Path

import pygame

TEXT = (232, 232, 232)
FONT = Path(__file__).resolve().parent / "fonts" / "DejaVuSansCondensed-Bold.ttf"
SIZE_SCALE = 0.6875  # pygame's built-in font is drawn at this share of the size asked
_fonts: dict[int, pygame.font.Font] = {}
_rendered: dict[tuple[str, int, tuple], pygame.Surface] = {}
_RENDERED_MAX = 4000
READABLE = 16  # the least size a text is shrunk to (11 px): below it a croupier squints
SHRINK = 0.7  # and no smaller than this share of the size it was meant to have
log = logging.getLogger(__name__)
_overflowed: set[str] = set()


def font(size: int) -> pygame.font.Font:
    # first use, or after pygame.quit() (run_board's end) killed the fonts made, whether or not
    # the font module was started again since (a Display starts it)
    if not pygame.font.get_init():
        pygame.font.init()
        _fonts.clear()
    face = _fonts.get(size)
    if face is not None:
        try:
            face.get_height()
            return face
        except pygame.error:  # "font module quit since font created"
            _fonts.clear()
    _fonts[size] = pygame.font.Font(FONT, max(1, round(size * SIZE_SCALE)))
    return _fonts[size]


def least_size(size: int) -> int:
    """The smallest a text meant at `size` is drawn to fit its box: READABLE, or SHRINK of
    `size` when that is larger (a title shrinks less far than a line of detail)."""
    return min(size, max(READABLE, round(size * SHRINK)))


def overflowed(string: str, width: int) -> None:
    """`string` does not fit the `width` it is drawn in, even at its least size: it is shown
    cut short. Logged once per string (a text cut is a layout or a translation to mend); the
    screens' fit test (tests/screens/test_screen_fit.py) fails on every one."""
    if string not in _overflowed and len(_overflowed) < _RENDERED_MAX:
        _overflowed.add(string)
        log.warning("text cut to fit %d px: %r", width, string)


def fit(string: str, size: int, width: int) -> str:
    """`string`, cut short with "..." if it is wider than `width` pixels in this size (and
    reported: `overflowed`)."""
    face = font(size)
    if face.size(string)[0] <= width:
        return string
    overflowed(string, width)
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
    left out (`wrap` cuts a word too wide for a line short; this never does). A word wider than
    `width` by itself is broken where it may be (a path after a slash: `pieces`), else between
    its characters, so that it still shows whole: the caller keeps words narrower than the line
    by choosing the size (`fit_block`)."""
    face, lines, line = font(size), [], ""
    for word in string.split():
        candidate = f"{line} {word}" if line else word
        if face.size(candidate)[0] <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
        line = ""
        for piece in pieces(word):
            if face.size(line + piece)[0] <= width:
                line += piece
                continue
            if line:
                lines.append(line)
            line = piece
            if face.size(line)[0] > width and len(line) > 1:
                overflowed(piece, width)
            while face.size(line)[0] > width and len(line) > 1:
                cut = next(
                    (i for i in range(len(line) - 1, 0, -1) if face.size(line[:i])[0] <= width),
                    1,
                )
                lines.append(line[:cut])
                line = line[cut:]
    lines.append(line)
    return lines


def pieces(word: str) -> list[str]:
    """What a line may break a word between: a path after each of its slashes (a journal's
    folder shown whole on a narrow page), any other word nowhere."""
    return re.findall(r"[^/]*/|[^/]+", word) if "/" in word else [word]


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
        if any(face.size(piece)[0] > width for word in words for piece in pieces(word)):
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
    """Draw `string` with its top at pos[1]; pos[0] is its left, right or centre per `align`.
    Given a `width`, a string wider than it is drawn smaller, down to its `least_size`, with its
    middle where it would have been; wider still, it is cut short (`fit`)."""
    top = pos[1]
    if width is not None and font(size).size(string)[0] > width:
        meant = size
        size = fitting_size(string, size, width, least_size(size))
        top += (font(meant).get_height() - font(size).get_height()) // 2
        string = fit(string, size, width)
    key = (string, size, tuple(colour))
    image = _rendered.get(key)
    if image is None:
        if len(_rendered) >= _RENDERED_MAX:
            _rendered.clear()
        image = _rendered[key] = font(size).render(string, True, colour)
    rect = image.get_rect(top=top)
    setattr(rect, "centerx" if align == "center" else align, pos[0])
    if not surface.get_clip().contains(rect):
        overflowed(string, surface.get_clip().w)  # off the surface: no box holds it
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
    """(text, colour) rows, wrapped to the width of `area`, from its top down as far as it goes
    (a line that does not fit is reported: `overflowed`)."""
    step, y = font(size).get_linesize() + 2, area.y
    for string, colour in rows:
        for line in wrap(string, size, area.w):
            if y + step > area.bottom:
                overflowed(line, area.w)
                return
            text(surface, line, (area.x, y), size=size, colour=colour)
            y += step
