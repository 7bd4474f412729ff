"""A list of self-test checks as the technician reads it: under each section's name, each check
on an OK or FAIL badge with its name and, whole, what it found (wrapped, never cut: the detail
says what to fix); failures in red, a page at a time."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from terminal.common.draw import line_step, wrap_words
from terminal.screens import kit
from terminal.screens.app import Target
from terminal.selftest.report import SelfTestCheck

if TYPE_CHECKING:
    from terminal.screens.app import CroupierApp

Row = tuple[str, SelfTestCheck]  # (its section, the check)


class CheckList:
    """Rows drawn from the top of a rect, as many whole ones as fit; Previous/Next page."""

    def __init__(self, name: str):
        self.name = name
        self.first = 0  # the first row shown
        self._starts: list[int] = [0]  # the first row of each page seen so far

    def draw(
        self, app: CroupierApp, surface: pygame.Surface, rect: pygame.Rect, rows: Sequence[Row]
    ) -> list[Target]:
        s, t = app.s, app.texts
        size = int(18 * s)
        step = line_step(size)
        nav_h = max(kit.MIN_TARGET, int(44 * s))
        bottom = rect.bottom - nav_h - int(8 * s)
        badge_w = int(70 * s)
        x_text = rect.x + badge_w + int(10 * s)
        self.first = min(self.first, max(0, len(rows) - 1))
        y, section, n = rect.y, None, self.first
        while n < len(rows):
            row_section, check = rows[n]
            wrapped = wrap_words(f"{check.name}: {check.detail}", size, rect.right - x_text)
            header = step if row_section != section else 0
            if y + header + step * len(wrapped) > bottom and n > self.first:
                break
            if header:
                kit.text(surface, row_section.upper(), (rect.x, y), size=size, colour=kit.ACCENT)
                y += header
                section = row_section
            badge = pygame.Rect(rect.x, y + 1, badge_w, step - 2)
            pygame.draw.rect(surface, kit.GOOD if check.ok else kit.ALARM, badge, border_radius=5)
            label = t("check_ok") if check.ok else t("check_fail")
            kit.text(surface, label, (badge.centerx, y + 1), size=size, align="center")
            colour = kit.TEXT if check.ok else kit.BAD
            for line in wrapped:
                kit.text(surface, line, (x_text, y), size=size, colour=colour)
                y += step
            y += int(4 * s)
            n += 1
        if self.first == 0 and n >= len(rows):
            return []
        if self.first not in self._starts:
            self._starts.append(self.first)
        self._starts.sort()
        nav = pygame.Rect(rect.x, rect.bottom - nav_h, rect.w, nav_h)
        cells = kit.grid(nav, 3, 1, int(8 * s))
        buttons = [
            kit.Button(
                cells[0],
                t("pads_previous"),
                self._back,
                enabled=self.first > 0,
                size=size,
                name=f"{self.name}:previous",
            ),
            kit.Button(
                cells[2],
                t("pads_next"),
                lambda: self._on(n),
                enabled=n < len(rows),
                size=size,
                name=f"{self.name}:next",
            ),
        ]
        for button in buttons:
            button.draw(surface)
        return list(buttons)

    def _on(self, row: int) -> None:
        self.first = row

    def _back(self) -> None:
        earlier = [start for start in self._starts if start < self.first]
        self.first = earlier[-1] if earlier else 0

    def reset(self) -> None:
        self.first, self._starts = 0, [0]
