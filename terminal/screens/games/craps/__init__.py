"""The screens of craps."""

from __future__ import annotations

from terminal.screens.games.base import GameScreens
from terminal.screens.games.craps import texts
from terminal.screens.games.craps.pad import outcome_pad
from terminal.screens.games.craps.script import play_craps_session
from terminal.screens.games.craps.view import CrapsView

SCREENS = GameScreens(
    games=("craps",),
    view=CrapsView,
    script=play_craps_session,
    texts=texts.TEXTS,
    refusals=texts.REFUSALS,
    outcome_pad=outcome_pad,
)
