"""Consistent Overhead Byte Stuffing: a frame without zero bytes, so that 0x00 can delimit
frames and a receiver resynchronises at the next 0x00 whatever garbage came before.

Each block is a code byte n (1..255) followed by n-1 non-zero bytes; a block with n < 255
stands for its bytes and a zero, except the last block, whose zero is dropped.
"""

from __future__ import annotations

MAX_BLOCK = 0xFF


def encode(data: bytes) -> bytes:
    """`data` without zero bytes (at most one byte longer per 254, plus one)."""
    out = bytearray(b"\x00")
    code_at = 0
    for index, byte in enumerate(data):
        if byte == 0:
            out[code_at] = len(out) - code_at
            code_at = len(out)
            out.append(0)
            continue
        out.append(byte)
        if len(out) - code_at == MAX_BLOCK and index + 1 < len(data):
            out[code_at] = MAX_BLOCK
            code_at = len(out)
            out.append(0)
    out[code_at] = len(out) - code_at
    return bytes(out)


def decode(data: bytes) -> tuple[bytes, bool]:
    """The bytes `data` encodes, and whether its blocks ended exactly at its end. A block that
    runs past the end (bytes lost in transit, or a corrupted code byte) gives what was there
    and False, as does a zero byte (which the delimiter normally splits off)."""
    out = bytearray()
    index = 0
    while index < len(data):
        code = data[index]
        end = index + code
        if code == 0 or end > len(data):
            out += data[index + 1 :]
            return bytes(out), False
        out += data[index + 1 : end]
        index = end
        if code < MAX_BLOCK and index < len(data):
            out.append(0)
    return bytes(out), True
