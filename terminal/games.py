"""Every game's engine, and which of them the table runtime plays end to end.

A game's engine and rulebook give `rules` and `simulate` at once; `run` needs the runtime to
know the game's devices and round procedure too, which today it does for the roulettes (a
ball in a wheel, the rotor alternating). Boule, the wheel of fortune and craps follow."""

from __future__ import annotations

from games.boule.engine import BouleEngine
from games.craps.engine import CrapsEngine
from games.fortune_wheel.engine import FortuneWheelEngine
from games.roulette.engine import RouletteEngine

DEFAULT_PROFILE = "valencia-1994"

ENGINES = {
    "roulette_fr": RouletteEngine,
    "roulette_us1": RouletteEngine,
    "boule": BouleEngine,
    "fortune_wheel": FortuneWheelEngine,
    "craps": CrapsEngine,
}
PLAYED_AT_THE_TABLE = frozenset({"roulette_fr", "roulette_us1"})
