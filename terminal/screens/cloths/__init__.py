"""The cloths (the "tapet": the bet layouts) of the wheel games, drawn and tapped on the
croupier's screen. A game's screens name its cloth (terminal/screens/games/); `cloth_for` lays it
out on a rect of the screen. base.py says what every cloth does."""

from __future__ import annotations

from typing import Any

import pygame

from games.game import Game
from terminal.screens.cloths.base import Chip, Cloth, payout_text
from terminal.screens.games.base import screens_of
from terminal.screens.texts import Texts

__all__ = ["Chip", "Cloth", "cloth_for", "payout_text"]


def cloth_for(game: Game, rules: Any, rect: pygame.Rect, *, texts: Texts | None = None) -> Cloth:
    """The cloth of `game` under `rules`, laid out on `rect`; ValueError for a game that has
    none (a card game, dice)."""
    cloth = screens_of(game.id).cloth
    if cloth is None:
        raise ValueError(f"{game.title} has no cloth to draw")
    return cloth(game, rules, rect, texts=texts)
