"""The wheel of fortune's statistics on the players' display (section 10): its symbols (sym:1
... sym:20, joker:1, joker:2), each a bet of its own (games/fortune_wheel/layout.py); its only
group is the share of each symbol. An outcome is `{"segment": s, "symbol": code}`; one without
the symbol is read through the rules' segments. A joker is written "J" and its number: the
display draws it on a star."""

from __future__ import annotations

from typing import Any

from games.fortune_wheel import layout as fortune
from terminal.screens.stats import Value, Wheel


def stats(rules: Any) -> Wheel:
    """The wheel of fortune's statistics (its rules change none of them)."""
    values: tuple[Value, ...] = tuple(fortune.all_codes())
    groups = (("symbol", tuple((str(code), frozenset({code})) for code in values)),)
    labels: dict[Value, str] = {
        code: ("J" if fortune.family(str(code)) == "joker" else "") + str(code).partition(":")[2]
        for code in values
    }
    return Wheel(values, groups, {code: str(code) for code in values}, labels, "symbol")
