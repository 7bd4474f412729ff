"""Chemin de fer's dialogs over the table: an amount typed in whole units of money (the bank a
player takes or bids for, what the banker garages or adds, an associate's share), shown as the
table writes money, the least it may be beside it, and handed on with OK; and the errors of the
coup (section 07 VIII), one picked from the table's list, its remedy shown, confirmed with the
inspector's PIN before it is journaled and takes effect."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from terminal.runtime.loop.entries import GameErrorCall
from terminal.runtime.staffed.session import Signature
from terminal.screens import kit
from terminal.screens.app import Target
from terminal.screens.croupier.dialog import Dialog, pad_targets
from terminal.screens.pads import PersonPad
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


ERROR_COLUMNS = 5


class ErrorsDialog(Dialog):
    """The errors of the game's table, a button each; the one picked shown with its remedy and
    signed with the inspector's PIN; over once its `game.error` is journaled (or the coup is)."""

    name = "cdf_errors"

    def __init__(self, app: CroupierApp, journaled: Callable[[], int]):
        super().__init__(app)
        self.journaled, self.seen = journaled, journaled()
        self.code: str | None = None
        self.posted = False
        self.person = PersonPad(
            app.people("inspector"),
            app.texts("cdf_inspector_signs"),
            on_done=self._signed,
            subject=self._subject,
        )

    def _subject(self, texts) -> list[str]:
        assert self.code is not None
        rule = self.app.table.game.errors[self.code]
        return [
            texts(f"cdf_error_{self.code}"),
            f"{rule.rule}: {texts(f'cdf_effect_{rule.effect}')}",
        ]

    def _signed(self, person: str, pin: str) -> None:
        assert self.code is not None
        self.posted = True
        self.app.post(GameErrorCall(self.code, Signature(person, pin)))

    def done(self) -> bool:
        over = self.app.model.state.round_status != "closed"
        return self.closed or over or self.journaled() > self.seen

    def title(self) -> str:
        return self.app.texts("cdf_errors_title")

    def _pick(self, code: str):
        return lambda: setattr(self, "code", code)

    def body(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        app, s, t = self.app, self.app.s, self.app.texts
        if self.code is None:
            codes = list(app.table.game.errors)
            gap = int(6 * s)
            fit = max(1, (rect.h + gap) // (kit.MIN_TARGET + gap))  # rows a finger can tell apart
            columns = max(ERROR_COLUMNS, -(-len(codes) // fit))
            rows = -(-len(codes) // columns)
            buttons: list[Target] = []
            for cell, code in zip(kit.grid(rect, columns, rows, gap), codes, strict=False):
                label = t(f"cdf_error_{code}")
                button = kit.Button(
                    cell, label, self._pick(code), size=int(16 * s), name=f"error:{code}"
                )
                button.draw(surface)
                buttons.append(button)
            return buttons
        refusal = self.refused("game_error")
        if refusal is not None and self.posted:
            self.posted = False
            self.person.refuse(refusal.reason)
        if self.posted:
            return self.waiting(surface, rect)
        return pad_targets(self.person, surface, rect, app)
