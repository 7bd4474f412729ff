"""What the croupier enters: what an entry's fields may hold and how they are cut for the
journal, and how a game adds entries of its own.

A refusal is journaled with the entry as it was entered and says what was wrong in it, so
neither may grow with what a screen gone wrong sends. The table runtime's checks
(terminal/runtime/loop/entries.py) and a bet's own (`Bet.entered_problem`) use them.

A game's own entries (`GameEntry`: craps' withdrawals, American roulette's colour chips) are
listed in its description (`Game.entries`) and say themselves what they journal: the shared
table runtime takes them without knowing any of them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

if TYPE_CHECKING:
    from games.records import Bet, Limits

MAX_AMOUNT = 10**12  # minor units: far above any table's maximum, far below an SQLite integer's
MAX_TEXT = 64  # characters of an id, a code, a place, an action, a colour
# a bet of the engine's own making (in prison, doubled), entered as if it were a new one
ENTERED_PLAIN = "a bet is entered plain: never in prison, never doubled (the table does that)"


def clip(value: Any) -> Any:
    """`value` as it may be journaled: JSON's own types kept, texts cut to MAX_TEXT characters,
    anything else by its (cut) representation."""
    if value is None or isinstance(value, bool) or isinstance(value, int) and abs(value) < 2**63:
        return value
    if isinstance(value, str):
        return value if len(value) <= MAX_TEXT else value[:MAX_TEXT] + "…"
    text = repr(value)
    return text if len(text) <= MAX_TEXT else text[:MAX_TEXT] + "…"


def text_problem(name: str, value: Any) -> str | None:
    """Why `value` is not a short, non-empty text, or None."""
    if not isinstance(value, str) or not value.strip():
        return f"{name} must be a non-empty text, not {clip(value)!r}"
    if len(value) > MAX_TEXT:
        return f"{name} is {len(value):,} characters long: at most {MAX_TEXT}"
    if not value.isprintable():
        return f"{name} {clip(value)!r} holds control characters"
    return None


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)  # JSON's true is no number


def seat_problem(seat: Any, seats: int) -> str | None:
    if not _whole(seat) or not 1 <= seat <= seats:
        return f"the seat must be a place of this table, 1 to {seats}, not {clip(seat)!r}"
    return None


def amount_problem(name: str, amount: Any) -> str | None:
    if not _whole(amount) or not 1 <= amount <= MAX_AMOUNT:
        return f"{name} must be a positive whole amount in minor units, not {clip(amount)!r}"
    return None


# -- a game's own entries ------------------------------------------------------------------
class EntrySeen(Protocol):
    """What a game's own entry sees of its table when the table thread takes it."""

    @property
    def seats(self) -> int:
        """The places whose players may bet: 1 to seats."""
        ...

    @property
    def limits(self) -> Limits:
        """The table's limits now."""
        ...

    @property
    def bets_open(self) -> bool: ...

    @property
    def in_play(self) -> bool:
        """Whether a round is in play (its bets open, or closed and not yet decided)."""
        ...

    @property
    def own(self) -> Any:
        """The game's own fold (`Game.fold`), as the journal made it."""
        ...

    @property
    def engine(self) -> Any: ...

    @property
    def on_layout(self) -> Sequence[Bet]:
        """The bets of the open round and those staying on the layout between rounds."""
        ...


@dataclass(frozen=True)
class Emitted:
    """What a game's entry, taken, journals: one event of the game's in the open round, and the
    bets it gives back whole to their players (a withdrawal's)."""

    kind: str
    data: Mapping[str, Any]
    returned: tuple[Bet, ...] = ()


class GameEntry:
    """An entry of one game's own (craps' withdrawals, American roulette's colour chips), posted
    by its screens like any other (`TableFace.post`). The shared table takes it on its thread
    only at a table of a game that lists its class in `Game.entries`; else it is refused. The
    refusal is the croupier fault `{kind}_refused` (docs/events.md)."""

    kind: ClassVar[str]

    def take(self, seen: EntrySeen) -> Emitted | str:
        """The event the entry journals, or why it is refused (a `reason` of the game's)."""
        raise NotImplementedError


class Crowd(Protocol):
    """The simulated players, as a game's own simulated entries ask them."""

    def unseated(self) -> list[int]:
        """The seats still to take a place of their own (a colour) before they bet."""
        ...

    def chip_unit(self, minimum: int, maximum: int) -> int:
        """The value a player gives chips of its own: mostly the minimum, now and then more."""
        ...

    def sit(self, seat: int, unit: int | None) -> None:
        """`seat` took its place, with chips worth `unit` (None: the table's value chips)."""
        ...

    def withdrawals(self, layout: Sequence[Bet]) -> list[Bet]:
        """The bets on the layout the players would take back now."""
        ...

    @property
    def rng(self) -> random.Random:
        """The players' seeded generator: a game's own choices for them draw from it."""
        ...

    def chips_of(self, seat: int) -> int:
        """The chips in front of the player at `seat` (0: nobody there)."""
        ...

    def pay_in(self, seat: int, amount: int) -> None:
        """The player at `seat` puts `amount` of his chips on the table (a bank, a stake)."""
        ...

    def hand_back(self, seat: int, amount: int) -> None:
        """`amount` handed back to the player at `seat` (a passed bank's share)."""
        ...


Take = Callable[[GameEntry], str | None]  # the table takes an entry now: None, or why not
Stakes = Callable[[EntrySeen, Crowd, int], list["Bet"]]  # the seen table, the crowd, the round


@dataclass(frozen=True)
class SimulatedEntries:
    """What a game's simulated players enter of the game's own, through `take` like the
    croupier: `seat` as newcomers sit down (before any buy-in), `before_bets` before they bet,
    `between_coups` before a round opens (a circle table's bank: its offers answered, and what
    its banker does of it), called again while the table waits for them. `stakes`, when a game
    has it, are their bets in place of random ones over the catalogue (a circle table's stakes
    against the bank); `held` the families of bets whose money stays on the table rather than
    go to their player (the bank's own cover)."""

    seat: Callable[[EntrySeen, Crowd, Take], None] = lambda seen, crowd, take: None
    before_bets: Callable[[EntrySeen, Crowd, Take], None] = lambda seen, crowd, take: None
    between_coups: Callable[[EntrySeen, Crowd, Take], None] = lambda seen, crowd, take: None
    stakes: Stakes | None = None
    held: frozenset[str] = frozenset()
