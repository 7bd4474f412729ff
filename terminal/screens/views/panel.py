"""The view of a game with no layout of its own on the screen yet: the round's cards and bets
as a list, the last outcome large."""

from __future__ import annotations

import pygame

from terminal.screens import kit
from terminal.screens.app import Target
from terminal.screens.views.base import GameView


class PanelView(GameView):
    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
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
                kit.text(
                    surface, t.bet_line(bet), (inner.x, y), size=size, colour=kit.DIM, width=inner.w
                )
                y += step
        return []
