"""Following tables' feeds: every event exactly once, in order, verified (zguide Clone pattern).

Per table the follower subscribes first, then asks the replay ROUTER for what it missed, and
applies the live events above what the replay delivered. A table's chain is checked as it goes:
each event's own hash (`check_event`) and its `prev` link to the event yielded before it.
Problems come out as alerts, `"<kind>: <detail>"` with the kinds `gap`, `hash`, `wrong_table`,
`malformed` and `replay`, never as events.
"""

from __future__ import annotations

import json
import math
import time
from collections import deque
from dataclasses import dataclass
from typing import Any, Iterator, Sequence

import zmq

from terminal.events import canonical, check_event, check_next, is_int

REPLAY_TIMEOUT_S = 5.0


@dataclass(frozen=True)
class FeedItem:
    """An event of `table` (verified, in order) or an `alert` about it. `table` is the feed
    endpoint until the table has identified itself."""

    table: str
    event: dict | None = None
    alert: str | None = None


def _span(first: int, last: int) -> str:
    return f"seq {first}" if first == last else f"seq {first}-{last}"


class _Table:
    """What the follower knows of one source: its sockets and where its chain stands."""

    def __init__(self, context: zmq.Context, feed: str, replay: str | None):
        self.feed = feed
        self.replay = replay
        self.context = context
        self.sub = context.socket(zmq.SUB)
        self.sub.linger = 0
        self.sub.setsockopt(zmq.SUBSCRIBE, b"")
        self.sub.connect(feed)
        self.dealer: zmq.Socket | None = None
        self.table: str | None = None
        self.expected: int | None = None  # next seq to yield; None until a baseline is known
        self.last_hash: str | None = None  # of the event yielded last; None after a (re)baseline
        self.seen = 0  # highest seq the table has announced (events, heartbeats, replay.end)
        self.pending: dict[int, dict] = {}  # events above `expected`, waiting for the gap to fill
        self.replay_deadline: float | None = None  # set while a replay is awaited
        self.asked_from = 0  # the from_seq of the last replay asked

    @property
    def name(self) -> str:
        return self.table or self.feed

    def sockets(self) -> list[zmq.Socket]:
        return [self.sub] if self.dealer is None else [self.sub, self.dealer]

    def ask_replay(self, from_seq: int) -> None:
        if self.dealer is None:
            self.dealer = self.context.socket(zmq.DEALER)
            self.dealer.linger = 0
            self.dealer.connect(self.replay)
        self.dealer.send(canonical({"op": "replay", "from_seq": from_seq}))
        self.asked_from = from_seq

    def drop_dealer(self) -> None:
        """Forget the replay socket: answers to a request given up on go nowhere."""
        if self.dealer is not None:
            self.dealer.close(linger=0)
            self.dealer = None

    def close(self) -> None:
        self.sub.close(linger=0)
        self.drop_dealer()


