"""The speaker: the committed calls of the table's language played from their rendered files,
on its own thread; the newest kept when it falls behind; off, in one log line, without audio."""

from __future__ import annotations

import logging
import threading

import pytest

from terminal.speech.speaker import MixerPlayer, PlayerUnavailable, Speaker
from tests.speech.folders import rendered_folder
from tests.support.helpers import WAIT_S, wait_for

PLACE = {"ca": "Facin joc", "es": "Hagan juego", "en": "Place your bets"}
NO_MORE = {"ca": "No hi va més", "es": "No va más", "en": "No more bets"}
SEVENTEEN = {
    "ca": "17, negre, imparell i falta",
    "es": "17, negro, impar y falta",
    "en": "17, black, odd and low",
}
seq = iter(range(1, 10**6))


def event(kind, data=None):
    return {"v": 1, "table": "RL-T1", "seq": next(seq), "kind": kind, "data": data or {}}


def announcement(key, text):
    return event("announcement", {"key": key, "text": text})


def result(text, number=17):
    data = {"outcome": {"number": number}, "announcement": {"key": "result", "text": text}}
    return event("round.result", {**data, "bets": [], "settlement": [], "totals": {}})


@pytest.fixture
def folder(tmp_path):
    texts = [(lang, t[lang]) for t in (PLACE, NO_MORE, SEVENTEEN) for lang in ("ca", "es")]
    return rendered_folder(tmp_path / "speech", texts)


class StubPlayer:
    """The audio device's stand-in: records what it is given to play; `hold` keeps a call
    playing until it is released."""

    def __init__(self, hold: bool = False):
        self.played: list = []
        self.playing = threading.Event()
        self.release = threading.Event()
        if not hold:
            self.release.set()

    def open(self):
        pass

    def play(self, path, stop):
        self.played.append(path)
        self.playing.set()
        self.release.wait(WAIT_S)

    def output(self):
        return "a stub"

    def close(self):
        pass


@pytest.fixture
def speakers():
    made = []

    def make(*args, **kwargs):
        said: list = []
        speaker = Speaker(*args, on_said=lambda text, files: said.append((text, files)), **kwargs)
        speaker.said = said
        made.append(speaker)
        return speaker

    yield make
    for speaker in made:
        speaker.close()


def test_the_mixer_plays_the_file_of_a_committed_result(folder, dummy_audio, speakers):
    played = []

    class Heard(MixerPlayer):
        def play(self, path, stop):
            played.append(path)
            super().play(path, stop)

    speaker = speakers(folder.directory, "ca", player=Heard())
    if not speaker.start():
        pytest.skip("the mixer does not open even with SDL's dummy audio driver here")
    assert dummy_audio.mixer.get_init() is not None
    speaker.committed([event("round.closed"), result(SEVENTEEN)])
    wait_for(lambda: speaker.said, "the result said")
    assert played == [folder.path("ca", SEVENTEEN["ca"])]
    assert speaker.said == [(SEVENTEEN["ca"], (folder.path("ca", SEVENTEEN["ca"]),))]


def test_only_the_calls_in_the_tables_language_are_said(folder, speakers):
    player = StubPlayer()
    speaker = speakers(folder.directory, "es", player=player, bound=10)  # none dropped
    assert speaker.start()
    speaker.committed(
        [
            event("round.open"),
            announcement("place_bets", PLACE),
            event("bet.placed", {"id": "b1", "seat": 1, "code": "red", "stake": 500}),
            event("round.closed"),
            announcement("no_more_bets", NO_MORE),
            result(SEVENTEEN),
            event("round.correction", {"announcement": {"key": "result", "text": PLACE}}),
            event("table.close"),
            announcement("no_more_bets", NO_MORE),  # said after all the others were passed over
        ]
    )
    wait_for(lambda: len(speaker.said) >= 4, "four calls said")
    calls = (PLACE, NO_MORE, SEVENTEEN, NO_MORE)
    assert player.played == [folder.path("es", t["es"]) for t in calls]
    assert [text for text, _ in speaker.said] == [t["es"] for t in calls]


