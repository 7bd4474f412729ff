"""Trente et quarante (section 05)."""

from __future__ import annotations

from games.game import COUP, Closing, CoupGame
from games.trente_quarante.bet import TrenteQuaranteBet
from games.trente_quarante.engine import WHY, TrenteQuaranteEngine
from games.trente_quarante.fold import TrenteQuaranteFold
from games.trente_quarante.rules import TrenteQuaranteRules

GAME = CoupGame(
    id="trente_quarante",
    title="Trente et quarante",
    names={"ca": "Trenta i quaranta", "es": "Treinta y cuarenta", "en": "Trente et quarante"},
    rules=TrenteQuaranteRules.from_dict,
    engine=TrenteQuaranteEngine,
    kind=COUP,
    device="shoe",
    fold=TrenteQuaranteFold,
    result_text=lambda outcome: f"N{outcome['noir_total']} R{outcome['rouge_total']}",
    closing=Closing(policy="shoe", what="the last cut: the coups up to the red card"),
    bet=TrenteQuaranteBet,
    reasons=(WHY,),
    cut_card_voids=True,
)
