"""The screens of trente et quarante."""

from __future__ import annotations

from terminal.screens.games.base import GameScreens
from terminal.screens.games.trente_quarante import texts
from terminal.screens.games.trente_quarante.script import play_trente_quarante_session
from terminal.screens.games.trente_quarante.view import TrenteQuaranteView

SCREENS = GameScreens(
    games=("trente_quarante",),
    view=TrenteQuaranteView,
    script=play_trente_quarante_session,
    texts=texts.TEXTS,
    refusals=texts.REFUSALS,
)
