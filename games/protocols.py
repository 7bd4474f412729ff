"""The protocols every game's rules and engine follow, by kind of game (games/game.py): what
the table runtime, `simulate` and `journal verify` call, and nothing they have to probe for.

An engine is pure: it takes the state the table folded from its journal, the round's bets and
the outcome sensed (a pocket, a roll, the cards as they come) and returns frozen records. What
the runtime only reads is a read-only property here, which a frozen dataclass's field, a plain
attribute and a class variable all give.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, Protocol

from games.records import Announcement, Bet, Limits, Settlement, Totals


class Odds(Protocol):
    """One row of a game's odds table (games.odds.BetOdds): what `rules`, `simulate` and the
    house-edge check read of it."""

    @property
    def label(self) -> str: ...

    @property
    def family(self) -> str: ...

    @property
    def payout(self) -> Fraction | str: ...  # a description where one bet has several payouts

    @property
    def probability(self) -> Fraction: ...

    @property
    def house_edge(self) -> Fraction: ...

    @property
    def zero_choice(self) -> str | None: ...  # roulette's even chances: "prison" or "half"

    @property
    def simulated(self) -> bool: ...

    @property
    def why(self) -> str: ...


class Rules(Protocol):
    """A game's validated rulebook profile."""

    @property
    def regulation(self) -> str: ...  # the profile's `source`: the text and section it implements

    @property
    def closing_rounds(self) -> int | None:
        """The rounds a closing plays (None: the game closes otherwise)."""
        ...

    def codes(self) -> Sequence[str]: ...

    def limits(self, minimum: int, chip_unit: int, steps: Mapping[str, int] = ...) -> Limits:
        """The table's limits; `steps` are its stake steps, by code or family."""
        ...

    def advance(self, minimum: int) -> int: ...

    def stake_unit(self, code: str, limits: Limits) -> int:
        """What a stake on `code` that the table takes is always a multiple of: its step, or
        craps' odds a stake paid exactly (the simulated players stake by it)."""
        ...

    def odds(self) -> Sequence[Odds]: ...


class DrawnRules(Rules, Protocol):
    """The rules of a spin or a roll: every outcome with its exact probability."""

    def outcomes(self) -> Sequence[tuple[dict[str, Any], Fraction]]: ...


class ShoeRules(Rules, Protocol):
    """The rules of a card game: its shoe."""

    @property
    def decks(self) -> int: ...

    @property
    def burn(self) -> int: ...

    @property
    def cut_reserve(self) -> int: ...  # cards left behind the cut card (0: a new shoe every coup)

    @property
    def deck(self) -> str: ...  # the deck kind its shoe is loaded with (games/cards/cards.py)


class Void(Protocol):
    """A void round: the stakes `returned`, the bets `kept` on the layout, the stakes the house
    `collected` all the same (trente et quarante's insurance premiums; none elsewhere)."""

    @property
    def announcement(self) -> Announcement: ...

    @property
    def returned(self) -> Sequence[Bet]: ...

    @property
    def kept(self) -> Sequence[Bet]: ...

    @property
    def collected(self) -> Sequence[Bet]: ...


class Result(Protocol):
    """A settled round."""

    @property
    def outcome(self) -> dict[str, Any]: ...

    @property
    def announcement(self) -> Announcement: ...

    @property
    def bets(self) -> Sequence[Bet]: ...

    @property
    def settlement(self) -> Sequence[Settlement]: ...

    @property
    def totals(self) -> Totals: ...

    @property
    def state(self) -> Any: ...


class Engine(Protocol):
    """What every engine does."""

    limits: Limits

    def check(self, bet: Bet, accepted: Sequence[Bet] = (), *, state: Any = None) -> str | None:
        """Why `bet` cannot join `accepted` in a round played from `state`, or None."""
        ...

    def place(self, bet: Bet, accepted: Sequence[Bet]) -> Bet:
        """`bet` itself when it may join `accepted`; BetRefused otherwise."""
        ...

    def new_state(self) -> Any: ...

    def void(self, state: Any, bets: Sequence[Bet]) -> Void: ...

    def announcement(self, key: str, **params: int) -> Announcement: ...


class SpinEngine(Engine, Protocol):
    def settle(
        self, state: Any, bets: Sequence[Bet], outcome: dict[str, Any], *, last_round: bool = False
    ) -> Result: ...


