"""Each game's screens, one package a game, registered here once: its description
(`GameScreens`, base.py) by the ids of the games it serves. The shared screens look a game up
through `screens_of`, when they draw it, not when they are imported: a game's view is built on
the shared screens' parts, which must be there first.

A game's screens not listed here (a game of the tests, a house's own) are added at run time by
`register`, and taken away by what it returns.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from terminal.screens.games.base import GameScreens

_REGISTERED: list[GameScreens] = []  # the screens `register` added, in the order it did


@cache
def every() -> tuple[GameScreens, ...]:
    from terminal.screens.games import (
        blackjack,
        boule,
        craps,
        fortune_wheel,
        poker_stud,
        punto_banco,
        roulette,
        trente_quarante,
    )

    return tuple(
        package.SCREENS
        for package in (
            roulette,
            boule,
            fortune_wheel,
            craps,
            poker_stud,
            blackjack,
            punto_banco,
            trente_quarante,
        )
    ) + tuple(_REGISTERED)


@cache
def _by_game() -> dict[str, GameScreens]:
    found: dict[str, GameScreens] = {}
    for screens in every():
        for game in screens.games:
            if game in found:
                raise ValueError(f"the screens of {game!r} are registered twice")
            found[game] = screens
    return found


def screens_of(game: str) -> GameScreens:
    """The screens of the game `game` (its id); KeyError naming the games that have some."""
    try:
        return _by_game()[game]
    except KeyError:
        raise KeyError(
            f"no screens for the game {game!r} (games: {', '.join(_by_game())})"
        ) from None


def register(screens: GameScreens) -> Callable[[], None]:
    """Add the screens of a game this registry does not list, at run time (its game is added to
    games/registry.py's GAMES alike): the shared screens and their texts then find it as they
    find any game's. ValueError, nothing added, for a game whose screens are there already or
    a text of theirs that another's define. Returns what takes them away again."""
    from terminal.screens import texts

    _REGISTERED.append(screens)
    _changed()
    try:
        _by_game()
        texts.catalogue()
        texts.refusal_texts()
    except ValueError:
        _unregister(screens)
        raise
    return lambda: _unregister(screens)


def _unregister(screens: GameScreens) -> None:
    _REGISTERED.remove(screens)
    _changed()


def _changed() -> None:
    """The registry changed: what is made of it is made again when next asked."""
    from terminal.screens import texts

    every.cache_clear()
    _by_game.cache_clear()
    texts.refresh()
