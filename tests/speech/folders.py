"""Rendered folders for the speaker's tests: a short tone stands for each call (the voice is
not the point there; test_render.py renders with the real espeak-ng)."""

from __future__ import annotations

import math
import struct
import wave
from collections.abc import Iterable
from pathlib import Path

from terminal.speech.rendered import Rendered


def write_tone(path: Path, seconds: float = 0.05, rate: int = 22050) -> Path:
    """A WAV file of a 440 Hz tone, the rendered calls' format (16-bit mono)."""
    frames = b"".join(
        struct.pack("<h", int(8000 * math.sin(2 * math.pi * 440 * i / rate)))
        for i in range(int(seconds * rate))
    )
    with wave.open(str(path), "wb") as sound:
        sound.setnchannels(1)
        sound.setsampwidth(2)
        sound.setframerate(rate)
        sound.writeframes(frames)
    return path


def rendered_folder(directory: Path, texts: Iterable[tuple[str, str]]) -> Rendered:
    """`directory` as a render leaves it, a tone standing for each (language, text)."""
    directory.mkdir(parents=True, exist_ok=True)
    rendered = Rendered(directory)
    entries = {}
    for language, text in texts:
        path = write_tone(rendered.path(language, text))
        entries[path.name] = {"language": language, "text": text, "calls": []}
    rendered.write_index(entries, {})
    return rendered
