"""Loading a game's rulebook profile: `<rulebooks_dir>/<profile>/<game>.toml`, validated by
the game's rules class, which `RULES` names for each game id. A profile that names its game
(key `game`) must name the one its file is for: several games share one rules class (the
roulettes), and a copied file left unedited would otherwise load as the wrong game."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, Callable, Mapping

from games.blackjack.rules import BlackjackRules
from games.boule.rules import BouleRules
from games.craps.rules import CrapsRules
from games.fortune_wheel.rules import FortuneWheelRules
from games.poker_stud.rules import PokerStudRules
from games.punto_banco.rules import PuntoBancoRules
from games.profile import RulebookError, parse_payout
from games.roulette.rules import RouletteRules
from games.trente_quarante.rules import TrenteQuaranteRules

__all__ = ["RULES", "RulebookError", "load_rules", "parse_payout"]

# game id -> from_dict(profile values, source named in errors) -> the game's rules
RULES: dict[str, Callable[[Mapping[str, Any], str], Any]] = {
    "roulette_fr": RouletteRules.from_dict,
    "roulette_us1": RouletteRules.from_dict,
    "boule": BouleRules.from_dict,
    "fortune_wheel": FortuneWheelRules.from_dict,
    "craps": CrapsRules.from_dict,
    "poker_stud": PokerStudRules.from_dict,
    "blackjack": BlackjackRules.from_dict,
    "punto_banco": PuntoBancoRules.from_dict,
    "trente_quarante": TrenteQuaranteRules.from_dict,
}


def load_rules(rulebooks_dir: Path, profile: str, game: str) -> Any:
    """The validated rules of `game` in `profile`, or a RulebookError saying what is wrong where."""
    if game not in RULES:
        raise RulebookError(f"unknown game {game!r} (games with rulebooks: {', '.join(sorted(RULES))})")
    path = Path(rulebooks_dir) / profile / f"{game}.toml"
    try:
        with path.open("rb") as f:
            values = tomllib.load(f)
    except FileNotFoundError:
        raise RulebookError(f"profile {profile!r} has no rulebook for {game}: {path} does not exist") from None
    except tomllib.TOMLDecodeError as e:
        raise RulebookError(f"{path}: not valid TOML: {e}") from None
    if values.get("game", game) != game:
        raise RulebookError(f"{path}: game: the rulebook of {game} says it is for {values['game']!r}")
    return RULES[game](values, str(path))
