"""Monte's dialogs over the table: a place's five bets large, where the cloth is too small for a
finger to tell its boxes apart (800x480), and the card entered by hand (`screen://`), a layout's
or a phase's, on the Spanish pack's pad, the cards out of the pack greyed."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from terminal.screens import kit
from terminal.screens.app import Target
from terminal.screens.croupier.dialog import pad_targets
from terminal.screens.croupier.outcome import OutcomeDialog
from terminal.screens.games.monte.board import pills
from terminal.screens.games.monte.faces import CARD_SHAPE, stack, stack_size
from terminal.screens.pads.cards import DeckPad, spent_cards
from terminal.screens.views.cloth import BetPicker

if TYPE_CHECKING:
    from terminal.screens.app import CroupierApp
    from terminal.screens.croupier.table import TableScreen
    from terminal.screens.games.monte.view import MonteView


class PlaceBets(BetPicker):
    """The bets of one place, each a large button with its price; those the phase does not take
    greyed. Its card stands beside them."""

    def __init__(self, app: CroupierApp, table: TableScreen, view: MonteView, place: int):
        name = app.texts("mo_place", n=place)
        super().__init__(app, table, name, view.board_codes(place))
        self.view, self.number = view, place

    def body(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        s, t, view = self.app.s, self.app.texts, self.view
        gap = int(8 * s)
        shown = view.shown()
        cards = () if shown.layout is None else shown.layout.places[self.number]
        card_h = min(rect.h, int(rect.w * 0.22 / CARD_SHAPE / 1.7))  # a triple in a fifth
        used = stack_size(card_h, max(1, len(cards)))[0] if cards else 0
        if cards:
            stack(surface, (rect.x, rect.y), card_h, cards, t)
        area = pygame.Rect(rect.x + used + gap, rect.y, rect.w - used - gap, rect.h)
        buttons: list[Target] = []
        for cell, code in zip(kit.grid(area, 3, 2, gap), self.codes, strict=False):
            taking = code in view.taking()
            label = f"{t.bet(code)} · {view.price_text(code)}" if taking else t.bet(code)
            button = kit.Button(
                cell, label, self._pick(code), enabled=taking, size=int(28 * s), name=code
            )
            button.draw(surface)
            buttons.append(button)
            chips = shown.chips.get(code, ())
            if chips:  # the seats' chips on it already, along its foot
                foot = pygame.Rect(cell.x + gap, cell.bottom - cell.h // 3, cell.w - 2 * gap, 0)
                foot.h = cell.bottom - gap - foot.y
                pills(surface, foot, chips, t, s)
        return buttons


class CardDialog(OutcomeDialog):
    """A card entered by hand, confirmed large before it goes to the shoe's hand: the next of a
    layout being dealt, or of a phase being drawn; over once none is due."""

    def __init__(self, app: CroupierApp, view: MonteView):
        super().__init__(app)
        self.view = view

    def done(self) -> bool:
        return self.closed or self.view.card_due() is None

    def title(self) -> str:
        return self.view.card_prompt()

    def body(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        if self.confirmation is not None:
            return pad_targets(self.confirmation, surface, rect, self.app)
        if isinstance(self.pad, DeckPad):
            own: Any = self.app.model.state.own  # monte's fold: its shoe
            self.pad.spent = spent_cards(own.shoe)
        return pad_targets(self.pad, surface, rect, self.app)
