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

from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from games.game import CoupGame, Jackpot
from games.records import Bet, PoolMovement
from games.registry import GAMES

if TYPE_CHECKING:
    from terminal.runtime.loop.context import RoundTable


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


def settle_coins(
    table: RoundTable, pool: Any, coup: Any, journaled: bool, give_up: Callable[[], None]
) -> None:
    """A coup's coins settled by the casino's pool (waiting for it while it is away); the pool
    before them journaled (`carrousel.pool`), which the engine settles the coins against. A
    resumed coup whose movement was journaled before the kill (`journaled`) asks again (the
    pool answers a round it settled as it did, and the table's own pool is brought to after
    it) without journaling it twice; a stop while the pool is away gives the coup up."""
    coins, unreachable = table.engine.coins(coup), False
    while True:
        try:
            movement = pool.settle(
                table.setup.table,
                table.state.round,
                coins,
                table.rules.straight_flush_share,
                table.setup.limits.chip_unit,
            )
            break
        except CarrouselUnavailable as e:
            if not unreachable:
                table.fault("unreachable", "error", f"{e}; the coup waits", device="carrousel")
                unreachable = True
            if table.control.stop_requested.is_set():
                give_up()
            table.hear_faults_until(lambda event: False, seconds=1.0)
    if unreachable:
        table.clear_fault("carrousel", "unreachable", "the carrousel pool answers again")
    if not journaled:
        table.emit("carrousel.pool", movement.to_json(), table.state.round)


def cancel_coins(table: RoundTable, pool: Any) -> None:
    """The coins of a void coup that the pool had settled, cancelled there (or a fault that
    says to reconcile them by hand)."""
    try:
        pool.cancel(table.setup.table, table.state.round)
    except CarrouselUnavailable as e:
        table.fault(
            "cancel_failed",
            "error",
            f"{e}: reconcile round {table.state.round} at the pool",
            device="carrousel",
        )
