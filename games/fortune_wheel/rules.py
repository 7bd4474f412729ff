"""A wheel of fortune rulebook profile, validated: the wheel, payouts, limits, advance, closing.

The values are data (config/rulebooks/<profile>/fortune_wheel.toml); this module checks them and
derives what follows from them: table limits, the opening advance and each bet's house edge.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from games.banking import TableRules
from games.fortune_wheel.layout import COUNTS, FAMILIES, SEGMENTS, all_codes, family
from games.odds import BetOdds
from games.profile import (
    RulebookError,
    Section,
    game_id,
    parse_payout,
    payment_order,
    positive_int,
    read_bets,
    refuse_player_edges,
    text,
)

_KEYS = (
    "game",
    "source",
    "segments",
    "advance_multiple",
    "closing_rounds",
    "payment_order",
    "bets",
)


@dataclass(frozen=True)
class FortuneWheelRules(TableRules):
    regulation: str  # the profile's `source`: the text and section it implements
    segments: tuple[str, ...]  # the symbol of each segment, clockwise from the wheel's datum
    payouts: Mapping[str, Fraction]  # winnings per unit staked, by code
    max_multiple: Mapping[str, int]  # maximum stake per player and family, in table minimums
    advance_multiple: int  # the opening advance, in table minimums
    closing_rounds: int  # spins announced before the table closes
    payment_order: tuple[str, ...]  # the families, in the order their winning bets are paid
    allow_player_edge: frozenset[str]  # families

    @classmethod
    def from_dict(cls, d: Mapping[str, Any], source: str) -> FortuneWheelRules:
        """The rules of a profile read from `source` (named in every error)."""
        profile = Section(d, source)
        profile.refuse_unknown_keys(_KEYS)
        profile.read("game", game_id("fortune_wheel"), default="fortune_wheel")
        bets = profile.section("bets")
        payouts, max_multiple, allowed = read_bets(
            bets, FAMILIES, payouts=lambda bet, name: _payouts(bet.section("payout"), name)
        )
        rules = cls(
            regulation=profile.read("source", text),
            segments=profile.read("segments", _segments),
            payouts=MappingProxyType(payouts),
            max_multiple=MappingProxyType(max_multiple),
            advance_multiple=profile.read("advance_multiple", positive_int),
            closing_rounds=profile.read("closing_rounds", positive_int),
            payment_order=profile.read("payment_order", payment_order(FAMILIES)),
            allow_player_edge=allowed,
        )
        refuse_player_edges(rules.odds(), rules.allow_player_edge, bets)
        return rules

    def codes(self) -> tuple[str, ...]:
        """Every legal bet code."""
        return all_codes()

    def covers(self, code: str) -> frozenset[int]:
        """The segments a legal bet code wins on."""
        return frozenset(i for i, symbol in enumerate(self.segments) if symbol == code)

    def payout(self, code: str) -> Fraction:
        """The winnings per unit staked of a legal bet code."""
        return self.payouts[code]

    def outcomes(self) -> tuple[tuple[dict[str, Any], Fraction], ...]:
        """Every outcome of one spin with its probability: the wheel stops on any segment alike."""
        return tuple(
            ({"segment": i, "symbol": s}, Fraction(1, SEGMENTS))
            for i, s in enumerate(self.segments)
        )

    def odds(self) -> list[BetOdds]:
        """Each bet's exact odds, in the order of the table's boxes."""
        return [
            BetOdds(family(code), code, self.payouts[code], Fraction(COUNTS[code], SEGMENTS))
            for code in all_codes()
        ]


def _payouts(table: Section, name: str) -> dict[str, Fraction]:
    """A family's payouts keyed by what follows ':' in its codes (`[bets.sym.payout]`,
    `20 = 20`)."""
    codes = [code for code in all_codes() if family(code) == name]
    table.refuse_unknown_keys([code.partition(":")[2] for code in codes])
    return {code: table.read(code.partition(":")[2], parse_payout) for code in codes}


def _segments(value: Any, at: str) -> tuple[str, ...]:
    """54 symbols, each borne by as many segments as the regulation gives it."""
    if not isinstance(value, list) or len(value) != SEGMENTS:
        raise RulebookError(
            f"{at}: must list the symbol of each of the {SEGMENTS} segments, clockwise from the "
            "datum"
        )
    for i, symbol in enumerate(value):
        if not isinstance(symbol, str) or symbol not in COUNTS:
            raise RulebookError(
                f"{at}: segment {i} bears {symbol!r}, not a symbol ({', '.join(COUNTS)})"
            )
    counted = Counter(value)
    wrong = [
        f"{code} on {counted[code]} instead of {n}"
        for code, n in COUNTS.items()
        if counted[code] != n
    ]
    if wrong:
        raise RulebookError(f"{at}: wrong number of segments: {'; '.join(wrong)}")
    return tuple(value)
