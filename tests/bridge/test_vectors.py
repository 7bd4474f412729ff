"""The golden frames of firmware_bridge/vectors/frames.jsonl, shared by the host's codec and
the firmware's (run here under CPython), and both codecs against each other.

A new vector: add its line with "wire": "" and run this file; the failure shows the hex."""

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from firmware_bridge import codec
from firmware_bridge import messages as m
from firmware_bridge.codec import Decoder, Frame, Rejected
from tests.support.bridge_helpers import firmware_fields, messages

VECTORS = Path(__file__).resolve().parents[2] / "firmware_bridge" / "vectors" / "frames.jsonl"
with VECTORS.open(encoding="utf-8") as lines:
    ALL = [json.loads(line) for line in lines if line.strip()]
GOOD = [v for v in ALL if "message" in v]
REJECTED = [v for v in ALL if "rejected" in v]
UNREADABLE = [v for v in ALL if "unreadable" in v]
BY_NAME = {cls.NAME: cls for cls in m.MESSAGES}


def named(vectors):
    return pytest.mark.parametrize("vector", vectors, ids=[v["name"] for v in vectors])


def host_message(vector) -> m.Message:
    fields = dict(vector["fields"])
    if "unique_id" in fields:
        fields["unique_id"] = bytes.fromhex(fields["unique_id"])
    if vector["message"] == "ball_in_pockets":
        fields["pockets"] = tuple(fields["pockets"])
    if "checks" in fields:
        fields["checks"] = tuple(m.Check(*check) for check in fields["checks"])
    return BY_NAME[vector["message"]](**fields)


def test_the_vectors_cover_every_message_and_every_bad_kind():
    assert {v["message"] for v in GOOD} == set(BY_NAME)
    assert {v["rejected"] for v in REJECTED} | {v["unreadable"] for v in UNREADABLE} == set(
        codec.BAD_KINDS
    )


def test_both_crcs_give_the_check_value(fw_bridge):
    assert fw_bridge.crc16(b"123456789") == 0x29B1


@named(GOOD)
def test_the_host_codec_writes_and_reads_each_good_vector(vector):
    frame = Frame(vector["seq"], vector["ack"], host_message(vector))
    wire = codec.encode(frame)
    decoder = Decoder()
    decoder.receive(bytes.fromhex(vector["wire"]))

    assert wire.hex() == vector["wire"], f"the host writes {wire.hex()}"
    assert list(decoder) == [frame]


@named(GOOD)
def test_the_firmware_codec_writes_and_reads_each_good_vector(fw_bridge, vector):
    message = host_message(vector)
    fields = firmware_fields(message)
    wire = fw_bridge.encode(vector["message"], vector["seq"], vector["ack"], fields)

    assert wire.hex() == vector["wire"], f"the firmware writes {wire.hex()}"
    assert fw_bridge.Decoder().feed(bytes.fromhex(vector["wire"])) == [
        ("frame", message.TYPE, vector["seq"], vector["ack"], vector["message"], fields)
    ]


@named(REJECTED)
def test_both_codecs_reject_each_bad_vector_as_the_same_kind(fw_bridge, vector):
    wire = bytes.fromhex(vector["wire"])
    host, firmware = Decoder(), fw_bridge.Decoder()
    host.receive(wire)

    assert [(type(item), item.kind) for item in host] == [(Rejected, vector["rejected"])]
    assert getattr(host.counters, vector["rejected"]) == 1
    assert firmware.feed(wire) == [("rejected", vector["rejected"])]
    assert firmware.counters[vector["rejected"]] == 1


@named(UNREADABLE)
def test_both_codecs_keep_the_sequence_number_of_an_unreadable_frame(fw_bridge, vector):
    wire = bytes.fromhex(vector["wire"])
    host = Decoder()
    host.receive(wire)
    (frame,) = host
    (item,) = fw_bridge.Decoder().feed(wire)

    assert (frame.seq, frame.ack, frame.message.problem) == (
        vector["seq"],
        vector["ack"],
        vector["unreadable"],
    )
    assert (item[2], item[3], item[4], item[5]) == (
        vector["seq"],
        vector["ack"],
        None,
        vector["unreadable"],
    )
    assert item[1] == frame.message.type_code


@given(st.integers(0, 255), st.integers(0, 255), messages())
def test_the_two_codecs_agree_on_any_message(fw_bridge, seq, ack, message):
    wire = codec.encode(Frame(seq, ack, message))
    fields = firmware_fields(message)

    assert fw_bridge.encode(message.NAME, seq, ack, fields) == wire
    assert fw_bridge.Decoder().feed(wire) == [
        ("frame", message.TYPE, seq, ack, message.NAME, fields)
    ]
