"""The table as its parts see it: typed, narrow seams instead of the whole `Table`.

The table (terminal/runtime/loop/table.py) is made of parts that each need a little of it: its
kind's rounds (terminal/runtime/rounds/), its closing, its session and float, the correction,
the payments, the technician's visit. Each takes the table through the narrowest of these
protocols that serves it, which `Table` implements (mypy checks it, below), so that no part
imports the table back and the runtime has no import circle. What the table is (`TableSetup`)
and how the outside asks it to close or stop (`TableControl`) are here too, for the same reason.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from drivers.faults import Fault, FaultCleared
from games.game import Game
from games.options import TableOptions
from games.records import Announcement, Limits
from terminal.common.flag import Flag
from terminal.runtime.loop.state import TableState

if TYPE_CHECKING:
    from terminal.runtime.simulation.players import SimPlayers


class TableControl:
    """How the outside (signals, a UI, a test) asks a running table to close or stop.

    close: play the closing rounds ("les tres últimes boles", the last shooter), count the
    float, close the session.
    stop: void the round in progress, keep the session open for the next run, return now.
    """

    def __init__(self) -> None:
        self.close_requested = Flag()
        self.stop_requested = Flag()
        # what closing plays at this table (set when it is assembled)
        self.closing = "the closing rounds"

    def request_close(self) -> None:
        self.close_requested.set()

    def request_stop(self) -> None:
        self.stop_requested.set()


@dataclass(frozen=True)
class TableSetup:
    table: str
    game: str
    profile: str
    croupier: str
    limits: Limits
    advance: int
    chips: tuple[int, ...]
    topup_below: float
    device_timeout: float  # seconds without an event from the device during a round
    # boot id, clock synchronised (terminal.runtime.loop.host)
    host: dict[str, Any] = field(default_factory=dict)
    # what the game's own table-file sections gave (games/options.py): journaled in table.open
    options: TableOptions = field(default_factory=TableOptions)
    seats: int = 12  # the places whose players may bet, 1 to seats
    curve: bool = False  # the feed is encrypted (CURVE): the self-test checks it can be


class Signing(Protocol):
    """The staffed session, as the table's parts ask it who may sign and what is signed."""

    @property
    def staffed(self) -> bool: ...

    def signatures(self, what: str) -> dict[str, Any]:
        """What an event that asks for signatures journals of them (`sign`'s roles)."""

    def check(self, signer: Any, role: str | tuple[str, ...]) -> str | None:
        """Why `signer` cannot act as `role` (a PIN wrong, a role not held), or None."""


class Closes(Protocol):
    """The table's closing as its rounds and its session ask it
    (terminal/runtime/loop/closing.py)."""

    @property
    def active(self) -> bool:
        """The closing has started (the last shooter, the last shoe)."""

    @property
    def final(self) -> bool:
        """Every round now is a last one (the last shoe's cut card is out)."""

    def last_round(self) -> bool: ...

    def cut_card_out(self) -> None: ...


class Journaling(Protocol):
    """What every part of the table reads and journals with: what the table is and plays, its
    state as the journal folds it, and the journal's emit."""

    @property
    def setup(self) -> TableSetup: ...

    @property
    def game(self) -> Game: ...

    @property
    def rules(self) -> Any: ...

    @property
    def engine(self) -> Any: ...

    @property
    def state(self) -> TableState: ...

    @property
    def control(self) -> TableControl: ...

    @property
    def session(self) -> Signing: ...

    @property
    def players(self) -> SimPlayers | None: ...

    def emit(self, kind: str, data: dict[str, Any], round: int | None = None) -> dict: ...

    def announce(self, announcement: Announcement, round: int | None = None) -> None: ...

    def refuse(self, what: str, detail: str) -> None: ...


class FloatPolicy(Protocol):
    """What the table and its staffed session ask of the table's money at the opening, between
    rounds and at the close (terminal/runtime/loop/floats.py)."""

    def opening_refusal(self, amount: int) -> str | None:
        """Why the advance the croupier counted (`amount`) cannot open the session, or None."""

    def open(self, advance: dict[str, Any] | None) -> None:
        """After `table.open`: the opening advance, as counted (None: the rule's)."""

    def after_result(self, event: Mapping[str, Any]) -> None:
        """After each `round.result` (its event): a circle table's cut into the cagnotte."""

    def after_correction(self, event: Mapping[str, Any], result_seq: int) -> None:
        """After a `round.correction` (its event) of the result `result_seq`: a circle table's
        cut of the round replaced."""

    def after_round(self) -> None:
        """After a round settled at a table without staff: a top-up if the tray runs low."""

    def top_up_refusal(self, amount: int | None) -> str | None:
        """Why the top-up of `amount` (None: the rule's) cannot be made now, or None."""

    def top_up(self) -> None:
        """The rule's top-up."""

    def counted_top_up(self, chips: Mapping[int, int], by: str) -> str | None:
        """A top-up counted per denomination: journaled, or why not."""

    def advance_due(self, limits: Limits) -> int:
        """What new `limits` need the float topped up with."""

    def count(self) -> None:
        """At a table without staff: the close's count, as the tray and the drop stand."""

    def counted(self, chips: Mapping[int, int], drop: int, by: str) -> str | None:
        """The close's count as the croupier counted it: journaled, or why not."""


class Faults(Protocol):
    """How a part raises and clears the table's faults."""

    def fault(
        self,
        code: str,
        severity: str,
        detail: str,
        *,
        device: str | None = None,
        lines: tuple[str, ...] = (),
    ) -> None: ...

    def incident(
        self, code: str, severity: str, detail: str, *, device: str | None = None
    ) -> None: ...

    def clear_fault(self, device: str, code: str, detail: str) -> None: ...

    def device_fault(self, event: Fault | FaultCleared) -> bool: ...

    def hear_faults_until(
        self, finished: Callable[[object], bool], seconds: float | None = None
    ) -> None: ...


class SessionTable(Journaling, Faults, Protocol):
    """The table as its staffed session runs it: its float, its closing, its limits."""

    @property
    def float(self) -> FloatPolicy: ...

    @property
    def closing(self) -> Closes: ...

    def open_session(
        self, *, croupier: str | None = None, advance: dict[str, Any] | None = None
    ) -> None: ...

    def relimit(self, limits: Limits) -> None: ...

    def close_bets(self, round_no: int) -> None: ...


class RoundTable(SessionTable, Protocol):
    """The table as its kind's rounds play it (terminal/runtime/rounds/): its devices and
    their readings, the round's bets and its void."""

    @property
    def device(self) -> Any: ...

    @property
    def hand(self) -> Any: ...

    @property
    def inbox(self) -> Any: ...

    @property
    def io(self) -> Any: ...

    def beat(self) -> None: ...

    def post(self, entry: Any) -> None: ...

    def readings(
        self, *, more: Callable[[], tuple[str, object] | None] | None = None
    ) -> Iterator[object]: ...

    def take_simulated_bets(self, round_no: int) -> None: ...

    def take_entry(self, entry: Any) -> str | None: ...

    def simulated_buyins(self, round_no: int | None) -> None: ...

    def void_round(self, reason: str, *, say: bool = True, **data: Any) -> None: ...
