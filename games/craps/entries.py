"""Craps' own entry: a bet taken back from the layout while bets are open (section 09), by the
croupier or by a simulated player."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.entries import (
    Crowd,
    Emitted,
    EntrySeen,
    GameEntry,
    SimulatedEntries,
    Take,
    clip,
    text_problem,
)
from games.reasons import reason, reason_of
from games.records import BetRefused

# why the croupier's withdrawal of a bet is refused (games/reasons.py): the bet, then why (the
# engine's own refusals are games/craps/engine.py's)
WHY = {
    "withdrawal_refused": "bet {id}: {reason}",
    "withdrawal_bets_closed": "bets are withdrawn only while bets are open",
}


@dataclass(frozen=True)
class Withdrawal(GameEntry):
    """The bet `bet_id` taken back from the layout: its stake goes back whole."""

    bet_id: Any
    kind = "withdrawal"

    def take(self, seen: EntrySeen) -> Emitted | str:
        refusal = self._withdrawn(seen)
        if isinstance(refusal, str):
            return reason(WHY, "withdrawal_refused", id=f"{clip(self.bet_id)}", reason=refusal)
        return refusal

    def _withdrawn(self, seen: EntrySeen) -> Emitted | str:
        if (problem := text_problem("the bet id", self.bet_id)) is not None:
            return problem
        if not seen.bets_open:
            return reason(WHY, "withdrawal_bets_closed")
        state = seen.own.engine_state()
        try:
            _, entry = seen.engine.withdraw(state, self.bet_id)
        except BetRefused as refused:
            return refused.reason
        except ValueError as e:
            return reason_of(e)
        bet = next(b for b in state.layout if b.id == self.bet_id)
        return Emitted(
            "bet.withdrawn", {"bet": bet.to_json(), "returned": entry.returned}, returned=(bet,)
        )


ENTRIES = (Withdrawal,)


def _withdraw_some(seen: EntrySeen, crowd: Crowd, take: Take) -> None:
    """The simulated players take back some of their bets that may be withdrawn."""
    for bet in crowd.withdrawals(seen.own.carried):
        if seen.engine.can_withdraw(seen.own.engine_state(), bet.id) is None:
            take(Withdrawal(bet.id))


SIMULATED = SimulatedEntries(before_bets=_withdraw_some)
