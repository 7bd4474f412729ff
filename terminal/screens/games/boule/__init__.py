"""The screens of boule."""

from __future__ import annotations

from games.boule import layout
from terminal.screens.demo.script import play_wheel_session
from terminal.screens.games.base import GameScreens
from terminal.screens.games.boule.cloth import BouleCloth
from terminal.screens.games.boule.pad import pockets_pad
from terminal.screens.games.boule.stats import stats
from terminal.screens.views.cloth import ClothView

SCREENS = GameScreens(
    games=("boule",),
    view=ClothView,
    cloth=BouleCloth,
    script=play_wheel_session,
    pockets_pad=pockets_pad,
    stats=stats,
    maxima_order=layout.FAMILIES,
    even_chances=layout.EVEN_CHANCES,
)
