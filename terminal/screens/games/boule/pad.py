"""Boule's number pad: three rows of three, 5 in the centre and yellow (section 04 II)."""

from __future__ import annotations

from typing import Any

from games.boule import layout as boule_cloth
from games.game import SpinGame
from terminal.screens.pads.base import INK, YELLOW
from terminal.screens.pads.spin import Cell, Cloth, coloured


def pockets_pad(game: SpinGame, rules: Any) -> Cloth:
    """Boule's nine numbers (its rules change none of them)."""
    cells = []
    for n in boule_cloth.NUMBERS:
        colour = coloured(n, boule_cloth.RED, boule_cloth.BLACK) or {
            "colour": YELLOW,
            "text_colour": INK,
        }
        cells.append(Cell(n, (n - 1) % 3, (n - 1) // 3, str(n), **colour))
    return Cloth(3, 3, tuple(cells), aspect=2.0)
