"""The spoken calls' tests: SDL's dummy audio for the mixer's."""

from __future__ import annotations

import pytest


@pytest.fixture
def dummy_audio(monkeypatch):
    """SDL's dummy audio driver: the mixer opens and plays in real time, with no device."""
    pygame = pytest.importorskip("pygame")
    pygame.mixer.quit()
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    yield pygame
    pygame.mixer.quit()
