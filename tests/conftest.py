"""Shared fixtures."""

from __future__ import annotations

import os

import pytest

from helpers import write_config

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


@pytest.fixture
def table_config(tmp_path):
    """The example roulette table with a fast sim wheel, ipc endpoints and a journal in tmp_path."""
    return write_config(tmp_path)
