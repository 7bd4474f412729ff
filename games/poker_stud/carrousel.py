"""The carrousel: a jackpot every poker table of the casino feeds (section 11, CARROUSEL).

A player puts a coin in the slot of his box; every coin joins the pool of all the tables
before anything is paid ("la totalitat de les monedes introduïdes s'incorpora a allò
acumulat") and is never returned. A box whose hand is a royal flush wins the whole pool, a
straight flush 10% of it (a profile value); any other coin is lost to the pool. The carrousel
stands apart from the table's game ("al marge de tot el joc de la taula"): the five cards
decide it, whether the box goes on or folds and whatever the bank holds.

The texts do not say what happens when several coins win in one coup. Here the royal flushes
share the pool first, equally; then every straight flush is paid its share of what the royal
flushes left, each the same amount. Payments are rounded down to the chip unit and what is
not paid (the breakage) stays in the pool.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from games.money import to_chips
from games.records import POOL, Bet, PoolMovement, Settlement


def pay_carrousel(
    pool: int, coins: Sequence[tuple[Bet, str]], straight_flush_share: Fraction, chip_unit: int
) -> tuple[dict[str, Settlement], PoolMovement]:
    """The settlement of each coin, by bet id, and the pool's round. `pool` is the casino's
    pool before the coup; `coins` each coin with the category of its box's hand."""
    staked = sum(bet.stake for bet, _ in coins)
    left = pool + staked
    entries = {bet.id: Settlement(bet.id, "lose", against=POOL) for bet, _ in coins}
    royal = [bet for bet, hand in coins if hand == "royal_flush"]
    straight = [bet for bet, hand in coins if hand == "straight_flush"]
    for winners, share in ((royal, Fraction(1, len(royal) or 1)), (straight, straight_flush_share)):
        paid, breakage = to_chips(left * share, chip_unit)
        for bet in winners:
            entries[bet.id] = Settlement(bet.id, "win", paid=paid, breakage=breakage, against=POOL)
        left -= paid * len(winners)
    return entries, PoolMovement(pool, staked, pool + staked - left, left)


def carrousel_movement(
    pool: int, coins: Sequence[tuple[Bet, str]], straight_flush_share: Fraction, chip_unit: int
) -> PoolMovement:
    """What the casino's pool does through a coup's `coins`: the game's `jackpot`."""
    return pay_carrousel(pool, coins, straight_flush_share, chip_unit)[1]
