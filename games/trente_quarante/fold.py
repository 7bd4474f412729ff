"""Trente et quarante's own state: the shoe's, and the bets in prison after a refait (section 05
V.1, as roulette's zero); a coup void by equal totals other than 31 leaves them as they were."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.cards.fold import ShoeFold
from games.prison import still_in_prison
from games.trente_quarante.bet import TrenteQuaranteBet
from games.trente_quarante.engine import TrenteQuaranteState
from games.trente_quarante.rows import leaves_prisoners


class TrenteQuaranteFold(ShoeFold):
    HANDLERS = {**ShoeFold.HANDLERS, "round.result": "on_round_result"}
    carried: tuple[TrenteQuaranteBet, ...] = ()  # the bets in prison

    def on_round_result(self, round_no: int | None, data: Mapping[str, Any]) -> None:
        self.carried = still_in_prison(
            data, TrenteQuaranteBet, caught=not leaves_prisoners(data["outcome"])
        )

    def engine_state(self) -> TrenteQuaranteState:
        return TrenteQuaranteState(prison=self.carried)
