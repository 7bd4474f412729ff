"""Chemin de fer's dialog over the table: an amount typed in whole units of money (the bank a
player takes or bids for, what the banker garages or adds, an associate's share), shown as the
table writes money, the least it may be beside it, and handed on with OK."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from terminal.screens import kit
from terminal.screens.app import Target
from terminal.screens.croupier.dialog import Dialog, pad_targets
from terminal.screens.pads.digits import DigitPad

if TYPE_CHECKING:
    from terminal.screens.app import CroupierApp

UNIT = 100  # the pad types whole units of money; amounts are in minor units


class AmountDialog(Dialog):
    name = "cdf_amount"

    def __init__(
        self,
        app: CroupierApp,
        heading: str,
        on_amount: Callable[[int], object],
        least: int | None = None,
    ):
        super().__init__(app)
        self.heading, self.on_amount, self.least = heading, on_amount, least
        start = "" if least is None else str(-(-least // UNIT))
        self.pad = DigitPad(on_ok=self._ok, max_digits=7, value=start)
        self.pad.set(start, overwrite=True)

    def amount(self) -> int:
        return int(self.pad.value or 0) * UNIT

    def _ok(self, value: str) -> None:
        if self.pad.value:
            self.on_amount(self.amount())
            self.close()

    def title(self) -> str:
        return self.heading

    def body(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        app, s, t = self.app, self.app.s, self.app.texts
        kit.text(
            surface,
            t("cdf_amount", amount=app.money(self.amount())),
            (rect.x, rect.y),
            size=int(30 * s),
            colour=kit.ACCENT,
            width=rect.w // 2 - int(10 * s),
        )
        if self.least is not None:
            kit.text(
                surface,
                t("cdf_amount_least", least=app.money(self.least)),
                (rect.x, rect.y + int(48 * s)),
                size=int(22 * s),
                colour=kit.DIM,
                width=rect.w // 2 - int(10 * s),
            )
        pad_rect = pygame.Rect(rect.centerx, rect.y, rect.w // 2, rect.h)
        return pad_targets(self.pad, surface, pad_rect, app)
