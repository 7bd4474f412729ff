"""Shared fixtures."""

from __future__ import annotations

import os

import pytest

from terminal.feed.follow import FeedFollower
from tests.support.feed_tables import Table
from tests.support.helpers import made_then_closed, write_config

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


@pytest.fixture
def table_config(tmp_path):
    """The example roulette table with a fast sim wheel, ipc endpoints and a journal in tmp_path."""
    return write_config(tmp_path)


@pytest.fixture
def tables(tmp_path):
    yield from made_then_closed(lambda name="RL-01": Table(tmp_path, name))


@pytest.fixture
def followers():
    yield from made_then_closed(FeedFollower)
