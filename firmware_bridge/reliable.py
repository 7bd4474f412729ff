"""Sequenced delivery, sans I/O: the sender keeps each sequenced message until the peer
acknowledges it and resends it when no acknowledgement came in time (go-back-N); the receiver
takes only the next sequence number, drops older ones as duplicates and newer ones as out of
order (they are resent), and acknowledges cumulatively with the last one it took.

Sequence numbers are one byte and wrap; at most WINDOW messages are in flight, so the distance
between any two numbers compared is far below 128 and `seq_diff` is unambiguous.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from firmware_bridge.messages import Message

SEQ_MODULUS = 256
WINDOW = 16
NEW, DUPLICATE, OUT_OF_ORDER = "new", "duplicate", "out_of_order"


def seq_diff(a: int, b: int) -> int:
    """a - b between two sequence numbers, from -128 to 127."""
    return (a - b + 128) % SEQ_MODULUS - 128


@dataclass
class _Pending:
    message: Message
    sent_at: int | None = None  # None: to be sent at the next poll
    sends: int = 0


class Outbox:
    """The sender's side: sequenced messages not yet acknowledged, oldest first."""

    def __init__(self, first_seq: int = 0, window: int = WINDOW):
        self.base = first_seq % SEQ_MODULUS  # the sequence number of the oldest one
        self.window = window
        self.resent = 0
        self._pending: deque[_Pending] = deque()

    def __len__(self) -> int:
        return len(self._pending)

    def push(self, message: Message) -> int:
        """Queue `message`; its sequence number."""
        self._pending.append(_Pending(message))
        return (self.base + len(self._pending) - 1) % SEQ_MODULUS

    def acked(self, ack: int) -> list[Message]:
        """The messages `ack` acknowledges (up to and including it), now forgotten. An ack of
        anything not in flight is stale and acknowledges nothing."""
        in_flight = 0
        while in_flight < min(len(self._pending), self.window) and self._pending[in_flight].sends:
            in_flight += 1
        count = seq_diff(ack, self.base) + 1
        if not 0 < count <= in_flight:
            return []
        self.base = (self.base + count) % SEQ_MODULUS
        return [self._pending.popleft().message for _ in range(count)]

    def due(self, now: int, resend_after: int) -> list[tuple[int, Message]]:
        """(seq, message) to send now: in the window, never sent or unacknowledged for
        `resend_after` (same unit as `now`)."""
        out = []
        for offset, pending in enumerate(list(self._pending)[: self.window]):
            if pending.sent_at is None or now - pending.sent_at >= resend_after:
                if pending.sends:
                    self.resent += 1
                pending.sent_at, pending.sends = now, pending.sends + 1
                out.append(((self.base + offset) % SEQ_MODULUS, pending.message))
        return out

    def rewind(self) -> None:
        """Send everything unacknowledged again at the next poll (after a new hello)."""
        for pending in self._pending:
            pending.sent_at = None


class Inbox:
    """The receiver's side: which sequence number comes next."""

    def __init__(self) -> None:
        self.expected: int | None = None  # unknown until the peer's hello

    def reset(self, first_seq: int) -> None:
        self.expected = first_seq % SEQ_MODULUS

    @property
    def ack(self) -> int:
        """The last sequence number taken (cumulative acknowledgement)."""
        return ((self.expected or 0) - 1) % SEQ_MODULUS

    def accept(self, seq: int) -> str:
        """NEW (take it; the next one is expected), DUPLICATE or OUT_OF_ORDER (drop it)."""
        assert self.expected is not None, "accept() before the peer's hello"
        diff = seq_diff(seq, self.expected)
        if diff == 0:
            self.expected = (self.expected + 1) % SEQ_MODULUS
            return NEW
        return DUPLICATE if diff < 0 else OUT_OF_ORDER
