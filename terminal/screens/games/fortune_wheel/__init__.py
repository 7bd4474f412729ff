"""The screens of the wheel of fortune."""

from __future__ import annotations

from games.fortune_wheel import layout
from terminal.screens.demo.script import play_wheel_session
from terminal.screens.games.base import GameScreens
from terminal.screens.games.fortune_wheel.cloth import FortuneCloth
from terminal.screens.games.fortune_wheel.pad import pockets_pad
from terminal.screens.games.fortune_wheel.stats import stats
from terminal.screens.views.cloth import ClothView

SCREENS = GameScreens(
    games=("fortune_wheel",),
    view=ClothView,
    cloth=FortuneCloth,
    script=play_wheel_session,
    pockets_pad=pockets_pad,
    stats=stats,
    maxima_order=layout.FAMILIES,
)
