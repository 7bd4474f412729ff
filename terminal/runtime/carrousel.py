"""The carrousel: the jackpot pool every poker table of a casino feeds (section 11, docs/bets.md).

A coup with coins is settled against the casino's pool, one coup at a time, so that two tables
never both pay out of the same pool: the pool adds the coup's coins and pays its royal and
straight flushes by the arithmetic the game's description gives (`CoupGame.jackpot`, the same
the table's engine then applies to the `pool_before` it is given). Two pools:

- `LocalPool`: one table's own (simulation, a laptop, a casino with one poker table); it lives in
  the table's journal (`data.carrousel.pool_after`).
- `PoolServer` (`dealer-terminal carrousel serve`) and `PoolClient` (terminal/carrousel_pool.py):
  the casino's, on the pit's machine, over ZeroMQ (a ROUTER; requests and replies are
  single-frame JSON as the replay server's). Every movement is committed to its SQLite store
  before the reply; a request is identified by (table, round), so a table that asks again after
  a lost reply gets the same answer. A table that voids a coup it had settled (a crash between
  the two) cancels it: the coins go back out of the pool and a jackpot paid comes back in.
"""

from __future__ import annotations

from fractions import Fraction

from games.game import CoupGame, Jackpot
from games.records import Bet, PoolMovement
from games.registry import GAMES


class CarrouselUnavailable(Exception):
    """The casino's pool did not answer: the coup waits (the croupier does not pay a jackpot
    nobody has checked)."""


def casino_jackpot() -> Jackpot:
    """The arithmetic of the casino's jackpot pool: the one game whose description has one."""
    found = [g.jackpot for g in GAMES.values() if isinstance(g, CoupGame) and g.jackpot]
    if len(found) != 1:
        raise ValueError(f"{len(found)} games feed a casino-wide jackpot pool: one is served")
    return found[0]


class LocalPool:
    def __init__(self, jackpot: Jackpot, pool: int = 0):
        self.jackpot, self.pool = jackpot, pool

    def settle(
        self,
        table: str,
        round_no: int,
        coins: list[tuple[Bet, str]],
        share: Fraction,
        chip_unit: int,
    ) -> PoolMovement:
        movement = self.jackpot(self.pool, coins, share, chip_unit)
        self.pool = movement.pool_after
        return movement

    def cancel(self, table: str, round_no: int) -> None:
        """Nothing to undo: the table's journal never recorded the voided coup's pool."""

    def close(self) -> None:
        pass
