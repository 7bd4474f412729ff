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
    # the screen played by script (terminal/screens/demo/): as the screens, and its scratch table
    # is assembled as the CLI assembles a table (terminal.assemble, terminal.config)
    "terminal/screens/demo": {
        "terminal/screens",
        "terminal/runtime",
        "terminal/selftest",
        "terminal/contract",
        "terminal/common",
        "terminal",
        "games",
        "pygame",
    },
    # the spoken calls: rendered from the games' engines, played from the committed events
    "terminal/speech": {"terminal/speech", "terminal/common", "games", "pygame"},
}


def part_of(module: str) -> str:
    """`terminal.runtime.loop.table` -> `terminal/runtime`; `games.craps.engine` -> `games`."""
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


def governed(part: str) -> list[Path]:
    """The modules `ALLOWED[part]` rules: its own, but those of a folder inside it with rules of
    its own."""
    inner = [REPO / other for other in ALLOWED if other.startswith(part + "/")]
    return [p for p in sources(part) if not any(p.is_relative_to(f) for f in inner)]


@pytest.mark.parametrize("part", sorted(ALLOWED))
def test_each_part_imports_only_what_it_may(part):
    wrong = []
    for path in governed(part):
        for module in imports(path):
            top = module.split(".")[0]
            if top in STDLIB or top == "__future__":
                continue
            if part_of(module) not in ALLOWED[part]:
                wrong.append(f"{path.relative_to(REPO)} imports {module}")
    assert not wrong, "\n".join(wrong)


SCREENS_GAMES = Path("terminal/screens/games")  # a game's screen package in each folder
# the packages of games/ that are no game's but shared by several (cards, poker hands)
SHARED_GAME_PACKAGES = {"cards", "poker"}


def test_only_the_games_packages_and_the_registry_name_a_game():
    ids = "|".join(sorted(GAMES, key=len, reverse=True))
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
            if relative.parts[:3] == SCREENS_GAMES.parts and len(relative.parts) > 4:
                continue  # a game's screen package
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if named.search(line):
                    wrong.append(f"{relative}:{number}: {line.strip()}")
    assert not wrong, "\n".join(wrong)


def _game_of(module: str) -> str | None:
    """The game package `module` is of: `games.craps.engine` and
    `terminal.screens.games.craps.view` are craps'; None for shared code."""
    parts = module.split(".")
    if parts[0] == "games" and len(parts) > 1 and (REPO / "games" / parts[1]).is_dir():
        return None if parts[1] in SHARED_GAME_PACKAGES else parts[1]
    screens = SCREENS_GAMES.parts
    if (
        tuple(parts[:3]) == screens
        and len(parts) > 3
        and (REPO / SCREENS_GAMES / parts[3]).is_dir()
    ):
        return parts[3]
    return None


def _own_folders(path: Path) -> set[str]:
    """The game whose folders `path` is in (games/<game>/, terminal/screens/games/<game>/)."""
    relative = path.relative_to(REPO)
    if relative.parts[0] == "games" and len(relative.parts) > 2:
        return {relative.parts[1]}
    if relative.parts[:3] == SCREENS_GAMES.parts and len(relative.parts) > 4:
        return {relative.parts[3]}
    return set()


# the modules outside a game's two folders that still hold one game's code (issue 22 moves it
# into them, the game's hooks in its place); none may join them
SINGLE_GAME_OUTSIDE: set[str] = set()
REGISTRIES = {"games/registry.py", "terminal/screens/games/__init__.py"}


def test_a_game_is_imported_only_from_its_two_folders_and_the_registries(capsys):
    """No product module imports a game's package but the game's own (its rules and engine
    under games/<game>/, its screens under terminal/screens/games/<game>/) and the two
    registries; the lines of single-game code still outside them are printed."""
    outside: dict[str, set[str]] = {}
    for folder in ("terminal", "drivers", "firmware_bridge", "games"):
        for path in sources(folder):
            relative = str(path.relative_to(REPO))
            if relative in REGISTRIES:
                continue
            games = {_game_of(module) for module in imports(path)} - {None}
            foreign = games - _own_folders(path)
            if foreign:
                outside[relative] = {str(g) for g in foreign}
    lines = {path: len((REPO / path).read_text(encoding="utf-8").splitlines()) for path in outside}
    with capsys.disabled():
        print(f"\nsingle-game code outside its two folders: {sum(lines.values())} lines")
        for path in sorted(outside):
            print(f"  {path} ({lines[path]} lines): {', '.join(sorted(outside[path]))}")
    new = sorted(set(outside) - SINGLE_GAME_OUTSIDE)
    assert not new, f"a game's package imported from outside its folders: {new}"
    moved = sorted(SINGLE_GAME_OUTSIDE - set(outside))
    assert not moved, f"no longer single-game code, lift from SINGLE_GAME_OUTSIDE: {moved}"


