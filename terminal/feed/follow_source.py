"""What the follower (follow.py) follows: a source as given (`Source`), the sockets it is
read on and the chains of the tables it carries, where each chain stands, and what comes out
(`FeedItem`).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import zmq

from terminal.contract.events import canonical

RETRY_FIRST_S = 5.0  # hold policy: the first retry of a gap replay could not fill
RETRY_MAX_S = 300.0  # ... doubling up to this

Setup = Callable[["Source", zmq.Socket], None]


@dataclass(frozen=True)
class Source:
    """A feed to follow. `table`: the only table it may carry (None: any, a merged feed).
    `start`: (next seq, hash of the event before it) when the chain is known up to there."""

    feed: str
    replay: str | None = None
    table: str | None = None
    start: tuple[int, str] | None = None
    # hold policy, with a `start`: `rewound` already, nothing of it until `restart`
    held: bool = False


@dataclass(frozen=True)
class FeedItem:
    """An event of `table` (verified, in order) or an `alert` about it. `table` is the feed
    endpoint when the table is not known."""

    table: str
    event: dict | None = None
    alert: str | None = None


@dataclass
class Chain:
    """Where one table's chain stands on a source."""

    table: str | None  # None: not known yet (a history asked before the feed said whose it is)
    expected: int | None = None  # next seq to yield; None until a baseline is known
    last_hash: str | None = None  # of the event yielded last; None after a (re)baseline
    seen: int = 0  # highest seq the table has announced (events, heartbeats, replay.end)
    pending: dict[int, dict] = field(default_factory=dict)  # above `expected`, waiting for the gap
    asked_from: int = 0  # the first seq missing when the last replay was asked
    # hold: the head that replay was asked from, which the table must still hold
    asked_head: int | None = None
    replay_end: int | None = None  # the last_seq of the last replay.end
    retry_at: float | None = None  # hold policy: when to ask again for a gap not filled
    retry_s: float = field(default_factory=lambda: RETRY_FIRST_S)
    # the replay went unanswered: a message from the table is worth a retry now
    retry_on_message: bool = False
    held: bool = False  # hold: a chain that does not continue the one given out (`rewound`)

    def retry_afresh(self) -> None:
        """No retry due, and the next one after the first wait again."""
        self.retry_at, self.retry_s = None, RETRY_FIRST_S


class SourceSockets:
    """A source's sockets and the chains of the tables it carries; one replay at a time."""

    def __init__(self, context: zmq.Context, source: Source, setup: Setup | None):
        self.spec = source
        self.context = context
        self.setup = setup
        self.sub = self.renew_sub()
        self.dealer: zmq.Socket | None = None
        # None: the history asked at start, before its events say whose it is (ChainFollower._chain)
        self.chains: dict[str | None, Chain] = {}
        self.replaying: Chain | None = None
        self.waiting: deque[Chain] = deque()  # chains with a gap, after the one replaying
        self.replay_deadline: float | None = None
        self.heard_at: float | None = None  # monotonic time of its last message

    def renew_sub(self) -> zmq.Socket:
        sub = self._socket(zmq.SUB)
        sub.setsockopt(zmq.SUBSCRIBE, b"")
        return sub

    def _socket(self, kind: int) -> zmq.Socket:
        socket = self.context.socket(kind)
        socket.linger = 0
        if self.setup is not None:
            self.setup(self.spec, socket)
        return socket

    @property
    def name(self) -> str:
        return self.spec.table or self.spec.feed

    def ask(self, chain: Chain, head: int | None) -> zmq.Socket | None:
        """Send a replay request from `chain.expected`, or from `head` (the last seq given out,
        to check the table still holds it); returns the DEALER when it was just created."""
        # FeedFollower._gap asks only a source with a replay endpoint, for a chain with a baseline
        assert self.spec.replay is not None and chain.expected is not None
        created = None
        if self.dealer is None:
            created = self.dealer = self._socket(zmq.DEALER)
        request: dict[str, Any] = {
            "op": "replay",
            "from_seq": chain.expected if head is None else head,
        }
        if self.spec.table is None and chain.table is not None:
            request["table"] = chain.table  # a merged feed replays one table at a time
        if created is not None:
            self.dealer.connect(self.spec.replay)
        self.dealer.send(canonical(request))
        chain.asked_from, chain.asked_head = chain.expected, head
        self.replaying = chain
        return created
