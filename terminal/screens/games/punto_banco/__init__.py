"""The screens of punto banco."""

from __future__ import annotations

from terminal.screens.games.base import GameScreens
from terminal.screens.games.punto_banco import texts
from terminal.screens.games.punto_banco.script import play_punto_banco_session
from terminal.screens.games.punto_banco.view import PuntoBancoView

SCREENS = GameScreens(
    games=("punto_banco",),
    view=PuntoBancoView,
    script=play_punto_banco_session,
    texts=texts.TEXTS,
)
