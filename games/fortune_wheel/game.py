"""The wheel of fortune (section 04): the sensor counts segments from the datum."""

from __future__ import annotations

from games.fortune_wheel.engine import FortuneWheelEngine, FortuneWheelState
from games.fortune_wheel.rules import FortuneWheelRules
from games.game import SPIN, LastOutcome, SpinGame


def _state(last: int | None) -> FortuneWheelState:
    return FortuneWheelState(last_segment=last)


GAME = SpinGame(
    id="fortune_wheel",
    title="Wheel of fortune",
    names={"ca": "Ruleta de la fortuna", "es": "Rueda de la fortuna", "en": "Wheel of fortune"},
    rules=FortuneWheelRules.from_dict,
    engine=FortuneWheelEngine,
    kind=SPIN,
    device="wheel",
    fold=lambda: LastOutcome("segment", _state),
    result_text=lambda outcome: str(outcome["symbol"]).removeprefix("sym:"),
    pockets=lambda rules: tuple(range(len(rules.segments))),
    outcome=lambda rules, segment: {"segment": segment, "symbol": rules.segments[segment]},
    pocket=lambda outcome: outcome["segment"],
)
