"""The wheel of fortune's table (section 10 II, the erratum in docs/rulings.md): a field per
symbol, in the order of the table's boxes. The five symbols in a row (24, 15, 7, 4 and 2
segments, paying 1, 2, 5, 10 and 20 to 1), the two jokers below them (one segment each, 45 to 1).
Each field shows its symbol, its payout and how many segments bear it; a chip anywhere on a
field is its bet. A spin's `winning` is the segment the wheel stopped at (0 at the datum).
"""

from __future__ import annotations

import pygame

from games.fortune_wheel import layout
from terminal.screens import kit
from terminal.screens.cloths.base import Cloth, centred, payout_text, size_for

JOKERS_H = 0.4  # the jokers' row, as a share of the cloth's height
GAP = 0.012  # between fields, as a share of the cloth's width
STAR = "\u2605"


class FortuneCloth(Cloth):
    def layout(self) -> None:
        margin = max(2, min(self.rect.w, self.rect.h) // 100)
        inner = self.rect.inflate(-2 * margin, -2 * margin)
        gap = max(3, round(GAP * inner.w))
        symbols = [code for code in self.codes if layout.family(code) == "sym"]
        jokers = [code for code in self.codes if layout.family(code) == "joker"]
        lower = round(JOKERS_H * inner.h) if jokers else 0
        upper = pygame.Rect(inner.x, inner.y, inner.w, inner.h - lower - (gap if jokers else 0))
        for code, box in zip(symbols, kit.grid(upper, len(symbols), 1, gap)):
            self.boxes[code] = box
        if jokers:
            row = pygame.Rect(inner.x, upper.bottom + gap, inner.w, lower)
            for code, box in zip(jokers, kit.grid(row, len(jokers), 1, gap)):
                self.boxes[code] = box

    def code_at(self, pos: tuple[int, int]) -> str | None:
        for code, box in self.boxes.items():
            if box.collidepoint(pos):
                return code
        return None

    def anchor(self, code: str) -> tuple[int, int]:
        box = self.boxes[code]
        if layout.family(code) == "joker":
            return (box.x + box.w * 4 // 5, box.centery)
        return (box.centerx, box.y + box.h * 39 // 50)

    def covers(self, code: str) -> frozenset[int]:
        return self.rules.covers(code)

    def straight_target(self) -> int:
        return min(min(box.size) for box in self.boxes.values())

    def chip_radius(self) -> int:
        return max(8, round(0.16 * self.straight_target()))

    def paint_felt(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, kit.BACKGROUND, self.rect)

    def paint_box(self, surface: pygame.Surface, code: str, lit: bool) -> None:
        box = self.boxes[code]
        radius = max(6, self.line * 4)
        pygame.draw.rect(surface, kit.ACCENT if lit else kit.FELT, box, border_radius=radius)
        pygame.draw.rect(surface, kit.FELT_LINE, box, width=self.line, border_radius=radius)
        ink = kit.ACCENT_TEXT if lit else kit.FELT_LINE
        joker = layout.family(code) == "joker"
        number = code.partition(":")[2]
        count = layout.COUNTS[code]
        segments = (
            self.texts("cloth_segment") if count == 1 else self.texts("cloth_segments", n=count)
        )
        payout = payout_text(self.rules.payout(code))
        if joker:  # wide and low: the badge on the left, the texts beside it, the chips right
            badge = min(box.h * 2 // 5, box.w // 6)
            middle = (box.x + box.w // 25 + badge, box.centery)
            texts_x = middle[0] + badge + (box.w * 3 // 5 - middle[0] - badge + box.x) // 2
            label = self.texts("cloth_joker", n=number)
            width = box.x + box.w * 3 // 5 - (middle[0] + badge)
            self._badge(surface, code, middle, badge, STAR)
            size = size_for(label, width, box.h // 9)
            centred(surface, label, (texts_x, box.y + box.h * 3 // 10), size, ink)
            size = size_for(payout, width, box.h // 5)
            centred(surface, payout, (texts_x, box.centery + box.h // 20), size, ink)
            size = size_for(segments, width, box.h // 12)
            centred(surface, segments, (texts_x, box.y + box.h * 4 // 5), size, ink)
            return
        badge = min(box.w * 9 // 25, box.h * 4 // 25)
        top = box.y + box.h // 25
        self._badge(surface, code, (box.centerx, top + badge), badge, number)
        size = size_for(payout, box.w * 7 // 10, box.h // 11)
        centred(surface, payout, (box.centerx, top + 2 * badge + box.h // 9), size, ink)
        size = size_for(segments, box.w * 17 // 20, box.h // 22)
        centred(surface, segments, (box.centerx, top + 2 * badge + box.h * 11 // 50), size, ink)

    def _badge(self, surface: pygame.Surface, code: str, centre, radius: int, mark: str) -> None:
        """The symbol as the wheel shows it: a disc in its colour with its number (a star)."""
        pygame.draw.circle(surface, kit.FELT_LINE, centre, radius)
        pygame.draw.circle(
            surface, kit.SYMBOL_COLOURS.get(code, kit.PANEL), centre, radius - self.line - 1
        )
        size = size_for(mark, radius * 13 // 10, radius * 9 // 10)
        ink = kit.ACCENT if layout.family(code) == "joker" else kit.TEXT
        centred(surface, mark, centre, size, ink)
