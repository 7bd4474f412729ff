"""A wheel's own records beside the table's journal: the games its log holds (a Cammegh's `*s`
pages) reconciled with the journal's results, its statistics (`*w *W *M`) beside the same
figures computed from the journal, and its clock against the terminal's UTC.

`reconcile(pages, events)` is pure: the log's games in order (wins and misfires) and the
journal's rounds of the wheel (`round.result` with a number, its `round.correction`s, the
`round.void`s and the wheel's `launch_failed` faults, docs/events.md) are aligned, so that what
one side has and the other lacks is found and located: games the wheel played that the journal
lacks (played while the terminal was down, or after it stopped), and results the journal has
that the wheel never logged (another wheel's, a simulated run's, an entry by hand of a game
never played). The log holds only so many pages: the journal's results before the first game
both have are older than the log, no discrepancy. `read_records(wheel, events)` reads the wheel
(duck-typed: a wheel with `log_pages()`), `records_checks(wheel, events)` says what a technician
acts on, as self-test checks.

The alignment scores a game both have +2 and a game (a win, a result) one side lacks -1; a
misfire the journal has no void for, and a void round the log has nothing for, cost nothing (a
misfire the wheel got over voids no round, and most voids leave nothing in the log); a logged
misfire beside the void of a failed launch, or a logged win beside a round the table voided (the
terminal restarted during it, the link was lost), pair up. Gaps at either end cost nothing. Long
logs are cut at runs of games both sides have in the same order, and aligned between them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from datetime import UTC, datetime
from fractions import Fraction
from typing import Any, Protocol

from drivers.errors import DeviceError
from drivers.selftest import SelfTestCheck
from games.bias import chi_squared

WIN, MISFIRE = "win", "misfire"
RESULT, VOID = "result", "void"
# row statuses
AGREE = "agree"  # a game both have
LOG_ONLY = "log_only"  # a game the wheel played that the journal lacks
JOURNAL_ONLY = "journal_only"  # a result the journal has that the log lacks
OLDER = "older"  # a journal result older than the log's first game both have
BEFORE = "before_journal"  # a game of the log from before the journal's first round
MISFIRE_ROW = "misfire"  # a misfire of the log (with the void it caused, if the journal has one)
VOID_ROW = "void"  # a void round of the journal (with the game the log has for it, if any)

MATCH, PAIR_MISFIRE, PAIR_VOID, GAP = 2.0, 1.0, 0.5, -1.0
ANCHOR = 8  # games in a row both sides have, in the same order, that cut a long alignment
ANCHOR_HITS = 16  # the places a run of ANCHOR numbers is looked for (a log of repeats: no more)
FULL_CELLS = 250_000  # alignments this size are done in one piece
MAX_CELLS = 4_000_000  # a piece larger than this is not aligned: its games are left unpaired
DEFAULT_DRIFT = 60.0  # seconds the wheel's clock may be off the terminal's
SHOWN = 8  # games named in a detail before "and N more"


@dataclass(frozen=True)
class LogGame:
    """One entry of the wheel's log: `index` its place in the whole log (oldest first), `page`
    and `entry` where it is."""

    index: int
    page: int
    entry: int
    kind: str  # "win" or "misfire"
    number: int

    @property
    def where(self) -> str:
        return f"page {self.page} entry {self.entry}"


@dataclass(frozen=True)
class JournalGame:
    """A round of the journal the wheel should have logged: a result (`number` as first
    journaled, what the wheel sensed; `corrected` what a correction made it) or a void
    (`reason`; `misfire`: a failed launch, the wheel's `launch_failed`)."""

    seq: int
    round: int | None
    kind: str  # "result" or "void"
    number: int | None = None
    corrected: int | None = None
    source: str = "sensor"  # or "manual": entered by hand
    reason: str = ""
    misfire: bool = False
    ts: str = ""

    @property
    def final(self) -> int | None:
        """The number that stands: the correction's, or the result's."""
        return self.corrected if self.corrected is not None else self.number

    @property
    def where(self) -> str:
        return f"round {self.round} (seq {self.seq})"


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


@dataclass(frozen=True)
class Figures:
    """One side's statistics: games, wins by number (0 first), misfires, Pearson's chi-squared
    and its percentage (the confidence the wheel is not fair, as the Cammegh gives it)."""

    games: int
    wins: tuple[int, ...]
    misfires: int
    chi_squared: float
    percent: float


@dataclass(frozen=True)
class WheelRecords:
    """The wheel's records beside the journal's: `wheel` None when its statistics could not be
    read, `clock_offset` the seconds its clock is ahead of the terminal's UTC, `problems` what
    could not be read and why (what -> the error)."""

    wheel: Figures | None
    journal: Figures
    clock_offset: float | None
    reconciliation: Reconciliation | None
    problems: tuple[tuple[str, str], ...] = ()
    max_drift: float = DEFAULT_DRIFT


class _LogPage(Protocol):
    page: int

    @property
    def entries(self) -> Sequence[Any]: ...


# The journal


def journal_games(events: Iterable[Mapping[str, Any]]) -> list[JournalGame]:
    """The journal's rounds of the wheel in seq order: results with a number (corrections
    applied), voids (a failed launch marked)."""
    games: list[JournalGame] = []
    by_seq: dict[int, int] = {}
    launch_failed: set[int] = set()  # rounds with a wheel launch_failed fault
    for event in events:
        kind, data = event.get("kind"), event.get("data") or {}
        seq, round_ = event.get("seq"), event.get("round")
        if kind == "round.result":
            number = (data.get("outcome") or {}).get("number")
            if type(number) is int and type(seq) is int:
                by_seq[seq] = len(games)
                games.append(
                    JournalGame(
                        seq,
                        round_,
                        RESULT,
                        number,
                        source=data["outcome"].get("source", "sensor"),
                        ts=str(event.get("ts", "")),
                    )
                )
        elif kind == "round.correction":
            number = (data.get("outcome") or {}).get("number")
            at = by_seq.get(data.get("corrects"))  # type: ignore[arg-type]
            if at is not None and type(number) is int:
                game = games[at]
                games[at] = JournalGame(
                    game.seq,
                    game.round,
                    RESULT,
                    game.number,
                    corrected=number,
                    source=game.source,
                    ts=game.ts,
                )
        elif kind == "round.void" and type(seq) is int:
            games.append(
                JournalGame(
                    seq,
                    round_,
                    VOID,
                    reason=str(data.get("reason", "")),
                    misfire=round_ in launch_failed,
                    ts=str(event.get("ts", "")),
                )
            )
        elif _misfire_fault(event) and round_ is not None:
            launch_failed.add(round_)
    return games


def _misfire_fault(event: Mapping[str, Any]) -> bool:
    data = event.get("data") or {}
    return (
        event.get("kind") == "fault"
        and data.get("device") == "wheel"
        and data.get("code") == "launch_failed"
    )


def log_games(pages: Sequence[_LogPage]) -> list[LogGame]:
    """The log's entries in order, oldest first, each with its page and place."""
    games: list[LogGame] = []
    for page in sorted(pages, key=lambda p: p.page):
        for entry, item in enumerate(page.entries):
            games.append(LogGame(len(games), page.page, entry, item.kind, item.number))
    return games


# The alignment


def _pair(w: LogGame, j: JournalGame) -> float | None:
    if w.kind == WIN and j.kind == RESULT and w.number in (j.number, j.corrected):
        return MATCH
    if w.kind == MISFIRE and j.kind == VOID and j.misfire:
        return PAIR_MISFIRE
    if w.kind == WIN and j.kind == VOID and not j.misfire:
        return PAIR_VOID
    return None


def _gap_log(w: LogGame) -> float:
    return GAP if w.kind == WIN else 0.0


def _gap_journal(j: JournalGame) -> float:
    return GAP if j.kind == RESULT else 0.0


Pairs = list[tuple[int | None, int | None]]  # (log index, journal index) in order


def _alone(log_range: range, journal_range: range) -> Pairs:
    return [(i, None) for i in log_range] + [(None, j) for j in journal_range]


def _align_piece(
    log: Sequence[LogGame], journal: Sequence[JournalGame], free_start: bool, free_end: bool
) -> Pairs:
    """The best alignment of two pieces: pairs, and each game left alone with None beside it.
    `free_start`/`free_end`: the games before the first pair (after the last) cost nothing."""
    n, m = len(log), len(journal)
    if n == 0 or m == 0 or n * m > MAX_CELLS:
        return _alone(range(n), range(m))
    gap_w = [_gap_log(w) for w in log]
    gap_j = [_gap_journal(j) for j in journal]
    # one row of scores at a time (log[:i] against journal[:j]), every row of moves:
    # 1 a pair, 2 a log game alone, 3 a journal game alone
    previous = [0.0] * (m + 1)
    if not free_start:
        for j in range(m):
            previous[j + 1] = previous[j] + gap_j[j]
    moves = [bytearray([3]) * (m + 1)]
    best_end, end_at = previous[m], (0, m)  # the best cell of the last column, then row
    for i in range(1, n + 1):
        w, gw = log[i - 1], gap_w[i - 1]
        row = [0.0 if free_start else previous[0] + gw] + [0.0] * m
        move = bytearray(m + 1)
        move[0] = 2
        for j in range(1, m + 1):
            best, how = previous[j] + gw, 2
            left = row[j - 1] + gap_j[j - 1]
            if left > best:
                best, how = left, 3
            pair = _pair(w, journal[j - 1])
            if pair is not None and previous[j - 1] + pair > best:  # a tie: no chance pair
                best, how = previous[j - 1] + pair, 1
            row[j], move[j] = best, how
        moves.append(move)
        previous = row
        if row[m] > best_end:
            best_end, end_at = row[m], (i, m)
    if free_end:
        for j in range(m + 1):
            if previous[j] > best_end:
                best_end, end_at = previous[j], (n, j)
        i, j = end_at
    else:
        i, j = n, m
    tail = _alone(range(i, n), range(j, m))
    pairs: Pairs = []
    while i > 0 or j > 0:
        how = moves[i][j] if i > 0 and j > 0 else (2 if i > 0 else 3)
        if how == 1:
            i, j = i - 1, j - 1
            pairs.append((i, j))
        elif how == 2:
            i -= 1
            pairs.append((i, None))
        else:
            j -= 1
            pairs.append((None, j))
    return pairs[::-1] + tail


def _anchors(log: Sequence[LogGame], journal: Sequence[JournalGame]) -> list[list[tuple[int, int]]]:
    """Runs of ANCHOR or more wins and results with the same numbers in the same order,
    chained in order on both sides: each run as its (log index, journal index) pairs."""
    wins = [k for k, g in enumerate(log) if g.kind == WIN]
    results = [k for k, g in enumerate(journal) if g.kind == RESULT]
    win_numbers = [log[k].number for k in wins]
    result_numbers = [journal[k].number for k in results]
    index: dict[tuple[int | None, ...], list[int]] = {}
    for b in range(len(results) - ANCHOR + 1):
        index.setdefault(tuple(result_numbers[b : b + ANCHOR]), []).append(b)
    runs: dict[tuple[int, int], int] = {}  # (start in wins, start in results) -> length
    open_runs: dict[int, tuple[int, int]] = {}  # diagonal -> the start of its run
    for a in range(len(wins) - ANCHOR + 1):
        hits = index.get(tuple(win_numbers[a : a + ANCHOR]), [])
        still: dict[int, tuple[int, int]] = {}
        for b in hits[:ANCHOR_HITS]:
            start = open_runs.get(b - a, (a, b))
            runs[start] = a - start[0] + ANCHOR
            still[b - a] = start
        open_runs = still
    chain = _chain(sorted((a, b, length) for (a, b), length in runs.items()))
    return [[(wins[a + t], results[b + t]) for t in range(length)] for a, b, length in chain]


def _chain(runs: list[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
    """The runs in order on both sides covering the most games; a run that overlaps the one
    before it in the chain (a chance repeat at its edge) is cut to start after it."""
    if not runs:
        return []
    best: list[tuple[int, int, int]] = []  # per run: (games up to it, the run before, its cut)
    for k, (a, b, length) in enumerate(runs):
        choice = (length, -1, 0)
        for p in range(k):
            pa, pb, plength = runs[p]
            if pa >= a or pb >= b:
                continue
            cut = max(pa + plength - a, pb + plength - b, 0)
            if cut < length and best[p][0] + length - cut > choice[0]:
                choice = (best[p][0] + length - cut, p, cut)
        best.append(choice)
    k = max(range(len(runs)), key=lambda q: best[q][0])
    chain = []
    while k >= 0:
        (a, b, length), (_, previous, cut) = runs[k], best[k]
        chain.append((a + cut, b + cut, length - cut))
        k = previous
    return chain[::-1]


def _align(log: Sequence[LogGame], journal: Sequence[JournalGame]) -> tuple[Pairs, bool]:
    """The whole alignment, and whether a piece was too large to align. A small one in one
    piece; a long one cut at the anchors, the pieces between them aligned one by one."""
    if len(log) * len(journal) <= FULL_CELLS:
        return _align_piece(log, journal, True, True), False
    anchors = [pair for run in _anchors(log, journal) for pair in run]
    pairs: Pairs = []
    too_large = False
    i = j = 0
    for k, (a, b) in enumerate(anchors):
        if k == 0:  # before the log's first shared game: its older results need no aligning
            j = max(0, b - 2 * a - 64)
            pairs += _alone(range(0), range(j))
        piece, large = _piece(log, journal, range(i, a), range(j, b), k == 0, False)
        pairs += piece + [(a, b)]
        too_large |= large
        i, j = a + 1, b + 1
    piece, large = _piece(
        log, journal, range(i, len(log)), range(j, len(journal)), not anchors, True
    )
    return pairs + piece, too_large or large


def _piece(log, journal, log_range: range, journal_range: range, free_start, free_end):
    """A piece aligned, its indices those of the whole; and whether it was too large."""
    sub_log = [log[k] for k in log_range]
    sub_journal = [journal[k] for k in journal_range]
    piece = _align_piece(sub_log, sub_journal, free_start, free_end)
    shifted = [
        (None if a is None else log_range[a], None if b is None else journal_range[b])
        for a, b in piece
    ]
    return shifted, len(sub_log) * len(sub_journal) > MAX_CELLS


# The reconciliation


def reconcile(
    wheel_log: Sequence[_LogPage], journal_events: Iterable[Mapping[str, Any]]
) -> Reconciliation:
    """The wheel's log (its pages, as log_page() gives them) against the journal's events
    (dicts in seq order): pure, no I/O."""
    log = log_games(wheel_log)
    journal = journal_games(journal_events)
    pairs, unaligned = _align(log, journal)
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


# The statistics


def journal_figures(events: Iterable[Mapping[str, Any]], pockets: int) -> Figures:
    """The journal's own statistics, as the wheel keeps them: each result's number as it stands
    (after its corrections), misfires counted by the wheel's launch_failed faults."""
    events = list(events)
    wins = [0] * pockets
    for game in journal_games(events):
        if game.kind == RESULT and game.final is not None and 0 <= game.final < pockets:
            wins[game.final] += 1
    misfires = sum(_misfire_fault(e) for e in events)
    return _figures(tuple(wins), misfires)


def _figures(wins: tuple[int, ...], misfires: int) -> Figures:
    if len(wins) < 2:
        return Figures(sum(wins), wins, misfires, 0.0, 0.0)
    statistic, _, p_value = chi_squared(list(wins), [Fraction(1, len(wins))] * len(wins))
    return Figures(sum(wins), wins, misfires, statistic, 100 * (1 - p_value))


def records_from(
    *,
    events: Iterable[Mapping[str, Any]],
    pockets: int,
    pages: Sequence[_LogPage] | None = None,
    statistics: Any = None,
    clock_offset: float | None = None,
    problems: Sequence[tuple[str, str]] = (),
    max_drift: float = DEFAULT_DRIFT,
) -> WheelRecords:
    """The records from what was read (pure): `statistics` as a Cammegh's statistics() gives
    them (chi_squared, percent, games, wins, misfires), or None."""
    events = list(events)
    wheel = None
    if statistics is not None:
        wheel = Figures(
            statistics.games,
            tuple(statistics.wins),
            statistics.misfires,
            statistics.chi_squared,
            statistics.percent,
        )
        pockets = len(wheel.wins) or pockets
    return WheelRecords(
        wheel=wheel,
        journal=journal_figures(events, pockets),
        clock_offset=clock_offset,
        reconciliation=None if pages is None else reconcile(pages, events),
        problems=tuple(problems),
        max_drift=max_drift,
    )


# Reading the wheel


def has_records(wheel: object) -> bool:
    """Whether `wheel` keeps records of its own (a game log)."""
    return callable(getattr(wheel, "log_pages", None))


def read_records(
    wheel: Any,
    events: Iterable[Mapping[str, Any]],
    *,
    now: Callable[[], datetime] = lambda: datetime.now(UTC),
) -> WheelRecords:
    """Read the wheel's clock, statistics and every log page (a Cammegh powers itself idle for
    them, wheel.idle(), and on again after), and set them beside `events`. What the wheel
    refuses (BUSY: its statistics only in states 5 and 6, its pages only when idle; a game in
    play) is a problem of the records, never an exception."""
    problems: list[tuple[str, str]] = []
    offset = pages = statistics = None

    def attempt(what: str, read: Callable[[], Any]) -> Any:
        try:
            return read()
        except DeviceError as error:
            problems.append((what, str(error)))
            return None

    clock = getattr(wheel, "clock", None)
    if callable(clock):
        reading = attempt("clock", clock)
        if reading is not None:
            offset = (reading - now()).total_seconds()
    idle = getattr(wheel, "idle", None)
    entered = False
    try:
        with idle() if callable(idle) else nullcontext():
            entered = True
            if callable(getattr(wheel, "statistics", None)):
                statistics = attempt("statistics", wheel.statistics)
            pages = attempt("log", lambda: [wheel.log_page(p) for p in range(wheel.log_pages())])
    except DeviceError as error:
        if entered:  # read, but the wheel did not come back from idle
            problems.append(("idle", str(error)))
        else:  # it could not be made idle: nothing read
            problems += [("statistics", str(error)), ("log", str(error))]
    return records_from(
        events=events,
        pockets=len(wheel.order),
        pages=pages,
        statistics=statistics,
        clock_offset=offset,
        problems=problems,
        max_drift=getattr(wheel, "max_drift", 0) or DEFAULT_DRIFT,
    )


def records_checks(wheel: Any, events: Iterable[Mapping[str, Any]]) -> list[SelfTestCheck]:
    """The self-test's checks of a wheel's own records, none for a wheel without any: the log
    against the journal, the statistics against the journal's, the clock against the
    terminal's."""
    if not has_records(wheel):
        return []
    return checks_of(read_records(wheel, events))


def checks_of(records: WheelRecords) -> list[SelfTestCheck]:
    """The checks of records read (pure): `wheel_log`, `statistics`, `wheel_clock`, and
    `wheel_power` when the wheel did not come back from idle."""
    problems = dict(records.problems)
    checks = [
        _log_check(records.reconciliation, problems.get("log")),
        _statistics_check(records, problems.get("statistics")),
        _clock_check(records.clock_offset, records.max_drift, problems.get("clock")),
    ]
    if "idle" in problems:
        checks.append(SelfTestCheck("wheel_power", False, problems["idle"]))
    return checks


def _log_check(found: Reconciliation | None, problem: str | None) -> SelfTestCheck:
    name = "wheel_log"
    if found is None:
        return SelfTestCheck(name, False, f"the wheel's log was not read: {problem}")
    span = (
        f"{found.log_wins} games in the wheel's log ({found.log_misfires} misfires), "
        f"{found.journal_results} results in the journal, {found.shared} in both"
    )
    if found.older:
        span += f"; {_count(found.older, 'journal result')} older than the log"
    if found.before_journal:
        span += f"; {_count(found.before_journal, 'logged game')} from before the journal began"
    if found.shared == 0 and found.log_wins and found.journal_results:
        return SelfTestCheck(
            name,
            False,
            f"{span}: the log and the journal have no game in common (another wheel's log, "
            "another table's journal, or every journaled result older than the log)",
        )
    if found.agrees:
        return SelfTestCheck(name, True, span)
    parts = [span]
    if found.missing_from_journal:
        parts.append(
            _gaps_text(
                found.missing_from_journal,
                "the journal lacks {} the wheel played",
                "game",
                "played while the terminal was down or after it stopped, or their rounds lost",
            )
        )
    if found.missing_from_log:
        parts.append(
            _gaps_text(
                found.missing_from_log,
                "the wheel's log lacks {}",
                "journal result",
                "results this wheel never played: another wheel's, a simulated run's, or "
                "entered by hand",
            )
        )
    if found.unaligned:
        parts.append("part of the log was too long to align: its games are left unpaired")
    return SelfTestCheck(name, False, "; ".join(parts))


def _gaps_text(gaps: Sequence[Gap], lacks: str, what: str, why: str) -> str:
    """One side's gaps: how many games (`lacks` with the count of `what`), where, and why."""
    count = sum(len(g.games) for g in gaps)
    where = "; ".join(_gap_text(g) for g in gaps[:SHOWN])
    return f"{lacks.format(_count(count, what))}: {where}{_more(gaps)} ({why})"


def _gap_text(gap: Gap) -> str:
    if gap.side == "log":
        games = [g for g in gap.games if isinstance(g, LogGame)]
        numbers = ", ".join(str(g.number) for g in games[:SHOWN]) + _more(games)
        span = _span(games[0], games[-1])
        what = f"{numbers} ({span})"
        side = "journal"
    else:
        results = [g for g in gap.games if isinstance(g, JournalGame)]
        what = ", ".join(f"{g.where} {g.number}{_manual(g)}" for g in results[:SHOWN])
        what += _more(results)
        side = "log"
    return f"{what} {_between(gap, side)}"


def _span(first: LogGame, last: LogGame) -> str:
    if first == last:
        return first.where
    if first.page == last.page:
        return f"page {first.page} entries {first.entry}-{last.entry}"
    return f"{first.where} to {last.where}"


def _manual(game: JournalGame) -> str:
    return " entered by hand" if game.source == "manual" else ""


def _between(gap: Gap, side: str) -> str:
    def at(row: Row) -> str:
        if side == "journal":
            assert row.journal is not None
            return row.journal.where
        assert row.log is not None
        return row.log.where

    if gap.after is not None and gap.before is not None:
        return f"between {at(gap.after)} and {at(gap.before)}"
    if gap.after is not None:
        return f"after {at(gap.after)}, the last game both have"
    if gap.before is not None:
        return f"before {at(gap.before)}, the first game both have"
    return "(with no game both have)"


def _statistics_check(records: WheelRecords, problem: str | None) -> SelfTestCheck:
    name, ours, theirs = "statistics", records.journal, records.wheel
    if theirs is None:
        return SelfTestCheck(name, False, f"the wheel's statistics were not read: {problem}")
    figures = (
        f"wheel: {theirs.games} games, {theirs.misfires} misfires, chi-squared "
        f"{theirs.chi_squared:.2f} ({theirs.percent:.1f}%); journal: {ours.games} results, "
        f"{ours.misfires} failed launches, chi-squared {ours.chi_squared:.2f} "
        f"({ours.percent:.1f}%)"
    )
    if len(theirs.wins) != len(ours.wins):
        given = (
            "no wins per number, only its total"
            if not theirs.wins
            else f"wins for {_count(len(theirs.wins), 'number')}, the table's wheel has "
            f"{len(ours.wins)}"
        )
        return SelfTestCheck(
            name,
            False,
            f"{figures}; the wheel gave {given}: its numbers' wins cannot be compared (read "
            "its statistics again; a wheel of another size is another table's)",
        )
    differ = [
        (number, wheel, journal)
        for number, (wheel, journal) in enumerate(zip(theirs.wins, ours.wins, strict=True))
        if wheel != journal
    ]
    if not differ and theirs.games == ours.games:
        return SelfTestCheck(
            name, True, f"{figures}; the wins of all {len(ours.wins)} numbers agree"
        )
    reconciled = records.reconciliation is not None and records.reconciliation.agrees
    why = (
        "the log and the journal agree game by game: the wheel counts since its statistics "
        "were last cleared, the journal since it began"
        if reconciled
        else "see the wheel_log check for the games one side lacks"
    )
    if not differ:  # the same wins by number, another total: the wheel's figures disagree
        found = (
            f"every number's wins agree, but the wheel counts {_count(theirs.games, 'game')} "
            f"and its wins add up to {sum(theirs.wins)}"
        )
    else:
        shown = ", ".join(f"{n} (wheel {w}, journal {j})" for n, w, j in differ[:SHOWN])
        found = f"wins differ for {_count(len(differ), 'number')}: {shown}{_more(differ)}"
    return SelfTestCheck(name, False, f"{figures}; {found}; {why}")


def _clock_check(offset: float | None, max_drift: float, problem: str | None) -> SelfTestCheck:
    name = "wheel_clock"
    if offset is None:
        return SelfTestCheck(name, False, f"the wheel's clock was not read: {problem}")
    text = f"the wheel's clock is {round(offset):+d} s off the terminal's UTC"
    if abs(offset) <= max_drift:
        return SelfTestCheck(name, True, f"{text} (at most {max_drift:g} s allowed)")
    return SelfTestCheck(
        name,
        False,
        f"{text}, more than {max_drift:g} s: its log and statistics times are off too; set "
        "it (*d s) and check the terminal's time sync",
    )


def _count(count: int, what: str) -> str:
    return f"{count} {what}{'' if count == 1 else 's'}"


def _more(items: Sequence[object]) -> str:
    return f" and {len(items) - SHOWN} more" if len(items) > SHOWN else ""
