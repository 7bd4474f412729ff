"""Each game's script (its screens' description, terminal/screens/games/): a whole staffed
session played by the croupier's taps, from the sign-in to the signed closing count, shooting
each screen on the way. `dealer-terminal screens` renders them, the tests play them and check
the journals they leave, the screen's benchmark times their frames."""

from __future__ import annotations

from terminal.screens.games.base import Script, screens_of


def script_of(game: str) -> Script:
    """The script of the game `game` (its id)."""
    return screens_of(game).script
