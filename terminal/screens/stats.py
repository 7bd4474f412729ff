"""What the players' display tells of a session at a wheel: the last results, the hot and cold
numbers, and how often each chance came out. Pure: outcomes in, counts out (no pygame).

`SessionStats` is fed the outcomes of the session's `round.result` events one by one (`add`),
and a `round.correction`'s outcome in place of the last one (`replace_last`); `apply` does either
from an event's kind and data. A new session is a new `SessionStats`.

Every figure is a count of the session's rounds; a percentage is that count's exact share of
them (a `Fraction`, 100 times count over rounds): rounding is the drawing's.

What a game's statistics are made of (its values, its groups of chances, how a value is written
and coloured: a `Wheel`) is the game's own, made from its rules by its screens' `stats`
(terminal/screens/games/<game>/stats.py: the roulettes', boule's, the wheel of fortune's).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from games.registry import game as game_of
from terminal.screens.games.base import screens_of

# The colour a result is drawn in (a wheel of fortune's result is drawn as its symbol).
RED, BLACK, GREEN, YELLOW = "red", "black", "green", "yellow"
ZERO, FIVE = "zero", "five"  # the share counted apart: the roulettes' zero, boule's 5

Value = int | str  # a number, or a wheel of fortune's symbol


def percent(count: int, of: int) -> Fraction:
    """`count` as an exact percentage of `of` (0 when there is nothing to count)."""
    return Fraction(100 * count, of) if of else Fraction(0)


@dataclass(frozen=True)
class Result:
    """One round's result as the display draws it."""

    value: Value  # the number, or the symbol's code
    label: str  # what is written on its disc: "17", "20", "J1"
    colour: str  # RED, BLACK, GREEN (the zero), YELLOW (boule's 5), or the symbol's code


@dataclass(frozen=True)
class Tally:
    """How many of the session's rounds a number or symbol came out in."""

    result: Result
    count: int
    of: int  # the session's rounds

    @property
    def percent(self) -> Fraction:
        return percent(self.count, self.of)


@dataclass(frozen=True)
class Share:
    """How many of the session's rounds a chance came out in: `name` is its bet code ("red",
    "dozen:2", "sym:5"), or ZERO / FIVE for the result counted apart; `values` the numbers or
    symbols it covers."""

    name: str
    values: frozenset[Value]
    count: int
    of: int

    @property
    def percent(self) -> Fraction:
        return percent(self.count, self.of)


@dataclass(frozen=True)
class Group:
    """Chances that share out every round between them: "colour", "parity", "half", "dozen",
    "column" or "symbol". Their counts add up to the session's rounds."""

    name: str
    shares: tuple[Share, ...]


@dataclass(frozen=True)
class Wheel:
    """What a game's statistics are made of: its values in the order of its cloth, the groups
    of chances (each a name and its shares' names and values, the one apart last) and how a
    value is written and coloured."""

    values: tuple[Value, ...]
    groups: tuple[tuple[str, tuple[tuple[str, frozenset[Value]], ...]], ...]
    colours: Mapping[Value, str]
    labels: Mapping[Value, str]
    key: str  # the outcome's key holding the value: "number" or "symbol"


def covered(covers: Any, *codes: str) -> tuple[tuple[str, frozenset[Value]], ...]:
    """The shares named `codes`, each with the values its bet covers (`covers(code)`)."""
    return tuple((code, frozenset(covers(code))) for code in codes)


