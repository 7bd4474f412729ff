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
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from games.protocols import (
    CoupEngine,
    DrawnRules,
    Engine,
    RollEngine,
    Rules,
    ShoeRules,
    SpinEngine,
)
from games.records import Bet, Limits

SPIN: Literal["spin"] = "spin"
ROLL: Literal["roll"] = "roll"
COUP: Literal["coup"] = "coup"
CARRIED = ("prison", "open")  # settlement results that leave a bet on the layout


class Fold:
    """A game's own state, folded from the journal's events: `apply` is given every event
    (after the table's own fold), `engine_state` is the engine's state before the next round,
    `to_json` the game's part of the replay server's `state` answer. The bets staying on the
    layout between rounds (`carried`) are in every game's fold: none stay by default.

    A handler `on_<kind>` (dots as underscores: `on_round_result`) takes the event's round and
    data; a kind without one is not the game's business."""

    carried: tuple[Bet, ...] = ()

    def __eq__(self, other: object) -> bool:
        """Two folds of the same events are equal (a replayed state is the live one)."""
        if type(other) is not type(self):
            return NotImplemented
        return {**vars(self), "carried": self.carried} == {**vars(other), "carried": other.carried}

    __hash__ = None  # type: ignore[assignment]  # mutable

    _handlers: ClassVar[dict[str, Any]] = {}  # kind -> the class's handler, or None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._handlers = {}  # each fold class looks its handlers up once per kind

    def apply(self, kind: str, round_no: int | None, data: Mapping[str, Any]) -> None:
        handlers = type(self)._handlers
        try:
            handler = handlers[kind]
        except KeyError:
            handler = handlers[kind] = getattr(type(self), "on_" + kind.replace(".", "_"), None)
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
    sections: tuple[str, ...] = ()  # table-configuration sections of its own: craps, colours...
    colour_chips: bool = False  # players may play colour chips (American roulette, section 02)
    # the style of its view on the croupier's table screen (terminal/screens/views/)
    view: str = "panel"
    # whether the simulated players choose prison or half back for their even chances on zero
    zero_choice: Callable[[Any], bool] = lambda rules: False
    # the codes of its round device's faults that void a round as its rules foresee, in play as
    # usual (craps' void throws, section 09 IV.3): journaled as every fault, but nothing the pit
    # boss must act on, so the pit raises no alert for them (docs/pit.md, "Routine voids")
    routine_voids: frozenset[str] = frozenset()

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
    alternating_rotor: bool = False  # the rotor must turn the other way each spin (01 3.a)
    cloth: str = ""  # the style of its bet layout on the screens (terminal/screens/cloths)
    view: str = "cloth"


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
