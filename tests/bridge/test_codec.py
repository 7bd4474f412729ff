"""The frame codec, sans I/O: CRC, COBS, every message through a frame and back, and a
decoder that never raises on garbage and resynchronises at the next delimiter."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from firmware_bridge import cobs, codec
from firmware_bridge import messages as m
from firmware_bridge.codec import Decoder, Frame, Rejected
from firmware_bridge.crc import crc16
from tests.support.bridge_helpers import messages

frames = st.builds(Frame, st.integers(0, 255), st.integers(0, 255), messages())


def test_the_crc_is_crc16_ccitt_false():
    assert crc16(b"123456789") == 0x29B1
    assert crc16(b"") == 0xFFFF


@pytest.mark.parametrize(
    "data, encoded",
    [
        (b"", "01"),
        (b"\x00", "0101"),
        (b"\x00\x00", "010101"),
        (b"\x11\x22\x00\x33", "0311220233"),
        (b"\x11\x22\x33\x44", "0511223344"),
        (b"\x11\x00\x00\x00", "0211010101"),
        (bytes(range(1, 255)), "ff" + bytes(range(1, 255)).hex()),  # 254 non-zero: one full block
        (bytes(range(1, 256)), "ff" + bytes(range(1, 255)).hex() + "02ff"),
        (bytes(range(1, 255)) + b"\x00", "ff" + bytes(range(1, 255)).hex() + "0101"),
    ],
)
def test_cobs_edge_cases(data, encoded):
    assert cobs.encode(data).hex() == encoded
    assert cobs.decode(bytes.fromhex(encoded)) == (data, True)


@given(st.binary(max_size=600))
def test_cobs_round_trips_without_zero_bytes(data):
    encoded = cobs.encode(data)

    assert 0 not in encoded
    assert len(encoded) <= len(data) + 1 + len(data) // 254
    assert cobs.decode(encoded) == (data, True)


@given(st.binary(min_size=1, max_size=300), st.data())
def test_cobs_cut_short_says_so(data, draw):
    encoded = cobs.encode(data)
    cut = draw.draw(st.integers(1, len(encoded) - 1))
    decoded, whole = cobs.decode(encoded[:cut])

    assert not whole or decoded != data


@given(frames)
def test_a_frame_is_zero_delimited_and_decodes_to_itself(frame):
    wire = codec.encode(frame)

    assert wire[0] == 0 and wire[-1] == 0 and 0 not in wire[1:-1]
    assert codec.decode(wire[1:-1]) == frame


@given(st.lists(frames, max_size=8), st.lists(st.integers(0, 2000), max_size=10))
def test_the_decoder_gives_frames_whatever_the_chunks(sent, cuts):
    wire = b"".join(codec.encode(frame) for frame in sent)
    decoder = Decoder()
    at = 0
    for cut in sorted(min(c, len(wire)) for c in cuts) + [len(wire)]:
        decoder.receive(wire[at:cut])
        at = cut

    assert list(decoder) == sent
    assert decoder.counters.frames == len(sent)
    assert decoder.counters.bytes == len(wire)


@given(st.binary(max_size=1000), frames)
def test_garbage_never_raises_and_the_next_frame_is_read(garbage, frame):
    decoder = Decoder()
    decoder.receive(garbage)
    decoder.receive(codec.encode(frame))
    items = list(decoder)

    assert items[-1] == frame
    assert all(isinstance(item, (Frame, Rejected)) for item in items)


def test_an_oversize_run_is_counted_once_then_skipped_to_the_delimiter():
    frame = Frame(1, 2, m.Spin("cw"))
    decoder = Decoder()
    decoder.receive(b"\x55" * 200)
    decoder.receive(b"\x55" * 200)
    decoder.receive(codec.encode(frame))

    assert [type(item) for item in decoder] == [Rejected, Frame]
    assert decoder.counters.oversize == 1


def test_a_body_too_long_for_a_frame_is_refused_when_sent():
    with pytest.raises(ValueError, match="at most 240"):
        codec.encode(Frame(0, 0, m.Error(0, 1, True, "x" * 250)))


def test_a_field_out_of_range_is_refused_when_sent():
    with pytest.raises(ValueError, match="does not fit"):
        codec.encode(Frame(0, 0, m.BallInPockets(0, (256,))))
