"""Every screen's PNG from `dealer-terminal screens`, drawn by two revisions of the product and
compared pixel by pixel: what a change that must not change behaviour (a restructuring) proves
of the screens. Figures printed, nothing asserted: per game, the screens drawn by each and how
many differ, and each differing screen's name with its count of differing pixels.

The other revision is checked out in a temporary git worktree and run from there, with this
checkout's virtualenv (`python -m terminal.cli`, its modules first on the path): no install.

Usage: python benchmarks/compare_screens.py REV [--game G ...] [--lang ca] [--size 800x480]
(REV: a commit, a branch, HEAD~3; compared with the working tree as it is)
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

import pygame  # noqa: E402

from games.registry import GAMES  # noqa: E402


def draw(checkout: Path, game: str, out: Path, lang: str, size: str) -> None:
    """`dealer-terminal screens` of `checkout` for `game` into `out` (its own modules first)."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "PYTHONPATH": str(checkout)}
    command = [sys.executable, "-m", "terminal.cli", "screens", "--game", game]
    command += ["--out", str(out), "--lang", lang, "--size", size]
    subprocess.run(command, cwd=checkout, env=env, check=True, capture_output=True)


def differing_pixels(a: Path, b: Path) -> int:
    """How many pixels of the two PNGs differ; every pixel when their sizes differ."""
    one, other = pygame.image.load(str(a)), pygame.image.load(str(b))
    if one.get_size() != other.get_size():
        return max(one.get_width() * one.get_height(), other.get_width() * other.get_height())
    w, h = one.get_size()
    first, second = pygame.image.tobytes(one, "RGB"), pygame.image.tobytes(other, "RGB")
    return sum(first[i : i + 3] != second[i : i + 3] for i in range(0, w * h * 3, 3))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rev", help="the revision to compare the working tree with")
    parser.add_argument("--game", action="append", help="a game id (default: every game)")
    parser.add_argument("--lang", default="ca", choices=("ca", "es", "en"))
    parser.add_argument("--size", default="800x480")
    args = parser.parse_args()
    games = args.game or sorted(GAMES)
    differing = 0
    with tempfile.TemporaryDirectory() as scratch:
        other = Path(scratch) / "other"
        subprocess.run(
            ["git", "worktree", "add", "--detach", str(other), args.rev],
            cwd=REPO,
            check=True,
            capture_output=True,
        )
        try:
            print(f"screens of {args.rev} against the working tree ({args.lang}, {args.size})")
            for game in games:
                theirs, ours = Path(scratch) / game / "rev", Path(scratch) / game / "now"
                draw(other, game, theirs, args.lang, args.size)
                draw(REPO, game, ours, args.lang, args.size)
                names = sorted({p.name for p in (*theirs.glob("*.png"), *ours.glob("*.png"))})
                changed = []
                for name in names:
                    a, b = theirs / name, ours / name
                    if not (a.exists() and b.exists()):
                        changed.append(
                            (name, "only in " + ("the revision" if a.exists() else "now"))
                        )
                    elif (n := differing_pixels(a, b)) > 0:
                        changed.append((name, f"{n:,} pixels"))
                print(f"  {game:16} {len(names):3} screens, {len(changed)} differ")
                for name, how in changed:
                    print(f"    {name}: {how}")
                differing += len(changed)
        finally:
            subprocess.run(
                ["git", "worktree", "remove", "--force", str(other)], cwd=REPO, check=False
            )
    print(f"{differing} screens differ")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
