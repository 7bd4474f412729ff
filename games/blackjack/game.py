"""Blackjack (section 06)."""

from __future__ import annotations

from games.blackjack.bet import BlackjackBet
from games.blackjack.engine import WHY, BlackjackEngine, BlackjackState
from games.blackjack.rules import BlackjackRules
from games.cards.fold import ShoeFold
from games.game import COUP, Closing, CoupGame

GAME = CoupGame(
    id="blackjack",
    title="Blackjack",
    names={"ca": "Vint-i-una o black jack", "es": "Veintiuna o black jack", "en": "Blackjack"},
    rules=BlackjackRules.from_dict,
    engine=BlackjackEngine,
    kind=COUP,
    device="shoe",
    fold=lambda: ShoeFold(BlackjackState),
    result_text=lambda outcome: "D " + " ".join(outcome["dealer"]),
    closing=Closing(policy="shoe", what="the last shoe", call="last_shoe"),
    bet=BlackjackBet,
    reasons=(WHY,),
)
