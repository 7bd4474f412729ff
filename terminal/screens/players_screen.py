"""The players' display as a mode of the croupier's screen (or a second window): the last
results, the session's hot and cold numbers and shares, and what the regulation wants posted
at every table (terminal/screens/players.py draws it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from terminal.screens import kit
from terminal.screens.app import Screen, Target
from terminal.screens.players import TableInfo, draw_players
from terminal.screens.stats import SessionStats

if TYPE_CHECKING:
    from terminal.screens.app import CroupierApp


class PlayersScreen(Screen):
    name = "players"

    def __init__(self, app: CroupierApp):
        super().__init__(app)
        self._stats: SessionStats | None = None
        self._fed = 0
        self._session = -1

    def stats(self) -> SessionStats:
        """The session's statistics, fed the outcomes the model took since the last frame."""
        model, table = self.app.model, self.app.table
        if self._stats is None or self._session != model.state.sessions:
            self._stats = SessionStats(table.setup.game, table.rules)
            self._fed, self._session = 0, model.state.sessions
        outcomes = model.outcomes
        if len(outcomes) < self._fed:  # a new session
            self._stats, self._fed = SessionStats(table.setup.game, table.rules), 0
        for outcome in outcomes[self._fed :]:
            self._stats.add(outcome)
        if outcomes and self._fed == len(outcomes) and model.corrected:
            self._stats.replace_last(outcomes[-1])
            model.corrected = False
        self._fed = len(outcomes)
        return self._stats

    def info(self) -> TableInfo:
        """What is posted at the table: its session's opening, or (a screen started during a
        session, or before one) the table's own limits and advance."""
        model, setup = self.app.model, self.app.table.setup
        limits = model.state.limits or setup.limits
        opening = model.opening or {"limits": limits.to_json(), "game": setup.game}
        return TableInfo.from_open(setup.table, opening, model.advance or setup.advance)

    def draw(self, surface: pygame.Surface, area: pygame.Rect) -> list[Target]:
        app = self.app
        draw_players(surface, self.stats(), self.info(), app.texts)
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
