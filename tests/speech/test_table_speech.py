"""[speech] in the table file, and a table that has it on saying its calls as it journals them."""

from __future__ import annotations

from pathlib import Path

import pytest

from terminal import assemble as assembly
from terminal.assemble import assemble
from terminal.config import ConfigError, SpeechConfig, load_table_config
from terminal.speech.calls import table_calls
from tests.speech.folders import rendered_folder
from tests.support.helpers import quiet, wait_for, write_config


def test_speech_is_off_by_default_in_the_screens_language(tmp_path):
    cfg = load_table_config(write_config(tmp_path, extra='[screen]\nlanguage = "en"'))
    assert cfg.speech == SpeechConfig(enabled=False, dir=Path("var/speech"), language="en")


def test_speech_is_configured_in_its_section(tmp_path):
    extra = '[speech]\nenabled = true\ndir = "/opt/dealer-terminal/speech"\nlanguage = "es"'
    cfg = load_table_config(write_config(tmp_path, extra=extra))
    assert cfg.speech == SpeechConfig(
        enabled=True, dir=Path("/opt/dealer-terminal/speech"), language="es"
    )


@pytest.mark.parametrize(
    ("extra", "said"),
    [
        ('[speech]\nenabled = "yes"', "[speech] enabled must be true or false (got 'yes')"),
        ('[speech]\nlanguage = "fr"', "[speech] language must be one of ca, es, en"),
        ('[speech]\ndirectory = "x"', "[speech] directory is not a key of a table's [speech]"),
        ("[speach]\nenabled = true", "[speach] is not a section of a roulette_fr table file: "),
    ],
)
def test_a_wrong_speech_section_is_refused_naming_the_key(tmp_path, extra, said):
    with pytest.raises(ConfigError) as refused:
        load_table_config(write_config(tmp_path, extra=extra))
    assert said in str(refused.value)


def test_a_table_with_speech_on_says_its_calls_as_they_are_journaled(
    tmp_path, monkeypatch, dummy_audio
):
    calls = table_calls("valencia-1994", ["roulette_fr"])["roulette_fr"]
    folder = rendered_folder(tmp_path / "speech", [("ca", call.text["ca"]) for call in calls])
    extra = f'[speech]\nenabled = true\ndir = "{folder.directory}"'
    cfg = load_table_config(write_config(tmp_path, extra=extra))
    said: list[str] = []
    opened = []

    def open_speaker(directory, language):
        speaker = real(directory, language)
        if speaker is not None:
            speaker.on_said = lambda text, files: said.append(text)
            opened.append(speaker)
        return speaker

    real = assembly.open_speaker
    monkeypatch.setattr(assembly, "open_speaker", open_speaker)
    with assemble(cfg, quiet(sim=True, seed=4)) as table:
        if not opened:
            pytest.skip("the mixer does not open even with SDL's dummy audio driver here")
        table.run(1)
        wait_for(lambda: "Facin joc" in said and "No hi va més" in said, "the round's calls said")
    assert opened[0].language == "ca" and not opened[0].on  # closed with the table
