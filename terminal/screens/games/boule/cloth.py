"""Boule's cloth (section 04 II): the numbers 1 to 9 in a square of three by three, the 5 in its
middle ("ocupa la casella central del tauler"), yellow and outside every simple chance; round
them the simple chances: low (1-4) above the square, high (6-9) below it, odd and red on the
left, even and black on the right. 1, 3, 6 and 8 are black, 2, 4, 7 and 9 red.

Every bet is a field of its own: a chip anywhere on a field is its bet, so a number gets a
whole cell (about 114 x 64 px at 560x330).
"""

from __future__ import annotations

import pygame

from games.boule import layout
from terminal.screens import kit
from terminal.screens.cloths.base import Cloth, centred, diamond, size_for

SIDE_W = 0.19  # each side column, as a share of the cloth's width
BAND_H = 0.19  # the low and high bands, as a share of its height
FIVE = (238, 224, 128)  # the 5's disc; lit, its cell is the accent colour round it
LABELS = {"low": "cloth_low", "high": "cloth_high", "even": "cloth_even", "odd": "cloth_odd"}
RANGES = {"low": "1-4", "high": "6-9"}


class BouleCloth(Cloth):
    def layout(self) -> None:
        margin = max(2, min(self.rect.w, self.rect.h) // 100)
        inner = self.rect.inflate(-2 * margin, -2 * margin)
        side = round(SIDE_W * inner.w)
        band = round(BAND_H * inner.h)
        cw = (inner.w - 2 * side) // 3
        ch = (inner.h - 2 * band) // 3
        x = inner.x + (inner.w - 2 * side - 3 * cw) // 2
        y = inner.y + (inner.h - 2 * band - 3 * ch) // 2
        height = 2 * band + 3 * ch
        self.cell = (cw, ch)
        boxes = self.boxes
        for n in layout.NUMBERS:
            row, column = divmod(n - 1, 3)
            boxes[f"number:{n}"] = pygame.Rect(x + side + column * cw, y + band + row * ch, cw, ch)
        boxes["low"] = pygame.Rect(x + side, y, 3 * cw, band)
        boxes["high"] = pygame.Rect(x + side, y + band + 3 * ch, 3 * cw, band)
        upper = height // 2
        right = x + side + 3 * cw
        boxes["odd"] = pygame.Rect(x, y, side, upper)
        boxes["red"] = pygame.Rect(x, y + upper, side, height - upper)
        boxes["even"] = pygame.Rect(right, y, side, upper)
        boxes["black"] = pygame.Rect(right, y + upper, side, height - upper)
        if set(boxes) != set(self.codes):
            raise ValueError(f"the cloth of boule has no field for {set(self.codes) - set(boxes)}")

    def anchor(self, code: str) -> tuple[int, int]:
        box = self.boxes[code]
        if code.startswith("number:"):  # beside the number, which stays readable
            return (box.right - self.chip_radius() - max(6, box.w // 10), box.centery)
        if code in RANGES:  # beside the label
            return (box.x + box.w * 17 // 20, box.centery)
        if code in LABELS:  # below the label
            return (box.centerx, box.y + box.h * 3 // 4)
        return box.center  # on the colour's lozenge

    def code_at(self, pos: tuple[int, int]) -> str | None:
        for code, box in self.boxes.items():
            if box.collidepoint(pos):
                return code
        return None

    def covers(self, code: str) -> frozenset[int]:
        return layout.covers(code)

    def straight_target(self) -> int:
        return min(self.cell)

    def chip_radius(self) -> int:
        return max(8, round(0.24 * min(self.cell)))

    def paint_box(self, surface: pygame.Surface, code: str, lit: bool) -> None:
        box = self.boxes[code]
        family, _, named = code.partition(":")
        pygame.draw.rect(surface, kit.ACCENT if lit else kit.FELT, box)
        ink = kit.ACCENT_TEXT if lit else kit.FELT_LINE
        if family == "number":
            self._paint_number(surface, int(named), box, lit)
        elif code in ("red", "black"):
            fill = kit.RED if code == "red" else kit.BLACK
            half = min(box.w * 3 // 10, box.h * 3 // 10)
            diamond(surface, box.center, (half, half * 3 // 2), fill)
        elif code in RANGES:
            label = f"{self.texts(LABELS[code])}  {RANGES[code]}"
            centred(surface, label, box.center, size_for(label, box.w * 3 // 4, box.h // 3), ink)
        else:
            label = self.texts(LABELS[code])
            size = size_for(label, box.w * 4 // 5, box.h // 6)
            centred(surface, label, box.center, size, ink)
        pygame.draw.rect(surface, kit.FELT_LINE, box, width=self.line)

    def prison_spot(self, code: str) -> tuple[int, int]:
        box = self.boxes[code]
        if code in RANGES:
            return (box.x + box.w * 3 // 20, box.centery)
        return (box.centerx, box.y + box.h // 4 if code in LABELS else box.bottom - box.h // 8)

    def _paint_number(self, surface: pygame.Surface, n: int, box: pygame.Rect, lit: bool):
        size = size_for("9", box.w // 2, box.h * 9 // 20)
        if n == layout.FIVE:
            radius = min(box.w, box.h) * 9 // 25
            pygame.draw.circle(surface, FIVE, box.center, radius)
            pygame.draw.circle(surface, kit.ACCENT_TEXT, box.center, radius, width=self.line)
            centred(surface, "5", box.center, size, kit.ACCENT_TEXT)
            return
        colour = kit.RED if n in layout.RED else kit.BLACK
        if lit:
            centred(surface, str(n), box.center, size, colour)
            return
        pygame.draw.rect(surface, colour, box)
        centred(surface, str(n), box.center, size, kit.TEXT)
