"""Table terminals in the test process (journal, PUB, replay ROUTER on loopback), for the
tests of whatever follows their feeds: the follower, the pit collector."""

import errno
import socket
import sqlite3
import time

import pytest

from terminal.feed.publisher import FeedPublisher
from terminal.feed.replay import ReplayServer
from terminal.runtime.journal.store import Journal, JournalWriter
from tests.support.helpers import wait_for

ANY_PORT = "tcp://127.0.0.1:*"
DEADLINE_S = 5.0


def released(*endpoints: str) -> bool:
    """Whether the TCP port of each endpoint can be bound again. A ZeroMQ socket's close()
    returns before libzmq's I/O thread has closed its listener, so that a bind on the same
    port just after it is refused now and then (often on a loaded machine): a test that binds
    a closed socket's endpoint again waits for this first."""
    for endpoint in endpoints:
        host, port = endpoint.removeprefix("tcp://").rsplit(":", 1)
        with socket.socket() as probe:  # bound as libzmq binds, never listening
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind((host, int(port)))
            except OSError as exc:
                if exc.errno != errno.EADDRINUSE:
                    raise
                return False
    return True


class Table:
    """A table terminal's journal, PUB and replay ROUTER; events published by hand unless a
    writer is started."""

    def __init__(self, directory, name, *, feed=ANY_PORT, replay=ANY_PORT, curve=None):
        self.name = name
        self.journal = Journal(directory / f"{name}.sqlite", table=name, game="roulette_fr")
        self.publisher = FeedPublisher(feed, name, curve=curve)
        self.replay = ReplayServer(replay, self.journal.path, dict, curve=curve)
        self.replay.start()
        self.writer = None

    @property
    def source(self):
        return self.publisher.endpoint, self.replay.endpoint

    def build(self, count):
        journal = self.journal
        return [
            journal.build("round.open", {"n": n}, round=journal.last_seq + 1) for n in range(count)
        ]

    def commit(self, count):
        events = self.build(count)
        self.journal.commit(events)
        return events

    def start_writer(self):
        self.writer = JournalWriter(self.journal, [self.publisher], tick_seconds=0.02)
        self.writer.start()
        return self.writer

    def restarted(self):
        """This table closed and started again on the same journal and endpoints (the caller
        closes the new one)."""
        feed, replay = self.source
        self.close()
        wait_for(lambda: released(feed, replay), f"{self.name}'s ports released", DEADLINE_S)
        return Table(self.journal.path.parent, self.name, feed=feed, replay=replay)

    def close(self):
        if self.writer is not None:
            self.writer.stop()
        self.replay.stop()
        self.publisher.close()
        self.journal.close()


def cut_journal(path, after):
    """The journal as a power cut that lost its last transactions leaves it: every event after
    seq `after` gone, and nothing else to tell."""
    with sqlite3.connect(path) as conn:
        conn.execute("DELETE FROM events WHERE seq > ?", (after,))
    conn.close()


def copy_journal(source, target):
    """A consistent copy of the journal at `source` into `target` (SQLite's backup: the WAL too)."""
    with sqlite3.connect(source) as src, sqlite3.connect(target) as dst:
        src.backup(dst)
    src.close()
    dst.close()


def take(follower, count):
    """The items up to and including the `count`-th event."""
    items = []
    for item in follower.items(timeout=DEADLINE_S):
        items.append(item)
        if sum(i.event is not None for i in items) == count:
            return items
    pytest.fail(f"fewer than {count} events before the deadline: {items}")


def seqs(items):
    return [item.event["seq"] for item in items if item.event is not None]


def alerts(items):
    return [item.alert for item in items if item.alert is not None]


def sync(follower, send, event):
    """Publish `event` until the follower yields it: the subscription is then through (PUB/SUB
    drops what is sent while a subscriber connects); the repeats are duplicates it drops."""
    deadline = time.monotonic() + DEADLINE_S
    while time.monotonic() < deadline:
        send([event])
        for item in follower.items(timeout=0.05):
            assert item.event == event
            return
    pytest.fail("the follower never received the feed")
