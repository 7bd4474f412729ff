"""Every game's engine, and how the table runtime plays each game it plays.

A game's engine and rulebook give `rules` and `simulate` at once; `run` also needs what is
below: which device decides a round (a wheel, a ball on a platform, the dice), the engine's
state rebuilt from the table's, and for the wheel games the pockets the device reports and
what a reported number means to the engine. `journal verify` settles every round again through
the same entries.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from games.blackjack.engine import BlackjackEngine, BlackjackState
from games.boule.engine import BouleEngine, BouleState
from games.boule.layout import HOLES_PER_NUMBER, NUMBERS as BOULE_NUMBERS
from games.craps.engine import CrapsEngine, CrapsState
from games.fortune_wheel.engine import FortuneWheelEngine, FortuneWheelState
from games.poker_stud.engine import PokerStudEngine, StudState
from games.punto_banco.engine import PuntoBancoEngine, PuntoBancoState
from games.records import Announcement, Bet, Settlement, Totals
from games.roulette.engine import RouletteEngine, RouletteState
from games.trente_quarante.engine import TrenteQuaranteEngine, TrenteQuaranteState

from terminal.runtime.state import TableState

DEFAULT_PROFILE = "valencia-1994"

ENGINES = {
    "roulette_fr": RouletteEngine,
    "roulette_us1": RouletteEngine,
    "boule": BouleEngine,
    "fortune_wheel": FortuneWheelEngine,
    "craps": CrapsEngine,
    "poker_stud": PokerStudEngine,
    "blackjack": BlackjackEngine,
    "punto_banco": PuntoBancoEngine,
    "trente_quarante": TrenteQuaranteEngine,
}


@dataclass(frozen=True)
class Settled:
    """A round settled as the table journals it in `round.result`."""

    outcome: dict
    announcement: Announcement
    bets: tuple[Bet, ...]
    settlement: tuple[Settlement, ...]
    totals: Totals
    extra: dict[str, Any] = field(default_factory=dict)  # the game's own fields (craps: layout, shooter)

    @classmethod
    def of(cls, result, **extra: Any) -> "Settled":
        """From an engine's result (a spin's, a roll's, a coup's)."""
        return cls(dict(result.outcome), result.announcement, tuple(result.bets), tuple(result.settlement),
                   result.totals, extra)

    def data(self, *, last_round: bool) -> dict[str, Any]:
        return {
            "outcome": self.outcome,
            "announcement": self.announcement.to_json(),
            "bets": [b.to_json() for b in self.bets],
            "settlement": [s.to_json() for s in self.settlement],
            "totals": self.totals.to_json(),
            "last_round": last_round,
            **self.extra,
        }


def _settle_spin(play: "Play", engine, state: TableState, outcome: dict, last_round: bool) -> Settled:
    result = engine.settle(play.engine_state(state), state.round_bets, outcome, last_round=last_round)
    if state.colours is not None:  # American roulette: what a colour player gets, in which chips
        result = state.colours.paid_in_colours(result)
    return Settled.of(result)


def _settle_roll(play: "Play", engine, state: TableState, outcome: dict, last_round: bool) -> Settled:
    """A roll: the layout's bets and the new ones as the engine settles them, after the bets
    withdrawn from the layout since the last roll (`withdrawn`, their stakes returned); the
    layout as it stays and the shooter who keeps the dice (None after a seven out)."""
    result = engine.settle(play.engine_state(state), state.round_bets, outcome, last_round=last_round)
    withdrawn = tuple(state.round_withdrawn)
    entries = tuple(Settlement(b.id, "withdrawn", returned=b.stake) for b in withdrawn)
    totals = sum((Totals(b.stake, 0, b.stake) for b in withdrawn), result.totals)
    return Settled(dict(result.outcome), result.announcement, withdrawn + result.bets, entries + result.settlement,
                   totals, {"layout": [b.to_json() for b in result.state.layout], "shooter": result.state.shooter})


def coup_so_far(play: "Play", engine, state: TableState):
    """The open coup as far as its journaled cards and decisions have taken it (the table
    journals each as it happens): what the table settles, what a void coup returns, what
    `journal verify` plays again."""
    coup = engine.start(play.engine_state(state), state.round_bets)
    for move, place, value in state.round_moves:
        coup = engine.card(coup, value) if move == "card" else engine.decide(coup, place, value)
    return coup


def _settle_coup(play: "Play", engine, state: TableState, outcome: dict, last_round: bool) -> Settled:
    """A coup played again from its journaled cards and decisions, as the engine settles it."""
    result = engine.settle(coup_so_far(play, engine, state), last_round=last_round)
    carrousel = getattr(result, "carrousel", None)  # poker: the casino's pool through this coup
    return Settled.of(result, **({"carrousel": carrousel.to_json()} if carrousel else {}))


@dataclass(frozen=True)
class Play:
    """How a table plays a game: the device that decides its rounds ("wheel" for a wheel, a
    ball platform or a wheel of fortune; "dice"), the engine's state before a round, and how a
    round is settled from the table's state (by the table, and again by `journal verify`)."""

    device: str
    engine_state: Callable[[TableState], Any]
    settles: Callable[["Play", Any, TableState, dict, bool], Settled]
    cut_card_voids: bool = False  # trente et quarante (section 05): the red card voids the coup in progress
    closing: str | None = None  # what closing the table plays, when it is not its last N rounds
    closing_call: str | None = "last_shoe"  # a card game closing with its shoe: what the croupier calls

    def settle(self, engine, state: TableState, outcome: dict, *, last_round: bool) -> Settled:
        return self.settles(self, engine, state, outcome, last_round)


