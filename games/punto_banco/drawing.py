"""How a punto banco coup is dealt: the count of a hand and who draws a third card.

A card counts its face value, the ace one, tens and figures nothing; a hand counts the units of
the sum (docs/rulings.md: the classic rules; section 07 VI counts the same way). The cards go to the
player (punto), the banker (banca), the player, the banker; a two-card 8 or 9 is a natural and
both stand. Otherwise the player draws a third card on the totals of the profile (0 to 5), and
the banker follows the profile's table: his total against the player's third card, or against
"no third card" when the player stood.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games.cards.baccarat import NATURALS, count
from games.profile import RulebookError, Section

HANDS = ("player", "banker")
BANKER_TOTALS = range(8)  # the totals a banker who has no natural can have
DRAWS, STANDS = "D", "S"
# A row of the banker's table: the player stood, then the player's third card worth 0 to 9.
_COLUMNS = 11


@dataclass(frozen=True)
class Drawing:
    """The third-card rules: the totals on which the player draws, and the banker's table, one
    row per banker total (0 to 7) of "D" (draws) and "S" (stands), the first column for a
    player who stood, then one per value of the player's third card, 0 to 9."""

    player_draws: frozenset[int]
    banker: tuple[str, ...]

    def player_takes(self, player: int) -> bool:
        return player in self.player_draws

    def banker_takes(self, banker: int, third: int | None) -> bool:
        """Whether the banker with total `banker` draws when the player's third card is worth
        `third` (None: the player stood)."""
        return self.banker[banker][0 if third is None else 1 + third] == DRAWS

    def next_hand(self, player: Sequence[int], banker: Sequence[int]) -> str | None:
        """The hand the next card goes to, given the values dealt so far, or None once the
        coup is dealt."""
        if len(player) + len(banker) < 4:
            return HANDS[len(player) > len(banker)]
        p, b = count(player[:2]), count(banker[:2])
        if p in NATURALS or b in NATURALS:
            return None
        if len(player) == 2 and self.player_takes(p):
            return "player"
        if len(banker) == 2 and self.banker_takes(b, player[2] if len(player) == 3 else None):
            return "banker"
        return None

    @classmethod
    def read(cls, section: Section) -> Drawing:
        """The profile's `drawing` section: `player_draws` (totals) and `banker` (a row of
        eleven D or S for each total 0 to 7; spaces are ignored)."""
        section.refuse_unknown_keys(("player_draws", "banker"))
        player = section.read("player_draws", _player_draws)
        table = section.section("banker")
        table.refuse_unknown_keys([str(total) for total in BANKER_TOTALS])
        return cls(player, tuple(table.read(str(total), _banker_row) for total in BANKER_TOTALS))


def _player_draws(value: Any, at: str) -> frozenset[int]:
    if not isinstance(value, list) or any(
        type(t) is not int or t not in BANKER_TOTALS for t in value
    ):
        raise RulebookError(
            f"{at}: must list the player's totals (0 to 7) on which he draws, not {value!r}"
        )
    return frozenset(value)


def _banker_row(value: Any, at: str) -> str:
    row = value.replace(" ", "") if isinstance(value, str) else ""
    if len(row) != _COLUMNS or set(row) - {DRAWS, STANDS}:
        raise RulebookError(
            f"{at}: must be {_COLUMNS} letters D (draws) or S (stands): the player stood, then "
            f"his third card worth 0 to 9; not {value!r}"
        )
    return row
