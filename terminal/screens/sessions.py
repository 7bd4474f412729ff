"""The scripted session of each game's view (terminal/screens/views/): the croupier's taps from
the sign-in to the signed closing count, shooting each screen on the way. `dealer-terminal
screens` renders them, the tests play them and check the journals they leave, the screen's
benchmark times their frames. One line per view style."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from terminal.screens.driver import Driver
from terminal.screens.script import Shot, play_wheel_session
from terminal.screens.views.blackjack_session import play_blackjack_session
from terminal.screens.views.craps_session import play_craps_session
from terminal.screens.views.poker_session import play_stud_session
from terminal.screens.views.punto_banco_session import play_punto_banco_session
from terminal.screens.views.trente_quarante_session import play_trente_quarante_session

Session = Callable[[Driver, Shot], dict[str, Any]]

SESSIONS: dict[str, Session] = {
    "cloth": play_wheel_session,
    "craps_layout": play_craps_session,
    "stud_boxes": play_stud_session,
    "blackjack_boxes": play_blackjack_session,
    "baccarat_table": play_punto_banco_session,
    "trente_quarante_rows": play_trente_quarante_session,
}
