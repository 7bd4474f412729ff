"""The event contract of docs/events.md: canonical JSON, the hash chain, topics, heartbeats."""

import hashlib
import json
from datetime import UTC, datetime, timedelta, timezone

import pytest
from hypothesis import given
from hypothesis import strategies as st

from terminal.contract.events import (
    GENESIS,
    Sealer,
    canonical,
    check_event,
    check_next,
    heartbeat,
    seal,
    topic,
    utc_ts,
)

OPEN = {
    "v": 1,
    "table": "RL-01",
    "game": "roulette_fr",
    "seq": 1,
    "round": None,
    "ts": "2026-11-29T21:17:02.123Z",
    "kind": "table.open",
    "data": {
        "croupier": "Núria",
        "limits": {"min": 100, "chip_unit": 100, "max": {"straight": 2500}},
    },
    "prev": GENESIS,
}
# `printf '%s' "$prev$canonical" | sha256sum` over the bytes of OPEN, computed outside Python.
OPEN_HASH = "f582b10e4d101e59c203db1ccebfb21e88854e4b9ed635ee5ecd38229a7404cd"


def contract_hash(event: dict) -> str:
    """docs/events.md's formula, written out independently of terminal.contract.events."""
    body = json.dumps(
        {k: v for k, v in event.items() if k != "hash"},
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
    )
    return hashlib.sha256((event["prev"] + body).encode("utf-8")).hexdigest()


def test_genesis_is_64_zeros():
    assert GENESIS == "0" * 64


def test_seal_matches_the_golden_vector_and_the_formula():
    sealed = seal(OPEN)
    assert sealed["hash"] == OPEN_HASH == contract_hash(OPEN)
    assert "hash" not in OPEN  # the input is not modified
    assert {k: v for k, v in sealed.items() if k != "hash"} == OPEN


def test_seal_replaces_a_stale_hash():
    assert seal({**OPEN, "hash": "f" * 64})["hash"] == OPEN_HASH


def test_canonical_is_sorted_compact_utf8():
    assert canonical({"b": 1, "a": [1, {"é": None}]}) == '{"a":[1,{"é":null}],"b":1}'.encode()


def test_canonical_refuses_what_json_cannot_carry():
    with pytest.raises(ValueError):
        canonical({"x": float("nan")})


def test_a_chain_of_two_links_through_prev():
    first = seal(OPEN)
    second = seal(
        {**OPEN, "seq": 2, "round": 1, "kind": "round.open", "data": {}, "prev": first["hash"]}
    )
    assert second["hash"] == contract_hash(second)
    assert check_next(first, 0, GENESIS) is None
    assert check_next(second, 1, first["hash"]) is None
    assert "does not follow" in check_next(second, 2, first["hash"])
    assert "prev of seq 2" in check_next(second, 1, "a" * 64)


@pytest.mark.parametrize(
    "change, reason",
    [
        ({"data": {"croupier": "Pere"}}, "hash mismatch"),
        ({"hash": "0" * 64}, "hash mismatch"),
        ({"seq": 0}, "seq"),
        ({"seq": True}, "seq"),
        ({"round": "17"}, "round"),
        ({"ts": "2026-11-29 21:17:02"}, "ts"),
        ({"kind": ""}, "kind"),
        ({"data": [1]}, "data"),
        ({"prev": "A" * 64}, "prev"),
        ({"v": 2}, "v"),
        ({"prev": "1" * 64}, "genesis"),
    ],
)
def test_check_event_names_what_is_wrong(change, reason):
    assert check_event(seal(OPEN)) is None
    assert reason in check_event({**seal(OPEN), **change})


def test_check_event_refuses_missing_fields_and_non_objects():
    event = seal(OPEN)
    del event["game"]
    assert "game" in check_event(event)
    assert "not a JSON object" in check_event([1, 2])


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)


