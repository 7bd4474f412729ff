"""`journal audit`: a table's journal against the pit's store of its events, seq by seq.

`journal verify` checks a journal against itself: its chain, its seqs, its money. It cannot see
what was lost after its last event (a deleted tail, a `-wal` file cut by a power loss), nor a
journal whose forger edited amounts that still add up and sealed the chain again. The pit
stored every event as the table published it, checked: an independent copy. This compares the
two and says what the journal lacks (what the pit holds beyond the journal's end, or in its
holes), what differs (content or hashes), and what the pit lacks (what it has not stored yet).

The pit's head is asked before the journal's, and the pit's events are read only up to it: an
event the table commits while the audit runs can then only show as "pit lacks", never as
"journal lacks". Both sides are streamed in seq order (the journal `BATCH` rows at a time, the
pit `CHUNK` events at a time): the memory used does not grow with the journals.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TextIO

import sqlalchemy as sa

from terminal.common.progress import ProgressLine
from terminal.common.storage import JournalError, max_seq, open_reader, read_rows, recorded_owner
from terminal.contract.events import canonical, seq_span
from terminal.feed.router import Refused
from terminal.pit.client import PitClient

PIT_TIMEOUT_S = 10.0  # the pit's answer to each request (a chunk of events from a loaded store)
PROGRESS_S = 5.0  # a progress line this often on a long journal
LISTED = 50  # events that differ in content listed one by one; the others are counted
CHAIN = ("prev", "hash")  # what differs when only the sealing does
SHOWN = 60  # characters of a value shown

JOURNAL_LACKS, DIFFERS, RESEALED, PIT_LACKS = "journal lacks", "differs", "re-sealed", "pit lacks"
LABELS = {RESEALED: DIFFERS}  # a chain sealed again differs too, in its hashes only


class AuditError(Exception):
    """The audit cannot be made: the pit cannot be asked or refuses, or the journal cannot be
    read; `usage` when the path given is no journal at all."""

    def __init__(self, message: str, *, usage: bool = False):
        super().__init__(message)
        self.usage = usage


@dataclass(frozen=True)
class Finding:
    """Seqs `first`-`last` of one kind (one seq for DIFFERS, in content); `detail` says how."""

    kind: str
    first: int
    last: int
    detail: str | None = None

    @property
    def count(self) -> int:
        return self.last - self.first + 1

    @property
    def label(self) -> str:
        return LABELS.get(self.kind, self.kind)

    def line(self) -> str:
        return f"{self.label} {seq_span(self.first, self.last)}: {self.detail}"


def compare(
    journal: Iterable[tuple[int, str]],
    pit: Iterable[dict],
    on_seq: Callable[[int], None] = lambda seq: None,
) -> Iterator[Finding]:
    """What differs between the journal's (seq, body) and the pit's events, both in seq order:
    runs of seqs one side lacks and of seqs that differ only in their hashes as one finding
    each, every difference in content as one of its own. `on_seq(seq)` is told of every seq
    compared."""
    run = None
    for seq, kind, detail in _verdicts(iter(journal), iter(pit)):
        on_seq(seq)
        if run is not None and kind == run.kind != DIFFERS and seq == run.last + 1:
            run = replace(run, last=seq)
            continue
        if run is not None:
            yield _ended(run, journal_goes_on=True)
        run = None if kind is None else Finding(kind, seq, seq, detail)
    if run is not None:
        yield _ended(run, journal_goes_on=False)


def _verdicts(journal: Iterator[tuple[int, str]], pit: Iterator[dict]) -> Iterator[tuple]:
    """(seq, kind or None when both sides hold the same event, detail of a DIFFERS) for every
    seq either side holds."""
    mine, theirs = next(journal, None), next(pit, None)
    while mine is not None or theirs is not None:
        if theirs is None or (mine is not None and mine[0] < theirs["seq"]):
            assert mine is not None  # theirs is None: the loop goes on while either side holds one
            yield mine[0], PIT_LACKS, None
            mine = next(journal, None)
        elif mine is None or mine[0] > theirs["seq"]:
            yield theirs["seq"], JOURNAL_LACKS, None
            theirs = next(pit, None)
        else:
            yield mine[0], *_verdict(mine[1], theirs)
            mine, theirs = next(journal, None), next(pit, None)


def _verdict(body: str, theirs: dict) -> tuple[str | None, str | None]:
    """JSON for JSON (1, 1.0 and true are three values), whatever the order of the keys."""
    pit_body = canonical(theirs)
    # both as the table sealed them: the usual case, no decoding
    if body.encode("utf-8") == pit_body:
        return None, None
    mine = _decoded(body)
    if mine is None:
        return DIFFERS, "the journal's body is not JSON"
    if canonical(mine) == pit_body:
        return None, None
    found = _first_difference(
        {k: v for k, v in mine.items() if k not in CHAIN},
        {k: v for k, v in theirs.items() if k not in CHAIN},
        "",
    )
    if found is None:
        return RESEALED, None
    path, in_journal, at_pit = found
    return DIFFERS, f"{path} is {_shown(in_journal)} in the journal, {_shown(at_pit)} at the pit"


_ABSENT = object()


def _first_difference(mine: Any, theirs: Any, path: str) -> tuple[str, Any, Any] | None:
    """The path of the first value that differs (keys in order, list items in order), and both
    values."""
    if isinstance(mine, dict) and isinstance(theirs, dict):
        for key in sorted(mine.keys() | theirs.keys()):
            found = _first_difference(
                mine.get(key, _ABSENT), theirs.get(key, _ABSENT), f"{path}.{key}" if path else key
            )
            if found is not None:
                return found
    elif isinstance(mine, list) and isinstance(theirs, list):
        for i, (a, b) in enumerate(zip(mine, theirs)):
            found = _first_difference(a, b, f"{path}[{i}]")
            if found is not None:
                return found
    return None if _same(mine, theirs) else (path, mine, theirs)


def _same(mine: Any, theirs: Any) -> bool:
    return mine is not _ABSENT and theirs is not _ABSENT and canonical(mine) == canonical(theirs)


def _decoded(body: str) -> dict | None:
    """The journal's event, if its body is a JSON object (NaN is not JSON)."""
    try:
        event = json.loads(body)
        canonical(event)
    except ValueError:
        return None
    return event if isinstance(event, dict) else None


