"""The punto banco road: the shoe's coups as the players expect to read them on the players'
display (the "big road", gran camí), and the counts of banker, player and tie wins.

The big road is a grid of six rows. Each coup the banker wins is a red ring, each the player
wins a blue one; a streak of one side goes down a column, and the other side's win starts the
next column at the top. A tie is no cell of its own: it is marked (a green stroke, with a count
when there are several) on the cell of the coup before it; ties before the shoe's first win
are marked on the cell that win comes to. A streak that reaches the bottom row, or a cell
already taken, turns right along its row: the dragon tail; the next streak still starts in the
column after the last one started.

`ShoeRoad` keeps the coups of the shoe in play as the screen's model takes the journal's events
(a model listener): a new shoe (`shoe.loaded`) starts an empty road, each `round.result` adds
its coup, a `round.correction` replaces its round's. A screen started during a shoe knows the
coups from then on, as the wheel games' statistics know the session's results.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from terminal.screens import kit
from terminal.screens.games.punto_banco.deal import BANKER, PLAYER, TIE, Hands

ROWS = 6
# the road's colours on the display's near-black: banker red, player blue, tie green
ROAD_COLOURS = {BANKER: (226, 46, 56), PLAYER: (52, 120, 236), TIE: (40, 176, 84)}
GRID = (52, 56, 66)


@dataclass
class Cell:
    """One cell of the big road: its column and row, the side that won (None: ties before the
    shoe's first win, waiting for it), the ties marked on it."""

    column: int
    row: int
    winner: str | None
    ties: int = 0


def big_road(results: Sequence[str], rows: int = ROWS) -> list[Cell]:
    """The cells of the big road of `results` (PLAYER, BANKER or TIE, in the order played)."""
    cells: list[Cell] = []
    taken: set[tuple[int, int]] = set()
    start = -1  # the column the streak in play started in
    previous: str | None = None
    for result in results:
        if result == TIE:
            if not cells:
                cells.append(Cell(0, 0, None))
                taken.add((0, 0))
                start = 0
            cells[-1].ties += 1
            continue
        if previous is None:  # the shoe's first win: in the first cell, ties already on it
            if cells:
                cells[0].winner = result
            else:
                cells.append(Cell(0, 0, result))
                taken.add((0, 0))
                start = 0
            previous = result
            continue
        last = cells[-1]
        if result == previous:
            column, row = last.column, last.row + 1
            if row >= rows or (column, row) in taken:  # the dragon tail turns right
                column, row = last.column + 1, last.row
                while (column, row) in taken:
                    column += 1
        else:
            start += 1
            while (start, 0) in taken:  # a tail along the top row took the cell
                start += 1
            column, row = start, 0
        cells.append(Cell(column, row, result))
        taken.add((column, row))
        previous = result
    return cells


def counts(results: Sequence[str]) -> dict[str, int]:
    return {side: sum(1 for r in results if r == side) for side in (BANKER, PLAYER, TIE)}


class ShoeRoad:
    """The coups of the shoe in play, by round, as the journal gave them (a model listener)."""

    def __init__(self) -> None:
        self.coups: dict[int, Mapping[str, Any]] = {}  # round -> outcome, in the order played
        self.cut_out = False  # the cut card came out: the coup in play is the shoe's last

    def heard(self, event: Mapping[str, Any]) -> None:
        kind, data = event["kind"], event["data"]
        if kind == "shoe.loaded":
            self.coups, self.cut_out = {}, False
        elif kind == "shoe.cut_card":
            self.cut_out = True
        elif kind == "round.result" or (
            kind == "round.correction" and event["round"] in self.coups
        ):
            self.coups[event["round"]] = data["outcome"]

    @property
    def results(self) -> list[str]:
        return [Hands.of(outcome).winner() for outcome in self.coups.values()]

    @property
    def last(self) -> Hands | None:
        if not self.coups:
            return None
        return Hands.of(list(self.coups.values())[-1])


def draw_road(
    surface: pygame.Surface, rect: pygame.Rect, results: Sequence[str], *, rows: int = ROWS
) -> int:
    """The big road of `results` in `rect`: square cells of the height's sixth, as many columns
    as the width takes, the newest columns shown when the road is longer. Returns the columns
    drawn."""
    cell = max(8, rect.h // rows)
    columns = max(1, rect.w // cell)
    grid = pygame.Rect(rect.x, rect.y, columns * cell, rows * cell)
    pygame.draw.rect(surface, (16, 17, 21), grid)
    for c in range(columns + 1):
        x = grid.x + c * cell
        pygame.draw.line(surface, GRID, (x, grid.y), (x, grid.bottom))
    for r in range(rows + 1):
        y = grid.y + r * cell
        pygame.draw.line(surface, GRID, (grid.x, y), (grid.right, y))
    cells = big_road(results, rows)
    last = max((c.column for c in cells), default=0)
    first = max(0, last - columns + 1)  # the road's newest columns
    ring = max(2, cell // 8)
    for each in cells:
        if each.column < first:
            continue
        box = pygame.Rect(
            grid.x + (each.column - first) * cell, grid.y + each.row * cell, cell, cell
        )
        inner = box.inflate(-max(4, cell // 6), -max(4, cell // 6))
        if each.winner is not None:
            pygame.draw.ellipse(surface, ROAD_COLOURS[each.winner], inner, ring)
        if each.ties:
            pygame.draw.line(
                surface,
                ROAD_COLOURS[TIE],
                (inner.x, inner.bottom),
                (inner.right, inner.y),
                max(2, ring),
            )
            if each.ties > 1:
                size = max(12, int(cell * 0.62))
                kit.centred(
                    surface,
                    str(each.ties),
                    box,
                    size=size,
                    colour=ROAD_COLOURS[TIE],
                )
    return columns