@given(
    data=st.dictionaries(st.text(max_size=8), json_values, max_size=5), seq=st.integers(2, 10**9)
)
def test_any_json_data_seals_checks_and_survives_a_json_round_trip(data, seq):
    event = seal({**OPEN, "seq": seq, "data": data, "prev": "ab" * 32})
    assert check_event(event) is None
    assert check_event(json.loads(canonical(event))) is None
    assert event["hash"] == contract_hash(event)


@given(data=st.dictionaries(st.text(max_size=8), st.integers(), min_size=1, max_size=5))
def test_changing_any_data_value_breaks_the_hash(data):
    event = seal({**OPEN, "data": data})
    key = next(iter(data))
    assert "hash mismatch" in check_event({**event, "data": {**data, key: data[key] + 1}})


@given(value=json_values)
def test_canonical_is_the_contracts_formula(value):
    formula = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert canonical(value) == formula.encode("utf-8")


@given(
    data=st.dictionaries(st.text(max_size=8), json_values, max_size=5),
    table=st.text(min_size=1, max_size=8),
    round_=st.none() | st.integers(0, 10**6),
    seq=st.integers(2, 10**9),
)
def test_a_sealed_event_is_what_the_contracts_rule_makes_of_it(data, table, round_, seq):
    """Sealed once, by hand around canonical(data): the bytes and the hash are exactly those
    of the rule (json.loads(canonical(data)), then canonical and sha256 of the whole)."""
    event = Sealer(table, "roulette_fr").seal(
        seq, round_, "2026-11-29T21:17:02.123Z", "bet.placed", data, "ab" * 32
    )
    rule = {
        "v": 1,
        "table": table,
        "game": "roulette_fr",
        "seq": seq,
        "round": round_,
        "ts": "2026-11-29T21:17:02.123Z",
        "kind": "bet.placed",
        "data": json.loads(canonical(data)),
        "prev": "ab" * 32,
    }
    assert event == seal(rule) and event.raw == canonical(seal(rule))
    assert event["hash"] == contract_hash(rule) and check_event(json.loads(event.raw)) is None


@pytest.mark.parametrize(
    "change, reason",
    [
        ({"kind": "round.spun"}, "not an event kind of the contract"),
        ({"round": True}, "round"),
        ({"round": "17"}, "round"),
        ({"ts": "2026-11-29 21:17:02"}, "ts"),
        ({"data": [1]}, "data is not an object"),
    ],
)
def test_the_sealer_refuses_what_the_contract_refuses(change, reason):
    args = {"seq": 1, "round": None, "ts": None, "kind": "round.open", "data": {}, "prev": GENESIS}
    with pytest.raises(ValueError, match=reason):
        Sealer("RL-01", "roulette_fr").seal(**{**args, **change})


def test_utc_ts_now_is_the_wall_clock_to_the_millisecond():
    before = datetime.now(UTC).replace(microsecond=0) - timedelta(seconds=1)
    now = datetime.strptime(utc_ts(), "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=UTC)
    assert before <= now <= datetime.now(UTC) and now.microsecond % 1000 == 0


def test_utc_ts_format_and_conversion():
    paris = timezone(timedelta(hours=1))
    assert (
        utc_ts(datetime(2026, 11, 29, 22, 17, 2, 123999, tzinfo=paris))
        == "2026-11-29T21:17:02.123Z"
    )
    assert utc_ts(datetime(2026, 1, 2, 3, 4, 5)) == "2026-01-02T03:04:05.000Z"  # naive = UTC
    assert check_event(seal({**OPEN, "ts": utc_ts()})) is None


def test_topic_and_heartbeat():
    assert topic(seal(OPEN)) == b"RL-01/table.open"
    beat = heartbeat("RL-01", 41, ts="2026-11-29T21:17:03.000Z")
    assert beat == {
        "v": 1,
        "table": "RL-01",
        "kind": "heartbeat",
        "ts": "2026-11-29T21:17:03.000Z",
        "last_seq": 41,
    }
    assert topic(beat) == b"RL-01/heartbeat"
    assert "seq" not in heartbeat("RL-01", 0) and "hash" not in heartbeat("RL-01", 0)
