"""Table events as `docs/events.md` defines them: hash chain, canonical JSON, topics, heartbeats.

An event is a dict of its ten fields. The terminal's own events are sealed once, by a
`Sealer`: an `Event` (a read-only dict) whose hash is computed once and whose canonical JSON,
`Event.raw`, is made once; the journal stores those bytes, the feed publishes them and the
replay serves them from the journal, so every consumer gets the same bytes. `seal` gives any
dict its `hash` (tests, tools), `check_event` tells whether a dict received from outside (the
journal file, the feed, a replay) is a well-formed event whose own hash is right. Linking an
event to its predecessor (`prev`) needs the previous event, so that check belongs to whoever
reads the chain (`journal.verify`, `feed.follow`).
"""

from __future__ import annotations

import hashlib
import json
import json.encoder
import json.scanner
import re
import time
from collections.abc import Collection
from datetime import UTC, datetime
from json.encoder import encode_basestring
from typing import Any

from terminal.contract.kinds import KINDS, clash, refusal

# CPython's C speedups of json, which json.dumps and json.loads use themselves (None on a Python
# without them; the typeshed stubs do not name them)
c_make_encoder: Any = getattr(json.encoder, "c_make_encoder", None)
c_make_scanner: Any = getattr(json.scanner, "c_make_scanner", None)

GENESIS = "0" * 64
MAX_SEQ = 2**63 - 1  # the largest seq a journal (an SQLite integer) can hold

FIELDS = ("v", "table", "game", "seq", "round", "ts", "kind", "data", "prev", "hash")
_HEX64 = re.compile(r"[0-9a-f]{64}")
_TS = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z")


_second: tuple[int, str] = (-1, "")  # the last whole second utc_ts wrote, and its text


def utc_ts(when: datetime | None = None) -> str:
    """`when` (UTC now by default) as `YYYY-MM-DDTHH:MM:SS.mmmZ`; a naive datetime is UTC."""
    global _second
    if when is None:  # now: the date and time of day are formatted once a second
        seconds, ns = divmod(time.time_ns(), 1_000_000_000)
        second, text = _second
        if second != seconds:
            text = time.strftime("%Y-%m-%dT%H:%M:%S.", time.gmtime(seconds))
            _second = (seconds, text)
        return f"{text}{ns // 1_000_000:03d}Z"
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    when = when.astimezone(UTC)
    return when.strftime("%Y-%m-%dT%H:%M:%S.") + f"{when.microsecond // 1000:03d}Z"


def _not_json(obj: Any) -> Any:
    raise TypeError(f"Object of type {type(obj).__name__} is not JSON serializable")


if c_make_encoder is not None:
    # What json.dumps(sort_keys=True, separators=(",", ":"), ensure_ascii=False,
    # allow_nan=False) runs, made once (no circular-reference check: a cycle is a RecursionError).
    _encode = c_make_encoder(None, _not_json, encode_basestring, None, ":", ",", True, False, False)

    def _canonical_text(obj: Any) -> str:
        return "".join(_encode(obj, 0))

else:  # pragma: no cover - CPython always has the C encoder

    def _canonical_text(obj: Any) -> str:
        return json.dumps(
            obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
        )


def canonical(obj: Any) -> bytes:
    """The canonical JSON of docs/events.md, UTF-8 encoded.

    `allow_nan=False` only refuses NaN and infinities, which are not JSON; for everything else
    the bytes are exactly those of the contract's formula.
    """
    return _canonical_text(obj).encode("utf-8")


def _digest(event: dict) -> str:
    body = {key: value for key, value in event.items() if key != "hash"}
    return hashlib.sha256(event["prev"].encode("utf-8") + canonical(body)).hexdigest()


def seal(event: dict) -> dict:
    """A copy of `event` with `hash` computed over everything else (any old `hash` is replaced)."""
    sealed = {key: value for key, value in event.items() if key != "hash"}
    sealed["hash"] = _digest(sealed)
    return sealed


