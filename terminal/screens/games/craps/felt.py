"""The craps layout painted (layout.py lays it out): its fields in the cloth's green, the
Don't bars darker, each number's box with its rows' tags, the puck on the point; the fields the
last roll won lit, the bet just refused outlined in red, and the seats' chips (chips.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pygame

from terminal.common.draw import fitting_size
from terminal.screens import kit
from terminal.screens.games.craps.chips import INK, draw_tokens
from terminal.screens.games.craps.layout import ROWS, CrapsLayout, NumberBox, Spot, Token

RGB = tuple[int, int, int]
DARK_FELT = (0, 62, 34)  # the Don't bars
LIT = (0, 132, 74)  # a field whose bets the last roll won
BAR = (12, 40, 26)
PUCK_ON = (246, 246, 240)
PUCK_OFF = (18, 18, 20)


class LayoutFelt:
    """The layout `layout` painted, its background (the fields without chips) painted once."""

    def __init__(self, layout: CrapsLayout):
        self.layout = layout
        self.s, self.texts = layout.s, layout.texts
        self._background: pygame.Surface | None = None

    def background(self) -> pygame.Surface:
        """The layout without chips, painted once for its rect."""
        if self._background is None:
            whole = pygame.Surface((self.layout.rect.right, self.layout.rect.bottom))
            whole.fill(kit.BACKGROUND)
            for name in self.layout.fields:
                self._paint_field(whole, self.layout.spots[name], lit=False)
            for box in self.layout.numbers.values():
                self._paint_number(whole, box, lit=False, point=False)
            self._background = whole.subsurface(self.layout.rect).copy()
            if pygame.display.get_init() and pygame.display.get_surface() is not None:
                self._background = self._background.convert()
        return self._background

    def _paint_field(self, surface: pygame.Surface, spot: Spot, lit: bool) -> None:
        s, rect, pad = self.s, spot.rect, self.layout.pad()
        dont = spot.name in ("dontpass", "dontcome", "odds:dontpass")
        colour = LIT if lit else DARK_FELT if dont else kit.FELT
        radius = max(3, int(5 * s))
        pygame.draw.rect(surface, colour, rect, border_radius=radius)
        edge = kit.ACCENT if lit else kit.FELT_LINE
        pygame.draw.rect(surface, edge, rect, width=max(1, int(2 * s)), border_radius=radius)
        size, lines = self.layout.label_lines(spot)
        step = kit.font(size).get_linesize()
        end = rect.x
        for n, line in enumerate(lines):
            end = kit.text(
                surface,
                kit.fit(line, size, rect.w - 2 * pad),
                (rect.x + pad, rect.y + pad // 2 + n * step),
                size=size,
            ).right
        _, under = self.layout.label(spot.name)
        if under:  # the Field's numbers, beside its name where they fit, else left out
            small = max(12, int(size * 0.75))
            face = kit.font(small)
            if end + pad + face.size(under)[0] <= rect.right - pad:
                top = rect.y + pad // 2 + kit.font(size).get_ascent() - face.get_ascent()
                kit.text(surface, under, (end + pad, top), size=small, colour=kit.FELT_LINE)

    def _paint_number(
        self, surface: pygame.Surface, box: NumberBox, *, lit: bool, point: bool
    ) -> None:
        """A number's box: its Don't Come bar, the number (lit when just thrown; with the puck
        beside it when it is the point), its rows' tags."""
        s = self.s
        radius = max(3, int(5 * s))
        pygame.draw.rect(surface, kit.FELT, box.rect, border_radius=radius)
        bar = box.rows["dontcome"]
        pygame.draw.rect(
            surface, DARK_FELT, bar, border_top_left_radius=radius, border_top_right_radius=radius
        )
        if lit:
            pygame.draw.rect(surface, LIT, box.head)
        line = max(1, int(s))
        for row in ("place", "lay"):
            y = box.rows[row].y
            pygame.draw.line(surface, BAR, (box.rect.x + 2, y), (box.rect.right - 3, y), line)
        for y in (box.head.y, box.head.bottom):
            pygame.draw.line(surface, kit.FELT_LINE, (box.rect.x, y), (box.rect.right - 1, y), line)
        edge = kit.ACCENT if lit else kit.FELT_LINE
        pygame.draw.rect(surface, edge, box.rect, width=max(1, int(2 * s)), border_radius=radius)
        label = str(box.number)
        head = box.head
        if point:  # the puck on the right, the number in what is left
            puck_r = self.puck_radius(head)
            self.puck(surface, (head.right - puck_r - 3, head.centery), puck_r, on=True)
            head = pygame.Rect(head.x, head.y, head.w - 2 * puck_r - 6, head.h)
        size = fitting_size(label, int(head.h / 0.6875 * 0.9), head.w - 6, 12)
        face = kit.font(size)
        kit.text(
            surface,
            label,
            (head.centerx, head.centery - face.get_height() // 2),
            size=size,
            align="center",
        )
        tag_size = self.layout.tag_size(box)
        for row in ROWS:
            cell = box.rows[row]
            kit.text(
                surface,
                self.texts(f"craps_row_{row}"),
                (cell.x + max(2, int(3 * s)), cell.centery - kit.font(tag_size).get_height() // 2),
                size=tag_size,
                colour=kit.FELT_LINE if row != "dontcome" else kit.DIM,
            )

    def puck_radius(self, head: pygame.Rect) -> int:
        return max(8, min(head.h // 2 - 3, head.w // 5))

    def draw(
        self,
        surface: pygame.Surface,
        stakes: Mapping[str, Sequence[Token]],
        *,
        point: int | None,
        lit: frozenset[str] = frozenset(),
        thrown: int | None = None,
        refused: str | None = None,
        owed: bool = False,
        notes: Mapping[str, str] | None = None,
    ) -> None:
        """The layout with `stakes` (spot name -> its tokens), the puck on `point`, the fields
        `lit` (the bets the last roll won, spot names), the box of the total `thrown` lit, the
        bet just `refused` outlined in red, the line bets `owed` by the shooter outlined in
        amber, and `notes` (spot name -> a short line: an odds bet's limit) in its field."""
        surface.blit(self.background(), self.layout.rect)
        for name in lit:
            if name in self.layout.fields:
                self._paint_field(surface, self.layout.spots[name], lit=True)
        for box in self.layout.numbers.values():
            if box.number in (thrown, point):
                self._paint_number(
                    surface, box, lit=box.number == thrown, point=box.number == point
                )
        for name, text in (notes or {}).items():
            if name in self.layout.fields:
                self._note(surface, self.layout.spots[name], text)
        for name, tokens in stakes.items():
            if tokens:
                draw_tokens(self.layout, surface, name, tokens)
        if owed:
            for name in ("pass", "dontpass"):
                self._outline(surface, self.layout.spots[name].rect, kit.ACCENT)
        if refused is not None:
            try:
                rect, _ = self.layout.chips_spot(refused)
            except KeyError:
                return
            self._outline(surface, rect, kit.BAD)

    def _outline(self, surface: pygame.Surface, rect: pygame.Rect, colour: RGB) -> None:
        width = max(3, int(3 * self.s))
        pygame.draw.rect(surface, kit.TEXT, rect, width=width + 2, border_radius=4)
        pygame.draw.rect(surface, colour, rect.inflate(-2, -2), width=width, border_radius=4)

    def _note(self, surface: pygame.Surface, spot: Spot, text: str) -> None:
        """A short line at the right of a field, under its name (an odds bet's room)."""
        size, _ = self.layout.label_lines(spot)
        small = max(12, int(size * 0.75))
        rect, pad = spot.rect, self.layout.pad()
        kit.text(
            surface,
            kit.fit(text, small, rect.w - 2 * pad),
            (rect.right - pad, rect.y + pad // 2 + self.layout.label_height(spot)),
            size=small,
            colour=kit.ACCENT,
            align="right",
        )

    def puck(self, surface: pygame.Surface, centre: tuple[int, int], radius: int, on: bool) -> None:
        """The puck ("la placa"): white ON on the point, black OFF on a come-out."""
        fill, ink = (PUCK_ON, INK) if on else (PUCK_OFF, kit.TEXT)
        pygame.draw.circle(surface, kit.ACCENT if on else kit.PANEL_EDGE, centre, radius + 2)
        pygame.draw.circle(surface, fill, centre, radius)
        label = self.texts("craps_puck_on" if on else "craps_puck_off")
        size = fitting_size(label, max(12, int(radius / 0.6875)), int(radius * 1.6), 8)
        face = kit.font(size)
        kit.text(
            surface,
            label,
            (centre[0], centre[1] - face.get_height() // 2),
            size=size,
            colour=ink,
            align="center",
        )
