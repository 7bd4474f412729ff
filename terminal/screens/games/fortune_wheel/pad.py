"""The wheel of fortune's number pad: a grid of its segments in the wheel's order from the
datum, each showing the symbol it bears, in the symbol's colour, and its number in a corner."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.fortune_wheel.layout import COUNTS as SYMBOLS
from games.game import SpinGame
from terminal.screens import kit
from terminal.screens.pads.base import Colour
from terminal.screens.pads.spin import Cloth, segments

JOKER = "★"


def symbol_label(symbol: str) -> str:
    """A wheel of fortune symbol as its segment shows it: sym:20 is "20", joker:1 "★1"."""
    family, _, value = symbol.partition(":")
    return f"{JOKER}{value}" if family == "joker" else value


def _face(outcome: Mapping[str, Any]) -> tuple[str, Colour] | None:
    symbol = outcome.get("symbol")
    if isinstance(symbol, str) and symbol in SYMBOLS:
        return symbol_label(symbol), kit.SYMBOL_COLOURS.get(symbol, kit.BUTTON)
    return None


def pockets_pad(game: SpinGame, rules: Any) -> Cloth:
    """The segments of the wheel `rules` lays out."""
    return segments(game, rules, _face)
