"""Table events as `docs/events.md` defines them: the hash chain, canonical JSON, topics, heartbeats.

An event is a plain dict; `seal` gives it its `hash`, `check_event` tells whether a dict
received from anywhere (the journal, the feed, a replay) is a well-formed event whose own hash
is right. Linking an event to its predecessor (`prev`) needs the previous event, so that check
belongs to whoever reads the chain (`journal.verify`, `feed.follow`).
"""

from __future__ import annotations

import hashlib
import json
import re
from datetime import datetime, timezone
from typing import Any

GENESIS = "0" * 64
MAX_SEQ = 2**63 - 1  # the largest seq a journal (an SQLite integer) can hold

FIELDS = ("v", "table", "game", "seq", "round", "ts", "kind", "data", "prev", "hash")
_HEX64 = re.compile(r"[0-9a-f]{64}")
_TS = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z")


def utc_ts(when: datetime | None = None) -> str:
    """`when` (UTC now by default) as `YYYY-MM-DDTHH:MM:SS.mmmZ`; a naive datetime is taken as UTC."""
    if when is None:
        when = datetime.now(timezone.utc)
    elif when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    when = when.astimezone(timezone.utc)
    return when.strftime("%Y-%m-%dT%H:%M:%S.") + f"{when.microsecond // 1000:03d}Z"


def canonical(obj: Any) -> bytes:
    """The canonical JSON of docs/events.md, UTF-8 encoded.

    `allow_nan=False` only refuses NaN and infinities, which are not JSON; for everything else
    the bytes are exactly those of the contract's formula.
    """
    return json.dumps(
        obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    ).encode("utf-8")


def _digest(event: dict) -> str:
    body = {key: value for key, value in event.items() if key != "hash"}
    return hashlib.sha256(event["prev"].encode("utf-8") + canonical(body)).hexdigest()


def seal(event: dict) -> dict:
    """A copy of `event` with `hash` computed over everything else (any old `hash` is replaced)."""
    sealed = {key: value for key, value in event.items() if key != "hash"}
    sealed["hash"] = _digest(sealed)
    return sealed


def is_int(value: Any) -> bool:
    """A JSON integer (Python's bool is an int, JSON's true is not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_seq(value: Any) -> bool:
    """A JSON integer a journal or a store can hold as a seq (a request asking beyond is refused)."""
    return is_int(value) and -MAX_SEQ <= value <= MAX_SEQ


def _is_hex64(value: Any) -> bool:
    return isinstance(value, str) and _HEX64.fullmatch(value) is not None


def _malformed(event: Any) -> str | None:
    if not isinstance(event, dict):
        return f"not a JSON object: {type(event).__name__}"
    missing = [name for name in FIELDS if name not in event]
    if missing:
        return f"missing field(s) {', '.join(missing)}"
    checks = (
        (event["v"] == 1 and is_int(event["v"]), "v is not 1"),
        (isinstance(event["table"], str) and event["table"] != "", "table is not a non-empty string"),
        (isinstance(event["game"], str), "game is not a string"),
        (is_int(event["seq"]) and event["seq"] >= 1, "seq is not an integer >= 1"),
        (event["round"] is None or is_int(event["round"]), "round is neither an integer nor null"),
        (isinstance(event["ts"], str) and _TS.fullmatch(event["ts"]), "ts is not YYYY-MM-DDTHH:MM:SS.mmmZ"),
        (isinstance(event["kind"], str) and event["kind"] != "", "kind is not a non-empty string"),
        (isinstance(event["data"], dict), "data is not an object"),
        (_is_hex64(event["prev"]), "prev is not 64 lowercase hex"),
        (_is_hex64(event["hash"]), "hash is not 64 lowercase hex"),
    )
    for ok, reason in checks:
        if not ok:
            return reason
    if event["seq"] == 1 and event["prev"] != GENESIS:
        return "seq 1 does not start from the genesis prev (64 zeros)"
    return None


def check_event(event: Any) -> str | None:
    """None if `event` is well formed and its `hash` matches its content, else the reason."""
    reason = _malformed(event)
    if reason is not None:
        return reason
    try:
        digest = _digest(event)
    except (TypeError, ValueError) as exc:
        return f"content is not JSON: {exc}"
    if digest != event["hash"]:
        return f"hash mismatch: content hashes to {digest[:12]}..., event says {event['hash'][:12]}..."
    return None


def check_next(event: Any, last_seq: int, last_hash: str) -> str | None:
    """None if `event` is valid (`check_event`) and directly follows the event (`last_seq`,
    `last_hash`) of its chain (0 and GENESIS before the first), else the reason."""
    return check_event(event) or check_link(event, last_seq, last_hash)


def check_link(event: dict, last_seq: int, last_hash: str) -> str | None:
    """For an event `check_event` passed: None if it directly follows (`last_seq`,
    `last_hash`), else the reason."""
    if event["seq"] != last_seq + 1:
        return f"seq {event['seq']} does not follow seq {last_seq}"
    if event["prev"] != last_hash:
        return f"prev of seq {event['seq']} is not the hash of seq {last_seq}"
    return None


def seq_span(first: int, last: int) -> str:
    """A run of seqs as a person reads it: `seq 7`, `seq 7-9`."""
    return f"seq {first}" if first == last else f"seq {first}-{last}"


def topic(event: dict) -> bytes:
    """The PUB topic: `<table>/<kind>` (subscribe `<table>/` for one table)."""
    return f"{event['table']}/{event['kind']}".encode("utf-8")


def heartbeat(table: str, last_seq: int, ts: str | None = None) -> dict:
    """The once-a-second liveness message; never journaled, no seq, no hash."""
    return {"v": 1, "table": table, "kind": "heartbeat", "ts": ts or utc_ts(), "last_seq": last_seq}
