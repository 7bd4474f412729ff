"""The start benchmark runs (briefly) and prints its figures: a game's start to READY=1 and its
memory then, headless and with the screen. Its figures are printed, never asserted."""

from __future__ import annotations

import re
import subprocess
import sys

from tests.support.helpers import REPO

NUMBER = r"\d+(?:\.\d+)?"


def test_the_start_benchmark_prints_ready_time_and_memory_for_both_modes():
    done = subprocess.run(
        [sys.executable, "benchmarks/bench_start.py", "--runs", "1", "--game", "boule"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert re.search(rf"^boule(\s+{NUMBER}){{6}}$", done.stdout, re.MULTILINE), done.stdout
    for mode in ("headless", "screen"):
        assert re.search(rf"^{mode}: the slowest game ready in {NUMBER} s", done.stdout, re.M)