class SessionStats:
    """A session's results at one table of a wheel game (`game_id`: a roulette, boule, the wheel
    of fortune), with the rules it plays by (None: the cloth's own)."""

    def __init__(self, game_id: str, rules: Any = None):
        game = game_of(game_id)
        wheel = screens_of(game_id).stats
        if wheel is None:
            raise ValueError(f"the players' display keeps no statistics of {game.title}")
        self._wheel = wheel(rules)
        self.game_id = game_id
        self._segments: Sequence[str] | None = getattr(rules, "segments", None)
        self._results: list[Value] = []  # oldest first
        self._counts: dict[Value, int] = dict.fromkeys(self._wheel.values, 0)
        self._seen: dict[Value, int] = {}  # value -> the index of the round it last came out in

    # -- feeding ---------------------------------------------------------------------------

    def add(self, outcome: Mapping[str, Any]) -> None:
        """The next round's outcome, as journaled in its `round.result`."""
        value = self._value(outcome)
        self._results.append(value)
        self._counts[value] += 1
        self._seen[value] = len(self._results) - 1

    def replace_last(self, outcome: Mapping[str, Any]) -> None:
        """The last round's outcome corrected (`round.correction`)."""
        if not self._results:
            raise ValueError("no round to correct: the session has no result yet")
        value = self._value(outcome)
        old = self._results.pop()
        self._counts[old] -= 1
        earlier = [i for i, each in enumerate(self._results) if each == old]
        if earlier:
            self._seen[old] = earlier[-1]
        else:
            del self._seen[old]
        self._results.append(value)
        self._counts[value] += 1
        self._seen[value] = len(self._results) - 1

    def apply(self, kind: str, data: Mapping[str, Any]) -> None:
        """A journaled event of the session: a result is added, a correction replaces the last
        result; any other kind is not the statistics' business."""
        if kind == "round.result":
            self.add(data["outcome"])
        elif kind == "round.correction":
            self.replace_last(data["outcome"])

    def _value(self, outcome: Mapping[str, Any]) -> Value:
        key = self._wheel.key
        if key in outcome:
            value = outcome[key]
        elif key == "symbol" and self._segments is not None and "segment" in outcome:
            value = self._segments[outcome["segment"]]
        else:
            raise ValueError(f"an outcome of {self.game_id} has a {key!r}: {dict(outcome)}")
        if value not in self._counts:
            raise ValueError(f"{value!r} is no result of {self.game_id}")
        return value

    # -- what it tells ----------------------------------------------------------------------

    @property
    def rounds(self) -> int:
        """The rounds counted: every result of the session."""
        return len(self._results)

    @property
    def values(self) -> tuple[Value, ...]:
        """Every number (symbol) the game can give, in the order of its cloth."""
        return self._wheel.values

    def result(self, value: Value) -> Result:
        return Result(value, self._wheel.labels[value], self._wheel.colours[value])

    def colour(self, value: Value) -> str:
        return self._wheel.colours[value]

    def last(self, n: int) -> list[Result]:
        """The last `n` results (fewer when the session has had fewer), the newest first."""
        return [self.result(value) for value in reversed(self._results[-n:] if n > 0 else [])]

    def count(self, value: Value) -> int:
        return self._counts[value]

    def tallies(self) -> list[Tally]:
        """Every value with its count, in the order of the cloth."""
        return [self._tally(value) for value in self._wheel.values]

    def hot(self, n: int) -> list[Tally]:
        """The `n` values that came out most often (only values that came out); of equal counts,
        the one out most recently first."""
        drawn = [value for value in self._wheel.values if self._counts[value]]
        drawn.sort(key=lambda value: (self._counts[value], self._seen[value]), reverse=True)
        return [self._tally(value) for value in drawn[: max(n, 0)]]

    def cold(self, n: int) -> list[Tally]:
        """The `n` values that came out least often, those not out at all included; of equal
        counts, the one waiting longest first (never out, then out longest ago), then the
        cloth's order. The reverse of `hot`'s order: the two do not overlap while `n` of each
        leaves values between them."""
        ordered = sorted(
            self._wheel.values,
            key=lambda value: (self._counts[value], self._seen.get(value, -1)),
        )
        return [self._tally(value) for value in ordered[: max(n, 0)]]

    def groups(self) -> list[Group]:
        """The shares of the game's chances, each group adding up to the session's rounds."""
        return [
            Group(
                name,
                tuple(
                    Share(share, values, sum(self._counts[v] for v in values), self.rounds)
                    for share, values in shares
                ),
            )
            for name, shares in self._wheel.groups
        ]

    def _tally(self, value: Value) -> Tally:
        return Tally(self.result(value), self._counts[value], self.rounds)
