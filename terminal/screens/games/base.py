"""What one game shows on the screens, described once in the game's own screen package
(`terminal/screens/games/<game>/__init__.py`): its view on the croupier's table screen, its
cloth (a wheel game's bet layout), its script (a whole session played by taps), its texts and
the Catalan and Spanish of its refusals, and its parts of the shared screens: the pad its
outcome is entered on by hand, the statistics and the posted maxima of the players' display. The
shared screens ask this description, never the game's modules.

The shared screens find a game's description in the catalogue below (`screens_of`), which the
registry (terminal/screens/games/__init__.py, imported with the screens' package) fills: they
never import the registry, which imports every game's screens, built on theirs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from games.game import Game, SpinGame
    from terminal.screens.cloths.base import Cloth
    from terminal.screens.demo.driver import Driver
    from terminal.screens.demo.script import Shot
    from terminal.screens.pads.outcome import OutcomePad
    from terminal.screens.pads.spin import Cloth as Pockets
    from terminal.screens.stats import Wheel
    from terminal.screens.views.base import GameView

# a game's script: a whole staffed session played by the croupier's taps, from the sign-in to
# the signed closing count, each screen shot on the way (terminal/screens/demo/scripts.py)
Script = Callable[["Driver", "Shot"], dict[str, Any]]
# a pad an outcome is entered on: made from the game, its rules and what a pick calls
PadMaker = Callable[["Game", Any, Callable[[Any], object] | None], "OutcomePad[Any]"]


@dataclass(frozen=True, kw_only=True)
class GameScreens:
    games: tuple[str, ...]  # the ids (games/registry.py) it is the screens of
    view: type[GameView]  # its part of the croupier's table screen (views/base.py)
    script: Script  # its script (`dealer-terminal screens`, the tests, the screen benchmark)
    cloth: type[Cloth] | None = None  # a wheel game's bet layout (cloths/base.py)
    texts: Mapping[str, tuple[str, str, str]] = field(default_factory=dict)  # ca, es, en
    # its refusals' Catalan and Spanish, by their keys in its game's `WHY` tables (Game.reasons)
    refusals: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    # its hand-entry outcome pad when its kind has none (pads/__init__.py: craps' dice)
    outcome_pad: PadMaker | None = None
    # a spin game's pockets on its number pad, from its rules (pads/spin.py; None: a grid)
    pockets_pad: Callable[[SpinGame, Any], Pockets] | None = None
    # a wheel game's statistics on the players' display, from its rules (stats.py; None: none)
    stats: Callable[[Any], Wheel] | None = None
    # its bet families in the order the players' display's footer lists them (players.py)
    maxima_order: tuple[str, ...] = ()
    # the families that footer names together as the even chances, of one maximum (players.py)
    even_chances: tuple[str, ...] = ()


# -- the catalogue the shared screens look a game up in ----------------------------------------
_CATALOGUE: list[GameScreens] = []  # every game's screens, in the order the registry added them


def add(screens: GameScreens) -> None:
    """Into the catalogue (terminal/screens/games/__init__.py adds every game's, and `register`
    a game's it does not list); ValueError, nothing added, for a game whose screens are there."""
    taken = {game for there in _CATALOGUE for game in there.games}
    for game in screens.games:
        if game in taken:
            raise ValueError(f"the screens of {game!r} are registered twice")
    _CATALOGUE.append(screens)


def remove(screens: GameScreens) -> None:
    _CATALOGUE.remove(screens)


def every() -> tuple[GameScreens, ...]:
    """Every game's screens in the catalogue."""
    return tuple(_CATALOGUE)


def screens_of(game: str) -> GameScreens:
    """The screens of the game `game` (its id); KeyError naming the games that have some."""
    for screens in _CATALOGUE:
        if game in screens.games:
            return screens
    known = ", ".join(game for screens in _CATALOGUE for game in screens.games)
    raise KeyError(f"no screens for the game {game!r} (games: {known})")