# what the table thread mutates, which a screen never reads (terminal/runtime/loop/face.py)
TABLE_LIVE = {"rounds", "engine", "device"}


def _is_table(node: ast.expr, aliases: set[str]) -> bool:
    """Whether `node` is the table: `table`, `<anything>.table`, or a name bound to either."""
    if isinstance(node, ast.Name):
        return node.id == "table" or node.id in aliases
    return isinstance(node, ast.Attribute) and node.attr == "table"


def test_the_screens_see_the_table_only_through_its_face():
    """No module of the screens reads the table's round, engine or device (`table.rounds`,
    `app.table.engine`, `getattr(table, "device")`, `t = app.table; t.rounds`): the UI thread
    reads the table through its face (terminal/runtime/loop/face.py) and the model the journal feeds
    it, never what the table thread mutates."""
    wrong = []
    for path in sources("terminal/screens"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        aliases = {
            target.id
            for node in ast.walk(tree)
            if isinstance(node, ast.Assign) and _is_table(node.value, set())
            for target in node.targets
            if isinstance(target, ast.Name)
        }
        for node in ast.walk(tree):
            read = None
            if isinstance(node, ast.Attribute) and node.attr in TABLE_LIVE:
                if _is_table(node.value, aliases):
                    read = node.attr
            elif (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("getattr", "hasattr")
                and len(node.args) >= 2
                and _is_table(node.args[0], aliases)
                and isinstance(node.args[1], ast.Constant)
                and node.args[1].value in TABLE_LIVE
            ):
                read = node.args[1].value
            if read is not None:
                wrong.append(f"{path.relative_to(REPO)}:{node.lineno}: {ast.unparse(node)}")
    assert not wrong, "the screens read what the table thread mutates:\n" + "\n".join(wrong)


def _module_of(path: Path) -> str:
    parts = path.relative_to(REPO).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported_modules(path: Path, known: set[str], *, typing: bool = True) -> set[str]:
    """The modules of `known` that `path` imports: a package's own module only when a name is
    taken from it (not for `from package import module`); with `typing`, the imports for the
    type checker alone too (a circle of types is a circle of knowledge all the same)."""
    found = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = set() if typing else {id(n) for n in ast.walk(tree) if _for_the_type_checker(n)}
    for node in _walk(tree, skipped):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            modules = {f"{node.module}.{alias.name}" for alias in node.names}
            found |= modules
            if not modules <= known:
                found.add(node.module)
    return found & known


def _for_the_type_checker(node: ast.AST) -> bool:
    """`if TYPE_CHECKING:`: imports that never run."""
    return isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"


def _walk(node: ast.AST, skipped: set[int]):
    """`ast.walk` but for the subtrees in `skipped` (their `if` bodies; an `else` runs)."""
    yield node
    for child in ast.iter_child_nodes(node):
        if id(node) in skipped and child in getattr(node, "body", ()):
            continue
        yield from _walk(child, skipped)


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of `graph` with more than one module (Tarjan's)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in graph[node]:
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            part = []
            while True:
                other = stack.pop()
                part.append(other)
                if other == node:
                    break
            if len(part) > 1:
                circles.append(sorted(part))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return circles


def test_no_module_of_the_table_runtime_imports_the_table_back():
    """Each part of the table takes it through a narrow protocol (terminal/runtime/loop/context.py),
    so no import of the runtime, not even one for the type checker, runs in a circle."""
    paths = {_module_of(p): p for p in (REPO / "terminal" / "runtime").rglob("*.py")}
    graph = {
        module: _imported_modules(path, set(paths)) - {module} for module, path in paths.items()
    }
    assert _circles(graph) == []


def test_no_import_of_the_screens_runs_in_a_circle():
    """The shared screens know a game's screens only through the catalogue they are registered
    in (terminal/screens/games/base.py), and the app its screens only through what its maker
    gives it: no import that runs goes round (a view and the app it draws for know each other's
    types, for the type checker only)."""
    paths = {_module_of(p): p for p in (REPO / "terminal" / "screens").rglob("*.py")}
    graph = {
        module: _imported_modules(path, set(paths), typing=False) - {module}
        for module, path in paths.items()
    }
    circles = _circles(graph)
    assert circles == [], "\n".join(" ".join(circle) for circle in circles)