class RollEngine(Engine, Protocol):
    def place(self, bet: Bet, accepted: Sequence[Bet], *, state: Any = None) -> Bet:
        """`bet` itself when it may join `accepted` in a roll played from `state` (which bets
        may be placed depends on the point); BetRefused otherwise."""
        ...

    def settle(
        self, state: Any, bets: Sequence[Bet], outcome: dict[str, Any], *, last_round: bool = False
    ) -> Result: ...

    def with_shooter(self, state: Any, seat: int) -> Any: ...

    def can_roll(self, state: Any, bets: Sequence[Bet]) -> str | None: ...

    def can_withdraw(self, state: Any, bet_id: str) -> str | None: ...

    def withdraw(self, state: Any, bet_id: str) -> tuple[Any, Settlement]: ...

    def ends_hand(self, state: Any, dice: Sequence[int]) -> bool: ...


class Need(Protocol):
    @property
    def kind(self) -> str: ...  # "card", "decision" or "settle"

    @property
    def place(self) -> str | None: ...  # None once the coup is to be settled

    @property
    def options(self) -> Sequence[str]: ...


class CoupEngine(Engine, Protocol):
    """A coup is dealt card by card and decided place by place (`need` says what it waits
    for); `settle` ends it. `staked` is every stake of a coup as it stands (what a void coup
    returns); `strategy` the simulated players' decision; `must_play_on` whether a closing
    must deal another coup (trente et quarante's prisoners)."""

    def place(self, bet: Bet, accepted: Sequence[Bet], *, state: Any = None) -> Bet:
        """`bet` itself when it may join `accepted` in the coup of `state`; BetRefused
        otherwise."""
        ...

    def start(self, state: Any, bets: Sequence[Bet]) -> Any: ...

    def need(self, coup: Any) -> Need: ...

    def card(self, coup: Any, card: str) -> Any: ...

    def decide(self, coup: Any, place: str, action: str) -> Any: ...

    def settle(self, coup: Any, *, last_round: bool = False) -> Result: ...

    def staked(self, coup: Any) -> tuple[Bet, ...]: ...

    def strategy(self, coup: Any, place: str, options: Sequence[str]) -> str: ...

    def must_play_on(self, state: Any) -> bool: ...

    def void(self, state: Any, bets: Sequence[Bet], reason: str | None = None) -> Void: ...


class LayingEngine(CoupEngine, Protocol):
    """A coup engine whose coups are laid out before their bets (monte's four places): between
    rounds, while `layout_due` says one is ("new": from a new pack; "resume": one begun before
    a restart, `new_layout` holding its journaled cards), the table deals `lay` the cards for
    the places `layout_needs` names, journals each and then `laid`'s data (as the game's
    `lays_out` kind), and opens the round on that layout; a void layout (`"void": true`) is
    laid again. `layout_call` is what the croupier announces of the card last laid, if any."""

    def layout_due(self, state: Any) -> str | None: ...

    def new_layout(self, state: Any) -> Any: ...

    def layout_needs(self, layout: Any) -> str | None: ...

    def lay(self, layout: Any, card: str) -> Any: ...

    def laid(self, state: Any, layout: Any) -> dict[str, Any]: ...

    def layout_call(self, layout: Any) -> Announcement | None: ...


class CutEngine(Engine, Protocol):
    """A circle game's engine: what its settled round's `outcome` says of the house's cut, for
    the `cagnotte` event (`circle-games.md`): `rate`, `base` (what the rate applies to) and
    `exact` (rate x base, before rounding)."""

    def cut_of(self, outcome: Mapping[str, Any]) -> dict[str, Any]: ...


class BankedEngine(CoupEngine, Protocol):
    """A coup engine whose table lives between coups (a circle table's bank, `chemin-de-fer.md`):
    before each coup the table journals what `due` says the rules do of themselves (a lost bank
    passed, the next offer), one event at a time, each with the money it `handed` back to the
    players, while `waiting` names what it waits for from a person (an offer's answer, an
    auction's bids); `closing` is what the session's close journals (the bank given back)."""

    def due(self, state: Any) -> Any: ...  # an object with kind, data and handed, or None

    def waiting(self, state: Any) -> str | None: ...

    def closing(self, state: Any) -> Any: ...


class ErringEngine(CoupEngine, Protocol):
    """A coup engine with a table of errors and remedies (`Game.errors`, games/errors.py): the
    coup after the remedy of the error `code`, its `game.error` journaled at seq `by`."""

    def remedied(self, coup: Any, code: str, by: int) -> Any: ...
