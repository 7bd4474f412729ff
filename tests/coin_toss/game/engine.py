"""The coin toss's engine: every bet wins its payout or is lost on one toss."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.banking import FixedOddsEngine
from games.records import Announcement
from tests.coin_toss.game.announcements import announce
from tests.coin_toss.game.layout import POCKETS


@dataclass(frozen=True)
class CoinTossState:
    last: int | None = None


class CoinTossEngine(FixedOddsEngine):
    game = "coin_toss"

    def announcement(self, key: str, **params: Any) -> Announcement:
        return announce(key, **params)

    def _spot(self, outcome: Mapping[str, Any]) -> tuple[int, dict[str, Any]]:
        number = outcome.get("number")
        if type(number) is not int or number not in POCKETS:
            raise ValueError(f"no pocket {number!r} on the coin toss")
        return number, {"number": number}

    def _state(self, outcome: dict[str, Any] | None) -> CoinTossState:
        return CoinTossState(last=None if outcome is None else outcome["number"])

    def _result_announcement(self, outcome: dict[str, Any]) -> Announcement:
        return announce("result", number=outcome["number"])
