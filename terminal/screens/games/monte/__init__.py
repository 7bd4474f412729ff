"""The screens of monte."""

from __future__ import annotations

from terminal.screens.games.base import GameScreens
from terminal.screens.games.monte import texts
from terminal.screens.games.monte.script import play_monte_session
from terminal.screens.games.monte.view import MonteView

SCREENS = GameScreens(
    games=("monte",),
    view=MonteView,
    script=play_monte_session,
    texts=texts.TEXTS,
    refusals=texts.REFUSALS,
    maxima_order=("card", "pair", "salto", "camo", "camo_segones", "vis"),
)
