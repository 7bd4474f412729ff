"""A coin toss rulebook profile, validated: each side's payout and maximum, the advance, the
closing rounds."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from games.banking import TableRules
from games.odds import BetOdds
from games.profile import (
    Section,
    game_id,
    positive_int,
    read_bets,
    refuse_player_edges,
    text,
)
from tests.coin_toss.game.layout import FAMILIES, POCKETS, all_codes, covers

_KEYS = ("game", "source", "advance_multiple", "closing_rounds", "bets")


@dataclass(frozen=True)
class CoinTossRules(TableRules):
    regulation: str
    payouts: Mapping[str, Fraction]
    max_multiple: Mapping[str, int]
    advance_multiple: int
    closing_rounds: int
    allow_player_edge: frozenset[str]

    @classmethod
    def from_dict(cls, d: Mapping[str, Any], source: str) -> CoinTossRules:
        profile = Section(d, source)
        profile.refuse_unknown_keys(_KEYS)
        profile.read("game", game_id("coin_toss"), default="coin_toss")
        bets = profile.section("bets")
        payouts, max_multiple, allowed = read_bets(bets, FAMILIES)
        rules = cls(
            regulation=profile.read("source", text),
            payouts=MappingProxyType(payouts),
            max_multiple=MappingProxyType(max_multiple),
            advance_multiple=profile.read("advance_multiple", positive_int),
            closing_rounds=profile.read("closing_rounds", positive_int),
            allow_player_edge=allowed,
        )
        refuse_player_edges(rules.odds(), rules.allow_player_edge, bets)
        return rules

    def codes(self) -> tuple[str, ...]:
        return all_codes()

    def covers(self, code: str) -> frozenset[int]:
        return covers(code)

    def payout(self, code: str) -> Fraction:
        return self.payouts[code]

    def outcomes(self) -> tuple[tuple[dict[str, Any], Fraction], ...]:
        """Every pocket alike."""
        return tuple(({"number": n}, Fraction(1, len(POCKETS))) for n in POCKETS)

    def odds(self) -> list[BetOdds]:
        return [
            BetOdds(name, name, self.payouts[name], Fraction(1, len(POCKETS))) for name in FAMILIES
        ]
