"""Boule (section 03): 18 holes, the numbers 1-9 twice round the platform."""

from __future__ import annotations

from games.boule.engine import BouleEngine, BouleState
from games.boule.layout import HOLES_PER_NUMBER, NUMBERS
from games.boule.rules import BouleRules
from games.game import SPIN, LastOutcome, SpinGame


def _state(last: int | None) -> BouleState:
    return BouleState(last_number=last)


GAME = SpinGame(
    id="boule",
    title="Boule",
    names={"ca": "Bola o boule", "es": "Bola o boule", "en": "Boule"},
    rules=BouleRules.from_dict,
    engine=BouleEngine,
    kind=SPIN,
    device="wheel",
    fold=lambda: LastOutcome("number", _state),
    result_text=lambda outcome: str(outcome["number"]),
    pockets=lambda rules: tuple(NUMBERS) * HOLES_PER_NUMBER,
    outcome=lambda rules, number: {"number": number},
)
