"""Is a wheel (or a pair of dice) biased? Pearson's chi-squared goodness of fit of a table's
last results against the fair probabilities of its rulebook, with per-outcome statistics.

The cells are the entries of a rules object's `outcomes()`. A journaled result carries more
than its outcome (roulette adds the rotor's direction and speed, craps the point before and
after the roll), so a result falls in the cell whose own keys it matches, whatever else it holds.

The pit keeps one `OutcomeTally` per table and feeds it every result: adding is O(1), a report
O(cells). The p-value is Q(dof/2, x/2), the upper regularized incomplete gamma function,
computed here by its power series below x = a + 1 and by its continued fraction above, where
each converges fast."""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

__all__ = [
    "MIN_EXPECTED",
    "BiasReport",
    "Cell",
    "CellStat",
    "OutcomeTally",
    "cell_label",
    "cells_of",
    "chi_squared",
    "upper_gamma_q",
]

MIN_EXPECTED = 5  # the test is trusted once every cell expects at least this many results

_EPSILON = 1e-15  # relative precision at which the series and the continued fraction stop
_TINY = 1e-300  # keeps the continued fraction's denominators off zero (Lentz's method)


@dataclass(frozen=True)
class Cell:
    """One outcome of the game as its rules list it, with its fair probability."""

    outcome: Mapping[str, Any]
    probability: Fraction | float
    label: str


def cell_label(outcome: Mapping[str, Any]) -> str:
    """A short display label: "17" (a number), "seg 12 (x2)" / "seg 0 (joker 1)" (a fortune
    wheel segment and its symbol), "3-4" (two dice); any other outcome as `key value` pairs."""
    if outcome.keys() == {"number"}:
        return str(outcome["number"])
    if outcome.keys() == {"segment", "symbol"}:
        family, _, value = str(outcome["symbol"]).partition(":")
        symbol = f"x{value}" if family == "sym" else f"{family} {value}".strip()
        return f"seg {outcome['segment']} ({symbol})"
    if outcome.keys() == {"dice"}:
        return "-".join(str(d) for d in outcome["dice"])
    return " ".join(f"{key} {value}" for key, value in outcome.items())


def cells_of(rules: Any) -> tuple[Cell, ...]:
    """One cell per entry of `rules.outcomes()`, in its order."""
    return tuple(
        Cell(dict(outcome), probability, cell_label(outcome))
        for outcome, probability in rules.outcomes()
    )


def upper_gamma_q(a: float, x: float) -> float:
    """Q(a, x) = Γ(a, x) / Γ(a), the upper regularized incomplete gamma function, for a > 0,
    x >= 0. The chi-squared p-value of a statistic x with k degrees of freedom is Q(k/2, x/2)."""
    if not a > 0:
        raise ValueError(f"the shape a must be positive, not {a!r}")
    if not x >= 0:
        raise ValueError(f"x must be zero or positive, not {x!r}")
    if x == 0:
        return 1.0
    if math.isinf(x):
        return 0.0
    # x^a e^-x / Γ(a), the factor both expansions share, taken through logarithms against overflow
    front = math.exp(a * math.log(x) - x - math.lgamma(a))
    limit = 100 + int(10 * math.sqrt(a))  # both converge in O(sqrt(a)) terms
    if x < a + 1:
        return 1.0 - front * _lower_series(a, x, limit)
    return front * _upper_fraction(a, x, limit)


def _lower_series(a: float, x: float, limit: int) -> float:
    """P(a, x) / front = sum over n >= 0 of x^n / (a (a+1) ... (a+n))."""
    term = total = 1 / a
    for n in range(1, limit + 1):
        term *= x / (a + n)
        total += term
        if abs(term) < abs(total) * _EPSILON:
            return total
    raise ArithmeticError(f"the gamma series did not converge for a={a}, x={x}")


