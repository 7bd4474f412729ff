"""Frames on the wire, sans I/O: `encode(frame) -> bytes`; a `Decoder` takes whatever bytes
arrive (`receive`) and gives back frames and rejections (`get`, or iterate), counting every
kind of garbage and resynchronising at the next delimiter. It never raises on input.

On the wire a frame is 0x00, COBS(payload), 0x00; the payload is

    type u8 | seq u8 | ack u8 | length u8 | body (length bytes) | CRC-16/CCITT-FALSE u16 BE

with the CRC over type..body. The leading 0x00 ends whatever partial frame came before, so a
truncated frame costs only itself.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass

from firmware_bridge import cobs
from firmware_bridge.crc import crc16
from firmware_bridge.errors import ProtocolError
from firmware_bridge.messages import Message, Unreadable, parse

DELIMITER = b"\x00"
HEADER = 4  # type, seq, ack, body length
CRC_SIZE = 2
MAX_BODY = 240
MAX_PAYLOAD = HEADER + MAX_BODY + CRC_SIZE
MAX_ENCODED = MAX_PAYLOAD + 2  # COBS adds one byte, plus one per 254
RAW_KEPT = 64  # bytes of a rejected frame kept for the dump
BAD_KINDS = (
    "bad_cobs",
    "truncated",
    "bad_length",
    "bad_crc",
    "oversize",
    "unknown_type",
    "malformed",
)


@dataclass(frozen=True)
class Frame:
    seq: int
    ack: int
    message: Message | Unreadable


@dataclass(frozen=True)
class Rejected:
    """Bytes between two delimiters that are no frame; `raw` is (the start of) them."""

    kind: str
    raw: bytes


@dataclass
class FrameCounters:
    """Everything a Decoder has seen: bytes, good frames, and each kind of bad one."""

    bytes: int = 0
    frames: int = 0
    bad_cobs: int = 0  # a COBS block ran past the delimiter, the length field looking whole
    truncated: int = 0  # fewer bytes than a header, or than the length field says
    bad_length: int = 0  # more bytes than the length field says
    bad_crc: int = 0
    oversize: int = 0  # no delimiter within MAX_ENCODED bytes
    unknown_type: int = 0  # good CRC, unknown type: ignored (a newer minor version?)
    malformed: int = 0  # good CRC, known type, unreadable body


def payload(frame: Frame) -> bytes:
    """The frame before COBS: header, body, CRC."""
    message = frame.message
    if isinstance(message, Unreadable):
        raise TypeError("an unreadable frame cannot be sent")
    body = message.body()
    if len(body) > MAX_BODY:
        raise ValueError(f"{message.NAME} body of {len(body)} bytes; at most {MAX_BODY}")
    data = bytes((message.TYPE, frame.seq, frame.ack, len(body))) + body
    return data + crc16(data).to_bytes(CRC_SIZE, "big")


def wrap(data: bytes) -> bytes:
    """A payload as it goes on the wire."""
    return DELIMITER + cobs.encode(data) + DELIMITER


def encode(frame: Frame) -> bytes:
    return wrap(payload(frame))


def decode(chunk: bytes) -> Frame:
    """The frame of the bytes between two delimiters; ProtocolError names what is wrong."""
    data, whole = cobs.decode(chunk)
    if len(data) < HEADER + CRC_SIZE:
        raise ProtocolError("truncated", f"{len(data)} bytes, less than a header and CRC")
    expected = HEADER + data[3] + CRC_SIZE
    if len(data) < expected:
        raise ProtocolError("truncated", f"{len(data)} of {expected} bytes")
    if not whole:
        raise ProtocolError("bad_cobs", "a COBS block runs past the delimiter")
    if len(data) > expected:
        raise ProtocolError("bad_length", f"{len(data)} bytes where the header says {expected}")
    if crc16(data[:-CRC_SIZE]) != int.from_bytes(data[-CRC_SIZE:], "big"):
        raise ProtocolError("bad_crc")
    return Frame(data[1], data[2], parse(data[0], data[HEADER:-CRC_SIZE]))


class Decoder:
    """Bytes in, frames out. Garbage is counted in `counters` and given back as Rejected."""

    def __init__(self) -> None:
        self.counters = FrameCounters()
        self._partial = bytearray()
        self._skipping = False  # an oversize frame: drop bytes until the next delimiter
        self._ready: deque[Frame | Rejected] = deque()

    def receive(self, data: bytes) -> None:
        self.counters.bytes += len(data)
        *ended, rest = bytes(data).split(DELIMITER)
        for part in ended:
            chunk = bytes(self._partial) + part
            self._partial.clear()
            if self._skipping:
                self._skipping = False
            elif len(chunk) > MAX_ENCODED:
                self._ready.append(self._oversize(chunk))
            elif chunk:
                self._ready.append(self._decode(chunk))
        if not self._skipping:
            self._partial += rest
            if len(self._partial) > MAX_ENCODED:
                self._ready.append(self._oversize(bytes(self._partial)))
                self._partial.clear()
                self._skipping = True

    def get(self) -> Frame | Rejected | None:
        return self._ready.popleft() if self._ready else None

    def __iter__(self) -> Iterator[Frame | Rejected]:
        while self._ready:
            yield self._ready.popleft()

    def reset(self) -> None:
        """Forget a partial frame (the port was reopened); counters stay."""
        self._partial.clear()
        self._skipping = False

    def _decode(self, chunk: bytes) -> Frame | Rejected:
        try:
            frame = decode(chunk)
        except ProtocolError as e:
            self._count(e.kind)
            return Rejected(e.kind, chunk[:RAW_KEPT])
        self._count(frame.message.problem if isinstance(frame.message, Unreadable) else "frames")
        return frame

    def _oversize(self, chunk: bytes) -> Rejected:
        self._count("oversize")
        return Rejected("oversize", chunk[:RAW_KEPT])

    def _count(self, name: str) -> None:
        setattr(self.counters, name, getattr(self.counters, name) + 1)