def _shown(value: Any) -> str:
    if value is _ABSENT:
        return "absent"
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= SHOWN else text[: SHOWN - 1] + "…"


def _ended(run: Finding, journal_goes_on: bool) -> Finding:
    """A run of seqs, with what it means now that it is known what follows it."""
    if run.detail is not None:
        return run
    if run.kind == JOURNAL_LACKS and journal_goes_on:
        detail = f"stored by the pit, missing in the journal, which goes on at seq {run.last + 1}"
    elif run.kind == JOURNAL_LACKS:
        end = f"its last seq is {run.first - 1}" if run.first > 1 else "it holds no event"
        detail = f"stored by the pit, past the journal's end ({end})"
    elif run.kind == PIT_LACKS:
        detail = "journaled, not stored by the pit (yet)"
    else:
        detail = "the same content under other hashes (a chain sealed again)"
    return replace(run, detail=detail)


# -- the command


def audit(path: str | Path, endpoint: str, *, out: TextIO, err: TextIO, setup=None) -> bool:
    """Compare the journal at `path` with what the pit collector whose control endpoint is
    `endpoint` stored of its table (`setup`: CURVE on the socket), print the findings on `out`
    and progress on `err`; True when they are identical. AuditError when it cannot be done."""
    try:
        reader = open_reader(path)
    except JournalError as exc:
        raise AuditError(str(exc), usage=True) from None
    client = PitClient(endpoint, timeout=PIT_TIMEOUT_S, setup=setup)
    try:
        table = _table_of(reader, path)
        head = client.table(table)["table"][
            "last_seq"
        ]  # before the journal's: see the module's docstring
        last = max_seq(reader)
        print(
            f"journal {path}: table {table}, last seq {last}; "
            f"the pit at {endpoint}: last seq stored {head}",
            file=out,
            flush=True,
        )
        journal = ((row.seq, row.body) for row in read_rows(reader, 1, last))
        line, total = ProgressLine(err, PROGRESS_S), max(last, head)
        findings = compare(
            journal,
            client.events(table, 1, head),
            lambda seq: line("journal audit: seq {} of {} compared", seq, total),
        )
        return _report(findings, out)
    except ConnectionError as exc:
        raise AuditError(f"cannot compare with the pit: {exc}") from None
    except Refused as exc:
        raise AuditError(f"the pit at {endpoint} refused: {exc}") from None
    except JournalError as exc:
        raise AuditError(f"cannot read the journal {path}: {exc}") from None
    finally:
        client.close()
        reader.dispose()


def _table_of(reader: sa.Engine, path: str | Path) -> str:
    """The table the journal belongs to: as it records itself, else as its first event says."""
    try:
        with reader.connect() as conn:
            owner = recorded_owner(conn)
    except sa.exc.SQLAlchemyError as exc:
        raise JournalError(str(exc)) from exc
    if owner:
        return owner
    first = next(read_rows(reader), None)
    if first is None:
        raise AuditError(f"journal {path} holds no event and names no table", usage=True)
    return json.loads(first.body)["table"]


def _report(findings: Iterable[Finding], out: TextIO) -> bool:
    """Print the findings (the first LISTED differences in content, the others counted) and a
    verdict; True when there was none."""
    counts = dict.fromkeys((JOURNAL_LACKS, DIFFERS, PIT_LACKS), 0)
    in_content = 0
    for finding in findings:
        counts[finding.label] += finding.count
        in_content += finding.kind == DIFFERS
        if finding.kind != DIFFERS or in_content <= LISTED:
            print(finding.line(), file=out, flush=True)
    if in_content > LISTED:
        print(f"... and {in_content - LISTED} more that differ in content, not listed", file=out)
    if not any(counts.values()):
        print(
            "identical: every event of the journal is the pit's, seq for seq, hash and body",
            file=out,
        )
        return True
    print(
        f"NOT IDENTICAL: {counts[JOURNAL_LACKS]} events lacking in the journal, "
        f"{counts[DIFFERS]} differing, {counts[PIT_LACKS]} lacking at the pit",
        file=out,
    )
    return False
