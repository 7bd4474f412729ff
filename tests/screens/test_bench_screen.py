"""The screen benchmark runs (briefly) and prints its figures: every screen at both sizes, the
start and the memory. Its times are printed, never asserted."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from games.registry import GAMES
from terminal.screens.games import screens_of

REPO = Path(__file__).resolve().parents[2]
SCREENS = (
    "table (cloth, bets)",
    "players' display",
    "payouts",
    "history",
    "outcome pad",
    "menu",
    "sign-in (opening)",
    "count sheet",
)
KINDS = ("table", "players")
NUMBER = r"\d+(?:\.\d+)?"


def test_the_screen_benchmark_prints_its_figures():
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy"}
    done = subprocess.run(
        [sys.executable, str(REPO / "benchmarks" / "bench_screen.py"), "--quick"],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    # and the table and the players' display of every game with a view of its own
    # (at 800x480 alone when quick)
    others = [game for game in GAMES if screens_of(game).cloth is None]
    shown = [(screen, size) for screen in SCREENS for size in ("800x480", "1920x1080")]
    shown += [(f"{kind} ({game})", "800x480") for game in others for kind in KINDS]
    for screen, size in shown:
        row = rf"^{re.escape(screen)}\s+{size}(\s+{NUMBER}){{4}}\s+(met|NOT MET)\b"
        assert re.search(row, out, re.M), f"no figures for {screen} at {size}:\n{out}"
    assert re.search(rf"every screen's p99 <= {NUMBER} ms: (met|NOT MET)", out)
    assert re.search(rf"start, assemble -> first frame drawn \(800x480.*: {NUMBER} ms", out)
    assert re.search(rf"start, python -c -> first frame drawn .*: {NUMBER} s", out)
    assert re.search(
        rf"memory, this process after every other game's .*: {NUMBER} MB resident", out
    )
    assert re.search(rf"memory, the child at its first frame: {NUMBER} MB resident", out)
