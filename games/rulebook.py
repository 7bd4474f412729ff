"""Loading a game's rulebook profile: `<rulebooks_dir>/<profile>/<game>.toml`, validated by
the game's rules class, which `RULES` names for each game id."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, Callable, Mapping

from games.profile import RulebookError, parse_payout
from games.roulette.rules import RouletteRules

__all__ = ["RULES", "RulebookError", "load_rules", "parse_payout"]

# game id -> from_dict(profile values, source named in errors) -> the game's rules
RULES: dict[str, Callable[[Mapping[str, Any], str], Any]] = {"roulette_fr": RouletteRules.from_dict}


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
    return RULES[game](values, str(path))
