"""Craps (section 09): every roll is a round, decided by the dice."""

from __future__ import annotations

from games.craps import entries
from games.craps.engine import VOID_CAUSES, WHY, CrapsEngine
from games.craps.fold import CrapsFold
from games.craps.kinds import KINDS
from games.craps.options import SECTIONS
from games.craps.rules import CrapsRules
from games.game import ROLL, Closing, RollGame

GAME = RollGame(
    id="craps",
    title="Craps",
    names={"ca": "Daus o craps", "es": "Dados o craps", "en": "Craps"},
    rules=CrapsRules.from_dict,
    engine=CrapsEngine,
    kind=ROLL,
    device="dice",
    fold=CrapsFold,
    result_text=lambda outcome: "-".join(str(d) for d in outcome["dice"]),
    closing=Closing(policy="shooter", what="the last shooter"),
    reasons=(WHY, entries.WHY),
    sections=SECTIONS,
    kinds=KINDS,
    entries=entries.ENTRIES,
    simulated=entries.SIMULATED,
    # whoever reported it, the reader or the stickman on the screen (drivers/dice/hand.py)
    void_causes=VOID_CAUSES,
)
