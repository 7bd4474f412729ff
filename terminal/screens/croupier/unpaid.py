"""Before the next round: the last round's money not all handed over. The croupier who taps
"Place your bets" with seats still to pay (or chips to take back) is asked first: the payouts,
or the round opened all the same (a payment handed but not marked is no reason to hold the
table). Its buttons sit high on the screen, away from the call for bets a second tap would hit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from terminal.runtime.staffed.session import OpenRound
from terminal.screens import kit
from terminal.screens.app import Target
from terminal.screens.croupier.dialog import Dialog
from terminal.screens.payouts.sheet import round_sheet

if TYPE_CHECKING:
    from terminal.screens.app import CroupierApp


def unpaid(app: CroupierApp) -> tuple[int, int]:
    """What the last settled round still has to hand over and to take back; (0, 0) when it
    is all done (or there is no such round)."""
    last = app.model.last_result
    if last is None or last.result is None:
        return 0, 0
    sheet = round_sheet(last, app.table.setup.game, app.table.rules)
    return sheet.remaining, sheet.to_take_back


def open_round(app: CroupierApp) -> None:
    """The call for bets: the round opened, or the question first when money is unpaid."""
    if any(unpaid(app)):
        app.open(UnpaidDialog(app))
    else:
        app.post(OpenRound(app.croupier))


class UnpaidDialog(Dialog):
    name = "unpaid"

    def __init__(self, app: CroupierApp):
        super().__init__(app)
        last = app.model.last_result
        assert last is not None
        self.round = last.number
        # nothing is paid while the question shows: what is due is worked out once
        self.to_pay, self.to_take_back = unpaid(app)

    def title(self) -> str:
        return self.app.texts("unpaid_title", n=self.round)

    def body(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        app, s, t = self.app, self.app.s, self.app.texts
        y = rect.y + int(8 * s)
        for amount, key, colour in (
            (self.to_pay, "payouts_remaining", kit.ACCENT),
            (self.to_take_back, "payouts_to_take_back", kit.BAD),
        ):
            if amount:
                size = int(30 * s)
                kit.text(
                    surface,
                    t(key, amount=app.money(amount)),
                    (rect.x, y),
                    size=size,
                    colour=colour,
                    width=rect.w,
                )
                y += kit.font(size).get_linesize() + int(6 * s)
        h = max(kit.MIN_TARGET + 16, int(72 * s))
        row = pygame.Rect(rect.x, y + int(16 * s), int(rect.w * 0.7), h)
        show, anyway = kit.grid(row, 2, 1, int(16 * s))
        buttons = [
            kit.Button(
                show,
                t("payouts"),
                self._payouts,
                colour=kit.PRIMARY,
                size=int(24 * s),
                name="unpaid_payouts",
            ),
            kit.Button(
                anyway, t("unpaid_open_anyway"), self._open, size=int(22 * s), name="unpaid_open"
            ),
        ]
        for button in buttons:
            button.draw(surface)
        return [*buttons]

    def _payouts(self) -> None:
        self.close()
        self.app.screens.payouts()

    def _open(self) -> None:
        self.app.post(OpenRound(self.app.croupier))
        self.close()
