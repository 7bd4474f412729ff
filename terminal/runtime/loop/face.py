"""What the screens see of the table (terminal/screens/): a typed, read-only face of it, which
`Table` (terminal/runtime/loop/table.py) implements.

The UI thread never touches what the table thread mutates: the round in play, its engine, its
devices' state. The screens read the table as the journal says it is (their model,
terminal/screens/model.py); from the table itself they read only what is fixed when it is
assembled (the game, its rules) or replaced whole by the table thread, never changed in place
(the setup, what the round waits for), and they post the croupier's entries to its inbox, whose
answer comes back through the journal. tests/test_architecture.py fails on a screen that reads
the table's `rounds`, `engine` or `device`.
"""

from __future__ import annotations

import queue
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from games.cards.cards import FRENCH
from games.game import Game
from games.records import Bet

if TYPE_CHECKING:
    from terminal.runtime.loop.context import TableSetup
    from terminal.runtime.loop.table import Table


class HandEntry(Protocol):
    """The croupier's hand (drivers/hand.py: the wheel's, the dice's or the shoe's, each with
    the entries of its kind): every entry is checked, then its events put on the table's inbox
    under the device's lock, from any thread; the table thread takes them."""

    def enter(self, *outcome: Any, by: str) -> None:
        """The outcome entered: a number, two dice, a card."""

    def void(self, cause: str, by: str) -> None:
        """The dice's: the throw is void for `cause`."""

    def burnt(self, count: int, by: str) -> None:
        """The shoe's: `count` cards burnt face down."""

    def cut(self, by: str) -> None:
        """The shoe's: the cut card came out."""

    def loaded(self, decks: int, by: str, deck: str = FRENCH) -> None:
        """The shoe's: a new shoe of `decks` decks of the kind `deck` is loaded."""


class StaffedSession(Protocol):
    """What the screens ask of the session: fixed when the table is assembled."""

    @property
    def staffed(self) -> bool: ...

    @property
    def staff_path(self) -> Path | None: ...


class TechnicianDesk(Protocol):
    """A technician's visit: the round device's readings while a technician is in, which the
    technician's screen drains (a queue: any thread)."""

    @property
    def readings(self) -> queue.SimpleQueue[object]: ...


class TableFace(Protocol):
    """The table as the screens see it: what it is, what its round waits for, and where the
    croupier's entries go."""

    # -- what the table is: set when it is assembled, or replaced whole ----------------------
    @property
    def game(self) -> Game:
        """What the game says of itself (games/game.py)."""

    @property
    def rules(self) -> Any:
        """The game's rules, as the table's profile made them."""

    @property
    def setup(self) -> TableSetup:
        """The table's setup (frozen): new limits replace it whole."""

    @property
    def session(self) -> StaffedSession: ...

    @property
    def technician(self) -> TechnicianDesk: ...

    # -- what its round waits for: snapshots the table thread publishes ----------------------
    @property
    def waiting(self) -> str | None:
        """What the round waits for from its device now ("spin", "throw", "card", "shoe"; a
        circle table's "bank", awarded before the coup), or None: when the croupier's screen
        takes an entry of the outcome."""

    @property
    def manual(self) -> bool:
        """Whether the round's device is the croupier's hand: a person enters every outcome."""

    def bets_close_in(self) -> float | None:
        """Seconds until the round's device closes the bets on its own (a wheel that plays a
        plan, the simulated one); None: unknown, past, or a device that never does."""

    @property
    def tested_device(self) -> Any:
        """The round's device as the technician's tools work it (terminal/screens/technician/):
        their calls to it are made on worker threads of their own, while a technician holds
        the table between rounds; on the UI thread they read only what the device fixes when
        it is made (its URL, its wheel's order, what it can do) and whether its pocket test is
        on."""

    # -- the croupier's entries: posted to the table's inbox, taken on its thread --------------
    @property
    def hand(self) -> HandEntry | None:
        """Where the croupier enters outcomes (screen://), or None: a table with no hand."""

    def post(self, entry: Any) -> None:
        """Any entry: the session's, the technician's, a game's own (games/entries.py)."""

    def post_bet(self, bet: Bet) -> None: ...

    def post_decision(self, place: str, action: str) -> None: ...


if TYPE_CHECKING:

    def _a_table_is_a_face(table: Table) -> TableFace:
        return table  # mypy checks that `Table` implements the face
