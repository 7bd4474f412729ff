"""Reading and checking the values of a rulebook profile, shared by every game's rules.

A profile is data (one TOML file per game and jurisdiction); every error names the file and
the key, so whoever edits a profile can find the mistake. This module is apart from
`games.rulebook`, which knows every game's rules class, so that those classes can use it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Protocol, TypeVar, overload

T = TypeVar("T")
D = TypeVar("D")  # a default's type
_RATIO = re.compile(r"([0-9]+)(?:/([0-9]+))?")


class _Absent:
    """The default of `Section.read` when none is given: a missing key is an error."""


_ABSENT = _Absent()


class RulebookError(ValueError):
    """A profile that cannot be used. The message names the file and the key."""


@dataclass(frozen=True)
class Section:
    """A table of a profile's values and where it sits (`source` the file, `path` the keys
    above it, e.g. "bets.straight."), so that an error can say `file: bets.straight.payout: ...`."""

    values: Mapping[str, Any]
    source: str
    path: str = ""

    def at(self, key: str) -> str:
        return f"{self.source}: {self.path}{key}"

    @overload
    def read(self, key: str, parse: Callable[[Any, str], T]) -> T: ...

    @overload
    def read(self, key: str, parse: Callable[[Any, str], T], default: D) -> T | D: ...

    def read(self, key: str, parse: Callable[[Any, str], T], default: object = _ABSENT) -> object:
        """The value of `key` checked by `parse(value, where)`; missing keys are errors unless a
        default is given."""
        if key not in self.values:
            if isinstance(default, _Absent):
                raise RulebookError(f"{self.at(key)}: missing")
            return default
        return parse(self.values[key], self.at(key))

    def section(self, key: str) -> Section:
        def table(value: Any, at: str) -> Mapping[str, Any]:
            if not isinstance(value, Mapping):
                raise RulebookError(f"{at}: must be a table of keys and values, not {value!r}")
            return value

        return Section(self.read(key, table), self.source, f"{self.path}{key}.")

    def refuse_unknown_keys(self, known: Collection[str]) -> None:
        """A key the game does not know is most likely a typo: refuse it rather than ignore it."""
        unknown = sorted(set(self.values) - set(known))
        if unknown:
            raise RulebookError(
                f"{self.at(unknown[0])}: unknown key (known: {', '.join(sorted(known))})"
            )


def text(value: Any, at: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise RulebookError(f"{at}: must be a non-empty text")
    return value


def game_id(game: str) -> Callable[[Any, str], str]:
    """The parser of a profile's `game` key, in a file whose rules are those of `game` only."""

    def parse(value: Any, at: str) -> str:
        if not isinstance(value, str) or value != game:
            raise RulebookError(f"{at}: these are the rules of {game}, not of {value!r}")
        return value

    return parse


def positive_int(value: Any, at: str) -> int:
    if type(value) is not int or value <= 0:
        raise RulebookError(f"{at}: must be a positive whole number, not {value!r}")
    return value


def non_negative_int(value: Any, at: str) -> int:
    if type(value) is not int or value < 0:
        raise RulebookError(f"{at}: must be a whole number, 0 or more, not {value!r}")
    return value


def flag(value: Any, at: str) -> bool:
    if type(value) is not bool:
        raise RulebookError(f"{at}: must be true or false, not {value!r}")
    return value


def _ratio(value: Any, at: str, what: str) -> Fraction:
    """An exact ratio given as an int (`35`) or an "a/b" string (`"1/2"`); floats are refused."""
    if type(value) is int:
        return Fraction(value)
    if isinstance(value, str) and (m := _RATIO.fullmatch(value.strip())) and m[2] != "0":
        return Fraction(int(m[1]), int(m[2] or 1))
    raise RulebookError(f'{at}: {what} is a whole number or a fraction "a/b", not {value!r}')


def parse_payout(value: Any, at: str) -> Fraction:
    """A payout (winnings per unit staked) given as an int (`35`) or an "a/b" string (`"1/2"`).

    Floats are refused: a payout must be exact."""
    ratio = _ratio(value, at, "a payout")
    if ratio <= 0:
        raise RulebookError(f"{at}: a payout must be positive, not {value!r}")
    return ratio


