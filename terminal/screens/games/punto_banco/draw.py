"""What punto banco's view and its players' display draw with: each chance's colour and name,
and a hand's panel on the table as the shared baccarat panel draws it (views/baccarat.py)."""

from __future__ import annotations

from typing import Any

import pygame

from terminal.screens.games.punto_banco.deal import BANKER, PLAYER, TIE, Hands
from terminal.screens.texts import Texts
from terminal.screens.views.baccarat import CARD_SHAPE, card_face
from terminal.screens.views.baccarat import hand_panel as baccarat_hand

__all__ = ["CARD_SHAPE", "HEADS", "NAMES", "card_face", "hand_panel"]

# each chance's colour: the hand's header, the box's title (banker red, player blue)
HEADS = {PLAYER: (34, 88, 200), BANKER: (186, 22, 36), TIE: (0, 122, 62)}
NAMES = {PLAYER: "pb_player", BANKER: "pb_banker", TIE: "pb_tie"}


def hand_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    place: str,
    hands: Hands,
    next_place: str | None,
    result: dict[str, Any] | None,
    s: float,
    t: Texts,
) -> None:
    """A hand's panel: its name and total, its cards, the next card's slot, the winner."""
    won = result is not None and hands.winner() in (place, TIE)
    tags = []
    if result is not None and hands.natural(place):
        tags.append(t("pb_natural"))
    if won:
        tags.append(t("pb_tie") if hands.winner() == TIE else t("pb_wins"))
    cards = hands.hand(place)
    baccarat_hand(
        surface,
        rect,
        name=t(NAMES[place]),
        colour=HEADS[place],
        cards=cards,
        total=hands.total(place) if cards else None,
        due=next_place == place,
        tags=tags,
        won=won,
        s=s,
    )
