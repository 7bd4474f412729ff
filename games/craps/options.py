"""Craps' table-file section `[craps]`: the seats the dice go round and the dice change."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.options import DEFAULT_SEATS, MAX_SEATS, GameSections, SectionReader, TableOptions

MAX_DICE_CHANGE_ROLLS = 10_000


@dataclass(frozen=True)
class CrapsOptions(TableOptions):
    seats: int = DEFAULT_SEATS  # places round the table the dice are offered to, clockwise from 1
    # the pit boss changes the dice after so many rolls; 0: only when asked
    dice_change_rolls: int = 0

    def rounds(self) -> dict[str, Any]:
        return {"dice_change_rolls": self.dice_change_rolls}


def _read(section: Callable[[str], SectionReader]) -> CrapsOptions:
    craps = section("craps")
    craps.only(("seats", "dice_change_rolls"), "a craps table's [craps]")
    return CrapsOptions(
        seats=craps.whole("seats", DEFAULT_SEATS, high=MAX_SEATS),
        dice_change_rolls=craps.whole(
            "dice_change_rolls",
            0,
            low=0,
            high=MAX_DICE_CHANGE_ROLLS,
            note="0 for no automatic change",
        ),
    )


SECTIONS = GameSections(
    why={"craps": lambda games: f"the seats the dice go round and the dice change are {games}'"},
    read=_read,
    seats_are="the places the dice go round",
)
