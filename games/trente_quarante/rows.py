"""The two rows of a trente et quarante coup and what they decide (section 05 V.1 and V.3).

Cards count their face value, the ace one and the figures ten (II.1: `pips`). The noir row is
dealt first, until its total reaches 31 or more, then the rouge row the same way; so a row's
total is 31 to 40. The row nearer 31 (the lower total) wins; couleur wins when the winning
row's colour is that of the first card of the noir row (hearts and diamonds are rouge),
inverse otherwise. Equal totals decide nothing: the coup is void, except at 31 ("refait").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.cards.cards import is_red, pips

ROWS = ("noir", "rouge")  # in dealing order
ENOUGH = 31  # a row is dealt until its total reaches it
REFAIT = 31
TOTALS = range(ENOUGH, ENOUGH + 10)  # what a row can total: the last card is worth ten at most


def row_total(cards: Sequence[str]) -> int:
    return sum(pips(card) for card in cards)


def next_row(noir: Sequence[str], rouge: Sequence[str]) -> str | None:
    """The row the next card goes to, or None once both are dealt."""
    if row_total(noir) < ENOUGH:
        return "noir"
    if row_total(rouge) < ENOUGH:
        return "rouge"
    return None


@dataclass(frozen=True)
class Decision:
    """What two dealt rows decide: the winning chances (the row and couleur or inverse), none
    when the totals are equal; `refait` when both are 31."""

    noir_total: int
    rouge_total: int
    winners: frozenset[str]

    @property
    def equal(self) -> bool:
        return self.noir_total == self.rouge_total

    @property
    def refait(self) -> bool:
        return self.equal and self.noir_total == REFAIT


def leaves_prisoners(outcome: Mapping[str, Any]) -> bool:
    """Whether a coup journaled with this `outcome` left the bets in prison as they were, their
    result `prison` again without a refait met: a coup void by equal totals other than 31. Any
    other game's outcome holds no rows: it leaves nothing so."""
    noir, rouge = outcome.get("noir_total"), outcome.get("rouge_total")
    return noir is not None and noir == rouge != REFAIT


def decide(noir: Sequence[str], rouge: Sequence[str]) -> Decision:
    """The decision of two rows dealt to their end."""
    n, r = row_total(noir), row_total(rouge)
    if n == r:
        return Decision(n, r, frozenset())
    row = "noir" if n < r else "rouge"
    colour = "couleur" if (row == "rouge") == is_red(noir[0]) else "inverse"
    return Decision(n, r, frozenset((row, colour)))
