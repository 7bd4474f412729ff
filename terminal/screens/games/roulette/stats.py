"""The roulettes' statistics on the players' display (sections 01 and 02 of the Valencian
catalogue): the numbers 0 to 36; red, black, odd, even, low (1-18), high (19-36), the dozens and
the columns each count the results their bet wins on (games/roulette/layout.py), the zero
counted apart in every group: it belongs to none of them."""

from __future__ import annotations

from typing import Any

from games.roulette import layout as roulette
from terminal.screens.stats import BLACK, GREEN, RED, ZERO, Value, Wheel, covered


def stats(rules: Any) -> Wheel:
    """The statistics of a roulette playing by `rules` (its red numbers; None: the cloth's)."""
    red = frozenset(getattr(rules, "red", roulette.RED))
    zero = ((ZERO, frozenset({0})),)
    groups = (
        ("colour", (*covered(roulette.covers, "red", "black"), *zero)),
        ("parity", (*covered(roulette.covers, "even", "odd"), *zero)),
        ("half", (*covered(roulette.covers, "low", "high"), *zero)),
        ("dozen", (*covered(roulette.covers, "dozen:1", "dozen:2", "dozen:3"), *zero)),
        ("column", (*covered(roulette.covers, "column:1", "column:2", "column:3"), *zero)),
    )
    values: tuple[Value, ...] = tuple(roulette.NUMBERS)
    colours: dict[Value, str] = {n: GREEN if n == 0 else RED if n in red else BLACK for n in values}
    return Wheel(values, groups, colours, {n: str(n) for n in values}, "number")
