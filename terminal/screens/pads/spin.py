"""The number pad of the spin games: the pocket the ball (or the pointer) stopped at, entered
by hand. The value is the pocket's NUMBER, as a wheel's sensor reports it; the game makes the
outcome from it (`SpinGame.outcome(rules, number)`).

Which pad a game gets follows from its description, never from its id: a game whose outcome
is the number itself and whose numbers are 0-36 gets the roulette cloth (0 at the left over
three rows, twelve columns of three with 3-6-9 on top, in their colours); 1-9 the boule
cloth (three rows of three, 5 in the centre and yellow, section 04 II); any other numbers a
plain grid. A game whose outcome is more than its number (the wheel of fortune: a segment
bearing a symbol) gets a grid of its pockets in the wheel's order from the datum, each
showing what it bears and its number in a corner.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from functools import partial
from math import ceil, sqrt
from typing import Any

import pygame

from games.boule import layout as boule_cloth
from games.fortune_wheel.layout import COUNTS as SYMBOLS
from games.game import SpinGame
from games.roulette import layout as roulette_cloth
from terminal.screens import kit
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

JOKER = "★"


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


def _coloured(n: int, red: Collection[int], black: Collection[int]) -> dict[str, Any]:
    if n in red:
        return {"colour": kit.RED, "note": "pads_red"}
    if n in black:
        return {"colour": kit.BLACK, "note": "pads_black"}
    return {}


def _roulette(red: Collection[int]) -> Cloth:
    black = set(range(1, 37)) - set(red)
    cells = [Cell(0, 0, 0, "0", kit.GREEN, rows=3)]
    for n in range(1, 37):
        column, row = 1 + (n - 1) // 3, 2 - (n - 1) % 3
        cells.append(Cell(n, column, row, str(n), **_coloured(n, red, black)))
    return Cloth(13, 3, tuple(cells))


def _boule() -> Cloth:
    cells = []
    for n in boule_cloth.NUMBERS:
        colour = _coloured(n, boule_cloth.RED, boule_cloth.BLACK) or {
            "colour": YELLOW,
            "text_colour": INK,
        }
        cells.append(Cell(n, (n - 1) % 3, (n - 1) // 3, str(n), **colour))
    return Cloth(3, 3, tuple(cells), aspect=2.0)


def _grid_of(count: int) -> tuple[int, int]:
    """Columns and rows for `count` cells, the grid about two and a half times as wide as it is
    tall: a dialog's body on a landscape display, where the rows are what runs short (the wheel
    of fortune's 54 segments keep a finger's 48 px at 800x480)."""
    columns = max(1, ceil(sqrt(count * 2.5)))
    return columns, ceil(count / columns)


def _numbers(numbers: Sequence[int]) -> Cloth:
    columns, rows = _grid_of(len(numbers))
    cells = tuple(
        Cell(n, i % columns, i // columns, str(n), kit.BUTTON) for i, n in enumerate(numbers)
    )
    return Cloth(columns, rows, cells)


def symbol_label(symbol: str) -> str:
    """A wheel of fortune symbol as its segment shows it: sym:20 is "20", joker:1 "★1"."""
    family, _, value = symbol.partition(":")
    return f"{JOKER}{value}" if family == "joker" else value


def _segments(game: SpinGame, rules: Any, pockets: Sequence[int]) -> Cloth:
    columns, rows = _grid_of(len(pockets))
    order = list(SYMBOLS)
    cells = []
    for i, number in enumerate(pockets):
        outcome = game.outcome(rules, number)
        symbol = outcome.get("symbol")
        if isinstance(symbol, str) and symbol in order:
            colour = kit.SYMBOL_COLOURS.get(symbol, kit.BUTTON)
            label = symbol_label(symbol)
        else:
            colour, label = kit.BUTTON, game.result_text(outcome)
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
    """The pad a spin game's description calls for (the module's docstring says which)."""
    pockets = list(game.pockets(rules))
    numbers = sorted(set(pockets))
    if any(game.outcome(rules, n) != {"number": n} for n in numbers):
        return _segments(game, rules, list(dict.fromkeys(pockets)))
    if numbers == list(roulette_cloth.NUMBERS):
        return _roulette(getattr(rules, "red", roulette_cloth.RED))
    if numbers == list(boule_cloth.NUMBERS):
        return _boule()
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
        c = self.cloth
        gap = max(4, body.w // 150)
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
