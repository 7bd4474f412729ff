"""An even-money bet caught by a zero: half back or prison ("presó").

French roulette's rule (section 01 IV.1.B.b, as docs/rulings.md reads it), which trente et quarante
follows on a refait (section 05 V.1: "regeixen les mateixes disposicions que regulen el sistema
del zero en la ruleta"). For an original stake S caught by its k-th zero in a row, the player
chooses half back (S/2^k returned, the bet ends) or prison (the bet stays, with value
S/2^(k-1): `Bet.value`); prison is forced when S/2^k is below the table minimum, half back on
the last round of a session. On the next round that decides it, a bet in prison whose chance
wins is returned at its value, without winnings; otherwise it is lost.

Roulette's engine and trente et quarante's both settle through it.
"""

from __future__ import annotations

from fractions import Fraction

from games.money import to_chips
from games.records import Bet, Settlement

ZERO_CHOICES = ("prison", "half")  # Bet.zero_choice


def on_zero(bet: Bet, minimum: int, chip_unit: int, *, last_round: bool) -> Settlement:
    """The even-money `bet` caught by a zero (its `bet.prison + 1`-th in a row): "prison", or
    "half" with S/2^k returned, rounded down to the chip unit."""
    half = Fraction(bet.stake, 2 ** (bet.prison + 1))
    if not last_round and (half < minimum or bet.zero_choice == "prison"):
        return Settlement(bet.id, "prison")
    returned, breakage = to_chips(half, chip_unit)
    return Settlement(bet.id, "half", returned=returned, breakage=breakage)


def released(bet: Bet, won: bool, chip_unit: int) -> Settlement:
    """A bet in prison on the first round after it that decides: returned at its value when its
    chance `won`, lost otherwise."""
    if not won:
        return Settlement(bet.id, "lose")
    returned, breakage = to_chips(bet.value, chip_unit)
    return Settlement(bet.id, "push", returned=returned, breakage=breakage)


def prison_return(win: Fraction, zero: Fraction, stay: Fraction = Fraction(0)) -> Fraction:
    """What a bet in prison returns on average, per unit of its value, when its chance wins a
    round with probability `win`, a zero comes with probability `zero` (and the bet goes on in
    prison, halved: the player always chooses prison) and the bet stays as it is with
    probability `stay` (a void coup). R = win + stay R + zero R/2. The forced half back below
    the minimum or on the last round, and the rounding to chips, are left out."""
    return win / (1 - stay - zero / 2)
