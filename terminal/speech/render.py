"""Rendering the calls ahead of time (at install time), with espeak-ng from Debian: one WAV file
per language and text (rendered.py), a voice per language, several at once.

A file is written beside its final name and renamed onto it once espeak-ng has finished and it
reads as a WAV that holds sound, so that a crash or a power cut leaves no half file: a file
that is there is finished, and is kept by the next render.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
import wave
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from terminal.speech.calls import Call
from terminal.speech.rendered import Rendered, spoken_texts, sync_directory

ESPEAK = "espeak-ng"
INSTALL = "sudo apt install espeak-ng"
VOICES = {"ca": "ca", "es": "es", "en": "en"}  # espeak-ng's voice of each table language
FILE_MODE = 0o644  # rendered by root at install time, read by the table's user
RENDER_TIMEOUT_S = 60  # one call, a few seconds of speech: espeak-ng takes milliseconds


class SpeechError(Exception):
    """Rendering cannot go on; the message says what to do."""


@dataclass
class Rendering:
    """What a render did, by language: the files the calls need, those rendered now, those
    already there (kept)."""

    needed: dict[str, int] = field(default_factory=dict)
    rendered: dict[str, int] = field(default_factory=dict)
    kept: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0

    def summary(self) -> str:
        per = ", ".join(
            f"{lang} {self.needed[lang]} ({self.rendered.get(lang, 0)} rendered, "
            f"{self.kept.get(lang, 0)} already there)"
            for lang in self.needed
        )
        return f"{sum(self.needed.values())} files in {self.seconds:.1f} s: {per}"


def espeak_command(espeak: str = ESPEAK) -> str:
    """The path of espeak-ng; SpeechError saying how to install it when it is not there."""
    found = shutil.which(espeak)
    if found is None:
        raise SpeechError(
            f"{espeak} is not installed, and the calls are rendered with it: install it with "
            f"`{INSTALL}` (Debian, Raspberry Pi OS), then run `dealer-terminal speech render` "
            "again"
        )
    return found


def render_one(espeak: str, voice: str, text: str, path: Path) -> None:
    """`text` said by espeak-ng's `voice` into the WAV file `path`, whole or not at all."""
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    os.close(fd)
    try:
        try:
            done = subprocess.run(
                [espeak, "-v", voice, "-b", "1", "-w", temporary],  # -b 1: the text is UTF-8
                input=text.encode("utf-8"),  # on stdin: a text is never taken for an option
                capture_output=True,
                timeout=RENDER_TIMEOUT_S,
                check=False,
            )
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise SpeechError(f"{espeak} could not be run for {text!r}: {exc}") from None
        if done.returncode != 0:
            said = done.stderr.decode("utf-8", "replace").strip() or f"exit {done.returncode}"
            raise SpeechError(f"{espeak} -v {voice} could not say {text!r}: {said}")
        try:
            with wave.open(temporary, "rb") as sound:
                frames = sound.getnframes()
        except (OSError, EOFError, wave.Error) as exc:
            raise SpeechError(f"{espeak} -v {voice} wrote no WAV for {text!r}: {exc}") from None
        if frames == 0:
            raise SpeechError(f"{espeak} -v {voice} said nothing for {text!r}")
        with open(temporary, "rb") as f:
            os.fsync(f.fileno())
        os.chmod(temporary, FILE_MODE)
        os.replace(temporary, path)
    finally:
        Path(temporary).unlink(missing_ok=True)


def wanted(
    calls: Mapping[str, Sequence[Call]], languages: Iterable[str]
) -> dict[tuple[str, str], dict[str, Any]]:
    """The (language, text) of every file the calls need, each with its index entry: the
    language, the text and the calls (game:key) that say it."""
    needed: dict[tuple[str, str], dict[str, Any]] = {}
    for lang in languages:
        for game, game_calls in calls.items():
            for call in game_calls:
                for text in spoken_texts(call.text[lang]):
                    entry = needed.setdefault(
                        (lang, text), {"language": lang, "text": text, "calls": []}
                    )
                    said = f"{game}:{call.key}"
                    if said not in entry["calls"]:
                        entry["calls"].append(said)
    return needed


def render(
    calls: Mapping[str, Sequence[Call]],
    directory: Path,
    languages: Sequence[str] = tuple(VOICES),
    *,
    espeak: str = ESPEAK,
    jobs: int | None = None,
    progress: Callable[[int, int], None] = lambda done, total: None,
) -> Rendering:
    """Every file `calls` need in `languages`, in `directory` (made if need be): those missing
    rendered, `jobs` at a time (one per processor by default), `progress(done, total)` after
    each; then the index. SpeechError for a language without a voice or espeak-ng missing."""
    unknown = [lang for lang in languages if lang not in VOICES]
    if unknown:
        raise SpeechError(
            f"no voice for {', '.join(unknown)}: the languages are {', '.join(VOICES)}"
        )
    start = time.monotonic()
    store = Rendered(directory)
    needed = wanted(calls, languages)
    todo = [(lang, text) for lang, text in needed if not store.has(lang, text)]
    command = espeak_command(espeak) if todo else espeak  # before anything is written
    directory.mkdir(parents=True, exist_ok=True)
    for stale in store.stale_temporaries():
        stale.unlink(missing_ok=True)
    report = Rendering(
        needed={lang: sum(1 for key in needed if key[0] == lang) for lang in languages}
    )
    for lang in languages:
        rendered_now = sum(1 for key in todo if key[0] == lang)
        report.kept[lang] = report.needed[lang] - rendered_now
        report.rendered[lang] = 0
    try:
        if todo:
            _render_all(command, todo, store, report, jobs, progress)
    finally:
        entries = {
            store.path(lang, text).name: entry
            for (lang, text), entry in needed.items()
            if store.has(lang, text)
        }
        store.write_index(entries, {lang: VOICES[lang] for lang in languages})
        sync_directory(directory)
        report.seconds = time.monotonic() - start
    return report


def _render_all(
    espeak: str,
    todo: Sequence[tuple[str, str]],
    store: Rendered,
    report: Rendering,
    jobs: int | None,
    progress: Callable[[int, int], None],
) -> None:
    with ThreadPoolExecutor(max_workers=jobs or os.cpu_count() or 1) as pool:
        futures: dict[Future[None], str] = {
            pool.submit(render_one, espeak, VOICES[lang], text, store.path(lang, text)): lang
            for lang, text in todo
        }
        try:
            for done, future in enumerate(as_completed(futures), 1):
                future.result()
                report.rendered[futures[future]] += 1
                progress(done, len(todo))
        except BaseException:
            for future in futures:
                future.cancel()
            raise
