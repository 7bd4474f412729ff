"""Boule's statistics on the players' display (section 04 II): the numbers 1 to 9; "els
orificis amb els números 1, 3, 6 i 8 són de color negre, i de color roig els números 2, 4, 7 i
9, el número 5 és groc o d'un altre color, però mai roig o negre", and 5 is "exclòs de la sèrie
imparell, passa o falta": in each of its groups (red/black, even/odd, low/high) the 5 is counted
apart."""

from __future__ import annotations

from typing import Any

from games.boule import layout as boule
from terminal.screens.stats import BLACK, FIVE, RED, YELLOW, Value, Wheel, covered


def stats(rules: Any) -> Wheel:
    """Boule's statistics (its rules change none of them)."""
    five = ((FIVE, frozenset({boule.FIVE})),)
    groups = (
        ("colour", (*covered(boule.covers, "red", "black"), *five)),
        ("parity", (*covered(boule.covers, "even", "odd"), *five)),
        ("half", (*covered(boule.covers, "low", "high"), *five)),
    )
    values: tuple[Value, ...] = tuple(boule.NUMBERS)
    colours: dict[Value, str] = {
        n: RED if n in boule.RED else BLACK if n in boule.BLACK else YELLOW for n in values
    }
    return Wheel(values, groups, colours, {n: str(n) for n in values}, "number")
