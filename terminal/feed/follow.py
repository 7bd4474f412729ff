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

Holding, the follower also makes sure that a table still continues the chain it gave out (its
head: the last seq given out, whose hash it knows). Every replay it asks starts at the head, so
the table's first answer is the head again: the same hash is dropped as a duplicate, another
hash (or a replay that ends below the head) is a table that came back with another chain: a
journal that lost its tail, a restored backup, a second terminal. A heartbeat below the head or
an event older than it asks that replay at once; an event at the head with another hash is proof
enough. Such a chain raises one `rewound` alert and is held: nothing more of it is taken (no
event, no alert, no replay) until `restart` takes it up again from a head of the user's.
"""

from __future__ import annotations

import json
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import zmq

from terminal.contract.events import canonical, check_event, check_link, is_int, seq_span

REPLAY_TIMEOUT_S = 5.0
RETRY_FIRST_S = 5.0  # hold policy: the first retry of a gap replay could not fill
RETRY_MAX_S = 300.0  # ... doubling up to this
MAX_PENDING = 20_000  # hold policy: live events kept waiting above a gap (the rest come by replay)
DRAIN = 1000  # messages read from one ready socket before looking at the others

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
class _Chain:
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


class _Source:
    """A source's sockets and the chains of the tables it carries; one replay at a time."""

    def __init__(self, context: zmq.Context, source: Source, setup: Setup | None):
        self.spec = source
        self.context = context
        self.setup = setup
        self.sub = self.renew_sub()
        self.dealer: zmq.Socket | None = None
        # None: the history asked at start, before its events say whose it is (FeedFollower._chain)
        self.chains: dict[str | None, _Chain] = {}
        self.replaying: _Chain | None = None
        self.waiting: deque[_Chain] = deque()  # chains with a gap, after the one replaying
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

    def ask(self, chain: _Chain, head: int | None) -> zmq.Socket | None:
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


