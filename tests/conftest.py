"""Shared fixtures."""

from __future__ import annotations

import os

import pytest

from feed_tables import Table
from helpers import write_config
from terminal.feed.follow import FeedFollower

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


@pytest.fixture
def table_config(tmp_path):
    """The example roulette table with a fast sim wheel, ipc endpoints and a journal in tmp_path."""
    return write_config(tmp_path)


@pytest.fixture
def tables(tmp_path):
    made = []

    def make(name="RL-01"):
        made.append(Table(tmp_path, name))
        return made[-1]

    yield make
    for table in made:
        table.close()


@pytest.fixture
def followers():
    made = []

    def make(sources, **kwargs):
        made.append(FeedFollower(sources, **kwargs))
        return made[-1]

    yield make
    for follower in made:
        follower.close()