def test_a_full_queue_drops_the_oldest_calls_and_never_blocks(folder, speakers):
    player = StubPlayer(hold=True)
    speaker = speakers(folder.directory, "ca", player=player, bound=2)
    assert speaker.start()
    speaker.committed([announcement("place_bets", PLACE)])
    assert player.playing.wait(WAIT_S)  # the worker is held saying it
    calls = [
        announcement("no_more_bets", NO_MORE),
        result(SEVENTEEN),
        result(PLACE),
        result(NO_MORE),
    ]
    writer = threading.Thread(target=speaker.committed, args=([*calls],))
    writer.start()
    writer.join(WAIT_S)
    assert not writer.is_alive(), "committed() waited for the audio"
    assert speaker.waiting() == [PLACE["ca"], NO_MORE["ca"]]  # the newest two
    assert speaker.dropped == 2
    player.release.set()
    wait_for(lambda: len(speaker.said) == 3, "the calls kept said")
    assert [text for text, _ in speaker.said] == [PLACE["ca"], PLACE["ca"], NO_MORE["ca"]]


def test_a_call_without_a_rendered_file_is_logged_once(folder, speakers, caplog):
    speaker = speakers(folder.directory, "ca", player=StubPlayer())
    assert speaker.start()
    unrendered = {"ca": "Tirada nul·la", "es": "Tirada nula", "en": "No spin"}
    with caplog.at_level(logging.WARNING, logger="terminal.speech.speaker"):
        speaker.committed([announcement("void_spin", unrendered)] * 2)
        speaker.committed([announcement("place_bets", PLACE)])
        wait_for(lambda: speaker.said, "the rendered call said")
    missing = [r.getMessage() for r in caplog.records if "no rendered file" in r.getMessage()]
    assert len(missing) == 1 and "Tirada nul·la" in missing[0]
    assert [text for text, _ in speaker.said] == [PLACE["ca"]]


def test_a_call_of_several_sentences_is_said_from_their_files(tmp_path, speakers):
    bank, jackpot = "The bank plays: flush", "Carrousel: royal flush on box 2"
    folder = rendered_folder(tmp_path, [("en", bank), ("en", jackpot)])
    speaker = speakers(folder.directory, "en", player=StubPlayer())
    assert speaker.start()
    text = f"{bank}. {jackpot}"
    speaker.committed([result({"ca": "-", "es": "-", "en": text})])
    wait_for(lambda: speaker.said, "the call said")
    assert speaker.said == [(text, (folder.path("en", bank), folder.path("en", jackpot)))]


def test_without_an_audio_output_speech_stays_off_in_one_log_line(
    folder, monkeypatch, caplog, dummy_audio
):
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-driver")
    speaker = Speaker(folder.directory, "ca")
    with caplog.at_level(logging.INFO, logger="terminal.speech.speaker"):
        assert speaker.start() is False
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 1
    assert lines[0].startswith("speech is off: no audio output (")
    assert "SDL_AUDIODRIVER=alsa" in lines[0]
    speaker.committed([announcement("place_bets", PLACE)])  # nothing happens, nothing fails
    assert speaker.waiting() == []
    speaker.close()


def test_a_player_without_audio_leaves_speech_off(folder, caplog):
    class NoAudio(StubPlayer):
        def open(self):
            raise PlayerUnavailable("no device")

    speaker = Speaker(folder.directory, "ca", player=NoAudio())
    with caplog.at_level(logging.WARNING, logger="terminal.speech.speaker"):
        assert not speaker.start()
    assert [r.getMessage()[:38] for r in caplog.records] == [
        "speech is off: no audio output (no dev"
    ]


def test_a_folder_with_nothing_rendered_leaves_speech_off_saying_what_to_run(tmp_path, caplog):
    speaker = Speaker(tmp_path / "nothing", "ca", player=StubPlayer())
    with caplog.at_level(logging.WARNING, logger="terminal.speech.speaker"):
        assert not speaker.start()
    (line,) = [r.getMessage() for r in caplog.records]
    assert "dealer-terminal speech render --out" in line and str(tmp_path / "nothing") in line
