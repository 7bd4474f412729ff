"""Advances ("bestretes"): the chips a banking table receives to answer for the players' wins.

Article 35: the advance is delivered "as far as possible in chips of small value"; every top-up
equals the initial advance.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence


class FloatError(ValueError):
    pass


def journaled_chips(chips: Mapping[int, int]) -> dict[str, int]:
    """Chips counted per denomination as the float's events journal them: `{"<value>": n}`,
    by value, the denominations counted none left out."""
    return {str(value): count for value, count in sorted(chips.items()) if count}


def chips_for(amount: int, denominations: Sequence[int]) -> dict[str, int]:
    """Split `amount` into chips: an equal share of value per denomination (small chips are not
    crowded out by big ones), the remainder in the largest chips that fit. Keys are the chip
    values as strings (JSON object keys)."""
    if amount <= 0:
        raise FloatError(f"an advance must be positive, not {amount}")
    denominations = sorted(set(denominations))
    share = amount // len(denominations)
    counts = {d: share // d for d in denominations}
    rest = amount - sum(d * n for d, n in counts.items())
    for d in reversed(denominations):
        counts[d] += rest // d
        rest %= d
    if rest:
        raise FloatError(f"{amount} cannot be made of chips {denominations}: {rest} left over")
    return {str(d): n for d, n in counts.items() if n}
