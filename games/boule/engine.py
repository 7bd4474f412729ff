"""The boule engine: checks bets, settles a spin, handles a void spin.

Pure: it takes the round's bets and the number the ball fell on and returns the records of the
round. Every bet wins its payout or is lost (section 04 IV.a: a number pays 7 to 1, a simple
chance even money, and a 5 loses every simple chance), so nothing carries over between spins.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.banking import FixedOddsEngine, SpinResult
from games.boule.announcements import announce
from games.boule.layout import NUMBERS
from games.records import Announcement, Bet


@dataclass(frozen=True)
class BouleState:
    last_number: int | None = None


class BouleEngine(FixedOddsEngine):
    game = "boule"

    def spin(
        self, state: BouleState, bets: Sequence[Bet], number: int, *, last_round: bool = False
    ) -> SpinResult:
        """Settle the round's `bets` (already placed) on the number the ball fell on."""
        return self.settle(state, bets, {"number": number}, last_round=last_round)

    def announcement(self, key: str, **params: Any) -> Announcement:
        """place_bets, no_more_bets, result (number=), last_rounds (n=), void_spin."""
        return announce(key, **params)

    def _spot(self, outcome: Mapping[str, Any]) -> tuple[int, dict[str, Any]]:
        number = outcome.get("number")
        if type(number) is not int or number not in NUMBERS:
            raise ValueError(f"no number {number!r} on the boule (1-9)")
        return number, {"number": number}

    def _state(self, outcome: dict[str, Any] | None) -> BouleState:
        return BouleState(last_number=None if outcome is None else outcome["number"])

    def _result_announcement(self, outcome: dict[str, Any]) -> Announcement:
        return announce("result", number=outcome["number"])
