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

from games.banking import BetOdds, limits_from_multiples
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
from games.profile import (
    RulebookError,
    Section,
    flag,
    game_id,
    parse_payout,
    positive_int,
    refuse_player_edges,
    text,
)
from games.records import Limits

_KEYS = ("game", "source", "advance_multiple", "closing_rounds", "bets")
_BET_KEYS = ("payout", "max_multiple", "allow_player_edge")
# Section 04 IV.b: the authorised maximum is 40 to 100 minimums on a number and 200 to 500 on
# a simple chance; a profile states the value its authorisation fixed within those bounds.
MAX_MULTIPLE_RANGE = {"number": (40, 100), **{chance: (200, 500) for chance in EVEN_CHANCES}}
_NUMBERS_COVERED = {family(code): len(covers(code)) for code in all_codes()}


@dataclass(frozen=True)
class BouleRules:
    regulation: str  # the profile's `source`: the text and section it implements
    payouts: Mapping[str, Fraction]  # winnings per unit staked, by family
    max_multiple: Mapping[str, int]  # maximum stake per player and family, in table minimums
    advance_multiple: int  # the opening advance, in table minimums
    closing_rounds: int  # spins announced before the table closes
    allow_player_edge: frozenset[str]

    @classmethod
    def from_dict(cls, d: Mapping[str, Any], source: str) -> BouleRules:
        """The rules of a profile read from `source` (named in every error)."""
        profile = Section(d, source)
        profile.refuse_unknown_keys(_KEYS)
        profile.read("game", game_id("boule"), default="boule")
        bets = profile.section("bets")
        bets.refuse_unknown_keys(FAMILIES)
        payouts, max_multiple, allowed = {}, {}, set()
        for name in FAMILIES:
            bet = bets.section(name)
            bet.refuse_unknown_keys(_BET_KEYS)
            payouts[name] = bet.read("payout", parse_payout)
            max_multiple[name] = bet.read("max_multiple", _within(*MAX_MULTIPLE_RANGE[name]))
            if bet.read("allow_player_edge", flag, default=False):
                allowed.add(name)
        rules = cls(
            regulation=profile.read("source", text),
            payouts=MappingProxyType(payouts),
            max_multiple=MappingProxyType(max_multiple),
            advance_multiple=profile.read("advance_multiple", positive_int),
            closing_rounds=profile.read("closing_rounds", positive_int),
            allow_player_edge=frozenset(allowed),
        )
        refuse_player_edges(rules.odds(), rules.allow_player_edge, bets)
        return rules

    def limits(self, minimum: int, chip_unit: int) -> Limits:
        """The table's limits: each family's maximum per player is its multiple of the minimum."""
        return limits_from_multiples(minimum, chip_unit, self.max_multiple)

    def advance(self, minimum: int) -> int:
        """The chips a table opens with (and every top-up)."""
        return self.advance_multiple * minimum

    def codes(self) -> tuple[str, ...]:
        """Every legal bet code."""
        return all_codes()

    def covers(self, code: str) -> frozenset[int]:
        """The numbers a legal bet code wins on."""
        return covers(code)

    def payout(self, code: str) -> Fraction:
        """The winnings per unit staked of a legal bet code."""
        return self.payouts[family(code)]

    def outcomes(self) -> tuple[tuple[dict, Fraction], ...]:
        """Every outcome of one spin with its probability: the ball falls in any of the 18
        holes alike, and each number has two."""
        return tuple(({"number": n}, Fraction(HOLES_PER_NUMBER, HOLES)) for n in NUMBERS)

    def odds(self) -> list[BetOdds]:
        """Each family's exact odds, in the order of the layout's families. A simple chance
        covers four numbers; on 5 it is simply lost, so no more needs counting."""
        return [
            BetOdds(name, name, self.payouts[name], Fraction(_NUMBERS_COVERED[name] * HOLES_PER_NUMBER, HOLES))
            for name in FAMILIES
        ]


def _within(low: int, high: int) -> Callable[[Any, str], int]:
    def parse(value: Any, at: str) -> int:
        multiple = positive_int(value, at)
        if not low <= multiple <= high:
            raise RulebookError(
                f"{at}: must be between {low} and {high} times the minimum (section 04 IV.b), not {multiple}"
            )
        return multiple

    return parse
