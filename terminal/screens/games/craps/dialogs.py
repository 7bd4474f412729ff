"""The craps table's dialogs over its layout: a number's bets, large (where the number box is too
small for a finger to tell its rows apart); the bets of a field withdrawn between rolls, each
confirmed; the stickman's void throw by its cause ("tirada nul·la", section 09 IV.3); the dice
change ("canvi de daus") and why."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from games.craps.engine import VOID_CAUSES  # the reader's void causes have the same keys
from games.craps.entries import Withdrawal
from games.records import Bet
from terminal.common.draw import fitting_size
from terminal.runtime.loop.entries import DiceChange
from terminal.screens import kit
from terminal.screens.app import Target
from terminal.screens.croupier.dialog import Dialog, pad_targets
from terminal.screens.pads import Confirmation, Shown

if TYPE_CHECKING:
    from terminal.screens.app import CroupierApp
    from terminal.screens.games.craps.layout import Spot
    from terminal.screens.games.craps.view import CrapsView

# why the croupier asks for new dice, as the journal says it (the screens say it in their language)
DICE_CHANGES = {
    "shooter": "the shooter asked",
    "table_head": "the table head decided",
    "damaged": "a die is damaged",
}


def _lines(
    surface: pygame.Surface, rect: pygame.Rect, lines: list[tuple[str, Any]], size: int
) -> None:
    """Lines of text (string, colour) from the top of `rect`, as many as it holds."""
    step = kit.font(size).get_linesize()
    y = rect.y
    for string, colour in lines:
        if y + step > rect.bottom:
            break
        kit.text(surface, kit.fit(string, size, rect.w), (rect.x, y), size=size, colour=colour)
        y += step


def _labelled(
    surface: pygame.Surface,
    cell: pygame.Rect,
    name: str,
    action: Any,
    first: str,
    second: str,
    s: float,
    *,
    enabled: bool = True,
    colour: tuple[int, int, int] = kit.BUTTON,
) -> kit.Button:
    """A button with a line of its own under its label (a payout, a stake, why not)."""
    button = kit.Button(cell, "", action, enabled=enabled, colour=colour, name=name)
    button.draw(surface)
    size = max(14, min(int(26 * s), int(cell.h * 0.36 / 0.6875)))
    size = fitting_size(first, size, cell.w - 12, 14)
    small = max(12, int(size * 0.8))
    step = kit.font(size).get_linesize()
    top = cell.centery - (step + kit.font(small).get_linesize()) // 2
    ink = kit.TEXT if enabled else kit.DIM
    kit.text(
        surface,
        kit.fit(first, size, cell.w - 12),
        (cell.centerx, top),
        size=size,
        colour=ink,
        align="center",
    )
    kit.text(
        surface,
        kit.fit(second, small, cell.w - 12),
        (cell.centerx, top + step),
        size=small,
        colour=kit.ACCENT if enabled else kit.DIM,
        align="center",
    )
    return button


class NumberDialog(Dialog):
    """The bets on one number, large: the Right and Wrong bets, and the odds on the seat's come
    bets travelled onto it, each with its payout and the stake a tap makes; beside them the
    bets the layout holds on the number, seat by seat."""

    name = "craps_number"

    def __init__(self, app: CroupierApp, view: CrapsView, number: int):
        super().__init__(app)
        self.view, self.number = view, number

    def done(self) -> bool:
        return self.closed or self.app.model.state.round_status != "open"

    def title(self) -> str:
        t, view = self.app.texts, self.view
        return t(
            "craps_number_title",
            n=self.number,
            seat=t("seat", n=view.screen.seat),
            chip=self.app.money(view.screen.chip),
        )

    def body(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        s, t, view, n = self.app.s, self.app.texts, self.view, self.number
        gap = int(8 * s)
        left = pygame.Rect(rect.x, rect.y, int(rect.w * 0.58), rect.h)
        right = pygame.Rect(left.right + gap, rect.y, rect.right - left.right - gap, rect.h)
        targets: list[Target] = []
        codes = (f"place:{n}", f"lay:{n}", f"odds:come:{n}", f"odds:dontcome:{n}")
        for cell, code in zip(kit.grid(left, 2, 2, gap), codes):
            first = view.bet_name(code)
            enabled, second = view.offer(code)
            button = _labelled(
                surface, cell, code, self._bet(code), first, second, s, enabled=enabled
            )
            targets.append(button)
        size = max(14, int(20 * s))
        lines: list[tuple[str, Any]] = [(t("craps_on_number", n=n), kit.ACCENT)]
        on = view.bets_on(view.layout_spots(f"number:{n}"))
        lines += [(view.bet_line(bet), kit.TEXT) for bet in on] or [(t("craps_none"), kit.DIM)]
        _lines(surface, right, lines, size)
        return targets

    def _bet(self, code: str):
        def bet() -> None:
            self.view.screen.bet(code)
            self.close()

        return bet


class WithdrawDialog(Dialog):
    """The bets on the layout on one field (a number's: all its rows), each a button when it
    may be withdrawn now, else why not; a tap asks for a confirmation, which withdraws it
    (`bet.withdrawn`, its stake handed back)."""

    name = "craps_withdraw"

    def __init__(self, app: CroupierApp, view: CrapsView, spot: Spot):
        super().__init__(app)
        self.view, self.spot = view, spot
        self.confirmation: Confirmation[str] | None = None

    def done(self) -> bool:
        return self.closed or self.app.model.state.round_status != "open"

    def title(self) -> str:
        return self.app.texts("craps_withdraw_title", spot=self.view.spot_name(self.spot))

    def body(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        app, s, t, view = self.app, self.app.s, self.app.texts, self.view
        if self.confirmation is not None:
            return pad_targets(self.confirmation, surface, rect, app)
        bets = [b for b in app.model.state.carried if b.code in self.spot.codes]
        if not bets:
            kit.text(
                surface,
                t("craps_withdraw_none"),
                (rect.centerx, rect.centery),
                size=int(28 * s),
                colour=kit.DIM,
                align="center",
            )
            return []
        gap = int(8 * s)
        row_h = max(kit.MIN_TARGET + 4, int(56 * s))
        rows = max(1, (rect.h + gap) // (row_h + gap))
        targets: list[Target] = []
        for n, bet in enumerate(bets[:rows]):
            row = pygame.Rect(rect.x, rect.y + n * (row_h + gap), rect.w, row_h)
            cell = pygame.Rect(row.x, row.y, int(row.w * 0.55), row.h)
            refusal = view.withdrawal_refusal(bet)
            button = kit.Button(
                cell,
                view.bet_line(bet),
                self._ask(bet),
                enabled=refusal is None,
                size=int(22 * s),
                name=f"withdraw:{bet.id}",
            )
            button.draw(surface)
            targets.append(button)
            if refusal is not None:
                note = pygame.Rect(cell.right + gap, row.y, row.right - cell.right - gap, row.h)
                size = max(12, int(18 * s))
                for k, line in enumerate(kit.wrap(t.refusal(refusal), size, note.w)[:2]):
                    kit.text(
                        surface,
                        line,
                        (note.x, note.y + k * kit.font(size).get_linesize() + 4),
                        size=size,
                        colour=kit.DIM,
                    )
        return targets

    def _ask(self, bet: Bet):
        def ask() -> None:
            said = self.app.texts("craps_withdraw_bet", bet=self.view.bet_line(bet))
            self.confirmation = Confirmation(
                bet.id,
                lambda texts: Shown(said),
                self._withdraw,
                self._cancel,
                away=self.app.last_tap,
            )

        return ask

    def _withdraw(self, bet_id: str) -> None:
        self.app.post(Withdrawal(bet_id))
        self.view.withdrawing = False
        self.close()

    def _cancel(self) -> None:
        self.confirmation = None


class VoidThrowDialog(Dialog):
    """The stickman calls "tirada nul·la": its cause, confirmed, goes to the dice entered by hand
    as a reader's void throw (drivers/dice/hand.py); the roll is void, the shooter throws again
    (a die off the table: with two of the four dice left)."""

    name = "craps_void"

    def __init__(self, app: CroupierApp):
        super().__init__(app)
        self.round = app.model.state.round
        self.confirmation: Confirmation[str] | None = None

    def done(self) -> bool:
        st = self.app.model.state
        return self.closed or st.round != self.round or st.round_status != "closed"

    def title(self) -> str:
        return self.app.texts("craps_void_title", n=self.round)

    def body(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        app, s, t = self.app, self.app.s, self.app.texts
        if self.confirmation is not None:
            return pad_targets(self.confirmation, surface, rect, app)
        rows = -(-len(VOID_CAUSES) // 2)
        targets: list[Target] = []
        for cell, cause in zip(kit.grid(rect, 2, rows, int(8 * s)), VOID_CAUSES):
            button = kit.Button(
                cell,
                t(f"fault_dice_{cause}"),
                self._ask(cause),
                size=int(22 * s),
                name=f"void:{cause}",
            )
            button.draw(surface)
            targets.append(button)
        return targets

    def _ask(self, cause: str):
        def ask() -> None:
            said = self.app.texts(f"fault_dice_{cause}")
            self.confirmation = Confirmation(
                cause,
                lambda texts: Shown(f"{texts('craps_void_throw')}: {said}"),
                self._void,
                self._cancel,
                away=self.app.last_tap,
            )

        return ask

    def _void(self, cause: str) -> None:
        self.app.hand.void(cause, by=self.app.croupier)
        self.close()

    def _cancel(self) -> None:
        self.confirmation = None


class DiceChangeDialog(Dialog):
    """New dice ("canvi de daus", section 09 IV.3): why, then `DiceChange` to the table, which
    changes them now while bets are open, else before the next roll. The dice's count of rolls
    shows above (the table head's change after so many)."""

    name = "craps_dice_change"

    def title(self) -> str:
        return self.app.texts("craps_dice_change_title")

    def body(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        app, s, t = self.app, self.app.s, self.app.texts
        own: Any = app.model.state.own
        # the count the table head set ([craps] dice_change_rolls): what the rounds were given
        every = app.table.setup.options.rounds().get("dice_change_rolls", 0)
        counted = (
            t("craps_dice_rolls_of", n=own.dice_rolls, of=every)
            if every
            else t("craps_dice_rolls", n=own.dice_rolls)
        )
        size = int(24 * s)
        y = kit.text(surface, counted, (rect.x, rect.y), size=size, colour=kit.DIM).bottom
        if own.die_lost:
            y = kit.text(
                surface, t("craps_die_lost"), (rect.x, y), size=size, colour=kit.ACCENT
            ).bottom
        area = pygame.Rect(rect.x, y + int(10 * s), rect.w, rect.bottom - y - int(10 * s))
        targets: list[Target] = []
        for cell, why in zip(kit.grid(area, 1, len(DICE_CHANGES), int(8 * s)), DICE_CHANGES):
            button = kit.Button(
                cell,
                t(f"craps_change_{why}"),
                self._change(why),
                size=int(24 * s),
                name=f"dice_change:{why}",
            )
            button.draw(surface)
            targets.append(button)
        return targets

    def _change(self, why: str):
        def change() -> None:
            self.app.post(DiceChange(self.app.croupier, DICE_CHANGES[why]))
            self.close()

        return change