@dataclass(frozen=True, kw_only=True)
class WheelPlay(Play):
    """A game whose outcome is the pocket a ball (or a pointer) stops at."""

    pockets: Callable[[Any], Sequence[int]]  # rules -> the number in each pocket, from the datum
    outcome: Callable[[Any, int], dict]  # rules, the number reported -> the engine's outcome
    alternating_rotor: bool = False  # the rotor must turn the other way each spin (section 01 3.a)


def _last(state: TableState, key: str):
    return state.last_outcome.get(key) if state.last_outcome else None


def _roulette_state(state: TableState) -> RouletteState:
    return RouletteState(prison=state.carried, last_number=_last(state, "number"))


_ROULETTE = WheelPlay(
    device="wheel",
    settles=_settle_spin,
    engine_state=_roulette_state,
    pockets=lambda rules: rules.wheel_order,
    outcome=lambda rules, number: {"number": number},
    alternating_rotor=True,
)


def _craps_state(state: TableState) -> CrapsState:
    return CrapsState(point=_last(state, "point_after"), layout=state.carried, shooter=state.shooter, rolls=state.shooter_rolls)


PLAYS: dict[str, Play] = {
    "roulette_fr": _ROULETTE,
    "roulette_us1": _ROULETTE,
    "boule": WheelPlay(  # 18 holes, the numbers 1-9 twice round the platform
        device="wheel",
        settles=_settle_spin,
        engine_state=lambda state: BouleState(last_number=_last(state, "number")),
        pockets=lambda rules: tuple(BOULE_NUMBERS) * HOLES_PER_NUMBER,
        outcome=lambda rules, number: {"number": number},
    ),
    "fortune_wheel": WheelPlay(  # the sensor counts segments from the datum
        device="wheel",
        settles=_settle_spin,
        engine_state=lambda state: FortuneWheelState(last_segment=_last(state, "segment")),
        pockets=lambda rules: tuple(range(len(rules.segments))),
        outcome=lambda rules, segment: {"segment": segment, "symbol": rules.segments[segment]},
    ),
    "craps": Play(device="dice", engine_state=_craps_state, settles=_settle_roll, closing="the last shooter"),
    "poker_stud": Play(device="shoe", engine_state=lambda state: StudState(pool=state.carrousel_pool),
                       settles=_settle_coup),
    "blackjack": Play(device="shoe", engine_state=lambda state: BlackjackState(), settles=_settle_coup,
                      closing="the last shoe"),
    "punto_banco": Play(device="shoe", engine_state=lambda state: PuntoBancoState(), settles=_settle_coup),
    "trente_quarante": Play(device="shoe", engine_state=lambda state: TrenteQuaranteState(prison=state.carried),
                            settles=_settle_coup, closing="the last cut: the coups up to the red card",
                            cut_card_voids=True, closing_call=None),
}
