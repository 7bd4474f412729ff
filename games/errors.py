"""A game's table of errors and remedies (a circle game's: section 07 VIII, l. 858-883), as the
inspector confirms them: each irregularity's code, the lines that rule it, the remedy in words,
and what the remedy does to the coup (`effect`), which the game's engine applies
(`ErringEngine.remedied`, games/protocols.py). The runtime journals `game.error` before the
effect is taken (docs/events.md).

The effects:
- VOID: the coup is void, every stake returned;
- FORFEIT_PONTE / FORFEIT_BANKER: that side loses the coup;
- FORCE_PONTE_NATURAL: the ponte has a natural 9, whatever his cards (one of his first two
  dropped by the banker): the coup is decided once the banker holds two cards;
- FORCE_PONTE_9: the ponte's total is 9 (his third card dropped): the banker may still draw,
  unless he has 7 or more;
- BY_TABLE: both sides play by the rule from then on, the ponte without a banco's freedom and the
  banker by his table;
- DISCARD: the last card dealt is put out of play (it stays out of the shoe);
- RECORDED: the inspector's decision is recorded; the croupier deals the coup as he rules it
  (the cards and calls entered are the coup's), nothing is changed by itself.
"""

from __future__ import annotations

from dataclasses import dataclass

VOID = "void"
FORFEIT_PONTE = "forfeit_ponte"
FORFEIT_BANKER = "forfeit_banker"
FORCE_PONTE_NATURAL = "force_ponte_natural"
FORCE_PONTE_9 = "force_ponte_9"
BY_TABLE = "by_table"
DISCARD = "discard"
RECORDED = "recorded"
EFFECTS = (
    VOID,
    FORFEIT_PONTE,
    FORFEIT_BANKER,
    FORCE_PONTE_NATURAL,
    FORCE_PONTE_9,
    BY_TABLE,
    DISCARD,
    RECORDED,
)


@dataclass(frozen=True)
class ErrorRule:
    code: str
    rule: str  # the lines of the regulation that rule it ("l. 870")
    remedy: str  # in words, as the journal keeps it
    effect: str  # one of EFFECTS

    def __post_init__(self) -> None:
        if self.effect not in EFFECTS:
            raise ValueError(f"{self.code}: no effect {self.effect!r} (one of {EFFECTS})")


def table_of(*rules: ErrorRule) -> dict[str, ErrorRule]:
    """The rules by code; ValueError for a code given twice."""
    out: dict[str, ErrorRule] = {}
    for rule in rules:
        if rule.code in out:
            raise ValueError(f"the error {rule.code!r} is ruled twice")
        out[rule.code] = rule
    return out