class FeedFollower:
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
        context = context or zmq.Context.instance()
        self._from_seq = None if from_seq is None else max(from_seq, 1)
        self._replay_timeout = replay_timeout
        self._hold = hold
        self._ready: deque[FeedItem] = deque()
        self._poller = zmq.Poller()
        self._watched: dict[zmq.Socket, Callable[[], None]] = {}
        self._sources: list[_Source] = []
        self._timed: set[_Source] = set()  # sources with a replay awaited or a gap to ask again
        self._by_socket: dict[zmq.Socket, _Source] = {}
        for given in sources:
            source = _Source(context, given if isinstance(given, Source) else Source(*given), setup)
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

    def _register(self, socket: zmq.Socket, source: _Source) -> None:
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
                chain.retry_at, chain.retry_s, chain.held = None, RETRY_FIRST_S, False
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

    def _read(self, source: _Source, socket: zmq.Socket) -> None:
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

    # -- alerts and decoding

    def _alert(self, name: str, text: str) -> None:
        self._ready.append(FeedItem(name, alert=text))

    @staticmethod
    def _name(source: _Source, chain: _Chain) -> str:
        return chain.table or source.name

    def _parse(self, source: _Source, frame: bytes) -> dict | None:
        try:
            message = json.loads(frame)
        except ValueError:
            message = None
        if not isinstance(message, dict):
            self._alert(source.name, f"malformed: not a JSON object: {frame[:80]!r}")
            return None
        return message

    def _chain_of(self, source: _Source, message: dict) -> _Chain | None:
        """The chain of the table `message` belongs to, if this source may carry it."""
        name = message.get("table")
        if not isinstance(name, str):
            self._alert(source.name, f"malformed: a message without a table: {str(message)[:80]}")
            return None
        if source.spec.table is not None and name != source.spec.table:
            self._alert(
                source.name,
                f"wrong_table: a message of table {name!r} on the feed of {source.name}",
            )
            return None
        source.heard_at = time.monotonic()
        chain = source.chains.get(name)
        if chain is None and None in source.chains:  # the history asked at start was this table's
            chain = source.chains[name] = source.chains.pop(None)
            chain.table = name
        elif chain is None:
            chain = self._chain(source, name)
        return chain

    def _chain(self, source: _Source, name: str | None) -> _Chain:
        chain = source.chains[name] = _Chain(name)
        if self._from_seq is not None:
            chain.expected = self._from_seq
            self._gap(source, chain)
        return chain

    # -- the live feed

    def _on_feed(self, source: _Source, frames: list[bytes]) -> None:
        if len(frames) != 2:
            self._alert(source.name, f"malformed: {len(frames)} frames instead of [topic, event]")
            return
        message = self._parse(source, frames[1])
        if message is None:
            return
        chain = self._chain_of(source, message)
        if chain is None or chain.held:
            return
        if chain.retry_on_message:  # the table is back: ask now what its silence kept from us
            chain.retry_at, chain.retry_on_message = None, False
        if frames[0] != f"{message.get('table')}/{message.get('kind')}".encode():
            self._alert(
                self._name(source, chain),
                f"malformed: topic {frames[0]!r} does not match the message",
            )
        elif message.get("kind") == "heartbeat":
            self._on_heartbeat(source, chain, message)
        else:
            self._on_event(source, chain, message)

    def _on_heartbeat(self, source: _Source, chain: _Chain, beat: dict) -> None:
        last_seq = beat.get("last_seq")
        if not is_int(last_seq):
            self._alert(
                self._name(source, chain),
                f"malformed: heartbeat without an integer last_seq: {beat}",
            )
            return
        assert isinstance(last_seq, int)  # is_int said so; mypy does not see through it
        chain.seen = max(chain.seen, last_seq)
        if chain.expected is None:
            chain.expected = last_seq + 1
        elif last_seq >= chain.expected or self._below_head(chain, last_seq):
            self._gap(source, chain)

    def _on_event(self, source: _Source, chain: _Chain, event: dict) -> None:
        """An event from the feed or from a replay: yield it, keep it for later or drop it."""
        reason = check_event(event)
        if reason is not None:
            self._alert(
                self._name(source, chain), f"hash: event seq {event.get('seq')} refused: {reason}"
            )
            return
        seq = event["seq"]
        if chain.expected is None:
            chain.expected = seq  # baseline: its own hash is all that can be checked
        chain.seen = max(chain.seen, seq)
        if seq > chain.expected:
            if len(chain.pending) < MAX_PENDING:
                chain.pending[seq] = event
            self._gap(source, chain)
        elif seq == chain.expected:
            self._accept(chain, event)
        elif self._head(chain) == seq and event["hash"] != chain.last_hash:
            assert chain.last_hash is not None  # there is a head only with its hash (_head)
            self._rewound(
                source,
                chain,
                seq,
                f"seq {seq} of {chain.table} is another event than the one taken "
                f"(hash {event['hash'][:12]}..., not {chain.last_hash[:12]}...)",
            )
        elif self._below_head(
            chain, seq
        ):  # whether the table still holds the head, its replay says
            self._gap(source, chain)

    def _accept(self, chain: _Chain, event: dict | None) -> None:
        """Yield `event` (seq == expected) if it links to the last one, then those waiting."""
        while event is not None:
            # events only ever come to (and wait on) a chain whose table they named (_chain_of)
            assert chain.table is not None
            if chain.last_hash is not None:  # its own hash was checked as it came (_on_event)
                reason = check_link(event, event["seq"] - 1, chain.last_hash)
                if reason is not None:
                    self._alert(chain.table, f"hash: event seq {event['seq']} refused: {reason}")
                    return
            self._ready.append(FeedItem(chain.table, event=event))
            chain.expected, chain.last_hash = event["seq"] + 1, event["hash"]
            chain.retry_at, chain.retry_s, chain.retry_on_message = None, RETRY_FIRST_S, False
            event = chain.pending.pop(chain.expected, None)

    # -- the hold policy's head

    def _head(self, chain: _Chain) -> int | None:
        """Holding, the last seq given out of the chain, whose hash is `last_hash` (None: none)."""
        if (
            not self._hold
            or chain.last_hash is None
            or chain.expected is None
            or chain.expected <= 1
        ):
            return None
        return chain.expected - 1

    def _below_head(self, chain: _Chain, seq: int) -> bool:
        head = self._head(chain)
        return head is not None and seq < head

    def _rewound(self, source: _Source, chain: _Chain, head: int, why: str) -> None:
        """The table's chain does not continue the one given out up to `head`: say so once, then
        hold it."""
        name = self._name(source, chain)
        self._alert(
            name,
            f"rewound: {why}: its chain does not continue the one taken up to seq {head}; "
            f"nothing more of {name} is taken until it is taken up again",
        )
        chain.held, chain.retry_at, chain.retry_on_message = True, None, False
        chain.pending.clear()
        if source.replaying is chain:  # the rest of its answer goes nowhere
            self._drop_dealer(source)
            self._replay_done(source)

    # -- replay

    def _gap(self, source: _Source, chain: _Chain) -> None:
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

    def _on_replay(self, source: _Source, frames: list[bytes]) -> None:
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

    def _replay_done(self, source: _Source) -> None:
        """The replay under way ended: ask the next one waiting."""
        source.replaying, source.replay_deadline = None, None
        while source.waiting and source.replaying is None:
            chain = source.waiting.popleft()
            self._gap(source, chain)

    def _after_replay(self, source: _Source, chain: _Chain, last_seq: Any) -> None:
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
        assert chain.expected is not None  # it was asked from there (_Source.ask)
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
                self._drop_dealer(source)
                self._replay_done(source)
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

    def _drop_dealer(self, source: _Source) -> None:
        """Forget the replay socket: answers to a request given up on go nowhere."""
        if source.dealer is not None:
            self._poller.unregister(source.dealer)
            del self._by_socket[source.dealer]
            source.dealer.close(linger=0)
            source.dealer = None

    def _skip(self, source: _Source, chain: _Chain, why: str, unanswered: bool = False) -> None:
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
