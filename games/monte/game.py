"""Monte (section 13)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.game import COUP, Closing, CoupGame, Kind
from games.monte.engine import WHY, MonteEngine
from games.monte.fold import MonteFold
from games.monte.rules import MonteRules


def _layout_line(data: Mapping[str, Any]) -> str:
    """`coup 3 red: 5B SE+SO 6E CE, burnt 7E` (the console's line, the pit tile's)."""
    if data["void"]:
        return f"coup {data['coup']} {data['pack']}: void, four of a rank"
    places = " ".join("+".join(cards) for cards in data["layout"].values())
    burnt = f", burnt {' '.join(data['burnt'])}" if data["burnt"] else ""
    return f"coup {data['coup']} {data['pack']}: {places}{burnt}"


GAME = CoupGame(
    id="monte",
    title="Monte",
    names={"ca": "Monte o banca", "es": "Monte o banca", "en": "Monte"},
    rules=MonteRules.from_dict,
    engine=MonteEngine,
    kind=COUP,
    device="shoe",
    fold=MonteFold,
    # the phase, the winning place and card: P2:2O, S4:4C
    result_text=lambda outcome: (
        f"{outcome['phase'][0].upper()}{outcome['winner']['place']}:{outcome['winner']['card']}"
    ),
    closing=Closing(policy="rounds"),
    reasons=(WHY,),
    kinds={"monte.layout": Kind("a coup's four cards laid out before its bets", _layout_line)},
    lays_out="monte.layout",
    # a monte table's bets: the simple chances (cards) most, the salto often, camo, anti,
    # viudo and Vis least
    bet_mix={"card": 8, "pair": 5, "salto": 2, "camo": 0.6, "anti": 0.4, "viudo": 0.4, "vis": 0.3},
)