class FeedFollower:
    """Yields every event of every table in `sources` ((feed endpoint, replay endpoint or None)
    per table), each table's in seq order with no gap and no duplicate; heartbeats are not yielded.

    Baseline: with `from_seq` each table is replayed from there at start; otherwise the first
    live event (or heartbeat: `last_seq + 1`) sets the expected seq. A gap (an event above the
    expected seq, or a heartbeat whose last_seq reaches it) asks one replay from the expected seq;
    live events arriving meanwhile wait and are released in order, duplicates dropped. When the
    missing events cannot be had (no replay endpoint, the replay refused, silent for
    `replay_timeout` seconds, or not delivering them valid) an alert names them and the table
    goes on from the next event it has.

    Single-threaded: the sockets are used by whoever iterates `items()`.
    """

    def __init__(
        self,
        sources: Sequence[tuple[str, str | None]],
        *,
        from_seq: int | None = None,
        context: zmq.Context | None = None,
        replay_timeout: float = REPLAY_TIMEOUT_S,
    ):
        context = context or zmq.Context.instance()
        self._tables = [_Table(context, feed, replay) for feed, replay in sources]
        self._replay_timeout = replay_timeout
        self._ready: deque[FeedItem] = deque()
        if from_seq is not None:
            for table in self._tables:
                table.expected = max(from_seq, 1)
                self._gap(table)

    def items(self, timeout: float | None = None) -> Iterator[FeedItem]:
        """The items as they come; ends after `timeout` seconds with nothing to yield (None: never)."""
        idle_until = None if timeout is None else time.monotonic() + timeout
        while True:
            while self._ready:
                yield self._ready.popleft()
                idle_until = None if timeout is None else time.monotonic() + timeout
            now = time.monotonic()
            self._expire_replays(now)
            if self._ready:
                continue
            deadlines = [t.replay_deadline for t in self._tables if t.replay_deadline is not None]
            if idle_until is not None:
                if now >= idle_until:
                    return
                deadlines.append(idle_until)
            wait_ms = None if not deadlines else max(0, math.ceil((min(deadlines) - now) * 1000))
            self._receive(wait_ms)

    def _receive(self, wait_ms: int | None) -> None:
        poller = zmq.Poller()
        for table in self._tables:
            for socket in table.sockets():
                poller.register(socket, zmq.POLLIN)
        ready = dict(poller.poll(wait_ms))
        for table in self._tables:
            if table.sub in ready:
                self._on_feed(table, table.sub.recv_multipart())
            if table.dealer is not None and table.dealer in ready:
                self._on_replay(table, table.dealer.recv_multipart())

    def close(self) -> None:
        for table in self._tables:
            table.close()

    # -- alerts and decoding

    def _alert(self, table: _Table, text: str) -> None:
        self._ready.append(FeedItem(table.name, alert=text))

    def _parse(self, table: _Table, frame: bytes) -> dict | None:
        try:
            message = json.loads(frame)
        except ValueError:
            message = None
        if not isinstance(message, dict):
            self._alert(table, f"malformed: not a JSON object: {frame[:80]!r}")
            return None
        return message

    def _owned(self, table: _Table, message: dict) -> bool:
        """Whether `message` is of the table this source carries (learnt from its first one)."""
        name = message.get("table")
        if not isinstance(name, str):
            self._alert(table, f"malformed: a message without a table: {str(message)[:80]}")
            return False
        if table.table is None:
            table.table = name
        elif name != table.table:
            self._alert(table, f"wrong_table: a message of table {name!r} on the feed of {table.name}")
            return False
        return True

    # -- the live feed

    def _on_feed(self, table: _Table, frames: list[bytes]) -> None:
        if len(frames) != 2:
            self._alert(table, f"malformed: {len(frames)} frames instead of [topic, event]")
            return
        message = self._parse(table, frames[1])
        if message is None or not self._owned(table, message):
            return
        if frames[0] != f"{message.get('table')}/{message.get('kind')}".encode():
            self._alert(table, f"malformed: topic {frames[0]!r} does not match the message")
        elif message.get("kind") == "heartbeat":
            self._on_heartbeat(table, message)
        else:
            self._on_event(table, message)

    def _on_heartbeat(self, table: _Table, beat: dict) -> None:
        last_seq = beat.get("last_seq")
        if not is_int(last_seq):
            self._alert(table, f"malformed: heartbeat without an integer last_seq: {beat}")
            return
        table.seen = max(table.seen, last_seq)
        if table.expected is None:
            table.expected = last_seq + 1
        elif last_seq >= table.expected:
            self._gap(table)

    def _on_event(self, table: _Table, event: dict) -> None:
        """An event from the feed or from a replay: yield it, keep it for later or drop it."""
        reason = check_event(event)
        if reason is not None:
            self._alert(table, f"hash: event seq {event.get('seq')} refused: {reason}")
            return
        seq = event["seq"]
        if table.expected is None:
            table.expected = seq  # baseline: its own hash is all that can be checked
        table.seen = max(table.seen, seq)
        if seq > table.expected:
            table.pending[seq] = event
            self._gap(table)
        elif seq == table.expected:
            self._accept(table, event)

    def _accept(self, table: _Table, event: dict | None) -> None:
        """Yield `event` (seq == expected) if it links to the last one, then those waiting."""
        while event is not None:
            if table.last_hash is not None:
                reason = check_next(event, event["seq"] - 1, table.last_hash)
                if reason is not None:
                    self._alert(table, f"hash: event seq {event['seq']} refused: {reason}")
                    return
            self._ready.append(FeedItem(table.name, event=event))
            table.expected, table.last_hash = event["seq"] + 1, event["hash"]
            event = table.pending.pop(table.expected, None)

    # -- replay

    def _gap(self, table: _Table) -> None:
        """Events from `table.expected` are missing: ask a replay unless one is under way."""
        if table.replay_deadline is not None:
            return
        if table.replay is None:
            self._skip(table, "no replay endpoint")
            return
        table.ask_replay(table.expected)
        table.replay_deadline = time.monotonic() + self._replay_timeout

    def _on_replay(self, table: _Table, frames: list[bytes]) -> None:
        if table.replay_deadline is None:  # an answer to a request given up on
            return
        if len(frames) != 1:
            self._alert(table, f"malformed: a replay reply of {len(frames)} frames")
            return
        message = self._parse(table, frames[0])
        if message is None:
            return
        table.replay_deadline = time.monotonic() + self._replay_timeout
        op = message.get("op")
        if op == "replay.end":
            table.replay_deadline = None
            self._after_replay(table, message.get("last_seq"))
        elif op == "error":
            table.replay_deadline = None
            self._skip(table, f"the replay was refused: {message.get('reason')}")
        elif op is None and self._owned(table, message):
            self._on_event(table, message)

    def _after_replay(self, table: _Table, last_seq: Any) -> None:
        if not is_int(last_seq):
            self._skip(table, f"malformed replay.end last_seq {last_seq!r}")
            return
        table.seen = max(table.seen, last_seq)
        if not table.pending and table.seen < table.expected:
            return  # complete
        if table.expected <= last_seq or table.expected == table.asked_from:
            self._skip(table, f"the replay up to seq {last_seq} did not deliver them valid")
        else:
            self._gap(table)  # lost on the feed while the replay ran: ask again from there

    def _expire_replays(self, now: float) -> None:
        for table in self._tables:
            if table.replay_deadline is not None and now >= table.replay_deadline:
                table.replay_deadline = None
                table.drop_dealer()
                self._skip(table, f"no answer from {table.replay} within {self._replay_timeout} s")

    def _skip(self, table: _Table, why: str) -> None:
        """The events from `table.expected` cannot be had: name them and go on from the next
        event there is (waiting, or announced); with nothing known missing, just report."""
        resume = min(table.pending) if table.pending else table.seen + 1
        if resume <= table.expected:
            self._alert(table, f"replay: from seq {table.expected}: {why}")
            return
        self._alert(table, f"gap: {_span(table.expected, resume - 1)} of {table.name} skipped: {why}")
        table.expected, table.last_hash = resume, None
        self._accept(table, table.pending.pop(resume, None))


