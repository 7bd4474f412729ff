"""Saying the calls as the table journals them: a journal writer's sink (terminal/runtime/
journal.py) that takes every committed call in the table's language (an `announcement`, the
call of a `round.result`) and has a worker thread play its rendered file through the Pi's audio
(pygame.mixer). Nothing waits for the sound: the writer only appends the text to a short queue,
and the table's thread and the UI thread never touch it.

Without an audio output (no sound device, a mixer that cannot open) the speaker says so in one
log line and stays off; the table runs as it would without it. SDL's dummy driver
(`SDL_AUDIODRIVER=dummy`) opens and plays into nothing, as the start line says.
"""

from __future__ import annotations

import logging
import os
import threading
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from terminal.speech.rendered import Rendered

log = logging.getLogger(__name__)

QUEUE_BOUND = 3  # calls waiting while one is said; the oldest go first (Speaker)
POLL_S = 0.02  # how often the end of a sound is looked for once its length has passed
STOP_S = 2.0  # how long closing waits for the worker to let go of the audio
AUDIO_HINT = (
    "on a Pi, the HDMI screen's speakers or the 3.5 mm jack through ALSA "
    "(SDL_AUDIODRIVER=alsa; `aplay -l` lists the outputs)"
)


class PlayerUnavailable(Exception):
    """There is no audio output to play on."""


class Player(Protocol):
    """What plays a rendered file: the mixer, or a test's stand-in for the audio device."""

    def open(self) -> None:
        """Ready to play; PlayerUnavailable when there is no audio output."""
        ...

    def play(self, path: Path, stop: threading.Event) -> None:
        """Play the WAV file `path`, returning once it has been said (or `stop` is set)."""
        ...

    def output(self) -> str:
        """What the sound goes to, for the log."""
        ...

    def close(self) -> None: ...


class MixerPlayer:
    """pygame's mixer (SDL's audio: ALSA on a Pi), opened at the rendered files' format unless
    the screens opened it already; one sound at a time."""

    def __init__(self) -> None:
        self._opened = False  # by us: closed by us

    def open(self) -> None:
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # not on the console's stdout
        import pygame

        try:
            if pygame.mixer.get_init() is None:
                pygame.mixer.init(frequency=22050, size=-16, channels=1, buffer=1024)
                self._opened = True
        except (pygame.error, NotImplementedError) as exc:  # no device; a pygame without mixer
            raise PlayerUnavailable(str(exc) or "the mixer cannot open") from None

    def play(self, path: Path, stop: threading.Event) -> None:
        import pygame

        sound = pygame.mixer.Sound(str(path))
        channel = sound.play()
        if channel is None:  # no free channel: nothing is said
            return
        stop.wait(sound.get_length())
        while channel.get_busy() and not stop.wait(POLL_S):
            pass
        if stop.is_set():
            channel.stop()

    def output(self) -> str:
        import pygame

        driver = pygame.mixer.get_driver()
        dummy = " (the dummy driver: nothing is heard)" if driver == "dummy" else ""
        return f"SDL audio {driver}{dummy}"

    def close(self) -> None:
        if self._opened:
            import pygame

            pygame.mixer.quit()
            self._opened = False


def spoken_text(event: dict[str, Any], language: str) -> str | None:
    """The text of the call `event` makes in `language`: an `announcement`'s, a `round.result`'s
    own call; None for any other event (a correction's call comes as an announcement of its
    own, after it)."""
    kind, data = event.get("kind"), event.get("data") or {}
    if kind == "round.result":
        data = data.get("announcement") or {}
    elif kind != "announcement":
        return None
    text = (data.get("text") or {}).get(language)
    return text if isinstance(text, str) and text else None


