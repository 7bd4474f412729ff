"""The screens of poker sense descart."""

from __future__ import annotations

from terminal.screens.games.base import GameScreens
from terminal.screens.games.poker_stud import texts
from terminal.screens.games.poker_stud.script import play_stud_session
from terminal.screens.games.poker_stud.view import StudView

SCREENS = GameScreens(
    games=("poker_stud",),
    view=StudView,
    script=play_stud_session,
    texts=texts.TEXTS,
    refusals=texts.REFUSALS,
)