# -- one line per event, for `dealer-terminal pit follow`


def _compact(value: Any) -> str:
    """`key=value` pairs, lists joined by commas, inner objects in braces."""
    if isinstance(value, dict):
        return " ".join(f"{key}={_inner(item)}" for key, item in value.items())
    if isinstance(value, list):
        return ",".join(_inner(item) for item in value)
    return str(value)


def _inner(value: Any) -> str:
    return f"{{{_compact(value)}}}" if isinstance(value, dict) else _compact(value)


def _signed(amount: Any) -> str:
    return f"{amount:+}" if isinstance(amount, (int, float)) else str(amount)


def _said(announcement: Any) -> str:
    """The announcement's English text, else its Catalan one."""
    text = announcement.get("text") if isinstance(announcement, dict) else None
    if not isinstance(text, dict):
        return ""
    return str(text.get("en") or text.get("ca") or "")


def _limits(limits: Any) -> str:
    if not isinstance(limits, dict):
        return _compact(limits)
    maxima = limits.get("max") or {}
    line = f"min {limits.get('min')} unit {limits.get('chip_unit')}"
    return line + ("" if not maxima else f" max {_compact(maxima)}")


def _session(data: dict) -> str:
    return f"croupier {data.get('croupier')} profile {data.get('profile')} {_limits(data.get('limits'))}"


def _result(data: dict) -> str:
    outcome = data.get("outcome")
    if isinstance(outcome, dict) and len(outcome) == 1:
        outcome = next(iter(outcome.values()))
    totals = data.get("totals") or {}
    line = (
        f"{_compact(outcome)} — staked {totals.get('staked', 0)} paid {totals.get('paid', 0)} "
        f"returned {totals.get('returned', 0)} house {_signed(totals.get('house_net', 0))}"
    )
    said = _said(data.get("announcement"))
    if said:
        line += f' "{said}"'
    return line + (" (last round)" if data.get("last_round") else "")


def _round_open(data: dict) -> str:
    left = data.get("last_rounds_left")
    return "" if left is None else f"last rounds left {left}"


_DESCRIBE = {
    "table.open": _session,
    "table.close": _session,
    "table.limits": lambda d: f"{_limits(d.get('old'))} → {_limits(d.get('new'))}",
    "round.open": _round_open,
    "round.closed": lambda d: "no more bets",
    "round.result": _result,
    "round.void": lambda d: f"void: {d.get('reason')}",
    "announcement": lambda d: f'"{_said(d)}"' if _said(d) else str(d.get("key")),
    "float.advance": lambda d: f"amount {d.get('amount')} chips {_compact(d.get('chips'))}",
    "float.count": lambda d: (
        f"chips {_compact(d.get('chips'))} drop {d.get('drop')} result {d.get('result')}"
    ),
    "fault": lambda d: f"{d.get('severity')} {d.get('device')} {d.get('code')}: {d.get('detail')}",
    "fault.cleared": lambda d: f"cleared {d.get('device')} {d.get('code')}",
    "bet.placed": lambda d: (
        f"seat {d.get('seat')} {d.get('code')} stake {d.get('stake')} (bet {d.get('id')})"
    ),
}
GENERIC_WIDTH = 100  # characters of `data` shown for a kind this tool does not know


def _generic(data: dict) -> str:
    line = _compact(data)
    return line if len(line) <= GENERIC_WIDTH else line[: GENERIC_WIDTH - 1] + "…"


def format_event(event: dict) -> str:
    """One human-readable line, e.g.
    `RL-01 #42 r17 21:17:02.123 round.result 17 — staked 1500 paid 700 returned 500 house +300`."""
    kind = str(event.get("kind"))
    data = event.get("data") if isinstance(event.get("data"), dict) else {}
    round_ = event.get("round")
    head = (
        f"{event.get('table')} #{event.get('seq')} {'-' if round_ is None else f'r{round_}'} "
        f"{str(event.get('ts', ''))[11:23]} {kind}"
    )
    line = f"{head} {_DESCRIBE.get(kind, _generic)(data)}"
    return " ".join(line.split())  # one line whatever the texts hold
