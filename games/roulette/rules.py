"""A roulette rulebook profile, validated: wheel, payouts, limits, payment order, zero rule.

The values are data, one file per game on the same cloth and wheel
(config/rulebooks/<profile>/roulette_fr.toml, roulette_us1.toml); this module checks them and
derives what follows from them: table limits, the opening advance and each bet's house edge.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from games.banking import TableRules
from games.odds import BetOdds
from games.profile import (
    RulebookError,
    Section,
    differences,
    flag,
    payment_order,
    positive_int,
    read_bets,
    refuse_player_edges,
    text,
)
from games.roulette.layout import (
    EVEN_CHANCES,
    FAMILIES,
    NUMBERS,
    RED,
    all_codes,
    covers,
)

ZERO_RULES = ("prison", "half")
_KEYS = (
    "game",
    "source",
    "wheel_order",
    "red",
    "zero_rule",
    "payment_order",
    "seat_paid_at_once",
    "advance_multiple",
    "closing_rounds",
    "bets",
)
_NUMBERS_COVERED = {code.partition(":")[0]: len(covers(code)) for code in all_codes()}


@dataclass(frozen=True)
class RouletteRules(TableRules):
    game: str  # the game id these rules are for (docs/bets.md), e.g. "roulette_us1"
    regulation: str  # the profile's `source`: the text and section it implements
    wheel_order: tuple[int, ...]  # clockwise from zero
    red: frozenset[int]
    zero_rule: (
        str  # "prison": the player chooses prison or half back; "half": even chances lose half
    )
    payouts: Mapping[str, Fraction]
    max_multiple: Mapping[str, int]  # maximum stake per family, in table minimums
    payment_order: tuple[str, ...]
    seat_paid_at_once: (
        bool  # a seat's winning bets are all paid together, at its first family's turn
    )
    advance_multiple: int  # the opening advance, in table minimums
    closing_rounds: int  # spins announced before the table closes
    allow_player_edge: frozenset[str]

    @classmethod
    def from_dict(cls, d: Mapping[str, Any], source: str) -> RouletteRules:
        """The rules of a profile read from `source` (named in every error)."""
        profile = Section(d, source)
        profile.refuse_unknown_keys(_KEYS)
        bets = profile.section("bets")
        payouts, max_multiple, allowed = read_bets(bets, FAMILIES)
        rules = cls(
            game=profile.read("game", text),
            regulation=profile.read("source", text),
            wheel_order=profile.read("wheel_order", _wheel_order),
            red=profile.read("red", _red),
            zero_rule=profile.read("zero_rule", _zero_rule),
            payouts=MappingProxyType(payouts),
            max_multiple=MappingProxyType(max_multiple),
            payment_order=profile.read("payment_order", payment_order(FAMILIES)),
            seat_paid_at_once=profile.read("seat_paid_at_once", flag),
            advance_multiple=profile.read("advance_multiple", positive_int),
            closing_rounds=profile.read("closing_rounds", positive_int),
            allow_player_edge=allowed,
        )
        refuse_player_edges(rules.odds(), rules.allow_player_edge, bets)
        return rules

    def codes(self) -> tuple[str, ...]:
        """Every legal bet code."""
        return all_codes()

    def outcomes(self) -> tuple[tuple[dict[str, Any], Fraction], ...]:
        """Every outcome of one spin with its probability (a fair wheel)."""
        return tuple(({"number": n}, Fraction(1, len(NUMBERS))) for n in NUMBERS)

    def odds(self) -> list[BetOdds]:
        """Every family's exact odds, in the order of the layout's families.

        An even chance caught by zero under the prison rule is assumed to be put in prison on
        every zero (never taken half back), and the rounding to chips, the minimum that forces
        prison and the last spin of a session are left out. Then an imprisoned bet of value
        V is returned with probability p (its chance wins) and goes on with value V/2 with
        probability z (zero again), so its expected return R = p V + z R/2, R = p V / (1 - z/2).
        With p = 18/37, z = 1/37 and payout 1 the bet returns 72/73 of its stake: an edge of
        1/73, against 1/74 for taking half back.
        """
        zero = Fraction(1, len(NUMBERS))
        rows = []
        for family in FAMILIES:
            payout, numbers = self.payouts[family], _NUMBERS_COVERED[family]
            p = Fraction(numbers, len(NUMBERS))
            if family not in EVEN_CHANCES:
                rows.append(BetOdds(family, family, payout, p, numbers=numbers))
                continue
            on_zero = {"half": Fraction(1, 2), "prison": p / (1 - zero / 2)}
            choices = ("prison", "half") if self.zero_rule == "prison" else ("half",)
            for choice in choices:
                edge = 1 - p * (1 + payout) - zero * on_zero[choice]
                rows.append(
                    BetOdds(
                        family, f"{family} ({choice} on zero)", payout, p, edge, choice, numbers
                    )
                )
        return rows


def _zero_rule(value: Any, at: str) -> str:
    if not isinstance(value, str) or value not in ZERO_RULES:
        raise RulebookError(f"{at}: must be one of {', '.join(ZERO_RULES)}, not {value!r}")
    return value


def _numbers(value: Any, at: str) -> tuple[int, ...]:
    if not isinstance(value, list) or any(type(n) is not int for n in value):
        raise RulebookError(f"{at}: must be a list of whole numbers")
    return tuple(value)


def _wheel_order(value: Any, at: str) -> tuple[int, ...]:
    """Clockwise from zero; section 01 II: the pockets are alternately red and black, zero
    apart, and never are two consecutive numbers side by side."""
    order = _numbers(value, at)
    if sorted(order) != list(NUMBERS):
        raise RulebookError(
            f"{at}: must list 0 to 36 once each ({differences(order, NUMBERS, 'not on a wheel')})"
        )
    for a, b in zip(order, order[1:] + order[:1]):
        if abs(a - b) == 1:
            raise RulebookError(
                f"{at}: {a} and {b} are side by side; consecutive numbers are never neighbours"
            )
        if 0 not in (a, b) and (a in RED) == (b in RED):
            raise RulebookError(f"{at}: {a} and {b} are side by side and of the same colour")
    return order


def _red(value: Any, at: str) -> frozenset[int]:
    red = _numbers(value, at)
    if sorted(red) != sorted(RED):
        raise RulebookError(
            f"{at}: must be the red numbers of the cloth ({differences(red, RED, 'not red')})"
        )
    return frozenset(red)
