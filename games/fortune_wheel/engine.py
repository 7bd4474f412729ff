"""The wheel of fortune engine: checks bets, settles a spin, handles a void spin.

Pure: it takes the round's bets and the segment the wheel stopped on and returns the records of
the round. A bet on a symbol wins its payout when the segment bears it and is lost otherwise
(section 10 IV.1), so nothing carries over between spins. The outcome names the segment and the
symbol read on it; the two must agree with the profile's wheel, so that a misread segment or a
wheel that does not match its profile stops the table instead of paying the wrong bets.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.banking import FixedOddsEngine, SpinResult
from games.fortune_wheel.announcements import announce
from games.fortune_wheel.rules import FortuneWheelRules
from games.records import Announcement, Bet


@dataclass(frozen=True)
class FortuneWheelState:
    last_segment: int | None = None


class FortuneWheelEngine(FixedOddsEngine):
    game = "fortune_wheel"
    rules: FortuneWheelRules

    def spin(
        self,
        state: FortuneWheelState,
        bets: Sequence[Bet],
        segment: int,
        *,
        last_round: bool = False,
    ) -> SpinResult:
        """Settle the round's `bets` on the segment the wheel stopped on, its symbol taken from
        the profile's wheel (for a reader that gives the segment alone, and for simulation)."""
        segments = self.rules.segments
        symbol = (
            segments[segment] if type(segment) is int and 0 <= segment < len(segments) else None
        )
        return self.settle(
            state, bets, {"segment": segment, "symbol": symbol}, last_round=last_round
        )

    def announcement(self, key: str, **params: Any) -> Announcement:
        """place_bets, no_more_bets, result (symbol=), last_rounds (n=), void_spin."""
        return announce(key, **params)

    def _spot(self, outcome: Mapping[str, Any]) -> tuple[int, dict[str, Any]]:
        segment, symbol = outcome.get("segment"), outcome.get("symbol")
        segments = self.rules.segments
        if type(segment) is not int or not 0 <= segment < len(segments):
            raise ValueError(f"no segment {segment!r} on the wheel (0-{len(segments) - 1})")
        if symbol != segments[segment]:
            raise ValueError(f"segment {segment} bears {segments[segment]}, not {symbol!r}")
        return segment, {"segment": segment, "symbol": symbol}

    def _state(self, outcome: dict[str, Any] | None) -> FortuneWheelState:
        return FortuneWheelState(last_segment=None if outcome is None else outcome["segment"])

    def _result_announcement(self, outcome: dict[str, Any]) -> Announcement:
        return announce("result", symbol=outcome["symbol"])
