"""One session with a peer over a byte stream, sans I/O and without threads: bytes in
(`receive`), bytes out (`poll`), messages to send (`send`). Whoever owns the serial port calls
it, with the time, and writes what `poll` gives back.

The host says hello on every connection and retries until the board answers; both sides then
know each other's sequence numbers (PROTOCOL.md, "Hello"). The host pings once a second, the
board echoes at once: round trips give the clock mapping. Sequenced messages go through
`reliable` and are resent until acknowledged, so a reconnection loses and duplicates nothing.
`receive` reports what happened: a handshake, a delivered message, a dropped frame, a refusal.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from firmware_bridge.clock import ClockMap
from firmware_bridge.codec import BAD_KINDS, Decoder, Frame, Rejected, encode
from firmware_bridge.messages import (
    PROTOCOL,
    Ack,
    Heartbeat,
    Hello,
    Message,
    Unreadable,
    is_sequenced,
)
from firmware_bridge.reliable import DUPLICATE, NEW, Inbox, Outbox, seq_diff

HOST, BOARD = "host", "board"
MS = 1_000_000  # ns
RESEND_AFTER = 250 * MS
HEARTBEAT_EVERY = 1000 * MS
HELLO_RETRY = 500 * MS


@dataclass(frozen=True)
class Connected:
    """The peer's hello was accepted; `restarted`: it is a new boot of a peer already known,
    whose unacknowledged messages of the previous boot are lost."""

    peer: Hello
    restarted: bool


@dataclass(frozen=True)
class Delivered:
    """A sequenced message, in order, once."""

    message: Message
    seq: int


@dataclass(frozen=True)
class Dropped:
    """A frame that was not delivered: a kind of codec.BAD_KINDS, "duplicate" or
    "out_of_order" (the keys of Link.dropped()). Counted; a sequenced message dropped here is
    resent by the peer."""

    kind: str


@dataclass(frozen=True)
class Refused:
    """The peer's hello was refused (an incompatible protocol): nothing else is exchanged
    until the next connection."""

    reason: str


Happening = Connected | Delivered | Dropped | Refused


@dataclass
class LinkCounters:
    frames_out: int = 0
    duplicate: int = 0
    out_of_order: int = 0
    before_hello: int = 0  # sequenced frames before the handshake: ignored, the peer resends


class Link:
    """`role` is HOST or BOARD. Times (`now`) are the caller's monotonic nanoseconds; a board's
    heartbeats carry now // 1000 as its clock."""

    def __init__(
        self,
        role: str,
        *,
        version: str,
        unique_id: bytes = b"",
        boot_id: int | None = None,
        protocol: tuple[int, int] = PROTOCOL,
        first_seq: int = 0,
        resend_after: int = RESEND_AFTER,
        heartbeat_every: int = HEARTBEAT_EVERY,
        trace: int = 32,
        wire_filter: Callable[[Frame, bytes], bytes] | None = None,
    ):
        if role not in (HOST, BOARD):
            raise ValueError(f"role must be {HOST!r} or {BOARD!r}, not {role!r}")
        self.role, self.version, self.unique_id = role, version, unique_id
        self.boot_id = random.getrandbits(32) if boot_id is None else boot_id
        self.protocol = protocol
        self.resend_after, self.heartbeat_every = resend_after, heartbeat_every
        self.wire_filter = wire_filter  # emulators tamper with frames here
        self.decoder = Decoder()
        self.outbox = Outbox(first_seq)
        self.inbox = Inbox()
        self.clock = ClockMap()
        self.counters = LinkCounters()
        self.peer: Hello | None = None
        self.connected = False  # hellos exchanged on this connection
        self.refused: str | None = None
        self._trace: deque[tuple[int, str]] = deque(maxlen=trace)
        self._replies: list[Message] = []  # unsequenced, for the next poll
        self._ack_due = False
        self._hello_at: int | None = None
        self._beat_at: int | None = None
        self._ping: tuple[int, int] | None = None  # (token, sent at) of the unanswered ping
        self._token = 0

    # The connection

    def connection_made(self) -> None:
        """The port was (re)opened: the host says hello at the next poll."""
        self.decoder.reset()
        self.connected, self.refused = False, None
        self._hello_at = self._beat_at = self._ping = None

    def connection_lost(self) -> None:
        self.connected = False
        self._ping = None

    def announce(self) -> None:
        """A board's hello after it boots, so that a host already listening learns of it."""
        self._replies.append(self._hello(reply=False))

    # Messages

    def send(self, message: Message) -> int:
        """Queue a sequenced message until acknowledged; its sequence number."""
        if not is_sequenced(message.TYPE):
            raise ValueError(f"{message.NAME} is not a sequenced message")
        return self.outbox.push(message)

    def receive(self, data: bytes, now: int) -> list[Happening]:
        self.decoder.receive(data)
        happened: list[Happening] = []
        for item in self.decoder:
            if isinstance(item, Rejected):
                self._note(now, f"< {item.kind}: {item.raw.hex(' ')}")
                happened.append(Dropped(item.kind))
            else:
                self._note(now, f"< seq={item.seq} ack={item.ack} {item.message}")
                happened += self._frame(item, now)
        return happened

    def poll(self, now: int) -> bytes:
        """The bytes to write now: hellos, heartbeats, acknowledgements, sequenced messages
        due (first sendings and resendings)."""
        if (
            self.role == HOST
            and not self.connected
            and self.refused is None
            and (self._hello_at is None or now - self._hello_at >= HELLO_RETRY)
        ):
            self._hello_at = now
            self._replies.append(self._hello(reply=False))
        out: list[tuple[int, Message]] = [(0, message) for message in self._replies]
        self._replies.clear()
        if self.connected:
            if self._beat_at is None or now - self._beat_at >= self.heartbeat_every:
                out.append((0, self._heartbeat(now)))
            out += self.outbox.due(now, self.resend_after)
            if self._ack_due and not out:
                out.append((0, Ack()))
            self._ack_due = False
        ack = self.inbox.ack if self.connected else 0
        wire = bytearray()
        for seq, message in out:
            frame = Frame(seq, ack, message)
            data = encode(frame)
            self._note(now, f"> seq={seq} ack={ack} {message}")
            wire += self.wire_filter(frame, data) if self.wire_filter else data
        self.counters.frames_out += len(out)
        return bytes(wire)

    # Diagnosis

    def health(self) -> dict[str, Any]:
        """The link-health figures (Klipper's once-a-second line): frames, drops by kind,
        resends, round trip, clock drift."""
        decoded = self.decoder.counters
        dropped = {kind: n for kind, n in self.dropped().items() if n}
        rtt, drift = self.clock.rtt_ns, self.clock.drift_ppm
        return {
            "connected": self.connected,
            "peer": None
            if self.peer is None
            else {
                "role": self.peer.role,
                "protocol": f"{self.peer.major}.{self.peer.minor}",
                "version": self.peer.version,
                "unique_id": self.peer.unique_id.hex(),
                "boot_id": f"{self.peer.boot_id:08x}",
            },
            "bytes_in": decoded.bytes,
            "frames_in": decoded.frames,
            "frames_out": self.counters.frames_out,
            "dropped": dropped,
            "before_hello": self.counters.before_hello,
            "resent": self.outbox.resent,
            "unacked": len(self.outbox),
            "rtt_ms": None if rtt is None else round(rtt / MS, 3),
            "drift_ppm": None if drift is None else round(drift, 1),
        }

    def dropped(self) -> dict[str, int]:
        """Frames dropped so far, by kind (every kind of DROP_KINDS)."""
        decoded = self.decoder.counters
        return {kind: getattr(decoded, kind) for kind in BAD_KINDS} | {
            "duplicate": self.counters.duplicate,
            "out_of_order": self.counters.out_of_order,
        }

    def dump(self) -> str:
        """The last frames in and out, for the log when something goes wrong."""
        return "\n".join(f"{t / 1e9:14.6f} {text}" for t, text in self._trace)

    # Inside

    def _frame(self, frame: Frame, now: int) -> list[Happening]:
        message = frame.message
        if isinstance(message, Hello):
            return self._handshake(message)
        type_code = message.type_code if isinstance(message, Unreadable) else message.TYPE
        if not self.connected:
            self.counters.before_hello += is_sequenced(type_code)
            return []
        self.outbox.acked(frame.ack)
        if isinstance(message, Heartbeat):
            self._echo(message, now)
            return []
        if not is_sequenced(type_code):
            return [Dropped(message.problem)] if isinstance(message, Unreadable) else []
        status = self.inbox.accept(frame.seq)
        self._ack_due = True  # also for a duplicate: our earlier ack may have been lost
        if status == NEW:
            if isinstance(message, Unreadable):  # taken (else it would be resent forever), not used
                return [Dropped(message.problem)]
            return [Delivered(message, frame.seq)]
        counter = "duplicate" if status == DUPLICATE else "out_of_order"
        setattr(self.counters, counter, getattr(self.counters, counter) + 1)
        return [Dropped(counter)]

    def _handshake(self, hello: Hello) -> list[Happening]:
        if hello.role == self.role:
            return self._refuse(
                f"the peer says it is a {hello.role} too: is the port looped "
                f"back, or echoing what it is sent?"
            )
        if hello.major != self.protocol[0]:
            if not hello.reply:
                self._replies.append(self._hello(reply=True))  # so that the peer can say why
            return self._refuse(
                f"the {hello.role} speaks bridge protocol {hello.major}.{hello.minor} and this "
                f"{self.role} {self.protocol[0]}.{self.protocol[1]}"
            )
        restarted = self.peer is not None and hello.boot_id != self.peer.boot_id
        # A reply from the peer we are talking to answers a hello of ours that went before
        # everything we sent since: nothing was lost, nothing goes again.
        answer = hello.reply and self.connected and not restarted
        expected = self.inbox.expected
        # A known peer's first_seq is not after what we expect unless it had to drop messages.
        if (
            self.peer is None
            or restarted
            or expected is None
            or seq_diff(hello.first_seq, expected) > 0
        ):
            self.inbox.reset(hello.first_seq)
        self.peer, self.connected, self.refused = hello, True, None
        if not answer:
            self.outbox.rewind()  # what the peer has not taken goes again now, not at its timeout
        if not hello.reply:
            self._replies.append(self._hello(reply=True))
        return [Connected(hello, restarted)]

    def _refuse(self, reason: str) -> list[Happening]:
        self.connected, self.refused = False, reason
        return [Refused(reason)]

    def _hello(self, *, reply: bool) -> Hello:
        major, minor = self.protocol
        return Hello(
            major,
            minor,
            self.role,
            reply,
            self.boot_id,
            self.outbox.base,
            self.version,
            self.unique_id,
        )

    def _heartbeat(self, now: int) -> Heartbeat:
        """The host's ping, with a new token; the board's own heartbeat, without."""
        self._beat_at = now
        if self.role == BOARD:
            return Heartbeat(now // 1000, 0)
        self._token = self._token % 0xFFFFFFFF + 1
        self._ping = (self._token, now)
        return Heartbeat(now // 1000, self._token)

    def _echo(self, heartbeat: Heartbeat, now: int) -> None:
        if self.role == BOARD:
            if heartbeat.echo:  # the host's ping: answer at once
                self._beat_at = now
                self._replies.append(Heartbeat(now // 1000, heartbeat.echo))
        elif self._ping is not None and heartbeat.echo == self._ping[0]:
            self.clock.add(heartbeat.clock_us, self._ping[1], now)
            self._ping = None

    def _note(self, now: int, text: str) -> None:
        self._trace.append((now, text))
