"""The folder of rendered calls: one WAV file per (language, text), named by a hash of both so
that the speaker finds a text's file without any table, and an index that says what each file
holds (`index.json`, for people and tools: the speaker needs only the names).

A text of several sentences ("The bank plays: flush. Carrousel: royal flush on box 3") is also
rendered sentence by sentence: a call whose whole text has no file (two jackpots in one coup)
is spoken as its sentences when each of them has one.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from games.records import sentences

INDEX = "index.json"
INDEX_VERSION = 1
SUFFIX = ".wav"


def file_name(language: str, text: str) -> str:
    """The file of `text` in `language`: stable across releases and machines (the text as the
    engine writes it, its exact characters)."""
    digest = hashlib.sha256(f"{language}\n{text}".encode()).hexdigest()
    return f"{language}-{digest[:24]}{SUFFIX}"


def spoken_texts(text: str) -> list[str]:
    """What is rendered of a call's text: itself, and its sentences when it has several."""
    parts = sentences(text)
    return [text, *parts] if len(parts) > 1 else [text]


class Rendered:
    """The folder `directory` of rendered calls."""

    def __init__(self, directory: Path):
        self.directory = Path(directory)

    def path(self, language: str, text: str) -> Path:
        return self.directory / file_name(language, text)

    def has(self, language: str, text: str) -> bool:
        return self.path(language, text).is_file()

    def files(self, language: str, text: str) -> tuple[Path, ...] | None:
        """The files that say `text`: its own, else one per sentence; None when any is missing."""
        whole = self.path(language, text)
        if whole.is_file():
            return (whole,)
        parts = sentences(text)
        if len(parts) < 2:
            return None
        paths = tuple(self.path(language, part) for part in parts)
        return paths if all(path.is_file() for path in paths) else None

    @property
    def index_path(self) -> Path:
        return self.directory / INDEX

    def _read_index(self) -> dict[str, Any]:
        try:
            data = json.loads(self.index_path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        if not isinstance(data, dict) or data.get("version") != INDEX_VERSION:
            return {}
        return data

    def index(self) -> dict[str, dict[str, Any]]:
        """The index's entries by file name; empty when there is none (or it cannot be read)."""
        files = self._read_index().get("files")
        return files if isinstance(files, dict) else {}

    def voices(self) -> dict[str, str]:
        """The voice each language was rendered with, by language."""
        voices = self._read_index().get("voices")
        return voices if isinstance(voices, dict) else {}

    def write_index(
        self, entries: Mapping[str, Mapping[str, Any]], voices: Mapping[str, str]
    ) -> None:
        """The index replaced whole (a temporary file, then a rename): the entries of the one
        there whose files still exist, with `entries` (a file's calls those of both: a render of
        one game keeps the others'), and the voices of both."""
        merged: dict[str, Mapping[str, Any]] = {
            name: entry for name, entry in self.index().items() if (self.directory / name).is_file()
        }
        for name, entry in entries.items():
            calls = [*merged.get(name, {}).get("calls", ()), *entry.get("calls", ())]
            merged[name] = {**entry, "calls": list(dict.fromkeys(calls))}
        data = {
            "version": INDEX_VERSION,
            "voices": {**self.voices(), **voices},
            "files": dict(sorted(merged.items())),
        }
        write_atomically(
            self.index_path,
            (json.dumps(data, ensure_ascii=False, indent=1) + "\n").encode("utf-8"),
        )

    def stale_temporaries(self) -> Iterable[Path]:
        """What a render that crashed left behind (never a finished file)."""
        return self.directory.glob(".*.tmp")


def write_atomically(path: Path, data: bytes, mode: int = 0o644) -> None:
    """`data` at `path` (readable by all: the table's user reads what root rendered), whole or
    not at all: written beside it, synced, then renamed over it."""
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    sync_directory(path.parent)


def sync_directory(directory: Path) -> None:
    """The renames in `directory` made durable (where the system lets a folder be synced)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
