"""Caribbean stud poker (section 11), with the casino's carrousel."""

from __future__ import annotations

from games.game import COUP, Closing, CoupGame, Kind
from games.poker_stud.carrousel import carrousel_movement
from games.poker_stud.engine import WHY, PokerStudEngine
from games.poker_stud.fold import PokerFold
from games.poker_stud.options import SECTIONS
from games.poker_stud.rules import PokerStudRules

GAME = CoupGame(
    id="poker_stud",
    title="Stud poker",
    names={"ca": "Pòquer sense descart", "es": "Póquer sin descarte", "en": "Stud poker"},
    rules=PokerStudRules.from_dict,
    engine=PokerStudEngine,
    kind=COUP,
    device="shoe",
    fold=PokerFold,
    result_text=lambda outcome: "bank " + " ".join(outcome["bank"]),
    closing=Closing(policy="shoe", call="last_shoe"),
    reasons=(WHY,),
    sections=SECTIONS,
    kinds={"carrousel.pool": Kind("the pool has settled the coup's coins, before the result")},
    result_extra=lambda result: {"carrousel": result.carrousel.to_json()},
    jackpot=carrousel_movement,
)
