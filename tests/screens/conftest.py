"""The screens draw headless: SDL's dummy video driver, onto plain surfaces."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pytest  # noqa: E402  (after the video driver is chosen)

from terminal.common import draw  # noqa: E402
from terminal.screens import kit  # noqa: E402


@pytest.fixture
def drawn(monkeypatch):
    """The texts drawn on the screen, as each frame draws them (by kit.text, or by the
    primitives built on it: centred)."""
    texts: list[str] = []
    real = draw.text

    def text(surface, string, *args, **kwargs):
        texts.append(string)
        return real(surface, string, *args, **kwargs)

    monkeypatch.setattr(kit, "text", text)
    monkeypatch.setattr(draw, "text", text)
    return texts