def _upper_fraction(a: float, x: float, limit: int) -> float:
    """Q(a, x) / front = 1 / (x+1-a - 1(1-a) / (x+3-a - 2(2-a) / (x+5-a - ...))), evaluated from
    the top down by the modified Lentz method."""
    b = x + 1 - a
    c = 1 / _TINY
    d = 1 / b
    value = d
    for n in range(1, limit + 1):
        an = -n * (n - a)
        b += 2
        d = an * d + b
        d = 1 / (d if abs(d) > _TINY else _TINY)
        c = b + an / c
        c = c if abs(c) > _TINY else _TINY
        step = c * d
        value *= step
        if abs(step - 1) < _EPSILON:
            return value
    raise ArithmeticError(f"the gamma continued fraction did not converge for a={a}, x={x}")


def chi_squared(
    observed: Sequence[int], probabilities: Sequence[Fraction | float]
) -> tuple[float, int, float]:
    """Pearson's goodness of fit of counts against the probabilities of their cells:
    (statistic, degrees of freedom, p-value). No results at all fit perfectly (p = 1)."""
    if len(observed) != len(probabilities):
        raise ValueError(
            f"{len(observed)} counts for {len(probabilities)} probabilities: "
            "give one count per cell"
        )
    _check_probabilities(probabilities)
    if any(type(o) is not int or o < 0 for o in observed):
        raise ValueError(f"counts must be whole numbers, zero or more: {list(observed)}")
    n = sum(observed)
    dof = len(observed) - 1
    if n == 0:
        return 0.0, dof, 1.0
    statistic = math.fsum(
        (o - n * p) ** 2 / (n * p) for o, p in zip(observed, map(float, probabilities))
    )
    return statistic, dof, upper_gamma_q(dof / 2, statistic / 2)


def _check_probabilities(probabilities: Iterable[Fraction | float]) -> None:
    probabilities = list(probabilities)
    if len(probabilities) < 2:
        raise ValueError("a goodness of fit needs at least two cells")
    if any(not p > 0 for p in probabilities):
        raise ValueError(
            f"every cell needs a probability above 0: {[str(p) for p in probabilities]}"
        )
    if abs(math.fsum(map(float, probabilities)) - 1) > 1e-9:
        raise ValueError(
            f"the cells' probabilities add up to {math.fsum(map(float, probabilities))}, not 1: "
            "list every outcome of the game"
        )


@dataclass(frozen=True)
class CellStat:
    """One cell in a report. `z` is its standardized deviation (observed - expected) /
    sqrt(expected (1 - p)), the binomial one; 0 while there are no results."""

    label: str
    observed: int
    expected: float
    z: float

    def to_json(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "observed": self.observed,
            "expected": round(self.expected, 2),
            "z": round(self.z, 2),
        }


@dataclass(frozen=True)
class BiasReport:
    """The test over a tally's window. `valid` is False until every cell expects at least
    MIN_EXPECTED results (`needed` results in all); until then the chi-squared approximation is
    not trusted and the report is never `flagged`, whatever its p-value. A `window` smaller than
    `needed` can never be tested."""

    spins: int
    window: int
    needed: int
    statistic: float
    dof: int
    p_value: float
    alpha: float
    valid: bool
    flagged: bool  # valid and p_value < alpha
    cells: tuple[CellStat, ...]

    def to_json(self) -> dict[str, Any]:
        """The `bias` object of the pit's table detail (statistic to 3 decimals, p-value to 4
        significant digits, expected counts and z to 2 decimals), with `valid`."""
        return {
            "spins": self.spins,
            "window": self.window,
            "needed": self.needed,
            "statistic": round(self.statistic, 3),
            "dof": self.dof,
            "p_value": float(f"{self.p_value:.4g}"),
            "alpha": self.alpha,
            "flagged": self.flagged,
            "valid": self.valid,
            "cells": [cell.to_json() for cell in self.cells],
        }