class Speaker:
    """A journal writer's sink that says each committed call in `language` from the rendered
    files in `directory`.

    The newest call matters: a call said late is worse than one not said (the ball is in another
    pocket by then). So the queue is bounded (`bound` calls wait while one is said) and when
    calls come faster than they are said, the oldest waiting call is dropped for the newest
    (`dropped` counts them). A text with no rendered file is logged once and skipped.

    `start()` opens the audio (on the caller's thread, before the table and the screens run)
    and the worker; `close()` stops them. `player` stands in for the audio device (tests)."""

    def __init__(
        self,
        directory: Path,
        language: str,
        *,
        player: Player | None = None,
        bound: int = QUEUE_BOUND,
        on_said: Callable[[str, tuple[Path, ...]], None] = lambda text, files: None,
    ):
        self.rendered = Rendered(directory)
        self.language = language
        self.player: Player = player if player is not None else MixerPlayer()
        self.on_said = on_said  # after each call said, on the worker's thread
        self.on = False
        self.dropped = 0
        self._calls: deque[str] = deque(maxlen=bound)
        self._wake = threading.Condition()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._logged: set[str] = set()

    def start(self) -> bool:
        """Whether the speaker is on: False, said in one log line, when the folder has no
        rendered calls or there is no audio output."""
        if not self.rendered.index_path.is_file():
            log.warning(
                "speech is off: no rendered calls in %s; render them with "
                "`dealer-terminal speech render --out %s`",
                self.rendered.directory,
                self.rendered.directory,
            )
            return False
        try:
            self.player.open()
        except PlayerUnavailable as exc:
            log.warning("speech is off: no audio output (%s); %s", exc, AUDIO_HINT)
            return False
        self._thread = threading.Thread(target=self._run, name="speech", daemon=True)
        self.on = True
        self._thread.start()
        log.info(
            "speech on: the calls in %s from %s, through %s",
            self.language,
            self.rendered.directory,
            self.player.output(),
        )
        return True

    # --- the journal writer's side: never waits --------------------------------------------

    def committed(self, events: list[dict]) -> None:
        if not self.on:
            return
        for event in events:
            text = spoken_text(event, self.language)
            if text is None:
                continue
            with self._wake:
                if len(self._calls) == self._calls.maxlen:
                    self.dropped += 1
                self._calls.append(text)  # a full deque lets its oldest go
                self._wake.notify()

    def tick(self, last_seq: int) -> None:
        pass

    def close(self) -> None:
        """Stop saying anything (the call being said is cut short) and let the audio go."""
        if self._thread is None:
            return
        self.on = False
        self._stop.set()
        with self._wake:
            self._wake.notify()
        self._thread.join(STOP_S)
        if not self._thread.is_alive():
            self.player.close()
        self._thread = None

    # --- the worker ------------------------------------------------------------------------

    def waiting(self) -> list[str]:
        """The calls waiting to be said, oldest first."""
        with self._wake:
            return list(self._calls)

    def _run(self) -> None:
        while True:
            with self._wake:
                self._wake.wait_for(lambda: self._calls or self._stop.is_set())
                if self._stop.is_set():
                    return
                text = self._calls.popleft()
            self._say(text)

    def _say(self, text: str) -> None:
        files = self.rendered.files(self.language, text)
        if files is None:
            self._once(
                text,
                "speech: no rendered file for %r (%s) in %s: render the calls again "
                "(`dealer-terminal speech render`)",
                text,
                self.language,
                self.rendered.directory,
            )
            return
        for path in files:
            if self._stop.is_set():
                return
            try:
                self.player.play(path, self._stop)
            except Exception as exc:  # a file or the mixer gone bad: the table goes on
                self._once(str(path), "speech: cannot play %s: %s", path, exc)
                return
        self.on_said(text, files)

    def _once(self, what: str, message: str, *args: object) -> None:
        if what not in self._logged:
            self._logged.add(what)
            log.warning(message, *args)


def open_speaker(directory: Path, language: str) -> Speaker | None:
    """The table's speaker, started; None when it cannot be on (said in the log)."""
    speaker = Speaker(directory, language)
    return speaker if speaker.start() else None
