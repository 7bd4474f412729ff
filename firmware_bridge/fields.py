"""The codecs of a message body's fields, each read and written little-endian: integers, a
byte standing for one of a few words (one that may be left off a body's end: `Trailing`), a
flag, bytes or text after their count, pocket indices.
A message's layout (messages.py) lists its fields with one of these each; a body running out of
bytes, or a byte no codec takes, is a malformed message (ProtocolError).
"""

from __future__ import annotations

import struct
from typing import ClassVar

from firmware_bridge.errors import ProtocolError


class Reader:
    """A body being read; running out of bytes is a malformed message."""

    def __init__(self, body: bytes):
        self.body, self.at = body, 0

    def take(self, count: int) -> bytes:
        if self.at + count > len(self.body):
            raise ProtocolError("malformed", f"body ends after {len(self.body)} bytes")
        chunk = self.body[self.at : self.at + count]
        self.at += count
        return chunk

    @property
    def ended(self) -> bool:
        return self.at >= len(self.body)


class Int:
    def __init__(self, fmt: str):
        self.fmt, self.size = fmt, struct.calcsize(fmt)

    def write(self, value: int, out: bytearray) -> None:
        try:
            out += struct.pack(self.fmt, value)
        except struct.error as e:
            raise ValueError(f"{value!r} does not fit {self.fmt!r}: {e}") from None

    def read(self, reader: Reader) -> int:
        value: int = struct.unpack(self.fmt, reader.take(self.size))[0]
        return value


U8, U16, U32, U64 = Int("<B"), Int("<H"), Int("<I"), Int("<Q")


class Choice:
    """One byte standing for one of a few words (its index)."""

    def __init__(self, words: tuple[str, ...]):
        self.words = words

    def write(self, value: str, out: bytearray) -> None:
        if value not in self.words:
            raise ValueError(f"{value!r} is not one of {self.words}")
        out.append(self.words.index(value))

    def read(self, reader: Reader) -> str:
        index = U8.read(reader)
        if index >= len(self.words):
            raise ProtocolError("malformed", f"{index} is not an index of {self.words}")
        return self.words[index]


class Trailing:
    """A Choice a later minor version appended to a body, last: its first word, the one an
    earlier peer means without saying it, is written as nothing and read where the body ends;
    so a body that says the first word is the earlier version's, byte for byte."""

    def __init__(self, choice: Choice):
        self.choice = choice
        self.words = choice.words

    def write(self, value: str, out: bytearray) -> None:
        if value != self.words[0]:
            self.choice.write(value, out)

    def read(self, reader: Reader) -> str:
        return self.words[0] if reader.ended else self.choice.read(reader)


class Flag:
    def write(self, value: bool, out: bytearray) -> None:
        out.append(1 if value else 0)

    def read(self, reader: Reader) -> bool:
        value = U8.read(reader)
        if value > 1:
            raise ProtocolError("malformed", f"flag byte {value}")
        return value == 1


class Blob:
    """Up to 255 bytes, after their count."""

    def write(self, value: bytes, out: bytearray) -> None:
        if len(value) > 255:
            raise ValueError(f"{len(value)} bytes; at most 255")
        out.append(len(value))
        out += value

    def read(self, reader: Reader) -> bytes:
        return bytes(reader.take(U8.read(reader)))


class Text:
    """UTF-8 text, up to 255 bytes of it: a blob of its encoding."""

    _blob: ClassVar[Blob] = Blob()

    def write(self, value: str, out: bytearray) -> None:
        self._blob.write(value.encode("utf-8"), out)

    def read(self, reader: Reader) -> str:
        try:
            return self._blob.read(reader).decode("utf-8")
        except UnicodeDecodeError as e:
            raise ProtocolError("malformed", f"text is not UTF-8: {e}") from None


class Pockets:
    """Pocket indices, one byte each, after their count."""

    def write(self, value: tuple[int, ...], out: bytearray) -> None:
        U8.write(len(value), out)
        for pocket in value:
            U8.write(pocket, out)

    def read(self, reader: Reader) -> tuple[int, ...]:
        return tuple(reader.take(U8.read(reader)))


FLAG, BLOB, TEXT, POCKETS = Flag(), Blob(), Text(), Pockets()
