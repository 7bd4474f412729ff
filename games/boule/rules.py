"""A boule rulebook profile, validated: payouts, maximum stakes, advance, closing.

The values are data (config/rulebooks/<profile>/boule.toml); this module checks them and
derives what follows from them: table limits, the opening advance and each bet's house edge.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from games.banking import TableRules
from games.boule.layout import (
    EVEN_CHANCES,
    FAMILIES,
    HOLES,
    HOLES_PER_NUMBER,
    NUMBERS,
    all_codes,
    covers,
    family,
)
from games.odds import BetOdds
from games.profile import (
    RulebookError,
    Section,
    game_id,
    payment_order,
    positive_int,
    read_bets,
    refuse_player_edges,
    text,
)

_KEYS = ("game", "source", "advance_multiple", "closing_rounds", "payment_order", "bets")
# Section 04 IV.b: the authorised maximum is 40 to 100 minimums on a number and 200 to 500 on
# a simple chance; a profile states the value its authorisation fixed within those bounds.
MAX_MULTIPLE_RANGE = {"number": (40, 100), **{chance: (200, 500) for chance in EVEN_CHANCES}}
_NUMBERS_COVERED = {family(code): len(covers(code)) for code in all_codes()}


@dataclass(frozen=True)
class BouleRules(TableRules):
    regulation: str  # the profile's `source`: the text and section it implements
    payouts: Mapping[str, Fraction]  # winnings per unit staked, by family
    max_multiple: Mapping[str, int]  # maximum stake per player and family, in table minimums
    advance_multiple: int  # the opening advance, in table minimums
    closing_rounds: int  # spins announced before the table closes
    payment_order: tuple[str, ...]  # the families, in the order their winning bets are paid
    allow_player_edge: frozenset[str]

    @classmethod
    def from_dict(cls, d: Mapping[str, Any], source: str) -> BouleRules:
        """The rules of a profile read from `source` (named in every error)."""
        profile = Section(d, source)
        profile.refuse_unknown_keys(_KEYS)
        profile.read("game", game_id("boule"), default="boule")
        bets = profile.section("bets")
        payouts, max_multiple, allowed = read_bets(
            bets, FAMILIES, max_multiple=lambda name: _within(*MAX_MULTIPLE_RANGE[name])
        )
        rules = cls(
            regulation=profile.read("source", text),
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
        """The numbers a legal bet code wins on."""
        return covers(code)

    def payout(self, code: str) -> Fraction:
        """The winnings per unit staked of a legal bet code."""
        return self.payouts[family(code)]

    def outcomes(self) -> tuple[tuple[dict[str, Any], Fraction], ...]:
        """Every outcome of one spin with its probability: the ball falls in any of the 18
        holes alike, and each number has two."""
        return tuple(({"number": n}, Fraction(HOLES_PER_NUMBER, HOLES)) for n in NUMBERS)

    def odds(self) -> list[BetOdds]:
        """Each family's exact odds, in the order of the layout's families. A simple chance
        covers four numbers; on 5 it is simply lost, so no more needs counting."""
        return [
            BetOdds(
                name,
                name,
                self.payouts[name],
                Fraction(_NUMBERS_COVERED[name] * HOLES_PER_NUMBER, HOLES),
            )
            for name in FAMILIES
        ]


def _within(low: int, high: int) -> Callable[[Any, str], int]:
    def parse(value: Any, at: str) -> int:
        multiple = positive_int(value, at)
        if not low <= multiple <= high:
            raise RulebookError(
                f"{at}: must be between {low} and {high} times the minimum (section 04 IV.b), "
                f"not {multiple}"
            )
        return multiple

    return parse
