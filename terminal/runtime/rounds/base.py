"""What a kind of game does in the table's one round loop (terminal/runtime/loop/table.py): the
steps that are a spin's, a roll's or a coup's own. The table owns the loop, the session, the
float, the bets and the faults; a `Rounds` decides its open round (`decide`: no more bets, then
the outcome its device senses), says what a void round returns, and takes the croupier's
entries and the devices' events that are its kind's."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from games.protocols import Void
from games.reasons import Reason, reason
from games.records import Bet
from terminal.runtime.loop import game_entries

if TYPE_CHECKING:
    from terminal.runtime.loop.context import RoundTable


# why the table voids a round of its own accord (games/reasons.py), journaled with the void's
# `why` so that the screens say it in the croupier's language; a device's own fault voids it
# with the device's words (its banner says the fault in the croupier's)
DEVICES = ("wheel", "dice", "shoe")  # games.game.Game.device
WHY = {
    "void_stopped": "the table was stopped; stakes returned",
    "void_restarted": "the terminal restarted during the round; stakes returned",
    **{
        f"void_{d}_disturbed": "{switch}: the " + d + " was disturbed during the round"
        for d in DEVICES
    },
    **{f"void_{d}_silent": f"{d} silent" for d in DEVICES},
}


def disturbed(device: str, switch: str) -> Reason:
    """Why a round is void that the tilt `switch` of the table's `device` voided."""
    return reason(WHY, f"void_{device}_disturbed", switch=switch)


def silent(device: str) -> Reason:
    """Why a round is void whose `device` sent nothing for the table's timeout."""
    return reason(WHY, f"void_{device}_silent")


@dataclass(frozen=True)
class Decided:
    """A round's outcome as its device sensed it: settled by the engine as `last_round` or
    not; `noted` is added to the journaled outcome (the rotor's direction and speed)."""

    outcome: dict[str, Any]
    last_round: bool
    noted: dict[str, Any] = field(default_factory=dict)


def entered(by: str | None) -> dict[str, Any]:
    """What an outcome entered by hand on the croupier's screen notes (docs/events.md): its
    source and who entered it; nothing for a sensed one (`by` None)."""
    return {} if by is None else {"source": "manual", "entered_by": by}


class Rounds:
    # whether the simulated players bet as soon as the round opens; a spin's bet while the
    # ball turns (`SpinRounds`), as players do until "no more bets"
    simulated_bets_at_open = True
    # what the round waits for from its device now ("spin", "throw", "card", "shoe"), or None:
    # when the croupier's screen takes an entry of the outcome (drivers/hand.py)
    waiting: str | None = None

    def __init__(self, table: RoundTable):
        self.table = table

    @contextmanager
    def waiting_for(self, what: str) -> Iterator[None]:
        """`waiting` says `what` while the round reads its device for it."""
        self.waiting = what
        try:
            yield
        finally:
            self.waiting = None

    # -- before the round -------------------------------------------------------------------
    def ready(self) -> bool:
        """Whether a round can open now (craps: someone took the dice)."""
        return True

    def open_data(self) -> dict[str, Any]:
        """What `round.open` says beside the closing's part."""
        return {}

    def sim_bets(self, round_no: int) -> list[Bet]:
        """The simulated players' bets of this round: the game's own stakes where it has them
        (a circle table's, against the bank), else random bets over its catalogue."""
        table = self.table
        assert table.players is not None
        if (stakes := table.game.simulated.stakes) is not None:
            return stakes(game_entries.TableSeen(table), table.players, round_no)
        return table.players.bets(round_no, table.setup.limits)

    def before_close(self) -> None:
        """What the round kind journals as the session closes (a circle table's bank given
        back): nothing here."""

    def place(self, bet: Bet) -> None:
        """BetRefused unless the engine takes `bet` beside the round's bets."""
        self.table.engine.place(bet, self.table.state.round_bets)

    # -- the round --------------------------------------------------------------------------
    def decide(self, round_no: int, *, last_round: bool) -> Decided | None:
        """No more bets, then the outcome; None when the round was voided instead."""
        raise NotImplementedError

    def after(self) -> None:
        """After the round was settled and journaled."""

    # -- a void round -----------------------------------------------------------------------
    def void(self, reason: str) -> Void:
        table = self.table
        return table.engine.void(table.state.own.engine_state(), table.state.round_bets)

    def void_data(self) -> dict[str, Any]:
        """What this kind's `round.void` says beside the stakes."""
        return {}

    def before_void(self) -> None:
        """What must be undone elsewhere before the round is void (the carrousel's coins)."""

    def disturbed(self, switch: str) -> None:
        """A tilt switch voided the round in play."""
        table = self.table
        table.void_round(disturbed(table.game.device, switch))

    # -- entries and events -----------------------------------------------------------------
    def croupier(self, entry: Any) -> bool:
        """Take an entry of the croupier's that is this kind's; False: not this kind's."""
        return False

    def interrupting(self) -> Any:
        """An entry of the croupier's that ends what the round waits for (a misdeal declared
        while a coup is dealt), handed to the round's readings; None."""
        return None

    def hear(self, source: str, event: Any) -> bool:
        """An event heard between readings, if it is this kind's business; else False."""
        return False

    def recover(self) -> None:
        """After a restart, once the round left open is void."""
