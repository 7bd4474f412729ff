"""The steps of a round that are a kind of game's own, one `Rounds` per kind (base.py)."""

from __future__ import annotations

from games.game import COUP, ROLL, SPIN
from terminal.runtime.rounds.base import Decided, Rounds
from terminal.runtime.rounds.coup import CoupRounds
from terminal.runtime.rounds.roll import RollRounds
from terminal.runtime.rounds.spin import SpinRounds

ROUNDS: dict[str, type[Rounds]] = {SPIN: SpinRounds, ROLL: RollRounds, COUP: CoupRounds}

__all__ = ["ROUNDS", "Decided", "Rounds"]