class OutcomeTally:
    """The last `window` matched results of one table, counted per cell.

    A result that matches no cell (another game's, a malformed one) is refused: `add` answers
    False and counts it in `unmatched`, and the window is left as it was."""

    def __init__(self, cells: Sequence[Cell], window: int):
        if type(window) is not int or window < 1:
            raise ValueError(
                f"the window must be a whole number of results, 1 or more, not {window!r}"
            )
        cells = tuple(cells)
        _check_probabilities(cell.probability for cell in cells)
        self.cells = cells
        self.window = window
        self.unmatched = 0
        self._probabilities = tuple(float(cell.probability) for cell in cells)
        # exact for the rulebooks' fractions; a float probability is read as the fraction it rounds
        least = min(Fraction(cell.probability).limit_denominator(10**12) for cell in cells)
        # results before every cell expects MIN_EXPECTED
        self.needed = math.ceil(MIN_EXPECTED / least)
        self._counts = [0] * len(cells)
        self._recent: deque[int] = deque()  # cell index of each result in the window, oldest first
        # cell keys (sorted tuple of names) -> those keys' values (`_canonical`) -> cell index
        self._index: dict[tuple[str, ...], dict[tuple[Typed, ...], int]] = {}
        for i, cell in enumerate(cells):
            keys = tuple(sorted(cell.outcome))
            by_value = self._index.setdefault(keys, {})
            value = _canonical(cell.outcome, keys)
            if value in by_value:
                raise ValueError(
                    f"two cells for the outcome {dict(cell.outcome)}: list each outcome once"
                )
            by_value[value] = i

    @classmethod
    def for_rules(cls, rules: Any, window: int) -> OutcomeTally:
        """A tally over the outcomes of a game's rules (`games.rulebook.load_rules`)."""
        return cls(cells_of(rules), window)

    @property
    def spins(self) -> int:
        """The results in the window."""
        return len(self._recent)

    def add(self, outcome: Any) -> bool:
        """Count one result's outcome (`round.result`'s `data.outcome`); the oldest result
        leaves a full window. False, and nothing counted, when it matches no cell."""
        cell = self._cell_of(outcome)
        if cell is None:
            self.unmatched += 1
            return False
        if len(self._recent) == self.window:
            self._counts[self._recent.popleft()] -= 1
        self._recent.append(cell)
        self._counts[cell] += 1
        return True

    def replace_last(self, outcome: Any) -> bool:
        """The last result counted replaced by `outcome` (a `round.correction`): True when it is
        counted instead; False, and the last result taken out, when it matches no cell."""
        if self._recent:
            self._counts[self._recent.pop()] -= 1
        return self.add(outcome)

    def report(self, alpha: float) -> BiasReport:
        """The chi-squared test of the window at significance `alpha`."""
        if not 0 < alpha < 1:
            raise ValueError(f"alpha is a significance level between 0 and 1, not {alpha!r}")
        statistic, dof, p_value = chi_squared(self._counts, self._probabilities)
        n = self.spins
        valid = n >= self.needed
        stats = []
        for cell, observed, p in zip(self.cells, self._counts, self._probabilities):
            expected = n * p
            z = (observed - expected) / math.sqrt(expected * (1 - p)) if n else 0.0
            stats.append(CellStat(cell.label, observed, expected, z))
        return BiasReport(
            spins=n,
            window=self.window,
            needed=self.needed,
            statistic=statistic,
            dof=dof,
            p_value=p_value,
            alpha=alpha,
            valid=valid,
            flagged=valid and p_value < alpha,
            cells=tuple(stats),
        )

    def _cell_of(self, outcome: Any) -> int | None:
        if not isinstance(outcome, Mapping):
            return None
        for keys, by_value in self._index.items():
            if all(key in outcome for key in keys):
                try:
                    cell = by_value.get(_canonical(outcome, keys))
                except (TypeError, ValueError):  # values no journal could hold
                    continue
                if cell is not None:
                    return cell
        return None


Typed = tuple[type, object]  # a value with its type (a list's or a tuple's items each so)


def _canonical(outcome: Mapping[str, Any], keys: tuple[str, ...]) -> tuple[Typed, ...]:
    """The values of `keys`, so that a result compares as the journal holds it: dice (3, 4) and
    [3, 4] alike, but 17 apart from 17.0, True or "17" (each value with its type; a mapping
    raises TypeError). Tuples, not JSON text: the pit restores 3,700 results a table at start-up."""
    return tuple(_typed(outcome[key]) for key in keys)


def _typed(value: Any) -> Typed:
    if isinstance(value, (list, tuple)):
        return (list, tuple(_typed(item) for item in value))
    if isinstance(value, Mapping):
        raise TypeError("a mapping is no outcome value")
    return (type(value), value)