class Event(dict):
    """A sealed event: its ten fields as a dict that cannot be changed (`dict(event)` is a copy
    that can), and `raw`, its canonical JSON with `hash`: the bytes the journal stores as the
    row's body, the feed publishes and the replay serves.

    Only a `Sealer` makes one, computing `hash` and `raw` together, so an Event's hash is right
    by construction (its `data` is its own copy: see `Sealer.seal`).
    """

    __slots__ = ("raw",)
    raw: bytes

    def _read_only(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError("a sealed event cannot change; dict(event) is a copy that can")

    __setitem__ = __delitem__ = __ior__ = _read_only
    clear = pop = popitem = setdefault = update = _read_only

    def __reduce__(self) -> tuple:  # copy, deepcopy and pickle make an Event again
        return (_event, (dict(self), self.raw))


def _event(fields: dict, raw: bytes) -> Event:
    event = Event(fields)
    event.raw = raw
    return event


def as_event(event: dict) -> Event:
    """An event received from elsewhere that `check_event` passed, as an Event carrying its
    canonical bytes (serialised here, once)."""
    return _event(dict(event), canonical(event))


# An object key that is not a string is written as a number, true, false or null (json
# converts it after sorting, so the sorted order may not be that of its text).
_KEY_NOT_TEXT = re.compile(r'[{,]"(?:[-0-9]|true"|false"|null")')
_scan = c_make_scanner(json.JSONDecoder()) if c_make_scanner is not None else None


# Each kind's part of an event's canonical JSON, written once.
def _kind_json(kind: str) -> str:
    return ',"kind":' + _canonical_text(kind)


_KIND_JSON = {kind: _kind_json(kind) for kind in KINDS}


# hashlib lets go of the GIL to hash 2048 bytes or more: the sealing thread (the table's) then
# waits to get it back from the journal writer's thread, for up to the switch interval
# (sys.getswitchinterval(), 5 ms). Smaller pieces hash as fast and keep it.
_GIL_PIECE = 2047


def _hash_in(digest: Any, data: bytes) -> None:
    if len(data) <= _GIL_PIECE:
        digest.update(data)
        return
    view = memoryview(data)
    for start in range(0, len(data), _GIL_PIECE):
        digest.update(view[start : start + _GIL_PIECE])


class Sealer:
    """Seals the events of one table and game (docs/events.md): each event's `hash` computed
    once and its canonical JSON written once, around `canonical(data)` (the ten top-level keys
    are fixed and sorted: data, game, hash, kind, prev, round, seq, table, ts, v), so that no
    event is serialised twice and none is parsed back.

    `data` is still copied, through its canonical JSON (parsed once, by the C scanner), so
    that the event's `data` is exactly what subscribers decode (a tuple a list, a key a
    string) and belongs to the event alone. No caller needs it today: the seeded runs of the
    nine games pass no tuple and no key that is not a string, and change no data after emit.
    It is kept because the sealed event is read again after the caller has moved on (the
    replay's `state` folds it on the writer's thread, the console prints it), so a caller or
    an engine reusing a dict later would otherwise make what the table folds differ from what
    it journaled, silently. It costs about 0.5 us of a bet's 4 us and 14 us of a round
    result's 44 us.
    """

    def __init__(self, table: str, game: str, kinds: Collection[str] = ()):
        """`kinds`: the game's own event kinds, sealed beside the contract's shared ones."""
        if not isinstance(table, str) or table == "":
            raise ValueError("table is not a non-empty string")
        if not isinstance(game, str):
            raise ValueError("game is not a string")
        if clashing := clash(kinds):
            raise ValueError(f"the game {game!r} redefines the contract's kinds {clashing}")
        self.table, self.game = table, game
        self._own = tuple(kinds)
        self._kind_json = _KIND_JSON | {kind: _kind_json(kind) for kind in kinds}
        self._game = ',"game":' + _canonical_text(game)
        self._table = ',"table":' + _canonical_text(table) + ',"ts":"'

    def seal(
        self, seq: int, round: int | None, ts: str | None, kind: str, data: dict, prev: str
    ) -> Event:
        """The event `seq` of `kind`, chained on `prev`: the caller keeps the chain (the hash
        of the event before, GENESIS before seq 1). ValueError, naming the field, for what the
        contract refuses; TypeError or ValueError (from json) for data that is not JSON."""
        kind_json = self._kind_json.get(kind)
        if kind_json is None:
            raise ValueError(refusal(kind, self._own))
        if round is None:
            round_json = "null"
        elif type(round) is int or is_int(round):
            round = int(round)
            round_json = int.__repr__(round)
        else:
            raise ValueError("round is neither an integer nor null")
        if ts is None:
            ts = utc_ts()
        elif not (isinstance(ts, str) and _TS.fullmatch(ts)):
            raise ValueError("ts is not YYYY-MM-DDTHH:MM:SS.mmmZ")
        if type(seq) is not int or seq < 1 or len(prev) != 64:
            raise ValueError("seq and prev are not those of a chain")
        text = _canonical_text(data)
        if text == "{}":
            copy: Any = {}
        else:
            copy = _scan(text, 0)[0] if _scan is not None else json.loads(text)
            if type(copy) is not dict:
                raise ValueError("data is not an object")
            if _KEY_NOT_TEXT.search(text):  # rare: written as the copy sorts its keys
                text = _canonical_text(copy)
        head = f'{{"data":{text}{self._game}'.encode()
        tail = (
            f'{kind_json},"prev":"{prev}","round":{round_json},"seq":{seq}'
            f'{self._table}{ts}","v":1}}'
        ).encode()
        digest = hashlib.sha256(prev.encode())
        _hash_in(digest, head)
        _hash_in(digest, tail)
        hash_ = digest.hexdigest()
        event = Event(
            {
                "v": 1,
                "table": self.table,
                "game": self.game,
                "seq": seq,
                "round": round,
                "ts": ts,
                "kind": kind,
                "data": copy,
                "prev": prev,
                "hash": hash_,
            }
        )
        event.raw = b"".join((head, b',"hash":"', hash_.encode(), b'"', tail))
        return event


def is_int(value: Any) -> bool:
    """A JSON integer (Python's bool is an int, JSON's true is not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_seq(value: Any) -> bool:
    """A JSON integer a journal or a store can hold as a seq (a request beyond it is refused)."""
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
        (
            isinstance(event["table"], str) and event["table"] != "",
            "table is not a non-empty string",
        ),
        (isinstance(event["game"], str), "game is not a string"),
        (is_int(event["seq"]) and event["seq"] >= 1, "seq is not an integer >= 1"),
        (event["round"] is None or is_int(event["round"]), "round is neither an integer nor null"),
        (
            isinstance(event["ts"], str) and _TS.fullmatch(event["ts"]),
            "ts is not YYYY-MM-DDTHH:MM:SS.mmmZ",
        ),
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
        return (
            f"hash mismatch: content hashes to {digest[:12]}..., event says {event['hash'][:12]}..."
        )
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
    return f"{event['table']}/{event['kind']}".encode()


def heartbeat(table: str, last_seq: int, ts: str | None = None) -> dict:
    """The once-a-second liveness message; never journaled, no seq, no hash."""
    return {"v": 1, "table": table, "kind": "heartbeat", "ts": ts or utc_ts(), "last_seq": last_seq}
