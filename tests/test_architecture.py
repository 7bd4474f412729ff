"""The folders show the architecture (docs/architecture.md): each part imports only what it may,
and no product file outside a game's own package and the registry names a game."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

from games.registry import GAMES

REPO = Path(__file__).resolve().parents[1]
STDLIB = sys.stdlib_module_names

# part -> the top-level packages and parts of ours it may import (the standard library always)
ALLOWED = {
    "games": {"games"},
    "firmware_bridge": {"firmware_bridge", "serial"},
    "drivers": {"drivers", "firmware_bridge", "serial", "RPi", "lgpio"},
    "terminal/contract": {"terminal/contract"},
    "terminal/common": {"terminal/common", "sqlalchemy", "pygame"},
    "terminal/runtime": {
        "terminal/runtime",
        "terminal/contract",
        "terminal/common",
        "games",
        "drivers",
        "sqlalchemy",
    },
    "terminal/feed": {"terminal/feed", "terminal/contract", "terminal/common", "zmq"},
    "terminal/pit": {
        "terminal/pit",
        "terminal/feed",
        "terminal/contract",
        "terminal/common",
        "games",
        "zmq",
        "sqlalchemy",
        "psycopg",
        "pygame",
    },
    # the self-test's checks of devices and host (a runtime's tool, which the technician's screen
    # runs on the table's own devices); its command (command.py) assembles the table's journal
    # and feed as the CLI does
    "terminal/selftest": {
        "terminal/selftest",
        "terminal/runtime",
        "terminal/contract",
        "terminal/common",
        "terminal/feed",
        "terminal",
        "games",
        "drivers",
        "zmq",
        "sqlalchemy",
    },
    "terminal/screens": {
        "terminal/screens",
        "terminal/runtime",
        "terminal/selftest",
        "terminal/contract",
        "terminal/common",
        "games",
        "pygame",
    },
    # the spoken calls: rendered from the games' engines, played from the committed events
    "terminal/speech": {"terminal/speech", "terminal/common", "games", "pygame"},
}


def part_of(module: str) -> str:
    """`terminal.runtime.table` -> `terminal/runtime`; `games.craps.engine` -> `games`."""
    parts = module.split(".")
    if parts[0] == "terminal" and len(parts) > 1 and (REPO / "terminal" / parts[1]).is_dir():
        return f"terminal/{parts[1]}"
    return parts[0]


def imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
    return found


def sources(part: str) -> list[Path]:
    root = REPO / part
    return [
        p for p in root.rglob("*.py") if "firmware" not in p.relative_to(REPO).parts[1:2]
    ]  # the board's MicroPython


@pytest.mark.parametrize("part", sorted(ALLOWED))
def test_each_part_imports_only_what_it_may(part):
    wrong = []
    for path in sources(part):
        for module in imports(path):
            top = module.split(".")[0]
            if top in STDLIB or top == "__future__":
                continue
            if part_of(module) not in ALLOWED[part]:
                wrong.append(f"{path.relative_to(REPO)} imports {module}")
    assert not wrong, "\n".join(wrong)


# table-file sections named as a game is: the game's description lists them (`sections`), the
# configuration reads them by section name
SECTION_NAMES = {"craps"}


def test_only_the_games_packages_and_the_registry_name_a_game():
    ids = "|".join(sorted(set(GAMES) - SECTION_NAMES, key=len, reverse=True))
    named = re.compile(rf"""["']({ids})["']""")
    game_packages = {p.name for p in (REPO / "games").iterdir() if p.is_dir()}
    wrong = []
    for folder in ("terminal", "drivers", "firmware_bridge", "games"):
        for path in (REPO / folder).rglob("*.py"):
            relative = path.relative_to(REPO)
            if relative.parts[0] == "games" and (
                relative.parts[1] in game_packages or relative.name == "registry.py"
            ):
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if named.search(line):
                    wrong.append(f"{relative}:{number}: {line.strip()}")
    assert not wrong, "\n".join(wrong)
