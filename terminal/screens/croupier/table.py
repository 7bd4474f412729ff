"""The table itself: the game's layout with every bet on it (its view: the wheel games' cloth,
terminal/screens/views/), the chip and the seat the croupier bets with, and the one action the
round is waiting for (call for bets, no more bets, the outcome).

A tap on the layout is a bet of the chosen chip for the chosen seat on the code under the
finger (the view knows where chips sit). The bet goes to the table, which checks it as the
engine does; it shows once journaled, or the status line says why it was refused. "Take back"
cancels the screen's last bet (`bet.cancelled`) before no more bets.
"""

from __future__ import annotations

from math import ceil
from typing import TYPE_CHECKING, Any

import pygame

from games.records import Bet
from terminal.runtime.staffed.session import CancelBet, NoMoreBets
from terminal.screens import kit
from terminal.screens.app import Screen, Target
from terminal.screens.croupier import chrome
from terminal.screens.croupier.dialog import Dialog
from terminal.screens.croupier.unpaid import open_round
from terminal.screens.views import view_for
from terminal.screens.views.base import GameView, stake_options

if TYPE_CHECKING:
    from terminal.screens.app import CroupierApp


class TableScreen(Screen):
    name = "table"

    def __init__(self, app: CroupierApp):
        super().__init__(app)
        setup = app.table.setup
        self.chip = setup.limits.min  # the stake a tap bets
        self.seat = 1
        self.entered: list[str] = []  # the ids of the bets this screen entered, in order
        self._count = 0
        self.view: GameView = view_for(self)

    # -- entries ---------------------------------------------------------------------------
    def next_bet_id(self) -> str:
        """An id no other bet of the round has: the table's, the round's, then a count."""
        self._count += 1
        return f"{self.app.table.setup.table}-{self.app.model.state.round}-{self._count}"

    def bet(self, code: str) -> None:
        """The bet the view makes of a tap on `code`, to the table."""
        self.post_bet(self.view.bet(code))

    def post_bet(self, bet: Bet) -> None:
        self.entered.append(bet.id)
        self.app.table.post_bet(bet)

    def tap_code(self, code: str) -> None:
        """Tap where the chips of `code` go (scripts and tests)."""
        self.view.tap_code(code)

    def take_back(self) -> None:
        placed = {b["id"] for b in self.view.current_bets()}
        for bet_id in reversed(self.entered):
            if bet_id in placed:
                for taken in self.view.taken_back(bet_id):  # a bet and what goes with it
                    if taken in self.entered:
                        self.entered.remove(taken)
                    self.app.post(CancelBet(taken, self.app.croupier))
                return

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, area: pygame.Rect) -> list[Target]:
        app, s = self.app, self.app.s
        limits = app.model.state.limits
        if limits is not None and self.chip < limits.min:  # new limits: the stake at least the
            self.chip = limits.min  # new minimum
        inside, targets = chrome.frame(app, surface, area)
        signing = self._signatures(surface, inside, targets)
        body = pygame.Rect(inside.x, inside.y + signing, inside.w, inside.h - signing)
        if body.h > body.w:  # portrait
            layout = pygame.Rect(body.x, body.y, body.w, int(body.h * 0.55))
            side = pygame.Rect(body.x, layout.bottom, body.w, body.bottom - layout.bottom)
        else:
            layout = pygame.Rect(body.x, body.y, int(body.w * 0.70), body.h)
            side = pygame.Rect(layout.right, body.y, body.right - layout.right, body.h)
        if app.model.closed_by_count() and app.model.summary:
            self._summary(surface, body.inflate(-int(16 * s), -int(12 * s)))
            return targets
        targets += self.view.draw(surface, layout.inflate(-int(8 * s), -int(8 * s)))
        targets += self._side(surface, side.inflate(-int(8 * s), -int(6 * s)))
        return targets

    def _summary(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The session closed: its rounds, advances, count, drop and result, as journaled."""
        app, t, s = self.app, self.app.texts, self.app.s
        done, money = app.model.summary, app.money
        lines = [
            (t("summary_title", rounds=done.get("rounds", 0)), int(30 * s), kit.ACCENT),
            (t("summary_advances", amount=money(done.get("advances", 0))), int(24 * s), kit.TEXT),
            (
                t(
                    "summary_count",
                    chips=money(done.get("chips", 0)),
                    drop=money(done.get("drop", 0)),
                ),
                int(24 * s),
                kit.TEXT,
            ),
            (t("summary_result", amount=money(done.get("result", 0))), int(28 * s), kit.ACCENT),
        ]
        if done.get("counted_by"):
            lines.append((t("summary_counted_by", person=done["counted_by"]), int(22 * s), kit.DIM))
        y = rect.y
        for line, size, colour in lines:
            y = kit.text(surface, line, (rect.x, y), size=size, colour=colour, width=rect.w).bottom
            y += int(14 * s)

    def _signatures(self, surface: pygame.Surface, rect: pygame.Rect, targets: list) -> int:
        """A row per thing still to sign (a top-up, new limits): its Sign button."""
        app, s, t = self.app, self.app.s, self.app.texts
        waiting = chrome.waiting_signatures(app)
        if not waiting or app.demo:
            return 0
        h = max(kit.MIN_TARGET + 4, int(44 * s))  # the Sign button inside it: 48 px at least
        seq, unsigned = waiting[0]
        row = pygame.Rect(rect.x, rect.y, rect.w, h)
        pygame.draw.rect(surface, (70, 56, 10), row)
        label = t(
            "to_sign",
            what=t(f"signed_{unsigned['what']}"),
            roles=", ".join(t(f"role_{r}") for r in unsigned["roles"]),
        )
        kit.text(
            surface,
            label,
            (row.x + int(10 * s), row.y + int(10 * s)),
            size=int(22 * s),
            width=row.w - int(180 * s),
        )
        button = kit.Button(
            pygame.Rect(row.right - int(160 * s), row.y + 2, int(156 * s), h - 4),
            t("sign"),
            lambda: app.screens.sign(seq),
            colour=kit.PRIMARY,
            size=int(22 * s),
            name="sign",
        )
        button.draw(surface)
        targets.append(button)
        return h

    def _side(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        """The chips, the seats and the round's action."""
        app, s, t = self.app, self.app.s, self.app.texts
        targets: list[Target] = []
        gap = int(6 * s)
        row_h = max(kit.MIN_TARGET, int(44 * s))
        # the action the round waits for, at the bottom, large
        action = self._action()
        high = max(kit.MIN_TARGET + 8, int(56 * s))
        action_rect = pygame.Rect(rect.x, rect.bottom - high, rect.w, high)
        if action is not None:
            label, name, do, enabled = action
            button = kit.Button(
                action_rect,
                label,
                do,
                enabled=enabled,
                colour=kit.PRIMARY,
                size=int(26 * s),
                name=name,
            )
            button.draw(surface)
            targets.append(button)
        second = pygame.Rect(rect.x, action_rect.y - row_h - gap, rect.w, row_h)
        for button in self._secondary(second):
            button.draw(surface)
            targets.append(button)
        top = rect.y
        if app.demo:
            top = (
                kit.text(
                    surface,
                    t("demo"),
                    (rect.centerx, rect.y),
                    size=int(28 * s),
                    colour=kit.ACCENT,
                    align="center",
                ).bottom
                + gap
            )
            if not self.view.demo_bets:  # a visitor bets by hand only where the view says so
                return targets
        return targets + self._pickers(
            surface, pygame.Rect(rect.x, top, rect.w, second.y - gap - top)
        )

    def _pickers(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        """The stake a tap bets and the seat it bets for, a button each and a finger's size at
        least, with their titles where there is room for them. Where even untitled they do not
        fit (800x480 with twelve seats; with a row to sign, or a fault, besides), the stakes,
        then the seats too, become one button showing the one chosen, which opens them all
        (`PickerDialog`)."""
        app, s, t = self.app, self.app.s, self.app.texts
        setup = app.table.setup
        gap, title = int(6 * s), int(24 * s)
        row_h = max(kit.MIN_TARGET, int(44 * s))
        fit = max(1, (rect.w + gap) // (kit.MIN_TARGET + gap))
        chips = [
            (app.texts.money(v, short=True), v)
            for v in stake_options(setup.chips, app.model.state.limits or setup.limits)
        ]
        seats = [(str(n), n) for n in range(1, setup.seats + 1)]
        groups = [
            ("chip", t("chip"), chips, min(4, fit)),
            ("seat_pick", t("seat_pick"), seats, min(fit, 6 if len(seats) > 8 else 4)),
        ]

        def rows(n: int, columns: int, collapsed: bool) -> int:
            return 1 if collapsed else -(-n // columns)

        def height(titled: bool, collapsed: tuple[bool, bool]) -> int:
            blocks = [
                rows(len(opts), cols, c) * (row_h + gap) - gap
                for (_, _, opts, cols), c in zip(groups, collapsed, strict=True)
            ]
            return sum(blocks) + int(8 * s) + (2 * title if titled else 0)

        titled, collapsed = True, (False, False)
        for titled, collapsed in (
            (True, (False, False)),
            (False, (False, False)),
            (False, (True, False)),
            (False, (True, True)),
        ):
            if height(titled, collapsed) <= rect.h:
                break
        targets: list[Target] = []
        y = rect.y
        colours = self.view.seat_colours()
        for (key, heading, options, columns), folded in zip(groups, collapsed, strict=True):
            what = "chip" if key == "chip" else "seat"
            chosen = self.chip if what == "chip" else self.seat
            if titled:
                kit.text(surface, heading, (rect.x, y), size=int(20 * s), colour=kit.DIM)
                y += title
            if folded:
                shown = next((label for label, value in options if value == chosen), "")
                button = kit.Button(
                    pygame.Rect(rect.x, y, rect.w, row_h),
                    f"{heading} {shown}",
                    self._open_picker(what, heading, options, columns),
                    size=int(20 * s),
                    name=f"{what}s",
                )
                button.draw(surface)
                targets.append(button)
                y += row_h + int(8 * s)
                continue
            n_rows = rows(len(options), columns, False)
            area = pygame.Rect(rect.x, y, rect.w, n_rows * (row_h + gap) - gap)
            for cell, (label, value) in zip(
                kit.grid(area, columns, n_rows, gap), options, strict=False
            ):
                if what == "seat" and not titled:
                    label = t("seat_short", n=value)  # no title says "seat"
                colour = colours.get(value) if what == "seat" else None
                targets.append(
                    self._picker(surface, cell, label, value == chosen, what, value, colour)
                )
            y = area.bottom + int(8 * s)
        return targets

    def _open_picker(self, what: str, heading: str, options, columns: int):
        return lambda: self.app.open(PickerDialog(self.app, self, what, heading, options, columns))

    def _picker(
        self,
        surface: pygame.Surface,
        cell: pygame.Rect,
        label: str,
        chosen: bool,
        what: str,
        value: int,
        colour: tuple[int, int, int] | None = None,
    ) -> kit.Button:
        """A stake's or a seat's button, lit when chosen. A seat playing a colour (American
        roulette's chips) shows it as a band along the button's foot, outlined, so that the lit
        seat stays told apart from one whose chips are the lit colour (yellow)."""
        size = int(20 * self.app.s)
        button = kit.Button(
            cell,
            label,
            _set(self, what, value),
            colour=kit.ACCENT if chosen else kit.BUTTON,
            size=size,
            name=f"{what}:{value}",
        )
        button.draw(surface)
        if colour is not None:
            inset = max(4, cell.h // 10)
            band = pygame.Rect(0, 0, cell.w - 2 * inset, max(8, cell.h // 5))
            band.midbottom = (cell.centerx, cell.bottom - inset)
            pygame.draw.rect(surface, colour, band, border_radius=4)
            pygame.draw.rect(surface, kit.BACKGROUND, band, width=2, border_radius=4)
        if chosen:
            kit.centred(
                surface,
                label,
                cell,
                size=size,
                colour=kit.ACCENT_TEXT,
            )
        return button

    def _action(self) -> tuple[str, str, Any, bool] | None:
        app, t = self.app, self.app.texts
        st = app.model.state
        if not st.session_open:
            return None
        if st.round_status == "open":
            closes_in = self._bets_close_in()
            return (
                t("no_more_bets") if closes_in is None else t("no_more_bets_in", n=closes_in),
                "no_more_bets",
                lambda: app.post(NoMoreBets(app.croupier)),
                not app.demo,
            )
        waiting = app.table.waiting
        if waiting == "bank":  # a circle table's bank, awarded before the coup (the view's row)
            return (t("waiting_bank"), "waiting_bank", lambda: None, False)
        if waiting == "shoe" and app.can_enter_outcome():
            return (t("shoe_loaded"), "shoe_loaded", self._shoe_loaded, True)
        # a card asked for with no round open: a layout dealt before its bets (monte)
        if st.round_status == "closed" or (waiting == "card" and st.round_status is None):
            if app.can_enter_outcome():
                return (t("enter_outcome"), "enter_outcome", app.screens.enter_outcome, True)
            return (t("waiting_outcome"), "waiting_outcome", lambda: None, False)
        if app.demo:
            return None
        if st.topup_due:  # new limits: their top-up counted and signed before the next round
            due = t("topup_due", amount=app.money(st.topup_due))
            return (due, "top_up", app.screens.top_up, not st.limits_unsigned)
        return (
            t("place_bets"),
            "open_round",
            lambda: open_round(app),
            not st.limits_unsigned and (not chrome.waiting_signatures(app) or _opening_signed(app)),
        )

    def _bets_close_in(self) -> int | None:
        """Whole seconds left before a wheel that knows it (the simulated one) closes the
        bets; None when it does not say."""
        left = self.app.table.bets_close_in()
        return None if left is None else ceil(left)

    def _secondary(self, rect: pygame.Rect) -> list[kit.Button]:
        app, t, s = self.app, self.app.texts, self.app.s
        st = app.model.state
        buttons: list[tuple[str, str, Any, bool]] = list(self.view.buttons())
        if self.view.betting_by_hand():
            placed = {b["id"] for b in self.view.current_bets()}
            mine = any(bet_id in placed for bet_id in self.entered)  # this round's, still on
            buttons.insert(0, (t("take_back"), "take_back", self.take_back, mine))
            if app.can_enter_outcome():
                buttons.append(
                    (t("enter_outcome"), "enter_outcome", app.screens.enter_outcome, True)
                )
        elif st.round_status is None and app.model.last_result is not None:
            buttons.append((t("payouts"), "payouts", app.screens.payouts, True))
            if not app.demo:
                buttons.append((t("correct"), "correct", app.screens.correct, True))
        if not buttons:
            return []
        cells = kit.grid(rect, len(buttons), 1, int(6 * s))
        return [
            kit.Button(cell, label, do, enabled=enabled, size=int(18 * s), name=name)
            for cell, (label, name, do, enabled) in zip(cells, buttons, strict=True)
        ]

    def _shoe_loaded(self) -> None:
        """A new shoe is in (the croupier shuffled and loaded it): its decks as the rules say."""
        rules = self.app.table.rules
        self.app.hand.loaded(rules.decks, by=self.app.croupier, deck=rules.deck)


class PickerDialog(Dialog):
    """All the stakes (or seats) of the table screen, large: a tap picks one and closes."""

    name = "picker"

    def __init__(self, app: CroupierApp, table: TableScreen, what, heading, options, columns):
        super().__init__(app)
        self.table, self.what, self.heading = table, what, heading
        self.options, self.columns = options, columns

    def title(self) -> str:
        return self.heading

    def body(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        s = self.app.s
        columns = max(self.columns, 4)
        rows = -(-len(self.options) // columns)
        targets: list[Target] = []
        cells = kit.grid(rect, columns, rows, int(8 * s))
        for cell, (label, value) in zip(cells, self.options, strict=False):
            button = kit.Button(
                cell, label, self._pick(value), size=int(26 * s), name=f"{self.what}:{value}"
            )
            button.draw(surface)
            targets.append(button)
        return targets

    def _pick(self, value: int):
        def pick() -> None:
            setattr(self.table, self.what, value)
            self.close()

        return pick


def _set(screen: object, attribute: str, value: object):
    return lambda: setattr(screen, attribute, value)


def _opening_signed(app: CroupierApp) -> bool:
    return not any(u["what"] == "opening" for _, u in chrome.waiting_signatures(app))
