"""The screens of chemin de fer."""

from __future__ import annotations

from terminal.screens.games.base import GameScreens
from terminal.screens.games.chemin_de_fer import texts
from terminal.screens.games.chemin_de_fer.script import play_chemin_de_fer_session
from terminal.screens.games.chemin_de_fer.view import ChemView

SCREENS = GameScreens(
    games=("chemin_de_fer",),
    view=ChemView,
    script=play_chemin_de_fer_session,
    texts=texts.TEXTS,
    refusals=texts.REFUSALS,
    maxima_order=("ponte", "banco"),
)
