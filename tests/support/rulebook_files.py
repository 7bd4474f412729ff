"""The rulebook profiles of config/rulebooks, for the tests that load or alter them."""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path

RULEBOOKS = Path(__file__).resolve().parents[2] / "config" / "rulebooks"


def profile_path(game: str, profile: str = "valencia-1994") -> Path:
    return RULEBOOKS / profile / f"{game}.toml"


def read_profile(path: Path) -> dict:
    with path.open("rb") as f:
        return tomllib.load(f)


def altered(values: dict, *path: str, **changes) -> dict:
    """A copy of the profile with the table at `path` changed (a None value removes the key)."""
    v = copy.deepcopy(values)
    table = v
    for key in path:
        table = table[key]
    for key, value in changes.items():
        if value is None:
            del table[key]
        else:
            table[key] = value
    return v
