"""What every pad shares: keys that draw a label or a face of their own, and a `Pad` that lays
its keys out in the rect it is drawn into and takes taps on them.

A pad is laid out again from its state for each frame and each tap (`layout`), so a tap always
meets the keys the pad shows now, even when an earlier tap changed them and no frame was drawn
since. It keeps no surface, reads no clock and does no I/O: what a tap means leaves through
the callbacks it was given.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import pygame

from terminal.common.draw import READABLE, SIZE_SCALE, fitting_size
from terminal.screens import kit
from terminal.screens.texts import Texts

Colour = tuple[int, int, int]
Painter = Callable[[pygame.Surface, pygame.Rect], None]

WHITE = (246, 246, 240)  # a die's face, a card
INK = (20, 20, 22)  # on white
YELLOW = (236, 190, 24)  # boule's 5, the jokers: never red nor black
SELECTED_RING = 6


def size_for(label: str, rect: pygame.Rect, share: float = 0.5) -> int:
    """The text size (kit's units) at which `label` is about `share` of `rect`'s height and
    fits its width."""
    return _size_for(label, rect.w, rect.h, share)


REFERENCE = 40  # a text size measured once: widths grow in proportion to the size


def _start_size(label: str, w: int, h: int, share: float) -> int:
    """The size to start fitting `label` from: `share` of the key's height, no wider than its
    width would allow as measured at REFERENCE (a face is loaded for every size tried, and
    a tall key would otherwise try hundreds)."""
    size = max(12, int(h * share / SIZE_SCALE / 0.75))
    widest = max((kit.font(REFERENCE).size(word)[0] for word in label.split(" ")), default=0)
    if widest:
        size = min(size, max(12, int(REFERENCE * (w - 12) / widest) + 2))
    return size


@lru_cache(maxsize=4096)
def _size_for(label: str, w: int, h: int, share: float) -> int:
    size = _start_size(label, w, h, share)
    while size > 12 and kit.font(size).size(label)[0] > w - 12:
        size -= 2
    return size


@lru_cache(maxsize=4096)
def label_size(label: str, w: int, h: int, share: float) -> tuple[int, tuple[str, ...]]:
    """The largest text size up to `share` of the height at which `label` fits a `w` x `h`
    key on one line or, broken at spaces, two; and its lines."""
    size = _start_size(label, w, h, share)
    while True:
        face = kit.font(size)
        if size <= 12 or all(face.size(word)[0] <= w - 12 for word in label.split(" ")):
            lines = kit.wrap(label, size, w - 12)  # every word whole, but at the least size
            if len(lines) <= 2 and len(lines) * face.get_linesize() <= h - 6:
                return size, tuple(lines)
            if size <= 12:
                kit.overflowed(label, w - 12)  # more than the key's two lines
                return size, tuple(lines[:2])
        size -= 2


def size_within(height: float) -> int:
    """The largest text size whose lines are no taller than `height` pixels."""
    return _sizes_within(int(height))


@lru_cache(maxsize=256)
def _sizes_within(height: int) -> int:
    size = 12
    while kit.font(size + 2).get_height() <= height:
        size += 2
    return size


def centred(
    surface: pygame.Surface,
    string: str,
    rect: pygame.Rect,
    *,
    share: float = 0.5,
    colour: Colour = kit.TEXT,
    size: int | None = None,
) -> None:
    """`string` centred in `rect` (one line), as large as `share` of its height allows."""
    size = size or size_for(string, rect, share)
    face = kit.font(size)
    top = rect.centery - face.get_height() // 2
    kit.text(surface, string, (rect.centerx, top), size=size, colour=colour, align="center")


@dataclass
class Key(kit.Button):
    """A kit.Button with what the pads need beyond it: its label's colour, a selected state
    (an amber ring), a `face` drawn instead of the label (a die's pips, a count sheet's row) and
    a small `corner` note (a wheel segment's number)."""

    label_colour: Colour = kit.TEXT
    selected: bool = False
    face: Painter | None = None
    corner: str = ""
    share: float = 0.5  # the label's height as a share of the key's
    repeats: bool = False  # a second quick tap on it is an entry (a digit), not a bounce

    def draw(self, surface: pygame.Surface) -> None:
        enabled = self.enabled
        pygame.draw.rect(
            surface, self.colour if enabled else kit.BUTTON_DISABLED, self.rect, border_radius=8
        )
        pygame.draw.rect(
            surface,
            kit.BUTTON_EDGE if enabled else kit.PANEL_EDGE,
            self.rect,
            width=2,
            border_radius=8,
        )
        corner_size = max(16, self.rect.h // 4)
        if self.face is not None:
            self.face(surface, self.rect)
        elif self.label:
            colour = self.label_colour if enabled else kit.DIM
            # the label below the corner note, never across it (monte's "Tirada" over a card)
            area = pygame.Rect(self.rect)
            if self.corner:
                note = _corner_inset(self.rect) + kit.font(corner_size).get_height()
                area.h -= note
                area.y += note
            if self.size:
                size, lines = self.size, tuple(kit.wrap(self.label, self.size, area.w - 12))
            else:
                size, lines = label_size(self.label, area.w, area.h, self.share)
            step = kit.font(size).get_linesize()
            top = area.centery - step * len(lines[:2]) // 2
            for n, line in enumerate(lines[:2]):
                kit.text(
                    surface,
                    line,
                    (self.rect.centerx, top + n * step),
                    size=size,
                    colour=colour,
                    align="center",
                )
        if self.selected:
            ring(surface, self.rect)
        if self.corner:  # inside the selected ring, never on it
            inset = _corner_inset(self.rect)
            kit.text(
                surface,
                self.corner,
                (self.rect.x + inset, self.rect.y + inset),
                size=corner_size,
                colour=self.label_colour,
            )


def _corner_inset(rect: pygame.Rect) -> int:
    return ring_width(rect) + 2


def ring_width(rect: pygame.Rect) -> int:
    return max(SELECTED_RING, min(rect.w, rect.h) // 18)


def ring(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The amber ring of what is selected, with a dark line inside it so that it shows on any
    colour (boule's yellow 5 included); thicker on larger keys."""
    width = ring_width(rect)
    pygame.draw.rect(surface, kit.ACCENT, rect, width=width, border_radius=8)
    inner = rect.inflate(-2 * width, -2 * width)
    pygame.draw.rect(surface, kit.BACKGROUND, inner, width=max(3, width // 2), border_radius=6)


def key(
    rect: pygame.Rect, label: str, action: Callable[[], object], name: str = "", **extra
) -> Key:
    """A Key whose label size follows its rect (size 0: chosen at drawing)."""
    return Key(rect, label, action, name=name or label, size=extra.pop("size", 0), **extra)


WORDS = 0.3  # the share of a key's height a label in words takes, at most


class Pad:
    """A widget drawn into a rect and fed taps. A subclass says where its keys are (`layout`)
    and paints what is not a key (`paint`); `draw` and `tap` are the same for every pad."""

    def __init__(self) -> None:
        self._rect: pygame.Rect | None = None
        self._texts: Texts | None = None

    def layout(self, rect: pygame.Rect, texts: Texts) -> list[Key]:
        """The keys the pad shows now in `rect`."""
        raise NotImplementedError

    def paint(self, surface: pygame.Surface, rect: pygame.Rect, texts: Texts) -> None:
        """What the pad draws besides its keys (a value shown, a title); nothing by default."""

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, texts: Texts) -> None:
        self._rect, self._texts = pygame.Rect(rect), texts
        self.paint(surface, self._rect, texts)
        for each in self.layout(self._rect, texts):
            each.draw(surface)

    def targets(self) -> list[Key]:
        """The keys as the pad was last drawn, laid out from its state now (none before it is
        first drawn)."""
        if self._rect is None or self._texts is None:
            return []
        return self.layout(self._rect, self._texts)

    def key(self, name: str) -> Key:
        """The key named `name` (what tests and scripts tap); KeyError if none shows."""
        for each in self.targets():
            if each.name == name:
                return each
        raise KeyError(f"no key {name!r} on the pad (keys: {[k.name for k in self.targets()]})")

    def tap(self, pos: tuple[int, int]) -> bool:
        """Whether the pad took the tap at `pos` (a tap on a disabled key is taken: it does
        nothing)."""
        return any(each.tap(pos) for each in self.targets())


def title_and_body(rect: pygame.Rect, title_share: float = 0.12) -> tuple[pygame.Rect, pygame.Rect]:
    """`rect` split into a title line on top and the rest."""
    h = max(30, int(rect.h * title_share))
    title = pygame.Rect(rect.x, rect.y, rect.w, h)
    body = pygame.Rect(rect.x, rect.y + h + 6, rect.w, rect.h - h - 6)
    return title, body


def title(surface: pygame.Surface, string: str, rect: pygame.Rect) -> None:
    """A pad's title, left in its line, as large as the line allows and its width takes."""
    size = fitting_size(string, size_within(rect.h * 0.75), rect.w - 8, READABLE)
    top = rect.centery - kit.font(size).get_height() // 2
    kit.text(surface, string, (rect.x + 4, top), size=size, colour=kit.TEXT, width=rect.w - 8)
