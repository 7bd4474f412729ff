"""Each table's chain on a source, checked as it comes: the live feed's events and heartbeats,
yielded in seq order and linked to the one before, the rest kept waiting above a gap. The
replay that fills a gap is the follower's (follow.py), which this asks through `_gap`.

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
from abc import ABC, abstractmethod
from collections import deque

from terminal.contract.events import check_event, check_link, is_int
from terminal.feed.follow_source import Chain, FeedItem, SourceSockets

MAX_PENDING = 20_000  # hold policy: live events kept waiting above a gap (the rest come by replay)


class ChainFollower(ABC):
    """The chains' side of a FeedFollower: `from_seq` the baseline of a chain with no other,
    `hold` the hold policy (follow.py's module docstring)."""

    def __init__(self, *, from_seq: int | None, hold: bool):
        self._from_seq = None if from_seq is None else max(from_seq, 1)
        self._hold = hold
        self._ready: deque[FeedItem] = deque()

    @abstractmethod
    def _gap(self, source: SourceSockets, chain: Chain) -> None:
        """Events from `chain.expected` are missing (or, holding, the table may no longer hold
        the head): ask a replay unless one is under way."""

    @abstractmethod
    def _abandon_replay(self, source: SourceSockets) -> None:
        """Give up the replay under way on `source`: the rest of its answer goes nowhere."""

    # -- alerts and decoding

    def _alert(self, name: str, text: str) -> None:
        self._ready.append(FeedItem(name, alert=text))

    @staticmethod
    def _name(source: SourceSockets, chain: Chain) -> str:
        return chain.table or source.name

    def _parse(self, source: SourceSockets, frame: bytes) -> dict | None:
        try:
            message = json.loads(frame)
        except ValueError:
            message = None
        if not isinstance(message, dict):
            self._alert(source.name, f"malformed: not a JSON object: {frame[:80]!r}")
            return None
        return message

    def _chain_of(self, source: SourceSockets, message: dict) -> Chain | None:
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

    def _chain(self, source: SourceSockets, name: str | None) -> Chain:
        chain = source.chains[name] = Chain(name)
        if self._from_seq is not None:
            chain.expected = self._from_seq
            self._gap(source, chain)
        return chain

    # -- the live feed

    def _on_feed(self, source: SourceSockets, frames: list[bytes]) -> None:
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

    def _on_heartbeat(self, source: SourceSockets, chain: Chain, beat: dict) -> None:
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

    def _on_event(self, source: SourceSockets, chain: Chain, event: dict) -> None:
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

    def _accept(self, chain: Chain, event: dict | None) -> None:
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
            chain.retry_afresh()
            chain.retry_on_message = False
            event = chain.pending.pop(chain.expected, None)

    # -- the hold policy's head

    def _head(self, chain: Chain) -> int | None:
        """Holding, the last seq given out of the chain, whose hash is `last_hash` (None: none)."""
        if (
            not self._hold
            or chain.last_hash is None
            or chain.expected is None
            or chain.expected <= 1
        ):
            return None
        return chain.expected - 1

    def _below_head(self, chain: Chain, seq: int) -> bool:
        head = self._head(chain)
        return head is not None and seq < head

    def _rewound(self, source: SourceSockets, chain: Chain, head: int, why: str) -> None:
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
            self._abandon_replay(source)
