"""The scripted session of each game's view (terminal/screens/views/): the croupier's taps from
the sign-in to the signed closing count, shooting each screen on the way. `dealer-terminal
screens` renders them, the tests play them and check the journals they leave, the screen's
benchmark times their frames. One line per view style."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from terminal.screens.driver import Driver
from terminal.screens.script import Shot, play_wheel_session

Session = Callable[[Driver, Shot], dict[str, Any]]

SESSIONS: dict[str, Session] = {
    "cloth": play_wheel_session,
}
