"""Helpers for tests/bridge (importable as `bridge_helpers`: tests/ is on pytest's pythonpath):
a Hypothesis strategy for every message, the firmware's view of a message, and what a bad
line does to the bytes between two sans-I/O peers."""

from __future__ import annotations

from hypothesis import strategies as st

from firmware_bridge import fields as f
from firmware_bridge import messages as m

MS = 1_000_000

# One strategy per field codec: each layout builds its messages. Texts stay short enough
# for the largest body to fit a frame.
_text = st.text(max_size=8)
FIELD_VALUES = {
    f.U8: st.integers(0, 0xFF),
    f.U16: st.integers(0, 0xFFFF),
    f.U32: st.integers(0, 0xFFFFFFFF),
    f.U64: st.integers(0, 2**64 - 1),
    m.DIRECTION: st.sampled_from(m.DIRECTIONS),
    m.ROLE: st.sampled_from(m.ROLES),
    m.VOID_CAUSE: st.sampled_from(m.DICE_VOID_CAUSES),
    m.CARD_FAULT_CODE: st.sampled_from(m.CARD_FAULT_CODES),
    m.PACK: st.sampled_from(m.PACKS),
    f.FLAG: st.booleans(),
    f.BLOB: st.binary(max_size=16),
    f.TEXT: st.text(max_size=40),
    f.POCKETS: st.lists(st.integers(0, 0xFF), min_size=1, max_size=6).map(tuple),
    m.CHECKS: st.lists(st.builds(m.Check, _text, st.booleans(), _text), max_size=3).map(tuple),
}


def messages(classes=m.MESSAGES) -> st.SearchStrategy[m.Message]:
    return st.one_of(
        *(
            st.builds(cls, **{name: FIELD_VALUES[codec] for name, codec in cls.LAYOUT})
            for cls in classes
        )
    )


def firmware_fields(message: m.Message) -> dict:
    """The message as the firmware's codec holds it: a dict, self-test checks as tuples."""
    fields = {name: getattr(message, name) for name, _ in message.LAYOUT}
    if "checks" in fields:
        fields["checks"] = tuple((c.name, c.ok, c.detail) for c in fields["checks"])
    return fields


def spoil(chunk: bytes, how: str, data) -> list[bytes]:
    """What arrives of `chunk` when the line does `how` to it; `data` draws the details."""
    if how == "drop":
        return []
    if how == "duplicate":
        return [chunk, chunk]
    if how == "cut":
        return [chunk[: data.draw(st.integers(0, len(chunk) - 1))]]
    if how == "corrupt":
        at = data.draw(st.integers(0, len(chunk) - 1))
        flipped = bytearray(chunk)
        flipped[at] ^= 1 << data.draw(st.integers(0, 7))
        return [bytes(flipped)]
    return [chunk]


SPOILS = ("deliver", "drop", "duplicate", "cut", "corrupt", "hold")  # hold: deliver it later
