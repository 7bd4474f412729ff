"""How a box's hand meets the bank's (section 11 V.1 and V.4).

The bank plays ("juga") only with an ace and a king or better; a box then wins, loses or ties
by the order of games.poker.evaluator, suits never breaking a tie.
"""

from __future__ import annotations

from games.poker.evaluator import evaluate

# The weakest hand the bank plays with: ace, king and three cards that make nothing.
QUALIFIER = evaluate(("AS", "KH", "4D", "3C", "2S"))
BANK_OUT, WIN, LOSE, PUSH = "bank_out", "win", "lose", "push"


def showdown(box: int, bank: int) -> str:
    """What a box of hand class `box` that went on does against the bank's class `bank`:
    BANK_OUT when the bank does not play, else WIN, LOSE or PUSH."""
    if bank < QUALIFIER:
        return BANK_OUT
    if box == bank:
        return PUSH
    return WIN if box > bank else LOSE
