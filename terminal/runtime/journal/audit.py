"""`journal verify`: the hash chain and seq continuity (docs/events.md), then the money.

After the chain, every round is settled again by the engine, from the journaled bets and
outcome under the journaled profile and limits, and must give exactly the journaled bets,
settlement and totals; every end-of-session count must equal the session's journaled results.
A `round.correction` is settled again the same way, from the table as it stood before the
result it names and with the corrected outcome (a coup dealt again with the cards of its
`moves`, each place deciding as journaled), and its money replaces that result's; it must name
the last result, before the next round opened. Replaying a journal reproduces the table.
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
from terminal.runtime.journal.store import open_reader, read_rows, verify
from terminal.runtime.loop.settle import settle
from terminal.runtime.loop.state import TableState
from terminal.runtime.staffed.correction import correction_data, corrects_seq, journaled_entry

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
    cuts: dict[int, int] = {}  # a circle table's: each round's house net, the session's
    for event in events:
        seq, data = event["seq"], event["data"]
        if state is None:
            if event["game"] not in GAMES:
                raise _Mismatch(seq, f"game {event['game']!r} cannot be re-settled by this version")
            # the state before each result kept: a correction is settled again from it
            state = TableState(event["table"], event["game"], keep_before_result=True)
        if event["kind"] == "table.open":
            engine, cuts = _engine(event), {}
        elif event["kind"] == "round.result":
            if engine is None:
                raise _Mismatch(seq, "a round result outside any session")
            _check_round(engine, state, event)
            cuts[event["round"]] = data["totals"]["house_net"]
        elif event["kind"] == "round.correction":
            if engine is None:
                raise _Mismatch(seq, "a round correction outside any session")
            _check_correction(engine, state, event)
            cuts[event["round"]] = data["totals"]["house_net"]
        elif event["kind"] == "float.count":
            _check_count(state, seq, data)
        elif event["kind"] == "cagnotte":
            if data["amount"] != cuts.get(event["round"]):
                raise _Mismatch(seq, f"the cagnotte takes {data['amount']}, not its round's cut")
        elif event["kind"] == "cagnotte.count":
            _check_cagnotte(state, seq, data, sum(cuts.values()))
        state.apply(event)


def _check_cagnotte(state: TableState, seq: int, data: dict, cut: int) -> None:
    """A circle table's cagnotte is counted against what its coups put in it, the session's
    house net (`cut`: each round's cut and its breakage): the journal's own figures must agree;
    what the people counted differs from them is the count's (`difference`)."""
    if not data["expected"] == state.cagnotte == cut:
        raise _Mismatch(
            seq,
            f"the cagnotte expected {data['expected']}, its events put in {state.cagnotte}, "
            f"the rounds' house net is {cut}",
        )
    if data["difference"] != data["counted"] - data["expected"]:
        raise _Mismatch(seq, "the cagnotte's difference is not counted less expected")


def _check_count(state: TableState, seq: int, data: dict) -> None:
    """A count the table made of its own tray must equal the session's house net; one counted
    by people (`counted_by`: chips and cash as they were in the tray and the drop box) must
    add up (chips + drop - advances) over the session's journaled advances: what it differs
    from the journal's own figures is the count's, not the journal's."""
    if "counted_by" not in data:
        if data["result"] != state.house_net:
            raise _Mismatch(
                seq,
                f"count result {data['result']} differs from the session's house net "
                f"{state.house_net}",
            )
        return
    if data["advances"] != state.advances:
        raise _Mismatch(
            seq,
            f"the count's advances {data['advances']} differ from the journal's {state.advances}",
        )
    if data["result"] != data["chips"] + data["drop"] - data["advances"]:
        raise _Mismatch(seq, "the count's result is not chips + drop - advances")
    counted = sum(int(value) * n for value, n in data.get("denominations", {}).items())
    if counted != data["chips"]:
        raise _Mismatch(seq, f"the chips counted per denomination add up to {counted}")


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
                f"round {event['round']}: the journal's {key} and the rules' settlement differ",
            )


def _check_correction(engine, state: TableState, event: dict) -> None:
    """A correction names the last result of the session, before the next round opened, and
    settles from the state before that result as journaled."""
    seq, data = event["seq"], event["data"]
    last, before = state.last_result, state.before_result
    corrects = data.get("corrects")
    if last is None or corrects != corrects_seq(last):
        named = "no seq" if corrects is None else f"seq {corrects}"
        what = "no round.result of this session is open to correction"
        if last is not None:
            what = f"the last round.result is seq {corrects_seq(last)}"
        raise _Mismatch(seq, f"the correction names {named}, which is not the last result: {what}")
    if state.round_status is not None or state.round != last["round"] or before is None:
        raise _Mismatch(
            seq,
            f"the correction of seq {corrects} (round {last['round']}) comes after round "
            f"{state.round} opened: only the last round is corrected, before the next opens",
        )
    if event["round"] != last["round"]:
        raise _Mismatch(
            seq, f"the correction of round {last['round']} is journaled in round {event['round']}"
        )
    game = GAMES[event["game"]]
    try:
        expected = correction_data(
            game,
            engine,
            before,
            last,
            journaled_entry(game, data),
            data.get("reason", ""),
            data.get("by", ""),
            now=state,
        )
    except (KeyError, TypeError, ValueError, IndexError) as e:  # an outcome the rules cannot settle
        raise _Mismatch(
            seq, f"correction of round {last['round']}: the rules refuse to settle it ({e})"
        ) from None
    for key, value in expected.items():
        if key not in ("reason", "by", "announcement") and data.get(key) != value:
            raise _Mismatch(
                seq,
                f"correction of round {last['round']} (seq {corrects}): the journal's {key} "
                "and the rules' settlement differ",
            )
