"""Punto banco (section 07)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.cards.baccarat import count, value
from games.cards.fold import ShoeFold
from games.game import COUP, Closing, CoupGame
from games.punto_banco.engine import PuntoBancoEngine, PuntoBancoState
from games.punto_banco.rules import PuntoBancoRules


def _points(cards: Sequence[str]) -> int:
    return count([value(card) for card in cards])


def _result_text(outcome: Mapping[str, Any]) -> str:
    return f"P{_points(outcome['player'])} B{_points(outcome['banker'])}"


GAME = CoupGame(
    id="punto_banco",
    title="Punto banco",
    names={"ca": "Punt i banca", "es": "Punto y banca", "en": "Punto banco"},
    rules=PuntoBancoRules.from_dict,
    engine=PuntoBancoEngine,
    kind=COUP,
    device="shoe",
    fold=lambda: ShoeFold(PuntoBancoState),
    result_text=_result_text,
    closing=Closing(policy="shoe", call="last_shoe"),
)
