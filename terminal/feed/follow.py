"""Following feeds: every event of every table exactly once, in order, verified (zguide Clone).

A source is a PUB endpoint with, optionally, the ROUTER that replays it: a table's own feed, or
the pit collector's merged feed of many tables. Per source the follower subscribes first, then
asks the replay for what it missed, and applies the live events above what the replay
delivered. Each table's chain is checked as it goes: each event's own hash (`check_event`) and
its `prev` link to the event yielded before it.

Problems come out as alerts, `"<kind>: <detail>"` with the kinds `gap`, `hash`, `wrong_table`,
`malformed`, `replay` and `rewound`, never as events. What happens to events that cannot be had
is the follower's policy: a console (`pit follow`) skips them and goes on; the collector
(`hold=True`) never goes past a gap: it keeps the later events waiting and asks again, ever less
often.

Holding, the follower also makes sure that a table still continues the chain it gave out, and
holds one that does not (`rewound`): follow_chains.py says how, with the checking of each
chain; this module holds the sockets and the replays.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import zmq

from terminal.contract.events import is_int, seq_span
from terminal.feed.follow_chains import ChainFollower
from terminal.feed.follow_source import (
    RETRY_MAX_S,
    Chain,
    FeedItem,
    Setup,
    Source,
    SourceSockets,
)

REPLAY_TIMEOUT_S = 5.0
DRAIN = 1000  # messages read from one ready socket before looking at the others


class FeedFollower(ChainFollower):
    """Yields every event of every table of `sources`, each table's in seq order with no gap
    and no duplicate; heartbeats are not yielded. A source may be given as a `Source` or as a
    (feed, replay) pair.

    Baseline: a source's `start`, else `from_seq` (the history from there), else the first live
    event (or heartbeat: `last_seq + 1`). A gap (an event above the expected seq, or a heartbeat
    whose last_seq reaches it) asks a replay from the expected seq; live events arriving
    meanwhile wait and are released in order, duplicates dropped. When the missing events
    cannot be had (no replay endpoint, the replay refused, silent for `replay_timeout` seconds,
    or not delivering them valid) an alert names them; then the table goes on from the next
    event it has, or with `hold` waits for them and asks again later. With `hold`, a table whose
    chain does not continue the one given out is a `rewound` alert, and held (module docstring).
    `setup(source, socket)` prepares each socket before it connects (CURVE keys).

    Single-threaded: the sockets are used by whoever calls `poll()` or iterates `items()`.
    """

    def __init__(
        self,
        sources: Sequence[Source | tuple[str, str | None]],
        *,
        from_seq: int | None = None,
        context: zmq.Context | None = None,
        replay_timeout: float = REPLAY_TIMEOUT_S,
        hold: bool = False,
        setup: Setup | None = None,
    ):
        super().__init__(from_seq=from_seq, hold=hold)
        context = context or zmq.Context.instance()
        self._replay_timeout = replay_timeout
        self._poller = zmq.Poller()
        self._watched: dict[zmq.Socket, Callable[[], None]] = {}
        self._sources: list[SourceSockets] = []
        # sources with a replay awaited or a gap to ask again
        self._timed: set[SourceSockets] = set()
        self._by_socket: dict[zmq.Socket, SourceSockets] = {}
        for given in sources:
            source = SourceSockets(
                context, given if isinstance(given, Source) else Source(*given), setup
            )
            self._sources.append(source)
            self._register(source.sub, source)
            source.sub.connect(source.spec.feed)
            if source.spec.table is not None:
                chain = self._chain(source, source.spec.table)
                if source.spec.start is not None:
                    chain.expected, chain.last_hash = source.spec.start
                    chain.held = source.spec.held
                    self._gap(source, chain)
            elif self._from_seq is not None and source.spec.replay is not None:
                self._chain(source, None)  # the history now; whose it is, its events will say

    def _register(self, socket: zmq.Socket, source: SourceSockets) -> None:
        self._poller.register(socket, zmq.POLLIN)
        self._by_socket[socket] = source

    def watch(self, socket: zmq.Socket, on_ready: Callable[[], None]) -> None:
        """Poll `socket` too, and call `on_ready` when it has something to read."""
        self._poller.register(socket, zmq.POLLIN)
        self._watched[socket] = on_ready

    def unwatch(self, socket: zmq.Socket) -> None:
        self._poller.unregister(socket)
        del self._watched[socket]

    def reconnect(self, table: str) -> None:
        """New sockets for the source of `table` (a session the peer refused stays dead in libzmq);
        where its chain stands is kept, and a replay brings what was missed meanwhile."""
        for source in self._sources:
            if source.spec.table == table:
                self._poller.unregister(source.sub)
                del self._by_socket[source.sub]
                source.sub.close(linger=0)
                self._drop_dealer(source)
                if source.replaying is not None:
                    self._replay_done(source)
                source.sub = source.renew_sub()
                self._register(source.sub, source)
                source.sub.connect(source.spec.feed)

    def restart(self, table: str, start: tuple[int, str]) -> None:
        """Take `table`'s chain up again from `start` (next seq, hash before it), forgetting what
        waits (what the follower gave out beyond it was not kept by its user), held or not."""
        for source in self._sources:
            chain = source.chains.get(table)
            if chain is not None:
                chain.expected, chain.last_hash = start
                chain.pending.clear()
                chain.retry_afresh()
                chain.held = False
                self._gap(source, chain)

    def heard(self) -> dict[str, float | None]:
        """Each source's name (its table, else its feed endpoint) → monotonic time of its last
        message."""
        return {source.name: source.heard_at for source in self._sources}

    # -- reading

    def items(self, timeout: float | None = None) -> Iterator[FeedItem]:
        """The items as they come; ends after `timeout` seconds with nothing to yield
        (None: never)."""
        idle_until = None if timeout is None else time.monotonic() + timeout
        while True:
            wait = None if idle_until is None else max(0.0, idle_until - time.monotonic())
            items = self.poll(wait)
            if items:
                yield from items
                idle_until = None if timeout is None else time.monotonic() + timeout
            elif idle_until is not None and time.monotonic() >= idle_until:
                return

    def poll(self, wait: float | None) -> list[FeedItem]:
        """Wait up to `wait` seconds (None: until something comes) for messages, and return
        what they made ready (possibly nothing)."""
        if not self._ready:
            now = time.monotonic()
            deadlines = [d for d in self._deadlines() if d is not None]
            if wait is not None:
                deadlines.append(now + wait)
            wait_ms = None if not deadlines else max(0, round((min(deadlines) - now) * 1000))
            for socket, _ in self._poller.poll(wait_ms):
                if socket in self._watched:
                    self._watched[socket]()
                elif socket in self._by_socket:  # not a dealer dropped meanwhile
                    self._read(self._by_socket[socket], socket)
            self._expire(time.monotonic())
        items = list(self._ready)
        self._ready.clear()
        return items

    def _deadlines(self) -> Iterator[float | None]:
        for source in self._timed:
            yield source.replay_deadline
            for chain in source.chains.values():
                yield chain.retry_at

    def _read(self, source: SourceSockets, socket: zmq.Socket) -> None:
        for _ in range(DRAIN):
            if socket is source.sub:
                handle = self._on_feed
            elif socket is source.dealer:
                handle = self._on_replay
            else:  # a dealer dropped while its replies were being read
                return
            try:
                frames = socket.recv_multipart(zmq.NOBLOCK)
            except zmq.Again:
                return
            handle(source, frames)

    def close(self) -> None:
        for source in self._sources:
            source.sub.close(linger=0)
            self._drop_dealer(source)

    # -- replay

    def _gap(self, source: SourceSockets, chain: Chain) -> None:
        """Events from `chain.expected` are missing (or, holding, the table may no longer hold the
        head): ask a replay unless one is under way."""
        if (
            chain.held
            or source.replaying is chain
            or chain in source.waiting
            or chain.retry_at is not None
        ):
            return
        if source.spec.replay is None:
            self._skip(source, chain, "no replay endpoint")
        elif source.replaying is not None:
            source.waiting.append(chain)
        else:
            created = source.ask(chain, self._head(chain))
            if created is not None:
                self._register(created, source)
            source.replay_deadline = time.monotonic() + self._replay_timeout
            self._timed.add(source)

    def _on_replay(self, source: SourceSockets, frames: list[bytes]) -> None:
        chain = source.replaying
        if chain is None:  # an answer to a request given up on
            return
        if len(frames) != 1:
            self._alert(
                self._name(source, chain), f"malformed: a replay reply of {len(frames)} frames"
            )
            return
        message = self._parse(source, frames[0])
        if message is None:
            return
        source.replay_deadline = time.monotonic() + self._replay_timeout
        op = message.get("op")
        if op == "replay.end" and chain.table is None and isinstance(message.get("tables"), list):
            del source.chains[None]  # a merged feed: it names its tables, each replayed on its own
            self._replay_done(source)
            for name in message["tables"]:
                if isinstance(name, str) and name not in source.chains:
                    self._chain(source, name)
        elif op == "replay.end":
            self._replay_done(source)
            self._after_replay(source, chain, message.get("last_seq"))
        elif op == "error":
            self._replay_done(source)
            self._skip(source, chain, f"the replay was refused: {message.get('reason')}")
        elif op is None:
            owner = self._chain_of(source, message)
            if owner is chain:
                self._on_event(source, chain, message)
            elif owner is not None:
                self._alert(
                    self._name(source, chain),
                    f"wrong_table: the replay of {chain.table} sent an event of {owner.table}",
                )

    def _replay_done(self, source: SourceSockets) -> None:
        """The replay under way ended: ask the next one waiting."""
        source.replaying, source.replay_deadline = None, None
        while source.waiting and source.replaying is None:
            chain = source.waiting.popleft()
            self._gap(source, chain)

    def _after_replay(self, source: SourceSockets, chain: Chain, last_seq: Any) -> None:
        if not is_int(last_seq):
            self._skip(source, chain, f"malformed replay.end last_seq {last_seq!r}")
            return
        if chain.asked_head is not None and last_seq < chain.asked_head:
            self._rewound(
                source,
                chain,
                chain.asked_head,
                f"the last seq of {chain.table} is {last_seq} (its replay ends there)",
            )
            return
        assert chain.expected is not None  # it was asked from there (SourceSockets.ask)
        chain.seen = max(chain.seen, last_seq)
        ended_before, chain.replay_end = chain.replay_end, last_seq
        if not chain.pending and chain.seen < chain.expected:
            return  # complete
        if chain.expected <= last_seq:
            self._skip(source, chain, f"the replay up to seq {last_seq} did not deliver them valid")
        elif chain.expected == chain.asked_from and last_seq == ended_before:
            self._skip(
                source,
                chain,
                f"the table announces seq {chain.seen} but its replay ends at seq {last_seq}",
            )
        else:
            # committed after the replay read the journal, or lost on the feed meanwhile: ask again
            self._gap(source, chain)

    def _expire(self, now: float) -> None:
        for source in list(self._timed):
            if source.replay_deadline is not None and now >= source.replay_deadline:
                chain = source.replaying
                assert chain is not None  # a replay deadline only while one is under way
                self._abandon_replay(source)
                self._skip(
                    source,
                    chain,
                    f"no answer from {source.spec.replay} within {self._replay_timeout} s",
                    unanswered=True,
                )
            for chain in list(source.chains.values()):
                if chain.retry_at is not None and now >= chain.retry_at:
                    chain.retry_at = None
                    self._gap(source, chain)
            if source.replay_deadline is None and all(
                c.retry_at is None for c in source.chains.values()
            ):
                self._timed.discard(source)

    def _abandon_replay(self, source: SourceSockets) -> None:
        self._drop_dealer(source)
        self._replay_done(source)

    def _drop_dealer(self, source: SourceSockets) -> None:
        """Forget the replay socket: answers to a request given up on go nowhere."""
        if source.dealer is not None:
            self._poller.unregister(source.dealer)
            del self._by_socket[source.dealer]
            source.dealer.close(linger=0)
            source.dealer = None

    def _skip(
        self, source: SourceSockets, chain: Chain, why: str, unanswered: bool = False
    ) -> None:
        """The events from `chain.expected` cannot be had now. Hold: say so and ask again later
        (at once when the table is heard again, if the replay went `unanswered`). Otherwise name
        them and go on from the next event there is (waiting, or announced); with nothing known
        missing, just report."""
        assert chain.expected is not None  # a chain with a gap or a replay has a baseline
        resume = min(chain.pending) if chain.pending else chain.seen + 1
        if self._hold:
            if resume > chain.expected:
                self._alert(
                    self._name(source, chain),
                    f"gap: {seq_span(chain.expected, resume - 1)} of {self._name(source, chain)} "
                    f"missing: {why}; asking again",
                )
            else:
                self._alert(self._name(source, chain), f"replay: from seq {chain.expected}: {why}")
            chain.retry_at = time.monotonic() + chain.retry_s
            chain.retry_on_message = unanswered
            self._timed.add(source)
            chain.retry_s = min(chain.retry_s * 2, RETRY_MAX_S)
            return
        if resume <= chain.expected:
            self._alert(self._name(source, chain), f"replay: from seq {chain.expected}: {why}")
            return
        self._alert(
            self._name(source, chain),
            f"gap: {seq_span(chain.expected, resume - 1)} of {self._name(source, chain)} "
            f"skipped: {why}",
        )
        chain.expected, chain.last_hash = resume, None
        self._accept(chain, chain.pending.pop(resume, None))
