"""A wheel's log reconciled with the journal: `reconcile(pages, events)` is pure. The log's
games in order (wins and misfires) and the journal's rounds of the wheel (`round.result` with a
number, its `round.correction`s, the `round.void`s and the wheel's `launch_failed` faults,
docs/events.md) are aligned (wheel_alignment.py), so that what one side has and the other lacks
is found and located: games the wheel played that the journal lacks (played while the terminal
was down, or after it stopped), and results the journal has that the wheel never logged
(another wheel's, a simulated run's, an entry by hand of a game never played). The log holds
only so many pages: the journal's results before the first game both have are older than the
log, no discrepancy.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from terminal.selftest.wheel_alignment import align
from terminal.selftest.wheel_games import (
    MISFIRE,
    RESULT,
    WIN,
    JournalGame,
    LogGame,
    LogPageLike,
    journal_games,
    log_games,
)

# row statuses
AGREE = "agree"  # a game both have
LOG_ONLY = "log_only"  # a game the wheel played that the journal lacks
JOURNAL_ONLY = "journal_only"  # a result the journal has that the log lacks
OLDER = "older"  # a journal result older than the log's first game both have
BEFORE = "before_journal"  # a game of the log from before the journal's first round
MISFIRE_ROW = "misfire"  # a misfire of the log (with the void it caused, if the journal has one)
VOID_ROW = "void"  # a void round of the journal (with the game the log has for it, if any)


@dataclass(frozen=True)
class Row:
    """One line of the side by side: a game of the log, a round of the journal, or both."""

    status: str
    log: LogGame | None
    journal: JournalGame | None


@dataclass(frozen=True)
class Gap:
    """Consecutive games one side has and the other lacks (`side`: "log" when the journal
    lacks them, "journal" when the log does), between the games both have around them
    (`after`, `before`: None at an end)."""

    side: str
    games: tuple[LogGame, ...] | tuple[JournalGame, ...]
    after: Row | None
    before: Row | None


@dataclass(frozen=True)
class Reconciliation:
    """What the records screen draws: every row in order, and what is missing either way."""

    rows: tuple[Row, ...]
    missing_from_journal: tuple[Gap, ...]
    missing_from_log: tuple[Gap, ...]
    shared: int  # games both have
    older: int  # journal results older than the log
    before_journal: int  # games of the log from before the journal's first round
    log_wins: int
    log_misfires: int
    journal_results: int
    unaligned: bool = False  # a piece too large to align was left unpaired

    @property
    def agrees(self) -> bool:
        return not self.missing_from_journal and not self.missing_from_log and not self.unaligned


def reconcile(
    wheel_log: Sequence[LogPageLike], journal_events: Iterable[Mapping[str, Any]]
) -> Reconciliation:
    """The wheel's log (its pages, as log_page() gives them) against the journal's events
    (dicts in seq order): pure, no I/O."""
    log = log_games(wheel_log)
    journal = journal_games(journal_events)
    pairs, unaligned = align(log, journal)
    rows = [_row(log, journal, a, b) for a, b in pairs]
    shared_at = [k for k, row in enumerate(rows) if row.status == AGREE]
    if shared_at:  # what comes before the first game both have
        first = shared_at[0]
        older_results = any(r.status == JOURNAL_ONLY for r in rows[:first])
        for k in range(first):
            row = rows[k]
            if row.status == JOURNAL_ONLY:
                rows[k] = Row(OLDER, None, row.journal)
            elif row.status == LOG_ONLY and not older_results:
                rows[k] = Row(BEFORE, row.log, None)
    return Reconciliation(
        rows=tuple(rows),
        missing_from_journal=tuple(_gaps(rows, LOG_ONLY, "log")),
        missing_from_log=tuple(_gaps(rows, JOURNAL_ONLY, "journal")),
        shared=len(shared_at),
        older=sum(r.status == OLDER for r in rows),
        before_journal=sum(r.status == BEFORE for r in rows),
        log_wins=sum(g.kind == WIN for g in log),
        log_misfires=sum(g.kind == MISFIRE for g in log),
        journal_results=sum(g.kind == RESULT for g in journal),
        unaligned=unaligned,
    )


def _row(log, journal, a: int | None, b: int | None) -> Row:
    w = None if a is None else log[a]
    j = None if b is None else journal[b]
    if w is not None and j is not None:
        if w.kind == MISFIRE:
            return Row(MISFIRE_ROW, w, j)
        return Row(AGREE if j.kind == RESULT else VOID_ROW, w, j)
    if w is not None:
        return Row(LOG_ONLY if w.kind == WIN else MISFIRE_ROW, w, None)
    assert j is not None
    return Row(JOURNAL_ONLY if j.kind == RESULT else VOID_ROW, None, j)


def _gaps(rows: list[Row], status: str, side: str) -> list[Gap]:
    """The runs of `status` rows between two games both have."""
    gaps: list[Gap] = []
    games: list[Any] = []
    after: Row | None = None
    ends: list[Row | None] = [*rows, None]
    for row in ends:
        if row is None or row.status == AGREE:
            if games:
                gaps.append(Gap(side, tuple(games), after, row))
                games = []
            after = row
        elif row.status == status:
            games.append(row.log if side == "log" else row.journal)
    return gaps