def parse_share(value: Any, at: str) -> Fraction:
    """A share of a stake or of winnings (a commission, an insurance premium), "a/b" from 0 up
    to but not including 1, e.g. `"5/100"`."""
    share = _ratio(value, at, "a share")
    if not 0 <= share < 1:
        raise RulebookError(f"{at}: a share must be at least 0 and below 1, not {value!r}")
    return share


def texts(value: Any, at: str) -> dict[str, str]:
    """A table of texts, e.g. a profile's `errata`: key -> how it reads the text, and why."""
    if not isinstance(value, Mapping):
        raise RulebookError(f"{at}: must be a table of texts, one per key")
    return {key: text(v, f"{at}.{key}") for key, v in value.items()}


Parse = Callable[[Any, str], T]


def differences(listed: Sequence[Any], expected: Iterable[Any], stray: str) -> str:
    """What keeps `listed` from holding each of `expected` once: "missing [26], repeated [0]"."""
    problems = {
        "missing": set(expected) - set(listed),
        "repeated": {x for x in listed if listed.count(x) > 1},
        stray: set(listed) - set(expected),
    }
    return ", ".join(f"{name} {sorted(items)}" for name, items in problems.items() if items)


def payment_order(families: Sequence[str]) -> Parse[tuple[str, ...]]:
    """The parse of a profile's `payment_order`: the bet families (`families`, the game's) in the
    order the croupier pays their winning bets, each listed once."""

    def parse(value: Any, at: str) -> tuple[str, ...]:
        if not isinstance(value, list) or any(not isinstance(family, str) for family in value):
            raise RulebookError(f"{at}: must be a list of bet families, not {value!r}")
        if sorted(value) != sorted(families):
            raise RulebookError(
                f"{at}: must list each of {', '.join(families)} once, in the order they are "
                f"paid ({differences(value, families, 'unknown')})"
            )
        return tuple(value)

    return parse


_BET_KEYS = ("payout", "max_multiple", "allow_player_edge")


def _one_payout(bet: Section, family: str) -> dict[str, Fraction]:
    return {family: bet.read("payout", parse_payout)}


def read_bets(
    bets: Section,
    families: Collection[str],
    payouts: Callable[[Section, str], Mapping[str, Fraction]] = _one_payout,
    max_multiple: Callable[[str], Parse[int]] = lambda family: positive_int,
) -> tuple[dict[str, Fraction], dict[str, int], frozenset[str]]:
    """The section `bets` of a banking game's profile, one table per family of `families` with
    its payout, its maximum stake in table minimums and whether it may favour the player: the
    payouts (by family, or as `payouts(bet, family)` keys them), the maxima by family checked by
    `max_multiple(family)`, and the families allowed a player edge."""
    bets.refuse_unknown_keys(families)
    paid: dict[str, Fraction] = {}
    maxima: dict[str, int] = {}
    allowed: set[str] = set()
    for family in families:
        bet = bets.section(family)
        bet.refuse_unknown_keys(_BET_KEYS)
        paid.update(payouts(bet, family))
        maxima[family] = bet.read("max_multiple", max_multiple(family))
        if bet.read("allow_player_edge", flag, default=False):
            allowed.add(family)
    return paid, maxima, frozenset(allowed)


class Edge(Protocol):
    """What the house-edge rule needs to know of one row of a game's odds (games.odds.BetOdds)."""

    @property
    def family(self) -> str: ...

    @property
    def label(self) -> str: ...

    @property
    def payout(self) -> Fraction | str: ...

    @property
    def house_edge(self) -> Fraction: ...


def refuse_player_edges(odds: Iterable[Edge], allowed: Collection[str], bets: Section) -> None:
    """docs/rulings.md: a bet that gives the player an advantage makes the profile fail to load,
    unless the profile allows that bet's edge explicitly (in the section `bets`)."""
    for row in odds:
        if row.house_edge < 0 and row.family not in allowed:
            raise RulebookError(
                f"{bets.at(row.family)}: {row.label} paying {row.payout} has a house edge of "
                f"{row.house_edge} ({float(row.house_edge):.2%}), a player advantage; "
                f"set allow_player_edge = true on it to load the profile anyway"
            )
