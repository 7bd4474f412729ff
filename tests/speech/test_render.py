"""Rendering the calls with espeak-ng: a real call rendered holds sound; a file is whole or
absent; a render keeps what is there; espeak-ng missing says how to install it."""

from __future__ import annotations

import math
import os
import shutil
import stat
import wave
from array import array

import pytest

from terminal.cli import main
from terminal.speech.calls import Call, table_calls
from terminal.speech.render import SpeechError, render
from terminal.speech.rendered import Rendered, file_name
from tests.support.helpers import write_config

ESPEAK = shutil.which("espeak-ng")
needs_espeak = pytest.mark.skipif(
    ESPEAK is None,
    reason="espeak-ng is not installed (`sudo apt install espeak-ng`; .ci/run installs it): "
    "rendering a call needs the real voice",
)
SEVENTEEN = "17, negre, imparell i falta"
SILENCE_RMS = 300  # of 32,767: well above a silent file's 0, well below speech's thousands


def the_17() -> Call:
    return next(
        call
        for call in table_calls("valencia-1994", ["roulette_fr"])["roulette_fr"]
        if call.text["ca"] == SEVENTEEN
    )


def rms(path) -> tuple[float, float]:
    """The duration of the WAV file `path`, in seconds, and its samples' RMS."""
    with wave.open(str(path), "rb") as sound:
        assert sound.getsampwidth() == 2 and sound.getnchannels() == 1
        samples = array("h", sound.readframes(sound.getnframes()))
        seconds = sound.getnframes() / sound.getframerate()
    return seconds, math.sqrt(sum(s * s for s in samples) / max(1, len(samples)))


@needs_espeak
def test_a_call_rendered_with_espeak_ng_holds_sound(tmp_path):
    report = render({"roulette_fr": [the_17()]}, tmp_path, ("ca",))
    assert report.rendered == {"ca": 1} and report.needed == {"ca": 1}
    path = tmp_path / file_name("ca", SEVENTEEN)
    seconds, loudness = rms(path)
    assert seconds > 0.2
    assert loudness > SILENCE_RMS
    assert stat.S_IMODE(path.stat().st_mode) == 0o644  # the table's user reads what root rendered
    entry = Rendered(tmp_path).index()[path.name]
    assert entry == {"language": "ca", "text": SEVENTEEN, "calls": ["roulette_fr:result"]}


@needs_espeak
def test_a_second_render_keeps_the_files_there(tmp_path):
    calls = {"roulette_fr": [the_17()]}
    render(calls, tmp_path, ("ca", "es"))
    path = tmp_path / file_name("ca", SEVENTEEN)
    before = path.stat().st_mtime_ns
    report = render(calls, tmp_path, ("ca", "es", "en"))
    assert report.rendered == {"ca": 0, "es": 0, "en": 1}
    assert report.kept == {"ca": 1, "es": 1, "en": 0}
    assert path.stat().st_mtime_ns == before
    assert len(Rendered(tmp_path).index()) == 3
    assert not list(tmp_path.glob(".*"))  # no temporary file left


def fake_espeak(tmp_path, body: str):
    script = tmp_path / "espeak-ng"
    # the last argument is the file espeak-ng is told to write (-w FILE)
    script.write_text(f"#!/bin/sh\nfor last; do :; done\n{body}\n", encoding="utf-8")
    script.chmod(0o755)
    return str(script)


@pytest.mark.parametrize(
    ("body", "said"),
    [
        ('printf "RIFF half" > "$last"; echo "killed" >&2; exit 1', "killed"),
        ('printf "not a wav" > "$last"', "wrote no WAV"),
    ],
    ids=["espeak-ng dies half way", "espeak-ng writes no WAV"],
)
def test_a_failed_render_leaves_no_half_file(tmp_path, body, said):
    out = tmp_path / "speech"
    with pytest.raises(SpeechError, match=said):
        render({"roulette_fr": [the_17()]}, out, ("ca",), espeak=fake_espeak(tmp_path, body))
    assert not list(out.glob("*.wav")) and not list(out.glob(".*"))
    assert Rendered(out).index() == {}


def test_without_espeak_ng_the_error_says_how_to_install_it(tmp_path):
    out = tmp_path / "speech"
    with pytest.raises(SpeechError, match="sudo apt install espeak-ng"):
        render({"roulette_fr": [the_17()]}, out, ("ca",), espeak="no-such-espeak-ng")
    assert not out.exists()  # nothing written, not even the folder


def test_the_command_without_espeak_ng_fails_saying_what_to_do(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    assert main(["speech", "render", "--out", str(tmp_path), "--game", "boule"]) == 1
    assert "install it with `sudo apt install espeak-ng`" in capsys.readouterr().err


@needs_espeak
def test_the_command_renders_a_game_with_its_progress(tmp_path, capsys):
    out = tmp_path / "speech"
    assert main(["speech", "render", "--out", str(out), "--game", "boule", "--lang", "ca,en"]) == 0
    printed = capsys.readouterr().out
    assert "17 calls of 1 game in ca, en" in printed
    assert "rendered 34 of 34" in printed
    assert "ca 17 (17 rendered, 0 already there), en 17" in printed
    assert len(list(out.glob("*.wav"))) == 34


@needs_espeak
def test_the_command_renders_a_tables_game_in_its_language_into_its_folder(tmp_path, capsys):
    out = tmp_path / "speech"
    config = write_config(
        tmp_path, game="boule", extra=f'[speech]\ndir = "{out}"\n[screen]\nlanguage = "es"'
    )
    assert main(["speech", "render", "--config", str(config)]) == 0
    assert "17 calls of 1 game in es" in capsys.readouterr().out
    assert {entry["language"] for entry in Rendered(out).index().values()} == {"es"}
    assert os.path.getsize(out / file_name("es", "Hagan juego")) > 0


@needs_espeak
def test_rendering_another_game_into_the_folder_keeps_the_index_of_the_first(tmp_path):
    calls = table_calls("valencia-1994", ["boule", "roulette_fr"])
    place = {game: [c for c in calls[game] if c.key == "place_bets"] for game in calls}
    render({"boule": place["boule"]}, tmp_path, ("ca",))
    report = render({"roulette_fr": place["roulette_fr"]}, tmp_path, ("ca", "en"))
    assert report.kept == {"ca": 1, "en": 0}
    index = Rendered(tmp_path).index()
    assert index[file_name("ca", "Facin joc")]["calls"] == [
        "boule:place_bets",
        "roulette_fr:place_bets",
    ]
    assert index[file_name("en", "Place your bets")]["calls"] == ["roulette_fr:place_bets"]
    assert Rendered(tmp_path).voices() == {"ca": "ca", "en": "en"}
