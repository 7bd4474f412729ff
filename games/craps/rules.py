"""A craps rulebook profile, validated: payouts, limits, the opening advance, house edges.

The values are data (config/rulebooks/<profile>/craps.toml); this module checks them against
section 09 IV.2 (the limits) and docs/rulings.md (no bet may favour the player unless allowed), and
derives what follows from them. Payouts are winnings per unit staked, the stake kept.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from math import lcm
from types import MappingProxyType
from typing import Any, ClassVar, TypeVar

from games.banking import NO_STEPS, LeastStake, TableRules, limits_from_multiples
from games.craps.bets import (
    ASSOCIATED,
    BAR,
    BY_NUMBER,
    KEYS,
    MULTIPLE,
    ONE_ROLL,
    PLACED,
    SIMPLE,
    all_codes,
    parse_code,
)
from games.craps.dice import (
    CRAPS,
    NATURALS,
    PAIRS,
    POINTS,
    SEVEN,
    before_seven,
    chance,
    ways,
)
from games.money import exact_multiple
from games.odds import BetOdds
from games.profile import (
    Parse,
    RulebookError,
    Section,
    flag,
    parse_payout,
    positive_int,
    refuse_player_edges,
    text,
)
from games.records import Limits

Payout = Fraction | Mapping[int, Fraction]  # one payout, or one per number (BY_NUMBER)
T = TypeVar("T")
_KEYS = ("source", "advance_multiple", "simple_max_multiple", "bets")
_BET_KEYS = ("payout", "allow_player_edge", "erratum")
# Section 09 IV.2: the maximum on the simple chances lies between 100 and 1,000 minimums.
SIMPLE_MAX_RANGE = (100, 1000)


@dataclass(frozen=True)
class CrapsRules(TableRules):
    closing_rounds: ClassVar[int | None] = None  # craps closes with its last shooter
    regulation: str
    payouts: Mapping[str, Payout]
    simple_max_multiple: int  # maximum on the simple chances, in table minimums
    max_multiple: Mapping[str, int]  # the multiple chances, in table minimums
    max_percent: Mapping[
        str, Mapping[int, int]
    ]  # place/lay: of the simple maximum; odds: of the line bet
    advance_multiple: int
    errata: Mapping[str, str]  # key -> how the profile departs from the text, and why
    allow_player_edge: frozenset[str]
    unstepped: ClassVar[Mapping[str, str]] = MappingProxyType(
        {
            "odds": "odds have no minimum: they are taken in the stakes paid exactly "
            "(section 09 IV.1.C)"
        }
    )

    @classmethod
    def from_dict(cls, d: Mapping[str, Any], source: str) -> CrapsRules:
        """The rules of a profile read from `source` (named in every error)."""
        profile = Section(d, source)
        profile.refuse_unknown_keys(_KEYS)
        simple_max = profile.read("simple_max_multiple", _simple_max)
        bets = profile.section("bets")
        bets.refuse_unknown_keys(KEYS)
        payouts: dict[str, Payout] = {}
        max_multiple: dict[str, int] = {}
        max_percent: dict[str, Mapping[int, int]] = {}
        errata: dict[str, str] = {}
        allowed: set[str] = set()
        for key in KEYS:
            bet = bets.section(key)
            extra = (
                ("max_multiple",)
                if key in MULTIPLE
                else ("max_percent",)
                if key in (*ASSOCIATED, *PLACED)
                else ()
            )
            bet.refuse_unknown_keys((*_BET_KEYS, *extra))
            parse: Parse[Payout] = (
                _by_number(parse_payout, BY_NUMBER[key]) if key in BY_NUMBER else parse_payout
            )
            payouts[key] = bet.read("payout", parse)
            if key in MULTIPLE:
                max_multiple[key] = bet.read("max_multiple", positive_int)
                _check_multiple_maximum(bet, max_multiple[key], payouts[key], simple_max)
            elif extra:
                max_percent[key] = MappingProxyType(
                    bet.read("max_percent", _by_number(positive_int, POINTS))
                )
            if "erratum" in bet.values:
                errata[key] = bet.read("erratum", text)
            if bet.read("allow_player_edge", flag, default=False):
                allowed.add(key)
        rules = cls(
            regulation=profile.read("source", text),
            payouts=MappingProxyType(payouts),
            simple_max_multiple=simple_max,
            max_multiple=MappingProxyType(max_multiple),
            max_percent=MappingProxyType(max_percent),
            advance_multiple=profile.read("advance_multiple", positive_int),
            errata=MappingProxyType(errata),
            allow_player_edge=frozenset(allowed),
        )
        refuse_player_edges(rules.odds(), rules.allow_player_edge, bets)
        return rules

    def payout(self, key: str, number: int | None = None) -> Fraction:
        """The payout of the bets of `key` (at `number` for the keys paid by number)."""
        payout = self.payouts[key]
        if not isinstance(payout, Mapping):  # a key paid alike on every number
            return payout
        assert number is not None  # a key paid by number (BY_NUMBER) is asked at a number
        return payout[number]

    def limits(self, minimum: int, chip_unit: int, steps: Mapping[str, int] = NO_STEPS) -> Limits:
        """The table's maximum stakes, by family, and by code for place and lay bets (section 09
        IV.2 gives them per number), and its stake steps. Odds have no fixed maximum: it
        follows their line bet."""
        limits = limits_from_multiples(
            minimum,
            chip_unit,
            {**{family: self.simple_max_multiple for family in SIMPLE}, **self.max_multiple},
            steps,
        )
        simple = self.simple_max_multiple * minimum
        maxima = dict(limits.max)
        for key in PLACED:
            maxima.update(
                (f"{key}:{n}", simple * pct // 100 // chip_unit * chip_unit)
                for n, pct in self.max_percent[key].items()
            )
        return replace(limits, max=maxima)

    def odds_stake_unit(self, key: str, number: int, chip_unit: int) -> int:
        """What a stake of odds (`key` odds or dontodds) on `number` must be a multiple of to be
        paid exactly in chips of `chip_unit`: 3 to 2 in chips of 100, a multiple of 200."""
        return exact_multiple((self.payout(key, number),), chip_unit, chip_unit)

    def stake_unit(self, code: str, limits: Limits) -> int:
        """What a stake on `code` that the table takes is always a multiple of: for odds, one
        paid exactly whatever the point (odds:pass, odds:dontpass) or on their own number;
        for every other bet its step."""
        bet = parse_code(code)
        if bet.key not in ASSOCIATED:
            return super().stake_unit(code, limits)
        numbers = (bet.number,) if bet.number else POINTS
        return lcm(*(self.odds_stake_unit(bet.key, n, limits.chip_unit) for n in numbers))

    def least_stake(self, row: BetOdds, limits: Limits) -> LeastStake:
        """Odds at the smallest stake paid exactly (they have no minimum), the Field owed each of
        its payouts; any other row as every game's."""
        if isinstance(row.payout, str):  # a one-roll bet paid by the total thrown: the Field
            code, pays = row.family, self.payouts[row.family]
            assert isinstance(pays, Mapping)  # one payout per total thrown
            return LeastStake(
                row.label,
                limits.least_stake(code),
                limits.step(code),
                tuple(pays.values()),
                code=code,
            )
        if row.family in ASSOCIATED:  # each row of the odds is one number's: one payout
            unit = exact_multiple((row.payout,), limits.chip_unit, limits.chip_unit)
            return LeastStake(
                row.label, unit, unit, (row.payout,), basis="no minimum: stakes paid exactly"
            )
        return super().least_stake(row, limits)

    def odds_limit(self, key: str, number: int, line_stake: int) -> Fraction:
        """The most odds (`key` odds or dontodds) a line bet of `line_stake` on `number` takes."""
        return Fraction(line_stake * self.max_percent[key][number], 100)

    def codes(self) -> tuple[str, ...]:
        return all_codes()

    def outcomes(self) -> tuple[tuple[dict[str, Any], Fraction], ...]:
        """The 36 rolls of two fair dice, each 1/36."""
        return tuple(({"dice": [a, b]}, Fraction(1, len(PAIRS))) for a, b in PAIRS)

    def odds(self) -> list[BetOdds]:
        """Every bet's exact odds, in the order of the profile keys.

        Bets that stay on the layout are followed to their end: a number thrown before the 7
        has the chance ways(N) / (ways(N) + 6); a hard way wins only on its double, one way
        among ways(N) + 6 that decide it."""
        rows = []
        for key in KEYS:
            payout = self.payouts[key]
            if key in ONE_ROLL and key != "craps":
                rows.append(_one_roll(key, payout))
            elif isinstance(payout, Mapping):  # paid by number: hard, craps, odds, place, lay
                for n, pays in payout.items():
                    row = _row(key, f"{key}:{n}", pays, _by_number_chance(key, n))
                    if key in ASSOCIATED:  # odds sit beside a line bet whose number is known
                        row = replace(
                            row,
                            simulated=False,
                            why="follows its line bet on a point: "
                            "checked by the craps engine's tests",
                        )
                    rows.append(row)
            elif key in ("pass", "come", "dontpass", "dontcome"):
                rows.append(_line(key, payout))
            else:  # big6, big8
                rows.append(_row(key, key, payout, before_seven(int(key[3:]))))
        return rows


