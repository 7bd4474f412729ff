"""The table itself: the cloth with every bet on it, the chip and the seat the croupier bets
with, and the one action the round is waiting for (call for bets, no more bets, the outcome).

A tap on the cloth is a bet of the chosen chip for the chosen seat on the code under the
finger (the cloth knows where chips sit: terminal/screens/cloths/). The bet goes to the table,
which checks it as the engine does; it shows on the cloth once journaled, or the status line
says why it was refused. "Take back" cancels the screen's last bet (`bet.cancelled`) before no
more bets.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from games.prison import PrisonBet
from games.records import Bet
from terminal.runtime.session import CancelBet, NoMoreBets, OpenRound
from terminal.screens import kit
from terminal.screens.app import Screen, Target, Zone
from terminal.screens.cloths import cloth_for
from terminal.screens.cloths.base import Chip
from terminal.screens.croupier import chrome
from terminal.screens.croupier.dialog import Dialog

if TYPE_CHECKING:
    from terminal.screens.app import CroupierApp

# American roulette's colour chips as drawn (a table's colours are names in its table file)
COLOUR_RGB = {
    "red": (200, 30, 40),
    "green": (30, 150, 70),
    "blue": (40, 90, 210),
    "yellow": (230, 200, 30),
    "violet": (140, 60, 190),
    "white": (235, 235, 235),
    "orange": (235, 130, 20),
    "pink": (235, 120, 170),
    "brown": (130, 80, 40),
    "grey": (140, 140, 140),
}


class TableScreen(Screen):
    name = "table"

    def __init__(self, app: CroupierApp):
        super().__init__(app)
        setup = app.table.setup
        self.chip = setup.limits.min  # the stake a tap bets
        self.seat = 1
        self.zero_choice = "prison"  # the even chances' choice on a zero, per bet (French roulette)
        self.entered: list[str] = []  # the ids of the bets this screen entered, in order
        self._count = 0
        self._cloth: Any = None
        self._cloth_rect: tuple[tuple[int, ...], str] | None = None  # its rect and language

    # -- entries ---------------------------------------------------------------------------
    def bet(self, code: str) -> None:
        app = self.app
        st = app.model.state
        self._count += 1
        bet_id = f"{app.table.setup.table}-{st.round}-{self._count}"
        bet = Bet(bet_id, self.seat, code, self.chip)
        if self._asks_zero_choice() and ":" not in code:  # an even chance: a bare family
            bet = PrisonBet(bet_id, self.seat, code, self.chip, zero_choice=self.zero_choice)
        self.entered.append(bet_id)
        app.table.post_bet(bet)

    def take_back(self) -> None:
        placed = {b["id"] for b in self._bets()}
        for bet_id in reversed(self.entered):
            if bet_id in placed:
                self.entered.remove(bet_id)
                self.app.post(CancelBet(bet_id, self.app.croupier))
                return

    def _bets(self) -> list[dict]:
        current = self.app.model.current
        if current is None or current.over:
            return []
        return current.bets

    # -- drawing ---------------------------------------------------------------------------
    def cloth(self, rect: pygame.Rect):
        key = (tuple(rect), self.app.texts.language)
        if self._cloth is None or self._cloth_rect != key:
            table = self.app.table
            self._cloth = cloth_for(table.game, table.rules, rect, texts=self.app.texts)
            self._cloth_rect = key
        return self._cloth

    def draw(self, surface: pygame.Surface, area: pygame.Rect) -> list[Target]:
        app, s = self.app, self.app.s
        inside, targets = chrome.frame(app, surface, area)
        signing = self._signatures(surface, inside, targets)
        body = pygame.Rect(inside.x, inside.y + signing, inside.w, inside.h - signing)
        portrait = body.h > body.w
        if portrait:
            cloth_rect = pygame.Rect(body.x, body.y, body.w, int(body.h * 0.55))
            side = pygame.Rect(body.x, cloth_rect.bottom, body.w, body.bottom - cloth_rect.bottom)
        else:
            cloth_rect = pygame.Rect(body.x, body.y, int(body.w * 0.70), body.h)
            side = pygame.Rect(cloth_rect.right, body.y, body.right - cloth_rect.right, body.h)
        if not self.has_cloth:
            self._round_panel(surface, cloth_rect.inflate(-int(8 * s), -int(8 * s)))
            targets += self._side(surface, side.inflate(-int(8 * s), -int(6 * s)))
            return targets
        cloth = self.cloth(cloth_rect.inflate(-int(8 * s), -int(8 * s)))
        last = app.model.last_result
        winning = None
        if last is not None and last.result is not None:
            outcome = last.result["outcome"]
            winning = outcome.get("number", outcome.get("segment"))
        refused = app.fresh_refusal()
        cloth.draw(
            surface,
            self._stakes(last),
            winning=winning,
            prisoners=self._prisoners(),
            refused=getattr(refused, "code", None),
        )
        if app.model.state.round_status == "open" and not app.demo:
            targets.append(Zone(cloth.rect, "cloth", self._cloth_tap))
        targets += self._side(surface, side.inflate(-int(8 * s), -int(6 * s)))
        return targets

    @property
    def has_cloth(self) -> bool:
        """Whether the game's bets are taken on a cloth of this screen (the wheel games'; the
        dice's and the cards' come with the next release: their rounds show as a list)."""
        return bool(getattr(self.app.table.game, "cloth", ""))

    def _round_panel(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """A game without a cloth here: the round's bets, its cards, the last outcome, large."""
        app, s, t = self.app, self.app.s, self.app.texts
        kit.panel(surface, rect)
        inner = rect.inflate(-int(16 * s), -int(12 * s))
        y = inner.y
        outcome = app.model.state.last_outcome
        if outcome:
            said = app.table.game.result_text(outcome)
            y = kit.text(
                surface, said, (inner.x, y), size=int(40 * s), colour=kit.ACCENT, width=inner.w
            ).bottom + int(8 * s)
        current = app.model.current
        if current is not None and not current.over:
            if current.cards:
                dealt = "  ".join(f"{place}: {card}" for place, card in current.cards)
                for line in kit.wrap(dealt, int(24 * s), inner.w):
                    y = kit.text(surface, line, (inner.x, y), size=int(24 * s)).bottom
                y += int(6 * s)
            size = int(20 * s)
            step = kit.font(size).get_linesize()
            for bet in current.bets:
                if y + step > inner.bottom:
                    break
                line = f"{t('seat_short', n=bet['seat'])}  {bet['code']}  {app.money(bet['stake'])}"
                kit.text(surface, line, (inner.x, y), size=size, colour=kit.DIM, width=inner.w)
                y += step

    def _cloth_tap(self, pos: tuple[int, int]) -> bool:
        """A bet where the finger is; on a cloth too small for a finger to tell a number from
        its lines (a roulette's at 800x480), the bets on the number under it, each a target
        of its own (`BetPicker`)."""
        cloth = self._cloth
        code = cloth.code_at(pos)
        if code is None:
            return False
        if cloth.hit_targets_ok(kit.MIN_TARGET) or code.split(":")[0] not in INSIDE:
            self.bet(code)
            return True
        number = _nearest(cloth, code, pos)
        options = [
            c for c in cloth.codes if c.split(":")[0] in INSIDE and number in cloth.covers(c)
        ]
        self.app.open(BetPicker(self.app, self, number, options))
        return True

    def tap_code(self, code: str) -> None:
        """Tap the cloth where the chips of `code` sit (scripts and tests); where the cloth is
        too small for that, on the number, then the bet on the picker."""
        assert self._cloth is not None, "the table screen was not drawn yet"
        x, y = self._cloth.anchor(code)
        if not self.app.tap((int(x), int(y))):
            raise KeyError(f"the cloth did not take a tap on {code}")
        if isinstance(self.app.dialog, BetPicker):
            self.app.draw(pygame.Surface(self.app.size))
            self.app.press(code)

    def _stakes(self, last) -> dict[str, list[Chip]]:
        bets = self._bets() if last is None else (last.result or {}).get("bets", [])
        colours = self._colours()
        stakes: dict[str, list[Chip]] = {}
        for bet in bets:
            colour = colours.get(bet["seat"])
            stakes.setdefault(bet["code"], []).append(Chip(bet["seat"], bet["stake"], colour))
        return stakes

    def _colour_chips(self):
        """American roulette's colour chips, as journaled; None at a table without them."""
        own: Any = self.app.model.state.own
        return getattr(own, "colours", None)

    def _colours(self) -> dict[int, tuple[int, int, int]]:
        chips = self._colour_chips()
        if chips is None:
            return {}
        return {seat: COLOUR_RGB.get(colour.name, kit.DIM) for seat, colour in chips.seats.items()}

    def _prisoners(self) -> dict[str, int]:
        prisoners: dict[str, int] = {}
        for bet in self.app.model.state.carried:
            if isinstance(bet, PrisonBet):
                prisoners[bet.code] = prisoners.get(bet.code, 0) + int(bet.value)
        return prisoners

    def _signatures(self, surface: pygame.Surface, rect: pygame.Rect, targets: list) -> int:
        """A row per thing still to sign (a top-up, new limits): its Sign button."""
        app, s, t = self.app, self.app.s, self.app.texts
        waiting = chrome.waiting_signatures(app)
        if not waiting or app.demo:
            return 0
        h = max(kit.MIN_TARGET, int(40 * s))
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
        setup = app.table.setup
        size = int(20 * s)
        gap = int(6 * s)
        row_h = max(kit.MIN_TARGET, int(44 * s))
        # the action the round waits for, at the bottom, large
        action = self._action()
        action_rect = pygame.Rect(rect.x, rect.bottom - int(64 * s), rect.w, int(64 * s))
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
        if app.demo:
            kit.text(
                surface,
                t("demo"),
                (rect.centerx, rect.y),
                size=int(28 * s),
                colour=kit.ACCENT,
                align="center",
            )
            return targets
        # the stakes a tap bets: the table's chips a bet can be made of alone, and the minimum's
        chips = stake_options(setup.chips, app.model.state.limits or setup.limits)
        columns = 4
        rows = (len(chips) + columns - 1) // columns
        kit.text(surface, t("chip"), (rect.x, rect.y), size=size, colour=kit.DIM)
        chip_area = pygame.Rect(rect.x, rect.y + int(24 * s), rect.w, rows * (row_h + gap) - gap)
        for cell, value in zip(kit.grid(chip_area, columns, rows, gap), chips, strict=False):
            chosen = value == self.chip
            button = kit.Button(
                cell,
                app.money(value).removesuffix(".00"),
                _set(self, "chip", value),
                colour=kit.ACCENT if chosen else kit.BUTTON,
                size=size,
                name=f"chip:{value}",
            )
            button.draw(surface)
            if chosen:
                kit.text(
                    surface,
                    app.money(value).removesuffix(".00"),
                    (cell.centerx, cell.centery - kit.font(size).get_height() // 2),
                    size=size,
                    colour=kit.ACCENT_TEXT,
                    align="center",
                )
            targets.append(button)
        # seats
        seats = setup.seats
        y = chip_area.bottom + int(8 * s)
        kit.text(surface, t("seat_pick"), (rect.x, y), size=size, colour=kit.DIM)
        columns = 6 if seats > 8 else 4
        rows = (seats + columns - 1) // columns
        seat_area = pygame.Rect(rect.x, y + int(24 * s), rect.w, rows * (row_h + gap) - gap)
        colours = self._colours()
        for cell, seat in zip(
            kit.grid(seat_area, columns, rows, gap), range(1, seats + 1), strict=False
        ):
            chosen = seat == self.seat
            colour = kit.ACCENT if chosen else colours.get(seat, kit.BUTTON)
            button = kit.Button(
                cell,
                str(seat),
                _set(self, "seat", seat),
                colour=colour,
                size=size,
                name=f"seat:{seat}",
            )
            button.draw(surface)
            if chosen:
                kit.text(
                    surface,
                    str(seat),
                    (cell.centerx, cell.centery - kit.font(size).get_height() // 2),
                    size=size,
                    colour=kit.ACCENT_TEXT,
                    align="center",
                )
            targets.append(button)
        return targets

    def _action(self) -> tuple[str, str, Any, bool] | None:
        app, t = self.app, self.app.texts
        st = app.model.state
        if not st.session_open:
            return None
        if st.round_status == "open":
            return (
                t("no_more_bets"),
                "no_more_bets",
                lambda: app.post(NoMoreBets(app.croupier)),
                not app.demo,
            )
        waiting = getattr(app.table.rounds, "waiting", None)
        if waiting == "shoe" and app.can_enter_outcome():
            return (t("shoe_loaded"), "shoe_loaded", self._shoe_loaded, True)
        if st.round_status == "closed":
            if app.can_enter_outcome():
                return (t("enter_outcome"), "enter_outcome", app.screens.enter_outcome, True)
            return (t("waiting_outcome"), "waiting_outcome", lambda: None, False)
        if app.demo:
            return None
        return (
            t("place_bets"),
            "open_round",
            lambda: app.post(OpenRound(app.croupier)),
            not chrome.waiting_signatures(app) or _opening_signed(app),
        )

    def _secondary(self, rect: pygame.Rect) -> list[kit.Button]:
        app, t, s = self.app, self.app.texts, self.app.s
        st = app.model.state
        buttons: list[tuple[str, str, Any, bool]] = []
        if self._colour_chips() is not None and not app.demo and st.session_open:
            buttons.append((t("colour"), "colour", lambda: app.open(ColourDialog(app, self)), True))
        if st.round_status == "open" and not app.demo:
            buttons.append((t("take_back"), "take_back", self.take_back, bool(self.entered)))
            if self._asks_zero_choice():
                buttons.append(
                    (t(f"zero_{self.zero_choice}"), "zero_choice", self._flip_zero, True)
                )
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
        table = self.app.table
        table.hand.loaded(table.rules.decks, by=self.app.croupier)

    def _asks_zero_choice(self) -> bool:
        """Whether the even chances' choice on a zero (half back or prison) is the player's."""
        table = self.app.table
        return table.game.zero_choice(table.rules)

    def _flip_zero(self) -> None:
        self.zero_choice = "half" if self.zero_choice == "prison" else "prison"


INSIDE = ("straight", "split", "street", "corner", "sixline")  # the bets on the numbers' lines
STAKE_OPTIONS = 8


def stake_options(chips: tuple[int, ...], limits) -> list[int]:
    """What a tap may stake: every chip of the table that is a whole number of minimums (a bet
    of one chip), then the usual multiples of the minimum, the smallest STAKE_OPTIONS of them.
    A stake between is made with two taps: two bets of the seat on the same spot."""
    minimum = limits.min
    whole = {c for c in chips if c >= minimum and c % minimum == 0}
    multiples = {minimum * k for k in (1, 2, 5, 10, 25, 50, 100)}
    return sorted(whole | multiples)[:STAKE_OPTIONS]


def _nearest(cloth, code: str, pos: tuple[int, int]) -> int:
    """The number of `code` whose own square is nearest the finger."""

    def distance(number: int) -> float:
        x, y = cloth.anchor(f"straight:{number}")
        return (x - pos[0]) ** 2 + (y - pos[1]) ** 2

    return min(cloth.covers(code), key=distance)


class BetPicker(Dialog):
    """The inside bets on one number, large: the croupier taps the one the chips are on."""

    name = "bet_picker"

    def __init__(self, app: CroupierApp, table: TableScreen, number: int, codes: list[str]):
        super().__init__(app)
        self.table, self.number, self.codes = table, number, codes

    def done(self) -> bool:
        return self.closed or self.app.model.state.round_status != "open"

    def title(self) -> str:
        t = self.app.texts
        chip = self.app.money(self.table.chip)
        return f"{self.number} · {t('seat', n=self.table.seat)} · {t('chip')} {chip}"

    def body(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        s, t = self.app.s, self.app.texts
        columns = 4
        rows = max(3, (len(self.codes) + columns - 1) // columns)
        buttons: list[Target] = []
        for cell, code in zip(kit.grid(rect, columns, rows, int(8 * s)), self.codes, strict=False):
            family, _, numbers = code.partition(":")
            label = f"{t('payouts_family_' + family)} {numbers}"
            button = kit.Button(cell, label, self._pick(code), size=int(22 * s), name=code)
            button.draw(surface)
            buttons.append(button)
        return buttons

    def _pick(self, code: str):
        def pick() -> None:
            self.table.bet(code)
            self.close()

        return pick


class ColourDialog(Dialog):
    """American roulette (section 02): the chosen seat takes a free colour at the value its
    marker by the wheel will show, plays value chips, or gives its colour back."""

    name = "colour_chips"

    def __init__(self, app: CroupierApp, table: TableScreen):
        super().__init__(app)
        self.table = table
        self.seat = table.seat
        self.unit = app.table.setup.limits.min
        self.version = app.model.version

    def done(self) -> bool:
        return self.closed or self._answered()

    def _answered(self) -> bool:
        """A colour event of the seat's since the dialog opened."""
        current = self.app.model
        return current.version != self.version and current.last_colour_seat == self.seat

    def title(self) -> str:
        return f"{self.app.texts('colour')} · {self.app.texts('seat', n=self.seat)}"

    def body(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        app, s, t = self.app, self.app.s, self.app.texts
        chips = self.table._colour_chips()
        targets: list[Target] = []
        gap = int(8 * s)
        third = (rect.h - 2 * gap) // 3
        rows = [pygame.Rect(rect.x, rect.y + n * (third + gap), rect.w, third) for n in range(3)]
        free = chips.free() if chips is not None else ()
        for cell, colour in zip(kit.grid(rows[0], max(len(free), 1), 1, gap), free, strict=False):
            button = kit.Button(
                cell,
                colour,
                self._assign(colour),
                colour=COLOUR_RGB.get(colour, kit.BUTTON),
                size=int(22 * s),
                name=f"colour:{colour}",
            )
            button.draw(surface)
            targets.append(button)
        limits = app.model.state.limits or app.table.setup.limits
        units = stake_options(app.table.setup.chips, limits)
        for cell, unit in zip(kit.grid(rows[1], len(units), 1, gap), units, strict=False):
            chosen = unit == self.unit
            button = kit.Button(
                cell,
                app.money(unit),
                _set(self, "unit", unit),
                colour=kit.ACCENT if chosen else kit.BUTTON,
                size=int(20 * s),
                name=f"unit:{unit}",
            )
            button.draw(surface)
            targets.append(button)
        actions = (
            (t("value_chips"), "value_chips", lambda: app.table.post_value_chips(self.seat)),
            (t("release_colour"), "release_colour", lambda: app.table.post_release(self.seat)),
        )
        for cell, (label, name, action) in zip(kit.grid(rows[2], 2, 1, gap), actions, strict=True):
            button = kit.Button(cell, label, action, size=int(22 * s), name=name)
            button.draw(surface)
            targets.append(button)
        return targets

    def _assign(self, colour: str):
        return lambda: self.app.table.post_colour(self.seat, colour, self.unit)


def _set(screen: object, attribute: str, value: object):
    return lambda: setattr(screen, attribute, value)


def _opening_signed(app: CroupierApp) -> bool:
    return not any(u["what"] == "opening" for _, u in chrome.waiting_signatures(app))
