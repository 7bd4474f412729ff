"""Each game's screens, one package a game, registered here once: its description
(`GameScreens`, base.py) by the ids of the games it serves, added to the catalogue the shared
screens look a game up in (base.py `screens_of`) when the screens' package is imported
(terminal/screens/__init__.py). A game's view is built on the shared screens' parts, so those
never import this module.

A game's screens not listed here (a game of the tests, a house's own) are added at run time by
`register`, and taken away by what it returns.
"""

from __future__ import annotations

from collections.abc import Callable

from terminal.screens import texts
from terminal.screens.games import (
    blackjack,
    boule,
    chemin_de_fer,
    craps,
    fortune_wheel,
    monte,
    poker_stud,
    punto_banco,
    roulette,
    trente_quarante,
)
from terminal.screens.games.base import GameScreens, add, every, remove, screens_of

for _package in (
    roulette,
    boule,
    fortune_wheel,
    craps,
    poker_stud,
    blackjack,
    punto_banco,
    trente_quarante,
    monte,
    chemin_de_fer,
):
    add(_package.SCREENS)

__all__ = ["every", "register", "screens_of"]


def register(screens: GameScreens) -> Callable[[], None]:
    """Add the screens of a game this registry does not list, at run time (its game is added to
    games/registry.py's GAMES alike): the shared screens and their texts then find it as they
    find any game's. ValueError, nothing added, for a game whose screens are there already or
    a text of theirs that another's define. Returns what takes them away again."""
    add(screens)
    texts.refresh()
    try:
        texts.catalogue()
        texts.refusal_texts()
    except ValueError:
        _unregister(screens)
        raise
    return lambda: _unregister(screens)


def _unregister(screens: GameScreens) -> None:
    remove(screens)
    texts.refresh()
