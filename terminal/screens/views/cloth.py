"""The wheel games' view: the cloth (terminal/screens/cloths/) with every bet on it, tapped
where the chips sit; the even chances' choice on a zero per bet where the player has it, and,
where the cloth is too small for a finger, a picker of a number's inside bets (American
roulette's colour chips are its own view's: terminal/screens/games/roulette/view.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from games.game import SpinGame
from games.prison import PrisonBet
from games.records import Bet
from terminal.screens import kit
from terminal.screens.app import Target, Zone
from terminal.screens.cloths import cloth_for
from terminal.screens.cloths.base import Chip
from terminal.screens.croupier.dialog import Dialog
from terminal.screens.views.base import Action, GameView

if TYPE_CHECKING:
    from terminal.screens.app import CroupierApp
    from terminal.screens.croupier.table import TableScreen

INSIDE = ("straight", "split", "street", "corner", "sixline")  # the bets on the numbers' lines
# a bet on the line between two boxes (two columns, two dozens): the boxes' family
BETWEEN = {"columns": "column", "dozens": "dozen"}


class ClothView(GameView):
    demo_bets = True  # a visitor bets by hand beside the simulated bets (`make sim`)

    def __init__(self, screen: TableScreen):
        super().__init__(screen)
        self.zero_choice = "prison"  # the even chances' choice on a zero, per bet (French roulette)
        self._cloth: Any = None
        self._cloth_key: tuple[tuple[int, ...], str] | None = None  # its rect and language

    # -- entries ---------------------------------------------------------------------------
    def bet(self, code: str) -> Bet:
        bet = super().bet(code)
        if self._asks_zero_choice() and ":" not in code:  # an even chance: a bare family
            return PrisonBet(bet.id, bet.seat, code, bet.stake, zero_choice=self.zero_choice)
        return bet

    def buttons(self) -> list[Action]:
        t = self.app.texts
        buttons: list[Action] = []
        if self.betting_by_hand() and self._asks_zero_choice():
            buttons.append((t(f"zero_{self.zero_choice}"), "zero_choice", self._flip_zero, True))
        return buttons

    def _asks_zero_choice(self) -> bool:
        """Whether the even chances' choice on a zero (half back or prison) is the player's."""
        table = self.app.table
        return table.game.zero_choice(table.rules)

    def _flip_zero(self) -> None:
        self.zero_choice = "half" if self.zero_choice == "prison" else "prison"

    # -- drawing ---------------------------------------------------------------------------
    def cloth(self, rect: pygame.Rect):
        key = (tuple(rect), self.app.texts.language)
        if self._cloth is None or self._cloth_key != key:
            table = self.app.table
            self._cloth = cloth_for(table.game, table.rules, rect, texts=self.app.texts)
            self._cloth_key = key
        return self._cloth

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        app = self.app
        cloth = self.cloth(rect)
        last = app.model.last_result
        winning = None
        if last is not None and last.result is not None:
            game = app.table.game
            assert isinstance(game, SpinGame), "a cloth is a wheel game's"
            winning = game.pocket(last.result["outcome"])
        refused = app.fresh_refusal()
        cloth.draw(
            surface,
            self._stakes(last),
            winning=winning,
            prisoners=self._prisoners(),
            refused=None if refused is None else refused.code,
        )
        if self.betting_by_hand():
            return [Zone(cloth.rect, "cloth", self._cloth_tap, cells=_cells(cloth))]
        return []

    def _cloth_tap(self, pos: tuple[int, int]) -> bool:
        """A bet where the finger is; on a cloth too small for a finger to tell a number from
        its lines (a roulette's at 800x480), the bets on the number under it, each a target
        of its own (`BetPicker`), and on a line between two boxes (two columns, two dozens)
        its bet and the boxes'."""
        cloth = self._cloth
        code = cloth.code_at(pos)
        if code is None:
            return False
        family, _, named = code.partition(":")
        if cloth.hit_targets_ok(kit.MIN_TARGET) or (code in cloth.boxes and family not in INSIDE):
            self.screen.bet(code)
            return True
        if family in BETWEEN:
            first, second = (f"{BETWEEN[family]}:{n}" for n in named.split("-"))
            picker = BetPicker(
                self.app, self.screen, self.app.texts.bet(code), [first, code, second]
            )
        else:
            number = _nearest(cloth, code, pos)
            options = [
                c for c in cloth.codes if c.split(":")[0] in INSIDE and number in cloth.covers(c)
            ]
            picker = BetPicker(self.app, self.screen, str(number), options)
        self.app.open(picker)
        return True

    def tap_code(self, code: str) -> None:
        """Tap the cloth where the chips of `code` sit; where the cloth is too small for that,
        on the number, then the bet on the picker."""
        assert self._cloth is not None, "the table screen was not drawn yet"
        x, y = self._cloth.anchor(code)
        if not self.app.tap((int(x), int(y))):
            raise KeyError(f"the cloth did not take a tap on {code}")
        if isinstance(self.app.dialog, BetPicker):
            self.app.draw(pygame.Surface(self.app.size))
            self.app.press(code)

    def _stakes(self, last) -> dict[str, list[Chip]]:
        bets = self.current_bets() if last is None else (last.result or {}).get("bets", [])
        colours = self.seat_colours()
        stakes: dict[str, list[Chip]] = {}
        for bet in bets:
            colour = colours.get(bet["seat"])
            stakes.setdefault(bet["code"], []).append(Chip(bet["seat"], bet["stake"], colour))
        return stakes

    def _prisoners(self) -> dict[str, int]:
        prisoners: dict[str, int] = {}
        for bet in self.app.model.state.carried:
            if isinstance(bet, PrisonBet):
                prisoners[bet.code] = prisoners.get(bet.code, 0) + int(bet.value)
        return prisoners


def _cells(cloth) -> tuple[tuple[str, pygame.Rect], ...]:
    """The boxes a tap on the cloth bets on at once (its numbers only when a finger tells them
    from their lines): each a target of its own, as large as a button."""
    fine = cloth.hit_targets_ok(kit.MIN_TARGET)
    return tuple(
        (code, box) for code, box in cloth.boxes.items() if fine or code.split(":")[0] not in INSIDE
    )


def _nearest(cloth, code: str, pos: tuple[int, int]) -> int:
    """The number of `code` whose own square is nearest the finger."""

    def distance(number: int) -> float:
        x, y = cloth.anchor(f"straight:{number}")
        return (x - pos[0]) ** 2 + (y - pos[1]) ** 2

    return min(cloth.covers(code), key=distance)


class BetPicker(Dialog):
    """The bets round one place of the cloth, large (the inside bets on a number, the bets on
    and beside a line between two boxes): the croupier taps the one the chips are on."""

    name = "bet_picker"

    def __init__(self, app: CroupierApp, table: TableScreen, place: str, codes: list[str]):
        super().__init__(app)
        self.table, self.place, self.codes = table, place, codes

    def done(self) -> bool:
        return self.closed or self.app.model.state.round_status != "open"

    def title(self) -> str:
        t = self.app.texts
        chip = self.app.money(self.table.chip)
        return f"{self.place} · {t('seat', n=self.table.seat)} · {t('chip')} {chip}"

    def body(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        s, t = self.app.s, self.app.texts
        columns = 4
        rows = max(3, (len(self.codes) + columns - 1) // columns)
        buttons: list[Target] = []
        for cell, code in zip(kit.grid(rect, columns, rows, int(8 * s)), self.codes, strict=False):
            button = kit.Button(cell, t.bet(code), self._pick(code), size=int(22 * s), name=code)
            button.draw(surface)
            buttons.append(button)
        return buttons

    def _pick(self, code: str):
        def pick() -> None:
            self.table.bet(code)
            self.close()

        return pick
