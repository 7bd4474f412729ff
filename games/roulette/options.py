"""American roulette's table-file section `[colours]`: the colours of its colour chips."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.options import GameSections, SectionReader, TableOptions


@dataclass(frozen=True)
class ColourOptions(TableOptions):
    colours: tuple[str, ...] = ()  # one box each by the wheel; none: no colour chips played

    def opening(self) -> dict[str, Any]:
        """The colours, journaled when the session opens (the fold's ColourChips read them)."""
        return {"colours": list(self.colours)} if self.colours else {}


def _read(section: Callable[[str], SectionReader]) -> ColourOptions:
    colours = section("colours")
    colours.only(("names",), "a colour-chip table's [colours]")
    if not colours.raw:
        return ColourOptions()
    names = colours.raw.get("names")
    if (
        not isinstance(names, list)
        or not names
        or len(set(names)) != len(names)
        or not all(isinstance(n, str) and n.strip() for n in names)
    ):
        raise colours.invalid("names", "a list of distinct colour names")
    return ColourOptions(tuple(names))


SECTIONS = GameSections(
    why={"colours": lambda games: f"colour chips are played at {games} tables only"},
    read=_read,
)
