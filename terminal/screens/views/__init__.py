"""The games' views on the table screen (base.py says what a view does), by the style a game
names (`Game.view`): one line each."""

from __future__ import annotations

from typing import TYPE_CHECKING

from terminal.screens.views.base import GameView
from terminal.screens.views.blackjack import BlackjackView
from terminal.screens.views.cloth import ClothView
from terminal.screens.views.craps import CrapsView
from terminal.screens.views.panel import PanelView
from terminal.screens.views.poker import StudView
from terminal.screens.views.punto_banco import PuntoBancoView
from terminal.screens.views.trente_quarante import TrenteQuaranteView

if TYPE_CHECKING:
    from terminal.screens.croupier.table import TableScreen

VIEWS: dict[str, type[GameView]] = {
    view.style: view
    for view in (
        ClothView,
        PanelView,
        StudView,
        BlackjackView,
        PuntoBancoView,
        CrapsView,
        TrenteQuaranteView,
    )
}


def view_for(screen: TableScreen) -> GameView:
    """The view of the screen's game; a game whose style has no view yet shows the panel."""
    return VIEWS.get(screen.app.table.game.view, PanelView)(screen)
