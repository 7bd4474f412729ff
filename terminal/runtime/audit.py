"""`journal verify`: the hash chain and seq continuity (docs/events.md), then the money.

After the chain, every round is settled again by the engine, from the journaled bets and
outcome under the journaled profile and limits, and must give exactly the journaled bets,
settlement and totals; every end-of-session count must equal the session's journaled results.
Replaying a journal reproduces the table.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from games.records import Limits
from games.registry import GAMES
from games.rulebook import RulebookError, load_rules
from terminal.common.settings import config_dir
from terminal.runtime.journal import open_reader, read_rows, verify
from terminal.runtime.settle import settle
from terminal.runtime.state import TableState

# What a journal cannot show about itself: said after every verdict of `journal verify`.
LIMITS = (
    "verify checks the journal against itself: it cannot see events lost after its last one "
    "(a cut -wal file, a deleted tail) nor a journal re-sealed whole; compare it with the pit's "
    "store for that: dealer-terminal journal audit --db JOURNAL --pit ENDPOINT"
)


@dataclass(frozen=True)
class AuditReport:
    """`bad_seq` None with `ok` False: the file is no journal at all (`reason` says why)."""

    ok: bool
    events: int
    last_seq: int
    bad_seq: int | None = None
    reason: str = ""

    @property
    def unusable(self) -> bool:
        return not self.ok and self.bad_seq is None

    def summary(self) -> str:
        if self.unusable:
            return f"cannot verify: {self.reason}"
        if self.ok and not self.events:
            return f"the journal holds no events\n{LIMITS}"
        if self.ok:
            return (
                f"journal intact: {self.events} events, seq 1-{self.last_seq}, "
                f"every round settles as journaled\n{LIMITS}"
            )
        return f"journal BROKEN at seq {self.bad_seq}: {self.reason}"


class _Mismatch(Exception):
    def __init__(self, seq: int, reason: str):
        super().__init__(reason)
        self.seq, self.reason = seq, reason


def audit(path: str | Path) -> AuditReport:
    chain = verify(path)
    if not chain.ok:
        assert chain.reason is not None  # verify says why whenever the chain is not ok
        return AuditReport(False, chain.events, chain.last_seq, chain.bad_seq, chain.reason)
    reader = open_reader(path)
    try:
        _resettle(json.loads(row.body) for row in read_rows(reader))
    except _Mismatch as bad:
        return AuditReport(False, chain.events, chain.last_seq, bad.seq, bad.reason)
    finally:
        reader.dispose()
    return AuditReport(True, chain.events, chain.last_seq)


def _resettle(events: Iterable[dict]) -> None:
    state: TableState | None = None
    engine = None
    for event in events:
        seq, data = event["seq"], event["data"]
        if state is None:
            if event["game"] not in GAMES:
                raise _Mismatch(seq, f"game {event['game']!r} cannot be re-settled by this version")
            state = TableState(event["table"], event["game"])
        if event["kind"] == "table.open":
            engine = _engine(event)
        elif event["kind"] == "round.result":
            if engine is None:
                raise _Mismatch(seq, "a round result outside any session")
            _check_round(engine, state, event)
        elif event["kind"] == "float.count" and data["result"] != state.house_net:
            raise _Mismatch(
                seq,
                f"count result {data['result']} differs from the session's house net "
                f"{state.house_net}",
            )
        state.apply(event)


def _engine(event: dict):
    data = event["data"]
    try:
        rules = load_rules(config_dir() / "rulebooks", data["profile"], event["game"])
    except RulebookError as exc:
        raise _Mismatch(event["seq"], f"rulebook of the session unavailable: {exc}") from None
    return GAMES[event["game"]].engine(rules, Limits.from_json(data["limits"]))


def _check_round(engine, state: TableState, event: dict) -> None:
    data = event["data"]
    last_round = data.get("last_round", False)
    try:
        settled = settle(
            GAMES[event["game"]], engine, state, data["outcome"], last_round=last_round
        )
        expected = settled.data(last_round=last_round)
    except ValueError as e:  # an outcome or a round the rules cannot settle
        raise _Mismatch(
            event["seq"], f"round {event['round']}: the rules refuse to settle it ({e})"
        ) from None
    for key, value in expected.items():
        if key not in ("outcome", "announcement") and data.get(key) != value:
            raise _Mismatch(
                event["seq"],
                f"round {event['round']}: journaled {key} differ from the rules' settlement",
            )
