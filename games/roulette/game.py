"""The two roulettes (sections 01 and 02): one engine and one rules class, two games."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.game import SPIN, Closing, SpinGame
from games.prison import PrisonBet
from games.roulette import colours, engine, entries
from games.roulette.engine import RouletteEngine
from games.roulette.fold import AmericanFold, RouletteFold
from games.roulette.kinds import COLOUR_KINDS
from games.roulette.options import SECTIONS
from games.roulette.rules import RouletteRules


def _number(outcome: Mapping[str, Any]) -> str:
    return str(outcome["number"])


FRENCH_REASONS = (engine.WHY, colours.WHY)


def _roulette(game_id: str, title: str, names: Mapping[str, str], **extra: Any) -> SpinGame:
    return SpinGame(
        id=game_id,
        title=title,
        names=names,
        rules=RouletteRules.from_dict,
        engine=RouletteEngine,
        kind=SPIN,
        device="wheel",
        result_text=_number,
        closing=Closing(policy="rounds"),
        bet=PrisonBet,
        pockets=lambda rules: rules.wheel_order,
        outcome=lambda rules, number: {"number": number},
        alternating_rotor=True,
        zero_choice=lambda rules: rules.zero_rule == "prison",
        **{"fold": RouletteFold, "reasons": FRENCH_REASONS, **extra},
    )


FRENCH = _roulette(
    "roulette_fr",
    "French roulette (single zero)",
    {"ca": "Ruleta francesa", "es": "Ruleta francesa", "en": "French roulette"},
)
AMERICAN = _roulette(
    "roulette_us1",
    "American roulette with one zero",
    {
        "ca": "Ruleta americana d'un sol zero",
        "es": "Ruleta americana de un solo cero",
        "en": "American roulette, single zero",
    },
    fold=AmericanFold,
    sections=SECTIONS,
    kinds=COLOUR_KINDS,
    reasons=(*FRENCH_REASONS, entries.WHY),
    entries=entries.ENTRIES,
    simulated=entries.SIMULATED,
)
