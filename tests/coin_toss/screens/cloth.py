"""The coin toss's cloth: two fields side by side, heads on the left, tails on the right."""

from __future__ import annotations

import pygame

from terminal.screens import kit
from terminal.screens.cloths.base import Cloth, centred, size_for
from tests.coin_toss.game import layout


class CoinTossCloth(Cloth):
    def layout(self) -> None:
        margin = max(2, min(self.rect.w, self.rect.h) // 100)
        inner = self.rect.inflate(-2 * margin, -2 * margin)
        half = inner.w // 2
        self.boxes["heads"] = pygame.Rect(inner.x, inner.y, half, inner.h)
        self.boxes["tails"] = pygame.Rect(inner.x + half, inner.y, inner.w - half, inner.h)

    def code_at(self, pos: tuple[int, int]) -> str | None:
        return next((code for code, box in self.boxes.items() if box.collidepoint(pos)), None)

    def covers(self, code: str) -> frozenset[int]:
        return layout.covers(code)

    def straight_target(self) -> int:
        return min(min(box.size) for box in self.boxes.values())

    def chip_radius(self) -> int:
        return max(8, round(0.12 * self.straight_target()))

    def anchor(self, code: str) -> tuple[int, int]:
        box = self.boxes[code]
        return (box.centerx, box.y + box.h * 3 // 4)

    def paint_box(self, surface: pygame.Surface, code: str, lit: bool) -> None:
        box = self.boxes[code]
        pygame.draw.rect(surface, kit.ACCENT if lit else kit.FELT, box)
        label = self.texts(f"cloth_{code}")
        ink = kit.ACCENT_TEXT if lit else kit.FELT_LINE
        centred(
            surface,
            label,
            (box.centerx, box.y + box.h // 3),
            size_for(label, box.w * 2 // 3, box.h // 6),
            ink,
        )
        pygame.draw.rect(surface, kit.FELT_LINE, box, width=self.line)
