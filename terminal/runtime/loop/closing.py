"""How a session closes, by the game's closing policy (games/game.py `Closing`): its last N
rounds ("les tres últimes boles"), its last shooter, or its last shoe.

The table asks its closing, before each round, whether closing starts (`start`: asked by the
croupier or the pit, or only the closing is left of the rounds asked for); what the opening
round says of it (`open_data`, and the announcement before it); whether the round about to be
played is a last one; and, after each settled round, whether the session is over (`done`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.game import CoupGame

if TYPE_CHECKING:
    from terminal.runtime.loop.context import Journaling


class Closing:
    """`active`: the closing has started (the last shooter, the last shoe); `final`: every
    round now is a last one (the last shoe's cut card is out)."""

    active = False
    final = False

    def __init__(self, table: Journaling):
        self.table = table

    def _asked(self, rounds_left: int | None, within: int) -> bool:
        requested = self.table.control.close_requested.is_set()
        return requested or (rounds_left is not None and rounds_left <= within)

    def start(self, rounds_left: int | None) -> None:
        raise NotImplementedError

    def open_data(self) -> dict[str, Any]:
        return {}

    def last_round(self) -> bool:
        return False

    def cut_card_out(self) -> None:
        """The shoe's cut card came out."""

    def ends_on_void(self) -> bool:
        """Whether the round being voided is the session's last (its `round.void` says so)."""
        return False

    def done(self) -> bool:
        raise NotImplementedError


class LastRounds(Closing):
    """The rulebook's last `n` rounds, each announced with how many are left."""

    def __init__(self, table: Journaling, n: int):
        super().__init__(table)
        self.n = n
        self.left: int | None = None

    def start(self, rounds_left: int | None) -> None:
        if self.left is None and self._asked(rounds_left, self.n):
            self.left = self.n if rounds_left is None else max(1, min(self.n, rounds_left))

    def open_data(self) -> dict[str, Any]:
        if self.left is None:
            return {}
        table = self.table
        table.announce(table.engine.announcement("last_rounds", n=self.left))
        return {"last_rounds_left": self.left}

    def last_round(self) -> bool:
        return self.left == 1

    def done(self) -> bool:
        """After a settled round: whether it was the last. A card game's coup that must play on
        (monte's Segones after its Primeres, trente et quarante's prisoners) plays one more."""
        if self.left is None:
            return False
        self.left -= 1
        table = self.table
        coup = isinstance(table.game, CoupGame)
        if self.left == 0 and coup and table.engine.must_play_on(table.state.own.engine_state()):
            self.left = 1
        return self.left == 0


class LastShooter(Closing):
    """Craps: once asked, the table plays on until a shooter sevens out; that roll is the
    session's last."""

    def start(self, rounds_left: int | None) -> None:
        if not self.active and self._asked(rounds_left, 1):
            self.active = True
            self.table.announce(self.table.engine.announcement("last_shooter"))

    def open_data(self) -> dict[str, Any]:
        return {"last_shooter": self.active}

    def done(self) -> bool:
        own: Any = self.table.state.own  # craps' fold: who has the dice
        return self.active and own.shooter is None


class LastShoe(Closing):
    """A card game without closing rounds: once asked, the coup in which the cut card comes out
    is the last (`final`, set by the deal), or, while bets stay in prison (trente et
    quarante), the coups after it that free them; `call` is announced when it starts."""

    def __init__(self, table: Journaling, call: str | None):
        super().__init__(table)
        self.call = call

    def start(self, rounds_left: int | None) -> None:
        if not self.active and self._asked(rounds_left, 1):
            self.active = True
            if self.call:
                self.table.announce(self.table.engine.announcement(self.call))

    def last_round(self) -> bool:
        return self.final

    def cut_card_out(self) -> None:
        self.final = self.final or self.active

    def done(self) -> bool:
        table = self.table
        return self.final and not table.engine.must_play_on(table.state.own.engine_state())

    def ends_on_void(self) -> bool:
        """Trente et quarante (05 IV): the red card that voids the coup of the last cut ends the
        session, unless bets are still in prison."""
        game = self.table.game
        return isinstance(game, CoupGame) and game.cut_card_voids and self.done()


def closing_for(table: Journaling) -> Closing:
    """The closing of `table`'s game under its rulebook."""
    closing, rounds = table.game.closing, table.rules.closing_rounds
    if closing.policy == "shooter":
        return LastShooter(table)
    if closing.policy == "shoe" and rounds is None:
        return LastShoe(table, closing.call)
    return LastRounds(table, rounds)
