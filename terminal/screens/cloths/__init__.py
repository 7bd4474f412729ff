"""The cloths (the "tapet": the bet layouts) of the wheel games, drawn and tapped on the
croupier's screen. A game's description names its cloth's style (`SpinGame.cloth`); `cloth_for`
lays it out on a rect of the screen. base.py says what every cloth does."""

from __future__ import annotations

from typing import Any

import pygame

from games.game import Game
from terminal.screens.cloths.base import Chip, Cloth, amount_text, payout_text
from terminal.screens.cloths.boule import BouleCloth
from terminal.screens.cloths.fortune import FortuneCloth
from terminal.screens.cloths.roulette import RouletteCloth
from terminal.screens.texts import Texts

__all__ = ["CLOTHS", "Chip", "Cloth", "amount_text", "cloth_for", "payout_text"]

# style name (a game's `cloth`) -> its class
CLOTHS: dict[str, type[Cloth]] = {
    cloth.style: cloth for cloth in (RouletteCloth, BouleCloth, FortuneCloth)
}


def cloth_for(game: Game, rules: Any, rect: pygame.Rect, *, texts: Texts | None = None) -> Cloth:
    """The cloth of `game` under `rules`, laid out on `rect`; ValueError for a game that has
    none (a card game, dice)."""
    style = getattr(game, "cloth", "")
    if style not in CLOTHS:
        raise ValueError(f"{game.title} has no cloth to draw (style {style!r})")
    return CLOTHS[style](game, rules, rect, texts=texts)
