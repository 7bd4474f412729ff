"""The roulettes' number pad: the cloth, 0 at the left over three rows, twelve columns of three
with 3-6-9 on top, in their colours (the rules' red numbers)."""

from __future__ import annotations

from typing import Any

from games.game import SpinGame
from games.roulette import layout as roulette_cloth
from terminal.screens import kit
from terminal.screens.pads.spin import Cell, Cloth, coloured


def pockets_pad(game: SpinGame, rules: Any) -> Cloth:
    """The roulette cloth under `rules` (its red numbers; None: the cloth's)."""
    red = getattr(rules, "red", roulette_cloth.RED)
    black = set(range(1, 37)) - set(red)
    cells = [Cell(0, 0, 0, "0", kit.GREEN, rows=3)]
    for n in range(1, 37):
        column, row = 1 + (n - 1) // 3, 2 - (n - 1) % 3
        cells.append(Cell(n, column, row, str(n), **coloured(n, red, black)))
    return Cloth(13, 3, tuple(cells))