def _row(
    key: str, label: str, payout: Fraction, win: Fraction, push: Fraction = Fraction(0)
) -> BetOdds:
    return BetOdds(key, label, payout, win, 1 - win * (1 + payout) - push)


def _line(key: str, payout: Fraction) -> BetOdds:
    """Win / Come and Don't Win / Don't Come: decided on the first roll, or by the number it
    throws against the 7."""
    if key in ("pass", "come"):
        first, then = sum(map(chance, NATURALS), Fraction(0)), before_seven
        return _row(key, key, payout, first + sum(chance(n) * then(n) for n in POINTS))
    first = sum((chance(t) for t in CRAPS if t != BAR), Fraction(0))
    win = first + sum(chance(n) * (1 - before_seven(n)) for n in POINTS)
    return _row(key, f"{key} (bar {BAR})", payout, win, chance(BAR))


def _one_roll(key: str, payout: Payout) -> BetOdds:
    pays = payout if isinstance(payout, Mapping) else {t: payout for t in ONE_ROLL[key]}
    win = sum((chance(t) for t in pays), Fraction(0))
    edge = 1 - sum((chance(t) * (1 + p) for t, p in pays.items()), Fraction(0))
    shown = (
        payout
        if not isinstance(payout, Mapping)
        else "; ".join(
            f"{p} on {', '.join(str(t) for t in pays if pays[t] == p)}"
            for p in sorted(set(pays.values()), reverse=True)
        )
    )
    return BetOdds(key, key, shown, win, edge)


