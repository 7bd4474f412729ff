"""The screens of the roulettes (French, American with its colour chips)."""

from __future__ import annotations

from games.roulette import layout
from terminal.screens.demo.script import play_wheel_session
from terminal.screens.games.base import GameScreens
from terminal.screens.games.roulette import texts
from terminal.screens.games.roulette.cloth import RouletteCloth
from terminal.screens.games.roulette.pad import pockets_pad
from terminal.screens.games.roulette.stats import stats
from terminal.screens.games.roulette.view import RouletteView

SCREENS = GameScreens(
    games=("roulette_fr", "roulette_us1"),
    view=RouletteView,
    cloth=RouletteCloth,
    script=play_wheel_session,
    refusals=texts.REFUSALS,
    pockets_pad=pockets_pad,
    stats=stats,
    maxima_order=layout.FAMILIES,
    even_chances=layout.EVEN_CHANCES,
)
