"""The players' display as a mode of the croupier's screen (or a second window): the last
results, the session's hot and cold numbers and shares, and what the regulation wants posted
at every table (terminal/screens/players.py draws it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from terminal.screens import kit
from terminal.screens.app import Screen, Target
from terminal.screens.games.base import screens_of
from terminal.screens.players import TableInfo, draw_players
from terminal.screens.stats import SessionStats

if TYPE_CHECKING:
    from terminal.screens.app import CroupierApp


class PlayersScreen(Screen):
    name = "players"

    def __init__(self, app: CroupierApp):
        super().__init__(app)
        self._stats: SessionStats | None = None
        app.model.listeners.append(self._heard)

    def stats(self) -> SessionStats | None:
        """The session's statistics: made from the model's outcomes when first drawn, then
        fed each result and correction as the model takes it; None for a game whose screens
        keep none (`GameScreens.stats`: the display posts its limits only)."""
        table = self.app.table
        if screens_of(table.setup.game).stats is None:
            return None
        if self._stats is None:
            self._stats = SessionStats(table.setup.game, table.rules)
            for outcome in self.app.model.outcomes:
                self._stats.add(outcome)
        return self._stats

    def _heard(self, event: dict) -> None:
        if self._stats is None:
            return
        if event["kind"] == "table.open":
            self._stats = None  # a new session: made again from its outcomes
        else:
            self._stats.apply(event["kind"], event["data"])

    def info(self) -> TableInfo:
        """What is posted at the table: its session's opening, or (a screen started during a
        session, or before one) the table's own limits and advance."""
        model, setup = self.app.model, self.app.table.setup
        limits = model.state.limits or setup.limits
        opening = model.opening or {"limits": limits.to_json(), "game": setup.game}
        return TableInfo.from_open(setup.table, opening, model.advance or setup.advance)

    def draw(self, surface: pygame.Surface, area: pygame.Rect) -> list[Target]:
        app = self.app
        body = app.screens.table.view.players_body  # a game with a display of its own
        stats = self.stats() if body is None else None
        draw_players(surface, stats, self.info(), app.texts, body)
        size = max(kit.MIN_TARGET, int(48 * app.s))
        back = kit.Button(
            pygame.Rect(area.right - size - 4, area.bottom - size - 4, size, size),
            "✕",
            self._back,
            size=int(22 * app.s),
            name="croupier_screen",
        )
        back.draw(surface)
        return [back]

    def _back(self) -> None:
        self.app.players_mode = False