def _by_number_chance(key: str, n: int) -> Fraction:
    if key == "craps":
        return chance(n)
    if key == "hard":
        return Fraction(1, ways(n) + ways(SEVEN))
    right = before_seven(n)
    return right if key in ("odds", "place") else 1 - right


def _check_multiple_maximum(bet: Section, maximum: int, payout: Payout, simple_max: int) -> None:
    """Section 09 IV.2: a multiple chance's maximum lets it win at least what the maximum on a
    simple chance wins (even money), and at most three times that."""
    for pays in payout.values() if isinstance(payout, Mapping) else (payout,):
        if not simple_max <= maximum * pays <= 3 * simple_max:
            raise RulebookError(
                f"{bet.at('max_multiple')}: {maximum} minimums paid {pays} win {maximum * pays} "
                f"minimums; section 09 IV.2 wants {simple_max} to {3 * simple_max} "
                "(the simple chances' maximum to three times it)"
            )


def _simple_max(value: Any, at: str) -> int:
    multiple = positive_int(value, at)
    low, high = SIMPLE_MAX_RANGE
    if not low <= multiple <= high:
        raise RulebookError(
            f"{at}: section 09 IV.2 puts it between {low} and {high} minimums, not {multiple}"
        )
    return multiple


def _by_number(parse: Parse[T], numbers: tuple[int, ...]) -> Parse[dict[int, T]]:
    """A parser of a table with one value per number of `numbers` (TOML keys "4", "5", ...)."""

    def read(value: Any, at: str) -> dict[int, T]:
        if not isinstance(value, Mapping) or sorted(value) != sorted(map(str, numbers)):
            raise RulebookError(
                f"{at}: must give one value for each of {', '.join(map(str, numbers))}, "
                "as {4 = ..., ...}"
            )
        return {n: parse(value[str(n)], f"{at}.{n}") for n in numbers}

    return read
