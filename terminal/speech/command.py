"""`dealer-terminal speech render`: every call of the games rendered to WAV files, at install
time (docs/speech.md): all the games' in every language, or one table's (`--config`: its game,
its rulebook profile, its [speech] dir and language)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, TextIO

from games.registry import GAMES
from terminal.common.progress import ProgressLine
from terminal.speech.calls import table_calls
from terminal.speech.render import VOICES, SpeechError, render


def _languages(text: str) -> tuple[str, ...]:
    languages = tuple(dict.fromkeys(part.strip() for part in text.split(",") if part.strip()))
    if not languages or any(lang not in VOICES for lang in languages):
        raise argparse.ArgumentTypeError(
            f"languages are a comma-separated list of {', '.join(VOICES)}, not {text!r}"
        )
    return languages


def _game(text: str) -> str:
    if text not in GAMES:
        raise argparse.ArgumentTypeError(
            f"unknown game {text!r} (games: {', '.join(sorted(GAMES))})"
        )
    return text


def _jobs(text: str) -> int:
    jobs = int(text)
    if jobs < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {jobs}")
    return jobs


def add_speech_parser(sub: Any, *, out: Path, profile: str) -> None:
    """`speech render`; without a table file, into `out` under the rulebook `profile`."""
    speech = sub.add_parser(
        "speech", help="the croupier's calls spoken through the audio"
    ).add_subparsers(dest="speech_command", required=True)
    rendering = speech.add_parser(
        "render",
        help="render the calls to WAV files with espeak-ng (at install time)",
        description=(
            "Render every call a table can make (each game's calls over every outcome its "
            "rules give, the closing calls) to one WAV file per language and text, with "
            "espeak-ng; files already there are kept. A table with [speech] enabled plays "
            "them from its [speech] dir."
        ),
    )
    rendering.add_argument(
        "--config",
        type=Path,
        help="a table file: its game's calls in its [speech] language, into its [speech] dir",
    )
    rendering.add_argument("--out", type=Path, help=f"the folder (default {out})")
    rendering.add_argument(
        "--lang",
        type=_languages,
        help=f"the languages, comma-separated (default {','.join(VOICES)})",
    )
    rendering.add_argument(
        "--game", type=_game, action="append", help="only this game's calls (repeatable)"
    )
    rendering.add_argument("--profile", help=f"rulebook profile (default {profile})")
    rendering.add_argument("--jobs", type=_jobs, help="renders at once (default: one a processor)")
    rendering.set_defaults(default_out=out, default_profile=profile)


def cmd_speech(
    args: argparse.Namespace,
    table: Any = None,
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    """Render as `args` say; `table`, the table file's configuration (--config), gives what
    they do not. Progress on `out`, errors on `err` (stdout, stderr)."""
    out, err = out or sys.stdout, err or sys.stderr
    if table is not None:
        games = args.game or [table.game]
        profile = args.profile or table.profile
        directory = args.out or table.speech.dir
        languages = args.lang or (table.speech.language,)
    else:
        games = args.game or []
        profile = args.profile or args.default_profile
        directory = args.out or args.default_out
        languages = args.lang or tuple(VOICES)
    calls = table_calls(profile, games)
    count = sum(len(game_calls) for game_calls in calls.values())
    print(
        f"{count:,} calls of {len(calls)} game{'s' * (len(calls) != 1)} in "
        f"{', '.join(languages)} to {directory}",
        file=out,
        flush=True,
    )
    now_and_then = ProgressLine(out, every_s=1.0)

    def progress(done: int, total: int) -> None:
        if done == total:
            print(f"rendered {done:,} of {total:,}", file=out, flush=True)
        else:
            now_and_then("rendered {:,} of {:,}", done, total)

    try:
        report = render(calls, Path(directory), languages, jobs=args.jobs, progress=progress)
    except SpeechError as exc:
        print(f"dealer-terminal: {exc}", file=err)
        return 1
    print(report.summary(), file=out)
    return 0
