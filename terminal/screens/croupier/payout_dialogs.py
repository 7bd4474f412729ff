"""The payouts of the last round, seat by seat, and the payout calculator for a table whose
bets are not entered: the dialogs around terminal/screens/payouts/."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from terminal.runtime.staffed.payments import Payment
from terminal.screens.app import Target
from terminal.screens.croupier.dialog import Dialog
from terminal.screens.croupier.outcome import outcome_words
from terminal.screens.payouts.calculator import PayoutCalculator
from terminal.screens.payouts.calculator_draw import draw_calculator
from terminal.screens.payouts.sheet import round_sheet
from terminal.screens.payouts.sheet_draw import draw_payouts

if TYPE_CHECKING:
    from terminal.screens.app import CroupierApp


class PayoutsDialog(Dialog):
    """The last round's payouts: the losing bets collected first, then seat by seat in the
    regulation's order; each seat's payment journaled (`Payment`), and read back from the
    journal, so that a correction or a restart shows what each seat is still owed."""

    name = "payouts"

    def __init__(self, app: CroupierApp):
        super().__init__(app)
        last = app.model.last_result
        assert last is not None and last.result is not None
        self.round = last.number
        self.page, self.collected = 0, False
        self.pending: dict[int, int] = {}  # seat -> its payments' count when tapped
        self.sheet = self._sheet(last)
        self.heading = outcome_words(app, last.result)

    def _sheet(self, last: Any):
        table = self.app.table
        sheet = round_sheet(last, table.setup.game, table.rules)
        sheet.page, sheet.collected = self.page, self.collected or sheet.collected
        return sheet

    def done(self) -> bool:
        last = self.app.model.last_result
        return self.closed or last is None or last.number != self.round

    def title(self) -> str:
        return f"{self.app.texts('payouts')} · {self.app.texts('round', n=self.round)}"

    def _pay(self, seat: int, amount: int) -> None:
        self.pending[seat] = len(self.sheet.payments.get(seat, ()))
        self.app.post(Payment(seat, amount, self.app.croupier))

    def _undo(self, seat: int, seq: int) -> None:
        self.pending[seat] = len(self.sheet.payments.get(seat, ()))
        self.app.post(Payment(seat, 0, self.app.croupier, undo=seq))

    def body(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        self.page, self.collected = self.sheet.page, self.sheet.collected
        last = self.app.model.last_result
        if last is not None and last.number == self.round and last.result is not None:
            self.sheet = self._sheet(last)  # as the journal has it now (a payment, a correction)
            self.heading = outcome_words(self.app, last.result)
        if self.refused("payment") is not None:
            self.pending.clear()  # the status line says why; the sheet shows the journal's
        self.pending = {
            seat: n
            for seat, n in self.pending.items()
            if len(self.sheet.payments.get(seat, ())) == n
        }
        return list(
            draw_payouts(
                surface,
                rect,
                self.sheet,
                self.app.texts,
                heading=self.heading,
                on_pay=self._pay,
                on_undo=self._undo,
                pending=set(self.pending),
            )
        )


class CalculatorDialog(Dialog):
    """For a table whose bets are not entered: one player's winning chips on the number."""

    name = "calculator"

    def __init__(self, app: CroupierApp):
        super().__init__(app)
        outcome = app.model.state.last_outcome or {}
        table = app.table
        self.calculator = PayoutCalculator(
            table.setup.game, table.rules, table.setup.limits, outcome, chips=table.setup.chips
        )

    def title(self) -> str:
        return self.app.texts("calculator")

    def body(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        return list(draw_calculator(surface, rect, self.calculator, self.app.texts))
