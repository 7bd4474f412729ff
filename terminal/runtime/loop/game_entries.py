"""A game's own entries (games/entries.py `GameEntry`) as the table takes them on its thread:
what they see of the table, the event they journal in the open round, the stakes they give
back to the simulated players. The table knows none of them; its game lists them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.entries import GameEntry
from games.records import Bet, Limits
from terminal.runtime.loop.context import Journaling


class TableSeen:
    """What a game's entry sees of the table (games/entries.py `EntrySeen`)."""

    def __init__(self, table: Journaling):
        self._table = table

    @property
    def seats(self) -> int:
        return self._table.setup.seats

    @property
    def limits(self) -> Limits:
        return self._table.setup.limits

    @property
    def bets_open(self) -> bool:
        return self._table.state.round_status == "open"

    @property
    def in_play(self) -> bool:
        return self._table.state.round_status is not None

    @property
    def own(self) -> Any:
        return self._table.state.own

    @property
    def engine(self) -> Any:
        return self._table.engine

    @property
    def on_layout(self) -> Sequence[Bet]:
        state = self._table.state
        return (*state.round_bets, *state.carried)


def take(table: Journaling, entry: GameEntry) -> str | None:
    """Take `entry`, one of the table's game's own, now: its event journaled and the stakes it
    gives back returned to the simulated players; or why it is refused (nothing journaled: the
    croupier's refusals are the caller's to journal)."""
    taken = entry.take(TableSeen(table))
    if isinstance(taken, str):
        return taken
    table.emit(taken.kind, dict(taken.data), table.state.open_round)
    if taken.returned and table.players is not None:
        table.players.refund(taken.returned)
    return None
