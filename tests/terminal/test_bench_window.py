"""The window benchmark runs (briefly) and prints its figures: the terminal's memory over time in
an X window (Xvfb), and what it is made of. Its figures are printed, never asserted; what is
checked is that the shipped terminal's window maps no GL (terminal/screens/display.py)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys

import pytest

from tests.support.helpers import REPO

NUMBER = r"\d+(?:\.\d+)?"


@pytest.mark.skipif(
    shutil.which("Xvfb") is None, reason="Xvfb is not installed (apt-get install xvfb)"
)
def test_the_window_benchmark_prints_the_memory_of_a_terminal_in_a_window():
    done = subprocess.run(
        [
            sys.executable,
            "benchmarks/bench_window.py",
            "--seconds",
            "2",
            "--every",
            "1",
            "--mode",
            "shipped",
        ],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert re.search(rf"^shipped: ready in {NUMBER} s", out, re.M), out
    assert re.search(rf"^\s+{NUMBER} s\s+{NUMBER} / \s*{NUMBER} MB", out, re.M), out
    assert re.search(r"^  \d+ rounds settled; at the end: Rss ", out, re.M), out
    assert "  GL (mesa) mapped: no\n" in out, out
    assert re.search(rf"^shipped: peak resident {NUMBER} MB", out, re.M), out


def test_the_window_benchmark_says_why_it_is_skipped_without_xvfb(tmp_path):
    done = subprocess.run(
        [sys.executable, "benchmarks/bench_window.py", "--seconds", "1"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
        env={"PATH": str(tmp_path)},
    )
    assert done.returncode == 0, done.stderr
    assert "skipped, Xvfb is not installed" in done.stdout
