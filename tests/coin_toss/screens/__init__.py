"""The screens of the coin toss, as a game's package under terminal/screens/games/ holds them:
the shared wheel view on a cloth of its own, its texts, the wheels' scripted session."""

from __future__ import annotations

from terminal.screens.demo.script import play_wheel_session
from terminal.screens.games.base import GameScreens
from terminal.screens.views.cloth import ClothView
from tests.coin_toss.screens.cloth import CoinTossCloth
from tests.coin_toss.screens.texts import REFUSALS, TEXTS

SCREENS = GameScreens(
    games=("coin_toss",),
    view=ClothView,
    cloth=CoinTossCloth,
    script=play_wheel_session,
    texts=TEXTS,
    refusals=REFUSALS,
)
