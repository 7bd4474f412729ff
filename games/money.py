"""Money on the table: amounts rounded to the chips, and amounts as a person reads them.

Exact amounts owed are `Fraction`s (a 1/2 payout, a stake halved by zeros); the table can only
pay whole chips, so every amount paid or returned is rounded down to the chip unit and what was
owed beyond it is the settlement's `breakage`. `exact_multiple` says which stakes escape it.
Amounts are integer minor units (cents); `money` writes them in currency units for the
croupier, the operator and the logs.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from math import lcm
from typing import overload


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


@overload
def exact_multiple(shares: Iterable[Fraction | int], chip_unit: int, multiple: int) -> int: ...


@overload
def exact_multiple(
    shares: Iterable[Fraction | int], chip_unit: int, multiple: Fraction | int
) -> Fraction | int: ...


def exact_multiple(
    shares: Iterable[Fraction | int], chip_unit: int, multiple: Fraction | int
) -> Fraction | int:
    """The least multiple of `multiple` (a stake's own step) every multiple of which, as a
    stake, is a whole number of chips, and so is each of `shares` of it (the payouts owed per
    unit staked): 7 to 6 in chips of 100 needs stakes in multiples of 600."""
    times = lcm(*(Fraction(multiple * share, chip_unit).denominator for share in (1, *shares)))
    return multiple * times


@overload
def first_multiple(unit: int, at_least: int) -> int: ...


@overload
def first_multiple(unit: Fraction | int, at_least: Fraction | int) -> Fraction | int: ...


def first_multiple(unit: Fraction | int, at_least: Fraction | int) -> Fraction | int:
    """The least multiple of `unit` that is `at_least` this much."""
    return -(-at_least // unit) * unit


def money(minor: Fraction | int | float) -> str:
    """An amount in minor units as currency units with two decimals: 125050 is "1,250.50"."""
    return f"{float(minor) / 100:,.2f}"


def signed_money(minor: int) -> str:
    """A gain or loss: "+1,234.50", "-20.00", "0.00"."""
    return f"+{money(minor)}" if minor > 0 else money(minor)


def entered(value: object) -> str:
    """An amount someone entered, for a refusal that quotes it: `money` when it is a whole
    number of minor units, else exactly what was given ('5.5', "'ten'")."""
    return money(value) if type(value) is int else repr(value)
