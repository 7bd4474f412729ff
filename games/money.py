"""Rounding money to the chips on the table.

Exact amounts owed are `Fraction`s (a 1/2 payout, a stake halved by zeros); the table can only
pay whole chips, so every amount paid or returned is rounded down to the chip unit and what was
owed beyond it is the settlement's `breakage`.
"""

from __future__ import annotations

from fractions import Fraction


def to_chips(exact: Fraction | int, chip_unit: int) -> tuple[int, Fraction | int]:
    """`exact` rounded down to a multiple of `chip_unit`, and the breakage left over."""
    if chip_unit <= 0:
        raise ValueError(f"chip unit must be positive, not {chip_unit}")
    if isinstance(exact, Fraction) and exact.denominator == 1:
        exact = exact.numerator  # whole amounts take the fast integer path
    if exact < 0:
        raise ValueError(f"cannot pay a negative amount ({exact})")
    amount = int(exact // chip_unit) * chip_unit
    return amount, exact - amount
