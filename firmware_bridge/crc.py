"""CRC-16/CCITT-FALSE: polynomial 0x1021, initial value 0xFFFF, not reflected, no final XOR.
Check value: crc16(b"123456789") == 0x29B1. binascii.crc_hqx is exactly this CRC when seeded
with 0xFFFF; the firmware computes the same with a table of its own."""

from binascii import crc_hqx

INITIAL = 0xFFFF


def crc16(data: bytes) -> int:
    return crc_hqx(data, INITIAL)
