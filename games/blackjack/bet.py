"""A blackjack bet: a box's bet, `doubled` once its player doubles, its `stake` then the doubled
total (docs/bets.md); a split's bets and the insurances are bets of the same class."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.entries import ENTERED_PLAIN
from games.records import Bet


@dataclass(frozen=True)
class BlackjackBet(Bet):
    doubled: bool = False

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        if self.doubled:
            out["doubled"] = True
        return out

    @classmethod
    def json_fields(cls, d: Mapping[str, Any]) -> dict[str, Any]:
        return {**super().json_fields(d), "doubled": bool(d.get("doubled", False))}

    def entered_problem(self) -> str | None:
        """Never doubled: the engine doubles a bet when its player doubles."""
        return None if self.doubled is False else ENTERED_PLAIN
