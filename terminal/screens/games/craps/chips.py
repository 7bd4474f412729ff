"""The seats' chips on the craps layout: each seat's as a disc bearing its number, its
amount beside it (its odds after a "+"), as many rows as a spot holds; said as text where a
disc would be too small to read."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from terminal.common.draw import fitting_size
from terminal.screens import kit
from terminal.screens.games.craps.layout import CrapsLayout, Token
from terminal.screens.texts import Texts

CHIP = (236, 230, 214)  # a value chip, ivory
CHIP_SPOTS = (0, 84, 160)
INK = (20, 20, 22)


def draw_tokens(
    layout: CrapsLayout, surface: pygame.Surface, name: str, tokens: Sequence[Token]
) -> None:
    """The seats' chips on the spot `name`: on a number's row after its tag, on a field under
    its name (beside it where there is no room under)."""
    if name.startswith("number:"):
        return
    rect, row = layout.chips_spot(name)
    pad = layout.pad()
    if row:
        box = layout.numbers[int(name.rsplit(":", 1)[1])]
        tag_w = layout.tag_width(box)
        area = pygame.Rect(rect.x + tag_w, rect.y + 1, rect.w - tag_w - 3, rect.h - 2)
    else:
        spot = layout.spots[name]
        label_h = layout.label_height(spot)
        area = pygame.Rect(rect.x + pad, rect.y + label_h, rect.w - 2 * pad, rect.h - label_h - 2)
        if area.h < 16:  # no room under the name: beside it
            size, lines = layout.label_lines(spot)
            name_w = max(kit.font(size).size(line)[0] for line in lines)
            area = pygame.Rect(
                rect.x + 2 * pad + name_w, rect.y + 2, rect.w - name_w - 3 * pad, rect.h - 4
            )
    flow(layout, surface, area, tokens)


def chip_radius(layout: CrapsLayout, area: pygame.Rect) -> int:
    return min(area.h // 2 - 1, int(12 * layout.s))


def flow(
    layout: CrapsLayout, surface: pygame.Surface, area: pygame.Rect, tokens: Sequence[Token]
) -> None:
    """Each seat's chips as a disc bearing the seat's number and its amount beside it
    (its odds after a "+"), left to right, as many rows as `area` holds, "+n" for the seats
    left over; where a disc would be too small to read (a number's row at 800x480), the
    seat and its amount as text, or the total."""
    if area.w <= 0 or area.h <= 0:
        return
    radius = chip_radius(layout, area)
    if radius < 8:
        _as_text(layout, surface, area, tokens)
        return
    size = max(12, min(int(radius * 2 / 0.6875 * 0.85), int(20 * layout.s)))
    face = kit.font(size)
    space = max(4, int(6 * layout.s))
    line_h = 2 * radius + 2
    lines = max(1, (area.h + 1) // line_h)
    top = area.y + (area.h - line_h * lines) // 2
    widths = [2 * radius + 3 + face.size(_said(t, layout.texts))[0] for t in tokens]
    placed = _placed(widths, area.w, lines, space, lambda n: face.size(f"+{n}")[0])
    if placed is None:  # not even one seat's chips fit: said as text
        _as_text(layout, surface, area, tokens)
        return
    spots, rest = placed
    for token, (x, line) in zip(tokens, spots):
        x, y = area.x + x, top + line * line_h
        _chip(layout, surface, (x + radius, y + radius + 1), radius, token.seat)
        kit.text(
            surface,
            _said(token, layout.texts),
            (x + 2 * radius + 3, y + radius + 1 - face.get_height() // 2),
            size=size,
        )
    if rest is not None:
        x, line = rest
        y = top + line * line_h + radius + 1 - face.get_height() // 2
        kit.text(
            surface,
            f"+{len(tokens) - len(spots)}",
            (area.x + x, y),
            size=size,
            colour=kit.ACCENT,
        )


def _as_text(
    layout: CrapsLayout, surface: pygame.Surface, area: pygame.Rect, tokens: Sequence[Token]
) -> None:
    """The chips of a spot too small for discs: "S3 5+4" for one seat, else the total and
    how many seats ("10 ×2")."""
    largest = max(12, int(area.h / 0.6875 * 0.95))
    if len(tokens) == 1:
        said = f"{layout.texts('seat_short', n=tokens[0].seat)} {_said(tokens[0], layout.texts)}"
        size = fitting_size(said, largest, area.w, 16)
        if kit.font(size).size(said)[0] <= area.w:
            _text_in(layout, surface, area, said, size)
            return
    total = Token(0, sum(t.amount for t in tokens), sum(t.odds for t in tokens))
    said = _said(total, layout.texts) + (f" ×{len(tokens)}" if len(tokens) > 1 else "")
    _text_in(layout, surface, area, said, fitting_size(said, largest, area.w, 10))


def _text_in(
    layout: CrapsLayout, surface: pygame.Surface, area: pygame.Rect, said: str, size: int
) -> None:
    face = kit.font(size)
    kit.text(
        surface,
        kit.fit(said, size, area.w),
        (area.x, area.centery - face.get_height() // 2),
        size=size,
        colour=kit.ACCENT,
    )


def _chip(
    layout: CrapsLayout, surface: pygame.Surface, centre: tuple[int, int], radius: int, seat: int
):
    pygame.draw.circle(surface, INK, centre, radius + 1)
    pygame.draw.circle(surface, CHIP, centre, radius)
    pygame.draw.circle(surface, CHIP_SPOTS, centre, radius, width=max(2, radius // 4))
    label = str(seat)
    size = fitting_size(label, max(10, int(radius * 1.3 / 0.6875)), int(radius * 1.5), 8)
    face = kit.font(size)
    kit.text(
        surface,
        label,
        (centre[0], centre[1] - face.get_height() // 2),
        size=size,
        colour=INK,
        align="center",
    )


def _placed(
    widths: Sequence[int], room: int, lines: int, space: int, more: Callable[[int], int]
) -> tuple[list[tuple[int, int]], tuple[int, int] | None] | None:
    """Where tokens of `widths` go, left to right on up to `lines` lines of `room` pixels:
    each token's (x, line), and where the "+n" of the tokens left over goes (None: all fit);
    None when not even the first fits."""
    spots: list[tuple[int, int]] = []
    x = line = 0
    for w in widths:
        if x and x + w > room:
            x, line = 0, line + 1
        if line >= lines or w > room:
            break
        spots.append((x, line))
        x += w + space
    if len(spots) == len(widths):
        return spots, None
    # some are left over: room for their "+n" after the last shown, dropping the last if not
    while spots:
        left = len(widths) - len(spots)
        x, line = spots[-1]
        end = x + widths[len(spots) - 1] + space
        if end + more(left) <= room:
            return spots, (end, line)
        if line + 1 < lines and more(left) <= room:
            return spots, (0, line + 1)
        spots.pop()
    return None


def _said(token: Token, texts: Texts) -> str:
    """A token's stake (and its odds) as its chips say them: "10", "10+20"."""
    stake = texts.money(token.amount, short=True)
    return stake + (f"+{texts.money(token.odds, short=True)}" if token.odds else "")
