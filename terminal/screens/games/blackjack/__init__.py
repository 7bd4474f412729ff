"""The screens of blackjack."""

from __future__ import annotations

from terminal.screens.games.base import GameScreens
from terminal.screens.games.blackjack import texts
from terminal.screens.games.blackjack.script import play_blackjack_session
from terminal.screens.games.blackjack.view import BlackjackView

SCREENS = GameScreens(
    games=("blackjack",),
    view=BlackjackView,
    script=play_blackjack_session,
    texts=texts.TEXTS,
    refusals=texts.REFUSALS,
)
