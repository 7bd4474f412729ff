"""Chemin de fer's own state, folded from the journal: the shoe (games/cards/fold.py), the
bank's life from the `bank.*`, `seat.lost` and `table.pause`/`table.resume` events, and each
coup's effect on the bank and the banco suivi right (`engine.after_coup`), so that a restart at
any moment resumes the bank, its holders, its garage and the offer under way."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.cards.fold import ShoeFold
from games.chemin_de_fer.engine import ChemState, after_coup, bank_event
from games.circle import CircleBet


class ChemFold(ShoeFold):
    HANDLERS = {
        **ShoeFold.HANDLERS,
        "bank.offer": "on_bank_offer",
        "bank.declined": "on_bank_declined",
        "bank.auction": "on_bank_auction",
        "bank.taken": "on_bank_taken",
        "bank.associate": "on_bank_associate",
        "bank.increase": "on_bank_increase",
        "bank.garage": "on_bank_garage",
        "bank.passed": "on_bank_passed",
        "seat.lost": "on_seat_lost",
        "table.pause": "on_table_pause",
        "table.resume": "on_table_resume",
        "round.result": "on_round_result",
    }

    def __init__(self) -> None:
        super().__init__()
        self.state = ChemState()
        self.bank_since: str | None = None  # a bank event since the last result: its kind

    def _bank(self, kind: str, data: Mapping[str, Any]) -> None:
        self.state = bank_event(self.state, kind, data)
        self.bank_since = self.bank_since or kind

    def correction_problem(self) -> str | None:
        """A coup's result is corrected only while the bank it left is as it left it: once the
        bank passed, was offered, garaged, added to (`bank_since`), its life went on from the
        journaled result, and what the coup truly was is a dispute for the inspector's books."""
        if self.bank_since is None:
            return None
        return (
            f"the bank changed since the last coup ({self.bank_since}): its result stands, "
            "a dispute goes to the inspector's books"
        )

    def on_bank_offer(self, round_no: int | None, data: Mapping[str, Any]) -> None:
        self._bank("bank.offer", data)

    def on_bank_declined(self, round_no: int | None, data: Mapping[str, Any]) -> None:
        self._bank("bank.declined", data)

    def on_bank_auction(self, round_no: int | None, data: Mapping[str, Any]) -> None:
        self._bank("bank.auction", data)

    def on_bank_taken(self, round_no: int | None, data: Mapping[str, Any]) -> None:
        self._bank("bank.taken", data)

    def on_bank_associate(self, round_no: int | None, data: Mapping[str, Any]) -> None:
        self._bank("bank.associate", data)

    def on_bank_increase(self, round_no: int | None, data: Mapping[str, Any]) -> None:
        self._bank("bank.increase", data)

    def on_bank_garage(self, round_no: int | None, data: Mapping[str, Any]) -> None:
        self._bank("bank.garage", data)

    def on_bank_passed(self, round_no: int | None, data: Mapping[str, Any]) -> None:
        self._bank("bank.passed", data)

    def on_seat_lost(self, round_no: int | None, data: Mapping[str, Any]) -> None:
        self._bank("seat.lost", data)

    def on_table_pause(self, round_no: int | None, data: Mapping[str, Any]) -> None:
        self._bank("table.pause", data)

    def on_table_resume(self, round_no: int | None, data: Mapping[str, Any]) -> None:
        self._bank("table.resume", data)

    def on_round_result(self, round_no: int | None, data: Mapping[str, Any]) -> None:
        outcome = data["outcome"]
        bets = {bet["id"]: bet for bet in data["bets"]}
        holder = CircleBet.from_json(bets[outcome["holder"]])
        self.state = after_coup(self.state, outcome, holder, len(bets) - 1)
        self.bank_since = None

    def engine_state(self) -> ChemState:
        return self.state

    def to_json(self) -> dict[str, Any]:
        bank = self.state.bank.bank
        held = (
            None
            if bank is None
            else {
                "banker": bank.banker,
                "amount": bank.amount,
                "garage": bank.garage,
                "lost": bank.lost,  # it passes before the next coup
            }
        )
        return {**super().to_json(), "bank": held, "offer": self.state.bank.offer}
