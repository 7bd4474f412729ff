"""Every game's engine, and how the table runtime plays the games decided by a ball or a wheel.

A game's engine and rulebook give `rules` and `simulate` at once; `run` also needs what is
below: the pockets the device reports, what a reported number means to the engine, and the
engine's state rebuilt from the table's. Craps (a dice reader and the shooter's rotation) comes
next."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from games.boule.engine import BouleEngine, BouleState
from games.boule.layout import HOLES_PER_NUMBER, NUMBERS as BOULE_NUMBERS
from games.craps.engine import CrapsEngine
from games.fortune_wheel.engine import FortuneWheelEngine, FortuneWheelState
from games.roulette.engine import RouletteEngine, RouletteState

from .state import TableState

DEFAULT_PROFILE = "valencia-1994"

ENGINES = {
    "roulette_fr": RouletteEngine,
    "roulette_us1": RouletteEngine,
    "boule": BouleEngine,
    "fortune_wheel": FortuneWheelEngine,
    "craps": CrapsEngine,
}


@dataclass(frozen=True)
class WheelPlay:
    """How a table plays a game whose outcome is the pocket a ball (or a pointer) stops at."""

    pockets: Callable[[Any], Sequence[int]]  # rules -> the number in each pocket, from the datum
    outcome: Callable[[Any, int], dict]  # rules, the number reported -> the engine's outcome
    engine_state: Callable[[TableState], Any]  # the engine's state before a spin
    alternating_rotor: bool  # the rotor must turn the other way each spin (section 01 3.a)


def _last(state: TableState, key: str):
    return state.last_outcome.get(key) if state.last_outcome else None


def _roulette_state(state: TableState) -> RouletteState:
    return RouletteState(prison=state.carried, last_number=_last(state, "number"))


_ROULETTE = WheelPlay(
    pockets=lambda rules: rules.wheel_order,
    outcome=lambda rules, number: {"number": number},
    engine_state=_roulette_state,
    alternating_rotor=True,
)

PLAYS: dict[str, WheelPlay] = {
    "roulette_fr": _ROULETTE,
    "roulette_us1": _ROULETTE,
    "boule": WheelPlay(  # 18 holes, the numbers 1-9 twice round the platform
        pockets=lambda rules: tuple(BOULE_NUMBERS) * HOLES_PER_NUMBER,
        outcome=lambda rules, number: {"number": number},
        engine_state=lambda state: BouleState(last_number=_last(state, "number")),
        alternating_rotor=False,
    ),
    "fortune_wheel": WheelPlay(  # the sensor counts segments from the datum
        pockets=lambda rules: tuple(range(len(rules.segments))),
        outcome=lambda rules, segment: {"segment": segment, "symbol": rules.segments[segment]},
        engine_state=lambda state: FortuneWheelState(last_segment=_last(state, "segment")),
        alternating_rotor=False,
    ),
}
PLAYED_AT_THE_TABLE = frozenset(PLAYS)
