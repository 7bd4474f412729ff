"""Craps' view on the table screen (section 09): the layout as the boxman and the stickman know
it (layout.py, painted by felt.py) with every bet where its chips sit, the come bets travelled
onto their numbers with their odds, the puck on the point; above it the shooter, the seats the dice
went round, the last shooter, and the line bet the shooter owes while bets are open; the
withdrawals of the bets that may be withdrawn between rolls, the dice change, and the
stickman's void throw by its cause.

What the layout holds is the model's: the bets staying after the last roll (`carried`, the
fold's layout) and the round's new bets, as journaled; whether a bet may be taken, or withdrawn,
is asked of the pure engine with the state folded from the journal, never of the table thread.
A tap bets the chosen chip for the chosen seat, in a stake the bet takes: the Right and Wrong
bets in multiples of their step (a Right 6 in sixes), odds in stakes their payout makes whole
chips (at 3 to 2, in twos), at most the chip's worth and at least one such stake.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from games.craps.bets import ASSOCIATED, parse_code
from games.craps.engine import LINE
from games.records import Bet
from terminal.common.draw import fitting_size
from terminal.screens import kit
from terminal.screens.app import Target, Zone
from terminal.screens.cloths.base import payout_text
from terminal.screens.games.craps.dialogs import (
    DiceChangeDialog,
    NumberDialog,
    VoidThrowDialog,
    WithdrawDialog,
)
from terminal.screens.games.craps.felt import LayoutFelt
from terminal.screens.games.craps.layout import ROWS, CrapsLayout, Spot, Token, odds_code, spot_of
from terminal.screens.games.craps.players import draw_rolls
from terminal.screens.views.base import Action, GameView

if TYPE_CHECKING:
    from terminal.screens.croupier.table import TableScreen

SHOOTERS_KEPT = 12  # the shooters the header can show the dice going round through


class CrapsView(GameView):
    def __init__(self, screen: TableScreen):
        super().__init__(screen)
        self.withdrawing = False  # a tap on the layout withdraws (after a confirmation)
        self.shooters: list[tuple[int, tuple[int, ...]]] = []  # (seat, the seats that passed)
        self.last_shooter = False  # the session's last shooter has the dice
        self.dice_changes = 0  # the dice changes heard since the screen started
        self._felt: LayoutFelt | None = None  # the layout laid out and painted
        self._layout_key: tuple[tuple[int, ...], str] | None = None
        self.players_body = self._players_body
        self.app.model.listeners.append(self._heard)

    def _heard(self, event: dict[str, Any]) -> None:
        kind, data = event["kind"], event["data"]
        if kind == "table.open":
            self.shooters, self.last_shooter = [], False
        elif kind == "craps.shooter":
            self.shooters = [*self.shooters, (data["seat"], tuple(data.get("passed", ())))]
            self.shooters = self.shooters[-SHOOTERS_KEPT:]
        elif kind == "round.open":
            self.last_shooter = bool(data.get("last_shooter"))
        elif kind == "craps.dice_change":
            self.dice_changes += 1

    # -- what the journal says ---------------------------------------------------------------
    @property
    def own(self) -> Any:
        """Craps' fold, as the screen's model has it: the layout, the point, the shooter."""
        return self.app.model.state.own

    def limits(self) -> Any:
        return self.app.model.state.limits or self.app.table.setup.limits

    def round_bets(self) -> list[Bet]:
        st = self.app.model.state
        return list(st.round_bets) if st.round_status is not None else []

    def layout_bets(self) -> list[Bet]:
        """Every bet on the layout now: those staying from the last roll, then the round's."""
        return [*self.app.model.state.carried, *self.round_bets()]

    def owed(self) -> bool:
        """Whether the shooter still owes the Win or Don't Win bet of a roll being called."""
        st, own = self.app.model.state, self.own
        if st.round_status != "open" or own.shooter is None:
            return False
        return not own.engine_state().shooter_bets(self.round_bets())

    def withdrawal_refusal(self, bet: Bet) -> str | None:
        """Why `bet` may not be withdrawn now (the engine's reason), or None."""
        if self.app.model.state.round_status != "open":
            return None
        refusal: str | None = self.app.engine.can_withdraw(self.own.engine_state(), bet.id)
        return refusal

    # -- entries -----------------------------------------------------------------------------
    def stake_for(self, code: str) -> int:
        """The stake a tap on `code` makes of the chosen chip (the module's docstring)."""
        chip, limits = self.screen.chip, self.limits()
        try:
            parsed = parse_code(code)
        except ValueError:
            return chip
        if parsed.key in ASSOCIATED:
            number = parsed.number or self.own.point
            if number is None:
                return chip
            unit = self.app.table.rules.odds_stake_unit(parsed.key, number, limits.chip_unit)
            return int(max(unit, chip // unit * unit))
        step = limits.step(code)
        return max(limits.least_stake(code), -(-chip // step) * step)

    def bet(self, code: str) -> Bet:
        screen = self.screen
        return Bet(screen.next_bet_id(), screen.seat, code, self.stake_for(code))

    def odds_room(self, code: str, seat: int) -> tuple[str, int] | None:
        """The line bet `code` (odds on it) stands on for `seat` and how much more odds it
        takes now; None when the seat has no such line bet with its number known."""
        parsed = parse_code(code)
        if parsed.key not in ASSOCIATED or parsed.line is None:
            return None
        bets = self.layout_bets()
        line_stake = sum(b.stake for b in bets if b.seat == seat and b.code == parsed.line)
        number = parsed.number or self.own.point
        if not line_stake or number is None:
            return None
        if parsed.line in LINE and self.own.point is None:
            return None
        limit = self.app.table.rules.odds_limit(parsed.key, number, line_stake)
        taken = sum(b.stake for b in bets if b.seat == seat and b.code == code)
        return parsed.line, int(limit) - taken

    def offer(self, code: str) -> tuple[bool, str]:
        """Whether the number's picker offers `code` for the chosen seat, and what it says
        under it: its payout and the stake a tap makes, an odds bet's room left, or why not."""
        t, seat = self.app.texts, self.screen.seat
        parsed = parse_code(code)
        number = parsed.number or self.own.point
        rules = self.app.table.rules
        pays = payout_text(rules.payout(parsed.key, number)) if number else ""
        stake = self.app.money(self.stake_for(code))
        if parsed.key not in ASSOCIATED:
            return True, f"{t('craps_pays', pays=pays)} · {stake}"
        room = self.odds_room(code, seat)
        if room is None:
            line = self.bet_name(parsed.line or "")
            return False, t("craps_no_line", line=line)
        said = f"{t('craps_pays', pays=pays)} · {stake}"
        if room[1] <= 0:
            return True, f"{said} · {t('craps_odds_full')}"
        return True, f"{said} · {t('craps_odds_max', amount=self.app.money(room[1]))}"

    def buttons(self) -> list[Action]:
        """The stickman's void throw while the dice are awaited, beside the dice entered."""
        app = self.app
        if app.demo or app.model.state.round_status != "closed" or not app.can_enter_outcome():
            return []
        return [
            (
                app.texts("craps_void_throw"),
                "void_throw",
                lambda: app.open(VoidThrowDialog(app)),
                True,
            )
        ]

    # -- names as the croupier reads them ----------------------------------------------------
    def bet_name(self, code: str) -> str:
        """A bet's name as the croupier says it: "Right bet al 6", "Come al 5"."""
        return self.app.texts.bet(code)

    def bet_line(self, bet: Bet) -> str:
        """One bet on one line: its seat, its name, its stake."""
        seat = self.app.texts("seat_short", n=bet.seat)
        return f"{seat} · {self.bet_name(bet.code)} · {self.app.money(bet.stake)}"

    def spot_name(self, spot: Spot) -> str:
        if spot.name.startswith("number:"):
            return spot.name.split(":")[1]
        return self.bet_name(spot.name)

    def layout_spots(self, name: str) -> tuple[str, ...]:
        layout = self.layout_or_none()
        if layout is None or name not in layout.spots:
            return ()
        return layout.spots[name].codes

    def bets_on(self, codes: tuple[str, ...]) -> list[Bet]:
        return [b for b in self.layout_bets() if b.code in codes]

    # -- drawing -----------------------------------------------------------------------------
    def layout_or_none(self) -> CrapsLayout | None:
        return None if self._felt is None else self._felt.layout

    def felt(self, rect: pygame.Rect) -> LayoutFelt:
        """The layout laid out on `rect` and painted, made again for another rect or language."""
        key = (tuple(rect), self.app.texts.language)
        if self._felt is None or self._layout_key != key:
            self._felt = LayoutFelt(CrapsLayout(rect, self.app.s, self.app.texts))
            self._layout_key = key
        return self._felt

    def header_height(self) -> int:
        return max(kit.MIN_TARGET + 4, int(50 * self.app.s))

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        app = self.app
        st = app.model.state
        head = pygame.Rect(rect.x, rect.y, rect.w, self.header_height())
        area = pygame.Rect(
            rect.x, head.bottom + int(6 * app.s), rect.w, rect.bottom - head.bottom - int(6 * app.s)
        )
        felt = self.felt(area)
        if st.round_status != "open":
            self.withdrawing = False
        last = app.model.last_result
        lit: frozenset[str] = frozenset()
        thrown = None
        if last is not None and last.result is not None:
            won = {s["id"] for s in last.result.get("settlement", ()) if s["result"] == "win"}
            lit = frozenset(
                spot_of(b["code"]) for b in last.result.get("bets", ()) if b["id"] in won
            )
            dice = last.result["outcome"].get("dice")
            thrown = sum(dice) if dice else None
        refused = app.fresh_refusal()
        felt.draw(
            surface,
            self._stakes(),
            point=self.own.point,
            lit=lit,
            thrown=thrown,
            refused=None if refused is None or refused.what != "bet" else refused.code,
            owed=self.owed(),
            notes=self._notes(),
        )
        targets: list[Target] = list(self._header(surface, head))
        if st.round_status == "open" and not app.demo:
            targets.insert(0, Zone(felt.layout.rect, "layout", self._tap))
        return targets

    def _stakes(self) -> dict[str, list[Token]]:
        """Each spot's chips, seat by seat: a line bet's row with its odds beside it."""
        grouped: dict[str, dict[int, list[int]]] = {}
        for bet in self.layout_bets():
            name = spot_of(bet.code)
            seats = grouped.setdefault(name, {})
            amounts = seats.setdefault(bet.seat, [0, 0])
            odds = bet.code.startswith("odds:") and name != bet.code
            amounts[1 if odds else 0] += bet.stake
        return {
            name: [Token(seat, a, o) for seat, (a, o) in sorted(seats.items())]
            for name, seats in grouped.items()
        }

    def _notes(self) -> dict[str, str]:
        """The odds the chosen seat may still take beside its Win or Don't Win bet."""
        if self.app.model.state.round_status != "open" or self.own.point is None:
            return {}
        notes = {}
        for line in LINE:
            code = odds_code(line)
            assert code is not None
            room = self.odds_room(code, self.screen.seat)
            if room is not None:
                notes[code] = (
                    self.app.texts(
                        "craps_odds_max", amount=self.app.texts.money(room[1], short=True)
                    )
                    if room[1] > 0
                    else self.app.texts("craps_odds_full")
                )
        return notes

    def _header(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        """The puck, the shooter and the seats the dice went round (or the line bet the shooter
        owes), the last shooter; the withdrawals and the dice change."""
        app, s, t, st = self.app, self.app.s, self.app.texts, self.app.model.state
        kit.panel(surface, rect)
        targets: list[Target] = []
        gap = int(6 * s)
        buttons: list[tuple[str, str, Any, tuple[int, int, int]]] = []
        if not app.demo and st.session_open:
            if st.round_status == "open":
                colour = kit.WARNING if self.withdrawing else kit.BUTTON
                label = t("craps_withdrawing") if self.withdrawing else t("craps_withdraw")
                buttons.append((label, "withdraw", self._toggle_withdraw, colour))
            buttons.append(
                (
                    t("craps_dice_change"),
                    "dice_change",
                    lambda: app.open(DiceChangeDialog(app)),
                    kit.BUTTON,
                )
            )
        button_w = max(kit.MIN_TARGET, int(min(120 * s, rect.w * 0.2)))
        x = rect.right - gap
        for label, name, action, colour in reversed(buttons):
            x -= button_w
            button = kit.Button(
                pygame.Rect(x, rect.y + 2, button_w, rect.h - 4),
                label,
                action,
                colour=colour,
                size=int(18 * s),
                name=name,
            )
            button.draw(surface)
            targets.append(button)
            x -= gap
        radius = (rect.h - 10) // 2
        felt = self._felt
        if felt is not None:
            felt.puck(
                surface, (rect.x + gap + radius, rect.centery), radius, self.own.point is not None
            )
        left = rect.x + 2 * gap + 2 * radius + gap
        if st.session_open:
            self._shooter_lines(surface, pygame.Rect(left, rect.y + 3, x - left, rect.h - 6))
        return targets

    def _shooter_lines(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Two lines: who has the dice (the last shooter in amber) and how long, then the
        seats the dice went round; or the line bet the shooter owes and what follows if not."""
        s, t, own = self.app.s, self.app.texts, self.own
        size = max(14, min(int(20 * s), int(rect.h / 2 / 0.6875 * 0.8)))
        step = kit.font(size).get_linesize()
        top = rect.y + (rect.h - 2 * step) // 2
        seat = t("seat_short", n=own.shooter) if own.shooter else None
        lines: list[tuple[str, tuple[int, int, int]]] = []
        if self.owed() and seat is not None:
            lines = [
                (t("craps_owes_line", seat=seat), kit.ACCENT),
                (t("craps_owes_line_else"), kit.ACCENT),
            ]
        elif seat is None:
            lines = [(t("craps_no_shooter"), kit.TEXT)]
        else:
            key = "craps_last_shooter" if self.last_shooter else "craps_shooter"
            first = t(key, seat=seat)
            if own.shooter_rolls:
                first += f" · {t('craps_shooter_rolls', n=own.shooter_rolls + 1)}"
            lines = [(first, kit.ACCENT if self.last_shooter else kit.TEXT)]
        for n, (string, colour) in enumerate(lines):
            fitted = fitting_size(string, size, rect.w, 12)
            kit.text(
                surface,
                kit.fit(string, fitted, rect.w),
                (rect.x, top + n * step),
                size=fitted,
                colour=colour,
            )
        if len(lines) > 1:
            return
        if own.die_lost:
            said = t("craps_die_lost")
            fitted = fitting_size(said, size, rect.w, 12)
            kit.text(
                surface,
                kit.fit(said, fitted, rect.w),
                (rect.x, top + step),
                size=fitted,
                colour=kit.ACCENT,
            )
            return
        self._round_table(surface, pygame.Rect(rect.x, top + step, rect.w, step), size)

    def _round_table(self, surface: pygame.Surface, rect: pygame.Rect, size: int) -> None:
        """The seats the dice went round, the latest on the right: each shooter, the seats
        that passed before it struck through."""
        t = self.app.texts
        parts: list[tuple[str, tuple[int, int, int]]] = []
        for n, (seat, passed) in enumerate(self.shooters):
            if n:
                parts.append(("→", kit.DIM))
            for other in passed:
                parts.append((t("craps_passed", seat=t("seat_short", n=other)), kit.DIM))
                parts.append(("→", kit.DIM))
            current = n == len(self.shooters) - 1 and self.own.shooter == seat
            parts.append((t("seat_short", n=seat), kit.ACCENT if current else kit.TEXT))
        if not parts:
            return
        face = kit.font(size)
        space = face.size(" ")[0]
        lead = t("craps_round_table")
        widths = [face.size(p)[0] + space for p, _ in parts]
        room = rect.w - face.size(lead)[0] - space
        first = len(parts)
        used = 0
        while first > 0 and used + widths[first - 1] <= room:
            first -= 1
            used += widths[first]
        x = kit.text(surface, lead, (rect.x, rect.y), size=size, colour=kit.DIM).right + space
        for string, colour in parts[first:]:
            x = kit.text(surface, string, (x, rect.y), size=size, colour=colour).right + space

    def _toggle_withdraw(self) -> None:
        self.withdrawing = not self.withdrawing

    # -- taps --------------------------------------------------------------------------------
    def _tap(self, pos: tuple[int, int]) -> bool:
        """A bet where the finger is; a number's box too small for its rows opens the
        number's bets; while withdrawing, the bets of the field tapped."""
        layout = self.layout_or_none()
        if layout is None:
            return False
        spot = layout.spot_at(pos)
        if spot is None:
            return False
        if self.withdrawing:
            if spot.name.split(":")[0] in ROWS and not spot.name.startswith("number:"):
                number = spot.name.rsplit(":", 1)[1]
                spot = layout.spots[f"number:{number}"]
            self.app.open(WithdrawDialog(self.app, self, spot))
        elif spot.bet is None:
            self.app.open(NumberDialog(self.app, self, int(spot.name.split(":")[1])))
        else:
            self.screen.bet(spot.bet)
        return True

    def tap_code(self, code: str) -> None:
        """Tap where the chips of `code` go; where a number's rows are too small for that, on
        the number, then the bet on its picker."""
        layout = self.layout_or_none()
        assert layout is not None, "the table screen was not drawn yet"
        self.tap_spot(layout.spot_for(code).name)
        if isinstance(self.app.dialog, NumberDialog):
            self.app.draw(pygame.Surface(self.app.size))
            self.app.press(code)

    def tap_spot(self, name: str) -> None:
        """Tap the middle of the spot `name` (a code's field, `number:N`)."""
        layout = self.layout_or_none()
        assert layout is not None, "the table screen was not drawn yet"
        if not self.app.tap(layout.centre_of(name)):
            raise KeyError(f"the layout did not take a tap on {name}")

    # -- the players' display ----------------------------------------------------------------
    def _players_body(self, surface: pygame.Surface, rect: pygame.Rect, s: float) -> None:
        draw_rolls(
            surface,
            rect,
            s,
            self.app.model.outcomes,
            self.app.texts,
            point=self.own.point,
            shooter=self.own.shooter,
        )
