import tomllib
from pathlib import Path

import pytest

from games.roulette.engine import RouletteEngine
from games.roulette.rules import RouletteRules
from games.rulebook import load_rules

RULEBOOKS = Path(__file__).resolve().parents[2] / "config" / "rulebooks"
VALENCIA_ROULETTE = RULEBOOKS / "valencia-1994" / "roulette_fr.toml"


@pytest.fixture
def rulebooks() -> Path:
    return RULEBOOKS


@pytest.fixture
def profile_values() -> dict:
    """The default roulette profile as a fresh dict, for tests that alter it."""
    with VALENCIA_ROULETTE.open("rb") as f:
        return tomllib.load(f)


@pytest.fixture
def rules() -> RouletteRules:
    return load_rules(RULEBOOKS, "valencia-1994", "roulette_fr")


@pytest.fixture
def engine(rules) -> RouletteEngine:
    """Minimum 500, chips of 100: half of an odd number of chips leaves breakage."""
    return RouletteEngine(rules, rules.limits(500, 100))


@pytest.fixture
def us_rules() -> RouletteRules:
    """The American single-zero profile (section 02)."""
    return load_rules(RULEBOOKS, "valencia-1994", "roulette_us1")


@pytest.fixture
def us_engine(us_rules) -> RouletteEngine:
    """Minimum 500, chips of 100, as `engine`."""
    return RouletteEngine(us_rules, us_rules.limits(500, 100))
