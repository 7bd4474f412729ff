"""Stud poker's table-file section `[carrousel]`: the casino's carrousel pool, if it has one."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from games.options import GameSections, SectionReader, TableOptions


@dataclass(frozen=True)
class CarrouselOptions(TableOptions):
    pool: str | None = None  # `dealer-terminal carrousel serve`'s endpoint; None: the table's own


def _read(section: Callable[[str], SectionReader]) -> CarrouselOptions:
    carrousel = section("carrousel")
    if not carrousel.present:
        return CarrouselOptions()
    carrousel.only(("endpoint",), "a poker table's [carrousel]")
    return CarrouselOptions(carrousel.endpoint("endpoint", bind=False))


SECTIONS = GameSections(
    why={"carrousel": lambda games: f"the carrousel is poker's ({games})"},
    read=_read,
)
