"""The number pad of the spin games: the pocket the ball (or the pointer) stopped at, entered
by hand. The value is the pocket's NUMBER, as a wheel's sensor reports it; the game makes the
outcome from it (`SpinGame.outcome(rules, number)`).

Which cells the pad shows is the game's screens' (`GameScreens.pockets_pad`,
terminal/screens/games/<game>/pad.py: the roulette cloth, boule's three rows of three, the wheel
of fortune's segments bearing its symbols). A game without them gets a plain grid of its numbers,
or, a game whose outcome is more than its number, a grid of its pockets in the wheel's order
from the datum (`segments`), each showing its outcome and its number in a corner.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from math import ceil, sqrt
from typing import Any

import pygame

from games.game import SpinGame
from terminal.screens import kit
from terminal.screens.games.base import screens_of
from terminal.screens.pads.base import (
    INK,
    YELLOW,
    Colour,
    Key,
    key,
    size_for,
    title,
    title_and_body,
)
from terminal.screens.pads.outcome import OutcomePad, Shown
from terminal.screens.texts import Texts

# what a pocket's outcome shows on its cell, its text and colour (None: the game's result text)
Face = Callable[[Mapping[str, Any]], tuple[str, Colour] | None]


@dataclass(frozen=True)
class Cell:
    """A pocket's number on the pad: where (grid column and row, and how many it spans), what
    it says and in which colours; `note` the catalogue key naming it on the confirmation."""

    number: int
    column: int
    row: int
    label: str
    colour: Colour
    text_colour: Colour = kit.TEXT
    columns: int = 1
    rows: int = 1
    corner: str = ""
    note: str = ""


@dataclass(frozen=True)
class Cloth:
    """The cells of a pad in a grid of `columns` x `rows`; `prompt` the catalogue key of the
    pad's title; a cell is at most `aspect` times as wide as it is tall."""

    columns: int
    rows: int
    cells: tuple[Cell, ...]
    prompt: str = "pads_enter_number"
    aspect: float = 10.0

    def turned(self) -> Cloth:
        """The cloth a quarter turn clockwise, as it lies before a croupier on a portrait
        display: the roulette's 0 on top, 1-2-3 its first row."""
        cells = tuple(
            replace(
                cell,
                column=self.rows - cell.row - cell.rows,
                row=cell.column,
                columns=cell.rows,
                rows=cell.columns,
            )
            for cell in self.cells
        )
        return Cloth(self.rows, self.columns, cells, self.prompt, self.aspect)


def coloured(n: int, red: Collection[int], black: Collection[int]) -> dict[str, Any]:
    """A cell's colour and the note naming it, for a number in `red` or `black` (else none)."""
    if n in red:
        return {"colour": kit.RED, "note": "pads_red"}
    if n in black:
        return {"colour": kit.BLACK, "note": "pads_black"}
    return {}


def grid_of(count: int) -> tuple[int, int]:
    """Columns and rows for `count` cells, the grid about two and a half times as wide as it is
    tall: a dialog's body on a landscape display, where the rows are what runs short (the wheel
    of fortune's 54 segments keep a finger's 48 px at 800x480)."""
    columns = max(1, ceil(sqrt(count * 2.5)))
    return columns, ceil(count / columns)


def _numbers(numbers: Sequence[int]) -> Cloth:
    columns, rows = grid_of(len(numbers))
    cells = tuple(
        Cell(n, i % columns, i // columns, str(n), kit.BUTTON) for i, n in enumerate(numbers)
    )
    return Cloth(columns, rows, cells)


def segments(game: SpinGame, rules: Any, face: Face | None = None) -> Cloth:
    """A grid of the game's pockets in the wheel's order from the datum, each showing what its
    outcome is (`face`, else the game's result text) and its number in a corner."""
    pockets = list(dict.fromkeys(game.pockets(rules)))
    columns, rows = grid_of(len(pockets))
    cells = []
    for i, number in enumerate(pockets):
        outcome = game.outcome(rules, number)
        shown = None if face is None else face(outcome)
        label, colour = shown or (game.result_text(outcome), kit.BUTTON)
        text_colour = INK if colour == YELLOW else kit.TEXT
        cells.append(
            Cell(
                number,
                i % columns,
                i // columns,
                label,
                colour,
                text_colour,
                corner=str(number),
                note="pads_segment",
            )
        )
    return Cloth(columns, rows, tuple(cells), prompt="pads_enter_segment")


def cloth(game: SpinGame, rules: Any) -> Cloth:
    """The pad of a spin game: its screens' pockets, else its numbers or its segments (the
    module's docstring says which)."""
    own = screens_of(game.id).pockets_pad
    if own is not None:
        return own(game, rules)
    numbers = sorted(set(game.pockets(rules)))
    if any(game.outcome(rules, n) != {"number": n} for n in numbers):
        return segments(game, rules)
    return _numbers(numbers)


class NumberPad(OutcomePad[int]):
    """The pockets of a spin game (`cloth`), one tap picking one: `value` is its number."""

    def __init__(self, game: SpinGame, rules: Any, on_pick: Callable[[int], object] | None = None):
        super().__init__(on_pick)
        self.game, self.rules = game, rules
        self.cloth = cloth(game, rules)
        self._cells = {cell.number: cell for cell in self.cloth.cells}

    def outcome(self) -> dict[str, Any] | None:
        """The outcome the game makes of the number picked (None before one is)."""
        return None if self.value is None else self.game.outcome(self.rules, self.value)

    def _rects(self, body: pygame.Rect) -> dict[int, pygame.Rect]:
        """Each pocket's key in `body`; the cloth turned on a portrait display too narrow for
        its columns to be a finger's size (a roulette's thirteen at 720 px)."""
        c = self.cloth
        gap = max(4, body.w // 150)
        if body.h > body.w and body.w - gap * (c.columns - 1) < c.columns * kit.MIN_TARGET:
            c = c.turned()
        h = (body.h - gap * (c.rows - 1)) // c.rows
        w = min((body.w - gap * (c.columns - 1)) // c.columns, int(h * c.aspect))
        left = body.centerx - (w * c.columns + gap * (c.columns - 1)) // 2
        return {
            cell.number: pygame.Rect(
                left + cell.column * (w + gap),
                body.y + cell.row * (h + gap),
                cell.columns * w + (cell.columns - 1) * gap,
                cell.rows * h + (cell.rows - 1) * gap,
            )
            for cell in c.cells
        }

    def layout(self, rect: pygame.Rect, texts: Texts) -> list[Key]:
        _, body = title_and_body(rect)
        rects = self._rects(body)
        share = 0.42 if self.cloth.cells[0].corner else 0.5
        # one size for every pocket's label: the one the widest label fits at
        size = min(size_for(cell.label, rects[cell.number], share) for cell in self.cloth.cells)
        return [
            key(
                rects[cell.number],
                cell.label,
                partial(self._picked, cell.number),
                f"pocket:{cell.number}",
                colour=cell.colour,
                label_colour=cell.text_colour,
                corner=cell.corner,
                selected=cell.number == self.value,
                size=size,
            )
            for cell in self.cloth.cells
        ]

    def paint(self, surface: pygame.Surface, rect: pygame.Rect, texts: Texts) -> None:
        line, _ = title_and_body(rect)
        title(surface, texts(self.cloth.prompt), line)

    def shown(self, value: int, texts: Texts) -> Shown:
        cell = self._cells[value]
        note = texts(cell.note, n=value) if cell.note else ""
        return Shown(cell.label, cell.colour, cell.text_colour, note)
