"""The coin toss's description: a spin whose wheel has three pockets."""

from __future__ import annotations

from games.game import SPIN, LastOutcome, SpinGame
from tests.coin_toss.game.engine import CoinTossEngine, CoinTossState
from tests.coin_toss.game.layout import NAMES, POCKETS
from tests.coin_toss.game.rules import CoinTossRules


def _state(last: int | None) -> CoinTossState:
    return CoinTossState(last=last)


GAME = SpinGame(
    id="coin_toss",
    title="Coin toss",
    names={"ca": "Cara o creu", "es": "Cara o cruz", "en": "Coin toss"},
    rules=CoinTossRules.from_dict,
    engine=CoinTossEngine,
    kind=SPIN,
    device="wheel",
    fold=lambda: LastOutcome("number", _state),
    result_text=lambda outcome: NAMES[outcome["number"]],
    pockets=lambda rules: POCKETS,
    outcome=lambda rules, number: {"number": number},
)
