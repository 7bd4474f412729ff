"""A wheel's own records beside the table's journal: the games its log holds (a Cammegh's `*s`
pages) reconciled with the journal's results (wheel_reconcile.py), its statistics (`*w *W *M`)
beside the same figures computed from the journal, and its clock against the terminal's UTC.

`read_records(wheel, events)` reads the wheel (duck-typed: a wheel with `log_pages()`),
`records_checks(wheel, events)` says what a technician acts on, as self-test checks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from datetime import UTC, datetime
from fractions import Fraction
from typing import Any

from drivers.errors import DeviceError
from drivers.selftest import SelfTestCheck
from games.bias import chi_squared
from terminal.selftest.wheel_games import (
    RESULT,
    JournalGame,
    LogGame,
    LogPageLike,
    journal_games,
    misfire_fault,
)
from terminal.selftest.wheel_reconcile import Gap, Reconciliation, Row, reconcile

DEFAULT_DRIFT = 60.0  # seconds the wheel's clock may be off the terminal's
SHOWN = 8  # games named in a detail before "and N more"


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


# The statistics


def journal_figures(events: Iterable[Mapping[str, Any]], pockets: int) -> Figures:
    """The journal's own statistics, as the wheel keeps them: each result's number as it stands
    (after its corrections), misfires counted by the wheel's launch_failed faults."""
    events = list(events)
    wins = [0] * pockets
    for game in journal_games(events):
        if game.kind == RESULT and game.final is not None and 0 <= game.final < pockets:
            wins[game.final] += 1
    misfires = sum(misfire_fault(e) for e in events)
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
    pages: Sequence[LogPageLike] | None = None,
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
