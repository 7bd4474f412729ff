"""What a game says of itself: one `Game` per game, in its own package (`games/<game>/game.py`),
listed in `games/registry.py`. The table runtime, `simulate`, `journal verify`, the
configuration, the screens and the pit ask it; none of them names a game.

A game is one of three kinds, by what decides its rounds: a spin (a ball or a pointer stops at
a pocket: roulette, boule, the wheel of fortune), a roll (the dice: craps) or a coup (cards out
of a shoe: the card games). Each kind's engine follows its protocol (games/protocols.py).

Its `fold` is the game's own part of the table's state, folded from the journal's events (a
craps shooter, a shoe, colour chips, prisoners): the runtime keeps what every game shares.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar, Literal

from games.entries import GameEntry, SimulatedEntries
from games.errors import ErrorRule
from games.options import GameSections
from games.protocols import (
    CoupEngine,
    DrawnRules,
    Engine,
    RollEngine,
    Rules,
    ShoeRules,
    SpinEngine,
)
from games.records import Bet, Limits, PoolMovement

SPIN: Literal["spin"] = "spin"
ROLL: Literal["roll"] = "roll"
COUP: Literal["coup"] = "coup"
CARRIED = ("prison", "open")  # settlement results that leave a bet on the layout


def handlers(
    cls: type,
    table: Mapping[str, str],
    *,
    prefix: str,
    refusal: Callable[[str], str | None] = lambda kind: None,
) -> dict[str, Callable[..., Any]]:
    """The handler of each kind of `table` (kind -> the name of `cls`'s method), looked up once.

    Nothing is found from a name: a TypeError, when the table is read (as its class is made, or
    its module loads), for a name `cls` has no method of, a method named `prefix`... that the
    table does not name (a handler no event would reach), or a kind `refusal` refuses (the
    terminal passes the contract's, terminal/contract/kinds.py; games/ cannot ask it)."""
    wrong = [why for kind in table if (why := refusal(kind)) is not None]
    wrong += [
        f"{kind!r} names {name!r}, which is no method of it"
        for kind, name in table.items()
        if not callable(getattr(cls, name, None))
    ]
    named = set(table.values())
    wrong += [
        f"{name} handles no kind (the table does not name it)"
        for name in sorted(dir(cls))
        if name.startswith(prefix) and name not in named
    ]
    if wrong:
        raise TypeError(f"{cls.__qualname__}'s handlers: " + "; ".join(wrong))
    return {kind: getattr(cls, name) for kind, name in table.items()}


class Fold:
    """A game's own state, folded from the journal's events: `apply` is given every event
    (after the table's own fold), `engine_state` is the engine's state before the next round,
    `to_json` the game's part of the replay server's `state` answer. The bets staying on the
    layout between rounds (`carried`) are in every game's fold: none stay by default.

    `HANDLERS` names the kinds the fold reads, each with its handler, a method `on_...` taking
    the event's round and data; a kind it does not name is not the game's business. A subclass
    names its base's too (`{**ShoeFold.HANDLERS, ...}`). The class is refused when it is made
    if a handler named is missing or a method `on_...` is named by no kind (`handlers`); that
    every kind named is a kind of the contract, the table runtime checks of every game's fold
    when it loads (terminal/runtime/loop/state.py, `check_folds`)."""

    HANDLERS: ClassVar[Mapping[str, str]] = {}
    _handlers: ClassVar[dict[str, Callable[..., Any]]] = {}  # kind -> the class's handler
    carried: tuple[Bet, ...] = ()

    def __eq__(self, other: object) -> bool:
        """Two folds of the same events are equal (a replayed state is the live one)."""
        if type(other) is not type(self):
            return NotImplemented
        return {**vars(self), "carried": self.carried} == {**vars(other), "carried": other.carried}

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._handlers = handlers(cls, cls.HANDLERS, prefix="on_")

    def correction_problem(self) -> str | None:
        """Why the last round's result can no longer be corrected, of the game's own, or None
        (a circle table's bank that changed since it: the bank's life went on from it)."""
        return None

    def apply(
        self, kind: str, round_no: int | None, data: Mapping[str, Any], seq: int | None = None
    ) -> None:
        """`data` of an event of `kind` in round `round_no`, journaled at `seq`."""
        handler = self._handlers.get(kind)
        if handler is not None:
            handler(self, round_no, data)

    def engine_state(self) -> Any:
        raise NotImplementedError

    def handed(self, result: Any) -> Any:
        """A settled round as the players are handed it: as it is, but for a game that pays
        in chips of its own (American roulette's colours)."""
        return result

    def to_json(self) -> dict[str, Any]:
        return {}


class LastOutcome(Fold):
    """A game whose engine remembers only the last outcome's `key` (boule's number, the wheel
    of fortune's segment); `state` makes the engine's state of it."""

    HANDLERS = {"round.result": "on_round_result"}

    def __init__(self, key: str, state: Callable[[Any], Any]):
        self.key, self.state, self.last = key, state, None

    def on_round_result(self, round_no: int | None, data: Mapping[str, Any]) -> None:
        self.last = data["outcome"].get(self.key)

    def engine_state(self) -> Any:
        return self.state(self.last)


@dataclass(frozen=True, kw_only=True)
class Closing:
    """How a session of the game closes. `policy`: "rounds" (the rulebook's last
    `closing_rounds` rounds, announced "les tres últimes boles"), "shooter" (play on until the
    last shooter sevens out), "shoe" (card games: the rounds rule when the rulebook sets one,
    else the coup in which the cut card comes out). `what` says it to the operator when it is
    not the rounds' announcement; `call` is what the croupier announces when a shoe's closing
    starts (None: nothing)."""

    policy: Literal["rounds", "shooter", "shoe"] = "rounds"
    what: str | None = None
    call: str | None = None


Jackpot = Callable[[int, Sequence[tuple[Bet, str]], Fraction, int], PoolMovement]


@dataclass(frozen=True)
class Kind:
    """An event kind of a game's own (its shooter, its colour chips): what an event of it
    records, as the contract's list says it of the shared kinds (terminal/contract/kinds.py),
    and the headless console's line for it, if it prints one."""

    what: str
    line: Callable[[Mapping[str, Any]], str] | None = None


@dataclass(frozen=True, kw_only=True)
class Game:
    """A game as everything outside its package knows it."""

    id: str  # the journal's `game`, the configuration's `[table] game`, docs/bets.md's game id
    title: str  # for people: `--help`, the pit
    # its name in each language of the screens (ca, es, en), as the regulation's catalogue has it
    names: Mapping[str, str]
    rules: Callable[[Mapping[str, Any], str], Rules]  # profile values, source for errors -> rules
    engine: Callable[[Any, Limits], Engine]  # rules, the table's limits -> its engine
    kind: Literal["spin", "roll", "coup"]
    device: str  # the device kind deciding its rounds, its `[devices]` key: wheel, dice, shoe
    fold: Callable[[], Fold]  # the game's own state before any event
    result_text: Callable[[Mapping[str, Any]], str]  # an outcome in a few characters: 17, 3-4
    closing: Closing = Closing()
    # the class of its bets (games/records.py): what its engine takes, the journal's bets read as
    bet: type[Bet] = Bet
    # why its package refuses (games/reasons.py): the table (`WHY`) of each of its modules that
    # refuses, key -> English text; the screens' catalogue of refusals takes them from here
    reasons: tuple[Mapping[str, str], ...] = ()
    # its table-file sections (craps' [craps]) and how they are read (games/options.py)
    sections: GameSections | None = None
    # the event kinds of its own, beside the contract's shared ones: kind -> what it records
    kinds: Mapping[str, Kind] = field(default_factory=dict)
    # the croupier's entries of its own (craps' withdrawals, American roulette's colour chips),
    # each a class of games/entries.py `GameEntry`; a table of another game refuses them
    entries: tuple[type[GameEntry], ...] = ()
    # its table of errors and remedies by code (games/errors.py), each entered at the screen and
    # confirmed with the inspector's PIN: its engine is then an `ErringEngine`
    errors: Mapping[str, ErrorRule] = field(default_factory=dict)
    # what its simulated players enter of those, as they sit down and before they bet
    simulated: SimulatedEntries = SimulatedEntries()
    # who banks its table, so how its money is kept (terminal/runtime/loop/floats.py, FLOATS): the
    # house, with an advance, its top-ups and the tray counted at the close
    bank: str = "house"
    # whether the simulated players choose prison or half back for their even chances on zero
    zero_choice: Callable[[Any], bool] = lambda rules: False
    # the codes of its round device's faults that void a round as its rules foresee, in play as
    # usual (craps' void throws, section 09 IV.3), with what the rules call each: journaled as
    # every fault, but nothing the pit boss must act on, so the pit raises no alert for them
    # (docs/pit.md, "Routine voids")
    void_causes: Mapping[str, str] = field(default_factory=dict)
    # how often its simulated players choose each family of bets, by weight (absent: 1); none:
    # every family alike
    bet_mix: Mapping[str, float] | None = None

    @property
    def routine_voids(self) -> frozenset[str]:
        return frozenset(self.void_causes)

    @property
    def tallied(self) -> bool:
        """Whether its outcomes are independent draws the pit tests for bias (wheels, dice)."""
        return self.kind != COUP


@dataclass(frozen=True, kw_only=True)
class SpinGame(Game):
    """A game whose outcome is the pocket a ball (or a pointer) stops at."""

    rules: Callable[[Mapping[str, Any], str], DrawnRules]  # with its outcomes' probabilities
    engine: Callable[[Any, Limits], SpinEngine]
    pockets: Callable[[Any], Sequence[int]]  # rules -> the number in each pocket, from the datum
    outcome: Callable[[Any, int], dict[str, Any]]  # rules, the number sensed -> the outcome
    # an outcome -> the number of its pocket, as `outcome` was given it
    pocket: Callable[[Mapping[str, Any]], int] = lambda outcome: outcome["number"]
    alternating_rotor: bool = False  # the rotor must turn the other way each spin (01 3.a)


@dataclass(frozen=True, kw_only=True)
class RollGame(Game):
    rules: Callable[[Mapping[str, Any], str], DrawnRules]  # with its outcomes' probabilities
    engine: Callable[[Any, Limits], RollEngine]


@dataclass(frozen=True, kw_only=True)
class CoupGame(Game):
    rules: Callable[[Mapping[str, Any], str], ShoeRules]  # with its shoe
    engine: Callable[[Any, Limits], CoupEngine]
    cut_card_voids: bool = False  # trente et quarante (05): the red card voids the coup in play
    # what the round's journal keeps of a settled coup beyond the shared fields (poker: the
    # carrousel's pool through it), from the engine's result
    result_extra: Callable[[Any], dict[str, Any]] = lambda result: {}
    # the casino-wide jackpot pool its coins feed (poker's carrousel, section 11): the pool's
    # movement through a coup's (coin, hand) pairs, given the pool before it, the share a lesser
    # winning hand takes and the chip unit (terminal/runtime/loop/carrousel.py keeps the pool)
    jackpot: Jackpot | None = None
    # the event kind its coups' layout is journaled as, when the cards are laid out before the
    # bets (monte's four places): its engine is then a `LayingEngine` (games/protocols.py)
    lays_out: str | None = None
    # whether its table lives between coups by its rules' own events and its players' answers
    # (a circle table's bank: offered, taken, passed): its engine is then a `BankedEngine`
    # (games/protocols.py) and no coup is dealt until it says the table waits for nothing
    between_coups: bool = False
