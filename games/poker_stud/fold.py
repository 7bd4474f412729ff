"""Stud poker's own state: the shoe's, and the casino's carrousel pool as this table last saw
it (the pool before a coup's coins when they were settled, after the coup once journaled)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.cards.fold import ShoeFold
from games.poker_stud.engine import StudState


class PokerFold(ShoeFold):
    HANDLERS = {
        **ShoeFold.HANDLERS,
        "carrousel.pool": "on_carrousel_pool",
        "round.result": "on_round_result",
    }

    def __init__(self) -> None:
        super().__init__()
        self.pool = 0
        self.pool_round: int | None = None  # the round whose coins the casino's pool last settled

    def on_carrousel_pool(self, round_no: int | None, data: Mapping[str, Any]) -> None:
        self.pool = data["pool_before"]
        self.pool_round = round_no

    def on_round_result(self, round_no: int | None, data: Mapping[str, Any]) -> None:
        if "carrousel" in data:
            self.pool = data["carrousel"]["pool_after"]

    def engine_state(self) -> StudState:
        return StudState(pool=self.pool)
