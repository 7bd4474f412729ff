"""The games' views on the table screen (base.py says what a view does): each game's own, as
its screens' description names it (terminal/screens/games/)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from terminal.screens.games.base import screens_of
from terminal.screens.views.base import GameView

if TYPE_CHECKING:
    from terminal.screens.croupier.table import TableScreen


def view_for(screen: TableScreen) -> GameView:
    """The view of the screen's game."""
    return screens_of(screen.app.table.game.id).view(screen)
