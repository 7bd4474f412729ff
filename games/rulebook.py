"""Loading a game's rulebook profile: `<rulebooks_dir>/<profile>/<game>.toml`, validated by
the game's rules class, which its description names (games/registry.py). A profile that names
its game (key `game`) must name the one its file is for: several games share one rules class
(the roulettes), and a copied file left unedited would otherwise load as the wrong game."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from games.profile import RulebookError, parse_payout
from games.registry import GAMES

__all__ = ["RulebookError", "load_rules", "parse_payout"]


def load_rules(rulebooks_dir: Path, profile: str, game: str) -> Any:
    """The validated rules of `game` in `profile`, or a RulebookError saying what is wrong where."""
    if game not in GAMES:  # asked when loading: a game may be registered at run time
        raise RulebookError(
            f"unknown game {game!r} (games with rulebooks: {', '.join(sorted(GAMES))})"
        )
    path = Path(rulebooks_dir) / profile / f"{game}.toml"
    try:
        with path.open("rb") as f:
            values = tomllib.load(f)
    except FileNotFoundError:
        raise RulebookError(
            f"profile {profile!r} has no rulebook for {game}: {path} does not exist"
        ) from None
    except tomllib.TOMLDecodeError as e:
        raise RulebookError(f"{path}: not valid TOML: {e}") from None
    if values.get("game", game) != game:
        raise RulebookError(
            f"{path}: game: the rulebook of {game} says it is for {values['game']!r}"
        )
    return GAMES[game].rules(values, str(path))
