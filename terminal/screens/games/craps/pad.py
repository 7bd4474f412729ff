"""Craps' outcome pad, the dice pad: two dice, each a row of its six faces drawn with pips; the
value is the pair (d1, d2) once both are picked."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from games.craps.dice import FACES
from games.game import Game
from terminal.screens import kit
from terminal.screens.pads.base import (
    INK,
    WHITE,
    Key,
    centred,
    key,
    title,
    title_and_body,
)
from terminal.screens.pads.outcome import OutcomePad, Shown
from terminal.screens.texts import Texts

# where a face's pips are, on a 3 x 3 grid (column, row)
PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)),
}


def pips(surface: pygame.Surface, rect: pygame.Rect, face: int) -> None:
    """Die `face` drawn as its pips in the square centred in `rect`."""
    side = min(rect.w, rect.h) - 8
    square = pygame.Rect(0, 0, side, side)
    square.center = rect.center
    step, radius = side / 4, max(3, side // 11)
    for column, row in PIPS[face]:
        centre = (
            round(square.x + step * (column + 1)),
            round(square.y + step * (row + 1)),
        )
        pygame.draw.circle(surface, INK, centre, radius)


class DicePad(OutcomePad[tuple[int, int]]):
    """Two rows of die faces (keys "die1:5", "die2:2"): `value` is (d1, d2) once a face of
    each die is picked, and each tap that completes or changes a pair calls `on_pick`."""

    def __init__(self, on_pick: Callable[[tuple[int, int]], object] | None = None):
        super().__init__(on_pick)
        self.dice: list[int | None] = [None, None]

    def clear(self) -> None:
        super().clear()
        self.dice = [None, None]

    def pick(self, die: int, face: int) -> None:
        """Die `die` (0 or 1) shows `face`."""
        self.dice[die] = face
        d1, d2 = self.dice
        if d1 is not None and d2 is not None:
            self._picked((d1, d2))

    def _rows(self, body: pygame.Rect) -> list[tuple[pygame.Rect, list[pygame.Rect]]]:
        rows = []
        for row in kit.grid(body, 1, 2, gap=max(10, body.h // 20)):
            label_w = row.w // 7
            faces = pygame.Rect(row.x + label_w, row.y, row.w - label_w, row.h)
            side = min(row.h, (faces.w - 5 * 8) // 6)
            strip = pygame.Rect(0, 0, side * 6 + 8 * 5, side)
            strip.center = faces.center
            label = pygame.Rect(row.x, row.y, label_w, row.h)
            rows.append((label, kit.grid(strip, 6, 1, gap=8)))
        return rows

    def layout(self, rect: pygame.Rect, texts: Texts) -> list[Key]:
        _, body = title_and_body(rect)
        keys = []
        for die, (_, faces) in enumerate(self._rows(body)):
            for face, cell in zip(FACES, faces):
                keys.append(
                    key(
                        cell,
                        str(face),
                        partial(self.pick, die, face),
                        f"die{die + 1}:{face}",
                        colour=WHITE,
                        face=partial(pips, face=face),
                        selected=self.dice[die] == face,
                    )
                )
        return keys

    def paint(self, surface: pygame.Surface, rect: pygame.Rect, texts: Texts) -> None:
        line, body = title_and_body(rect)
        title(surface, texts("pads_enter_dice"), line)
        for die, (label, _) in enumerate(self._rows(body)):
            centred(surface, texts("pads_die", n=die + 1), label, share=0.22)

    def shown(self, value: tuple[int, int], texts: Texts) -> Shown:
        d1, d2 = value
        return Shown(f"{d1} + {d2} = {d1 + d2}")


def outcome_pad(
    game: Game, rules: Any, on_pick: Callable[[tuple[int, int]], object] | None = None
) -> DicePad:
    """Craps' outcome pad (its rules change none of it)."""
    return DicePad(on_pick)
