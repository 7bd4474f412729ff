"""A wheel's own records beside the journal (terminal/selftest/wheel_records.py, its log
reconciled in wheel_reconcile.py): the reconciliation on made-up logs and journals, then a real
table run on the SS2 emulator (a pseudo-terminal), a simulated run on the same journal, and
games the wheel plays with no terminal, read back from the wheel and set beside the journal.
Tests wait for conditions with deadlines, never sleep-then-assert."""

from __future__ import annotations

import random
import time

import pytest

from drivers.emulators.cammegh import CammeghEmulator
from drivers.wheel import open_wheel
from drivers.wheel.cammegh_protocol import LogEntry, LogPage
from drivers.wheel.events import BallLaunched
from drivers.wheel.order import WheelOrder
from terminal.assemble import assemble
from terminal.config import load_table_config
from terminal.selftest.wheel_reconcile import (
    AGREE,
    BEFORE,
    MISFIRE_ROW,
    OLDER,
    VOID_ROW,
    reconcile,
)
from terminal.selftest.wheel_records import checks_of, read_records, records_checks, records_from
from tests.drivers.conftest import FRENCH
from tests.support.helpers import journal_events, quiet, write_config
from tests.support.wheel_backends import CAMMEGH_TIME_FACTOR, cammegh_url

DEADLINE = 30.0  # a guard against a hang, not a measure
ORDER = WheelOrder(FRENCH)


def pages(*entries: LogEntry | int, per: int = 256) -> list[LogPage]:
    """A log of these entries (a number is a win), `per` to a page."""
    items = [LogEntry("win", e) if isinstance(e, int) else e for e in entries]
    return [LogPage(p, tuple(items[p * per : (p + 1) * per])) for p in range(-(-len(items) // per))]


def misfire(number: int = 0) -> LogEntry:
    return LogEntry("misfire", number)


class Journal:
    """Journal events as the table writes them (docs/events.md), numbered in order."""

    def __init__(self):
        self.events: list[dict] = []
        self.round = 0

    def _add(self, kind: str, data: dict, round_: int | None) -> dict:
        event = {"seq": len(self.events) + 1, "round": round_, "kind": kind, "data": data}
        event["ts"] = "2026-01-01T00:00:00.000Z"
        self.events.append(event)
        return event

    def result(self, number: int, **outcome) -> dict:
        self.round += 1
        self._add("round.open", {}, self.round)
        return self._add("round.result", {"outcome": {"number": number, **outcome}}, self.round)

    def results(self, *numbers: int) -> None:
        for number in numbers:
            self.result(number)

    def void(self, reason: str, code: str | None = None) -> None:
        self.round += 1
        self._add("round.open", {}, self.round)
        if code is not None:
            fault = {"device": "wheel", "code": code, "severity": "warning", "detail": "x"}
            self._add("fault", fault, self.round)
        self._add("round.void", {"reason": reason, "returned": [], "kept": []}, self.round)

    def correct(self, result: dict, number: int) -> None:
        data = {"corrects": result["seq"], "outcome": {"number": number}, "was": {}}
        self._add("round.correction", data, result["round"])


def check(reconciliation_or_events, log=None):
    """The wheel_log check of a log against journal events."""
    records = records_from(events=reconciliation_or_events, pockets=37, pages=log)
    return checks_of(records)[0]


# The reconciliation


def test_a_log_and_a_journal_that_agree_game_by_game():
    journal = Journal()
    journal.results(17, 5, 32, 0)
    found = reconcile(pages(17, 5, 32, 0), journal.events)
    assert found.agrees and found.shared == 4 and not found.older
    assert [row.status for row in found.rows] == [AGREE] * 4
    assert (found.rows[2].log.where, found.rows[2].journal.where) == (
        "page 0 entry 2",
        "round 3 (seq 6)",
    )
    assert check(journal.events, pages(17, 5, 32, 0)).ok


def test_games_played_while_the_terminal_was_down_are_located_between_rounds():
    journal = Journal()
    journal.results(1, 2, 3, 4)  # the terminal stops after round 4 ...
    journal.results(9, 10)  # ... and comes back: rounds 5 and 6
    log = pages(1, 2, 3, 4, 30, 31, 9, 10, per=3)  # 30 and 31 on the wheel alone

    found = reconcile(log, journal.events)
    (gap,) = found.missing_from_journal
    assert [(g.number, g.page, g.entry) for g in gap.games] == [(30, 1, 1), (31, 1, 2)]
    assert (gap.after.journal.round, gap.before.journal.round) == (4, 5)
    assert not found.missing_from_log and not found.agrees
    result = check(journal.events, log)
    assert not result.ok
    assert (
        "the journal lacks 2 games the wheel played: 30, 31 (page 1 entries 1-2) between "
        "round 4 (seq 8) and round 5 (seq 10)"
    ) in result.detail


def test_games_after_the_journal_ends_were_played_after_the_terminal_stopped():
    journal = Journal()
    journal.results(1, 2, 3)
    found = reconcile(pages(1, 2, 3, 7, 8), journal.events)
    (gap,) = found.missing_from_journal
    assert [g.number for g in gap.games] == [7, 8] and gap.before is None
    assert (
        "after round 3 (seq 6), the last game both have"
        in check(journal.events, pages(1, 2, 3, 7, 8)).detail
    )


def test_a_result_the_wheel_never_played_is_missing_from_its_log():
    journal = Journal()
    journal.results(1, 2)
    journal.result(36, source="manual", entered_by="c1")  # entered by hand, never played
    journal.results(3, 4)
    found = reconcile(pages(1, 2, 3, 4), journal.events)
    (gap,) = found.missing_from_log
    assert [(g.round, g.number, g.source) for g in gap.games] == [(3, 36, "manual")]
    assert (gap.after.log.where, gap.before.log.where) == ("page 0 entry 1", "page 0 entry 2")
    detail = check(journal.events, pages(1, 2, 3, 4)).detail
    assert (
        "the wheel's log lacks 1 journal result: round 3 (seq 6) 36 entered by hand "
        "between page 0 entry 1 and page 0 entry 2"
    ) in detail


def test_results_older_than_the_log_are_no_discrepancy():
    """The log holds only so many pages: it starts in the middle of the journal."""
    journal = Journal()
    journal.results(*range(20))
    found = reconcile(pages(*range(12, 20)), journal.events)
    assert found.agrees and (found.shared, found.older) == (8, 12)
    assert [row.status for row in found.rows[:12]] == [OLDER] * 12
    result = check(journal.events, pages(*range(12, 20)))
    assert result.ok and "12 journal results older than the log" in result.detail


def test_log_games_from_before_the_journal_began_are_no_discrepancy():
    journal = Journal()
    journal.results(5, 6, 7)
    found = reconcile(pages(1, 2, 3, 5, 6, 7), journal.events)
    assert found.agrees and found.before_journal == 3
    assert [row.status for row in found.rows[:3]] == [BEFORE] * 3


def test_a_gap_between_older_results_and_the_first_shared_game_is_a_discrepancy():
    """The journal began before the log, so the log's first games were played while the
    terminal was down."""
    journal = Journal()
    journal.results(*range(10), 20, 21)
    found = reconcile(pages(30, 31, 20, 21), journal.events)
    (gap,) = found.missing_from_journal
    assert [g.number for g in gap.games] == [30, 31] and gap.after is None
    assert found.older == 10


def test_a_corrected_result_matches_the_number_the_wheel_sensed():
    journal = Journal()
    first = journal.result(17)
    journal.correct(first, 18)  # the pit boss corrected 17 to 18: the wheel logged 17
    journal.results(4)
    found = reconcile(pages(17, 4), journal.events)
    assert found.agrees and found.rows[0].journal.corrected == 18


def test_misfires_and_voids_pair_up_or_stand_alone_without_a_discrepancy():
    journal = Journal()
    journal.results(1)
    journal.void("failed launch", code="launch_failed")  # the wheel's misfire, voided
    journal.results(2)
    journal.void("the terminal restarted during the round; stakes returned")  # the wheel: 9
    journal.results(3)
    journal.void("misspin", code="misspin")  # nothing in the log
    journal.results(4)
    log = pages(1, misfire(1), 2, 9, 3, misfire(3), 4)  # the second misfire retried fine

    found = reconcile(log, journal.events)
    assert found.agrees and found.shared == 4 and found.log_misfires == 2
    rows = [
        (row.status, row.log and row.log.number, row.journal and row.journal.kind)
        for row in found.rows
    ]
    assert rows == [
        (AGREE, 1, "result"),
        (MISFIRE_ROW, 1, "void"),  # the misfire and the void of its failed launch
        (AGREE, 2, "result"),
        (VOID_ROW, 9, "void"),  # the game the restart voided, finished on the wheel
        (AGREE, 3, "result"),
        (VOID_ROW, None, "void"),  # the misspin: nothing logged
        (MISFIRE_ROW, 3, None),  # a misfire the wheel got over: no void
        (AGREE, 4, "result"),
    ]


def test_a_log_and_a_journal_with_no_game_in_common_say_so():
    journal = Journal()
    journal.results(1, 2, 3)
    found = reconcile(pages(10, 11, 12), journal.events)
    assert found.shared == 0 and not found.agrees
    result = check(journal.events, pages(10, 11, 12))
    assert not result.ok and "have no game in common" in result.detail


def test_a_long_log_is_aligned_quickly_and_right():
    rng = random.Random(7)
    games = [rng.randrange(37) for _ in range(8000)]
    journal = Journal()
    journal.results(*games[:3000])  # the terminal down for games 3000-3019 ...
    journal.results(*games[3020:6000])  # ... and gone after game 6000
    journal.result(36 if games[4000] != 36 else 35)  # a stray result at the end
    log = pages(*games[2000:])  # the log keeps its last 24 pages (6000 games)

    started = time.monotonic()
    found = reconcile(log, journal.events)
    assert time.monotonic() - started < 10  # on a Pi too: a few seconds
    assert (found.shared, found.older) == (3980, 2000)
    assert [len(g.games) for g in found.missing_from_journal] == [20, 2000]
    assert [len(g.games) for g in found.missing_from_log] == [1]
    first = found.missing_from_journal[0]
    assert first.games[0].index == 1000 and first.after.journal.round == 3000


# The statistics and the clock


def test_the_statistics_stand_beside_the_journals():
    journal = Journal()
    journal.results(17, 17, 5)
    journal.void("failed launch", code="launch_failed")

    class Statistics:
        games, misfires, chi_squared, percent = 3, 1, 60.0, 98.0
        wins = tuple(2 if n == 17 else 1 if n == 5 else 0 for n in range(37))

    records = records_from(
        events=journal.events, pockets=37, pages=pages(17, 17, 5), statistics=Statistics()
    )
    assert records.journal.wins == Statistics.wins and records.journal.games == 3
    assert records.journal.misfires == 1
    assert records.journal.chi_squared == pytest.approx(
        sum((c - 3 / 37) ** 2 / (3 / 37) for c in Statistics.wins)
    )
    statistics = checks_of(records)[1]
    assert statistics.ok and "the wins of all 37 numbers agree" in statistics.detail

    Statistics.wins = tuple(3 if n == 17 else 0 for n in range(37))
    statistics = checks_of(
        records_from(events=journal.events, pockets=37, statistics=Statistics())
    )[1]
    assert not statistics.ok
    assert "wins differ for 2 numbers: 5 (wheel 0, journal 1), 17 (wheel 3, journal 2)" in (
        statistics.detail
    )


def test_statistics_without_wins_by_number_never_agree():
    """A wheel that gave its total alone (its per-pocket lines unread) is no agreement."""
    journal = Journal()
    journal.results(17, 5)

    class Statistics:
        games, misfires, chi_squared, percent = 2, 0, 36.0, 50.0
        wins: tuple[int, ...] = ()

    statistics = checks_of(
        records_from(events=journal.events, pockets=37, statistics=Statistics())
    )[1]
    assert not statistics.ok and "agree" not in statistics.detail
    assert "the wheel gave no wins per number, only its total" in statistics.detail


def test_the_same_wins_with_another_total_names_no_empty_list():
    journal = Journal()
    journal.results(17, 5)

    class Statistics:
        games, misfires, chi_squared, percent = 3, 0, 36.0, 50.0
        wins = tuple(1 if n in (5, 17) else 0 for n in range(37))

    statistics = checks_of(
        records_from(events=journal.events, pockets=37, statistics=Statistics())
    )[1]
    assert (
        not statistics.ok
        and "0 numbers" not in statistics.detail
        and ": ;" not in (statistics.detail)
    )
    assert "every number's wins agree, but the wheel counts 3 games" in statistics.detail
    assert "its wins add up to 2" in statistics.detail


# On the SS2 emulator


def eventually(condition, what: str) -> None:
    deadline = time.monotonic() + DEADLINE
    while not condition():
        assert time.monotonic() < deadline, f"never: {what}"
        time.sleep(0.01)


def ss2(tmp_path, **options) -> CammeghEmulator:
    options = {"seed": 11, "time_factor": CAMMEGH_TIME_FACTOR, "mode": 1415} | options
    return CammeghEmulator(tmp_path / "cammegh", **options)


def results(events) -> list[int]:
    return [e["data"]["outcome"]["number"] for e in events if e["kind"] == "round.result"]


def between_games(wheel: CammeghEmulator, games: int) -> None:
    """Wait for the emulated wheel to have played `games` and to wait before the next."""
    eventually(lambda: len(wheel.wins) == games and wheel.state == 1, f"{games} games played")


def test_a_table_run_and_its_wheel_agree(tmp_path):
    with ss2(tmp_path) as wheel:
        cfg = load_table_config(write_config(tmp_path, wheel=cammegh_url(wheel.link)))
        with assemble(cfg, quiet()) as table:
            assert table.run(rounds=3) == 3
        between_games(wheel, 3)
        cam = open_wheel(cammegh_url(wheel.link), ORDER)
        try:
            found = {c.name: c for c in records_checks(cam, journal_events(cfg))}
        finally:
            cam.close()
        assert all(c.ok for c in found.values()), found
        assert "3 games in the wheel's log (0 misfires), 3 results in the journal, 3 in both" in (
            found["wheel_log"].detail
        )
        assert "the wins of all 37 numbers agree" in found["statistics"].detail
        # the page read in idle (state 6), the wheel powered on again after
        read = wheel.received[wheel.received.index("*P 0") :]
        assert read.index("*s t") < read.index("*s r 0") < read.index("*P 1")
        eventually(lambda: wheel.state == 1, "powered on again")


def test_games_played_without_the_terminal_and_results_the_wheel_never_played(tmp_path):
    """The wheel's log (one page, its oldest dropped) starts inside the journal; the table runs
    on the wheel, then on the simulated wheel (a demo on the same journal: results this wheel
    never played), then on the wheel again; then the wheel plays two games with no terminal."""
    with ss2(tmp_path, log_pages=1, clock_offset=90) as wheel:
        rng = random.Random(3)
        wheel.played_before([rng.randrange(37) for _ in range(255)])  # page 0 all but full
        cfg = load_table_config(write_config(tmp_path, wheel=cammegh_url(wheel.link)))
        with assemble(cfg, quiet()) as table:
            assert table.run(rounds=2) == 2  # the second starts page 1: page 0 is dropped
        between_games(wheel, 257)
        with assemble(cfg, quiet(sim=True, seed=4)) as table:
            assert table.run(rounds=2) == 2
        with assemble(cfg, quiet()) as table:
            assert table.run(rounds=2) == 2
        between_games(wheel, 259)
        wheel.play_alone(2)
        between_games(wheel, 261)

        events = journal_events(cfg)
        r1, r2, s1, s2, r3, r4 = results(events)
        alone = wheel.wins[-2:]
        cam = open_wheel(cammegh_url(wheel.link), ORDER)
        try:
            records = read_records(cam, events)
            found = {c.name: c for c in checks_of(records)}
        finally:
            cam.close()

    reconciliation = records.reconciliation
    assert reconciliation is not None
    assert reconciliation.rows[0].status == OLDER and reconciliation.rows[0].journal.number == r1
    assert (reconciliation.shared, reconciliation.older) == (3, 1)
    (unplayed,) = reconciliation.missing_from_log
    assert [g.number for g in unplayed.games] == [s1, s2]
    assert (unplayed.after.log.number, unplayed.before.log.number) == (r2, r3)
    (unjournaled,) = reconciliation.missing_from_journal
    assert [g.number for g in unjournaled.games] == alone
    assert [g.where for g in unjournaled.games] == ["page 0 entry 3", "page 0 entry 4"]
    assert unjournaled.after.journal.number == r4 and unjournaled.before is None

    log_check = found["wheel_log"]
    assert not log_check.ok
    assert "5 games in the wheel's log (0 misfires), 6 results in the journal, 3 in both" in (
        log_check.detail
    )
    assert "the journal lacks 2 games the wheel played" in log_check.detail
    assert "the wheel's log lacks 2 journal results" in log_check.detail

    assert records.wheel is not None and records.wheel.games == 261
    assert records.journal.games == 6 and sum(records.journal.wins) == 6
    statistics = found["statistics"]
    assert not statistics.ok and "wheel: 261 games" in statistics.detail
    assert "journal: 6 results" in statistics.detail

    assert records.clock_offset == pytest.approx(90, abs=3)
    clock = found["wheel_clock"]
    assert (
        not clock.ok
        and "the wheel's clock is +" in clock.detail
        and "more than 60 s" in (clock.detail)
    )


def test_a_wheel_in_a_game_is_a_clear_check_never_a_crash(tmp_path):
    with ss2(tmp_path) as wheel:
        cam = open_wheel(cammegh_url(wheel.link), ORDER)
        try:
            cam.spin("cw")
            deadline = time.monotonic() + DEADLINE
            while not isinstance(
                cam.get(timeout=max(0, deadline - time.monotonic())), BallLaunched
            ):
                assert time.monotonic() < deadline
            found = {c.name: c for c in records_checks(cam, [])}
        finally:
            cam.close()
        assert "*P 0" not in wheel.received  # the game goes on
    for name in ("wheel_log", "statistics"):
        assert not found[name].ok
        assert "a game is never interrupted" in found[name].detail
        assert "ask again between games" in found[name].detail
    assert found["wheel_clock"].ok  # the clock is read in any state


def test_a_busy_answer_is_a_clear_check(tmp_path):
    """A wheel that keeps records but cannot be made idle (no idle()): outside states 5 and 6
    the Cammegh answers BUSY."""
    with ss2(tmp_path) as wheel:
        cam = open_wheel(cammegh_url(wheel.link), ORDER)

        class Bare:  # the records' methods only
            order = cam.order
            clock, statistics = cam.clock, cam.statistics
            log_pages, log_page = cam.log_pages, cam.log_page

        try:
            found = {c.name: c for c in records_checks(Bare(), [])}
        finally:
            cam.close()
    assert not found["wheel_log"].ok and "BUSY to *s t" in found["wheel_log"].detail
    assert not found["statistics"].ok and "BUSY to *w" in found["statistics"].detail


def test_a_wheel_without_records_has_no_checks():
    wheel = open_wheel("sim://wheel?spin=0", ORDER)
    try:
        assert records_checks(wheel, []) == []
    finally:
        wheel.close()


def test_a_long_journal_older_than_a_short_log_is_quick_too():
    rng = random.Random(9)
    games = [rng.randrange(37) for _ in range(20000)]
    journal = Journal()
    journal.results(*games[:19900])
    other = (games[19499] + 1) % 37  # 300 games on the wheel alone, then the journal's
    log = pages(*[other] * 300, *games[19500:19900], *games[19950:])

    started = time.monotonic()
    found = reconcile(log, journal.events)
    assert time.monotonic() - started < 10
    assert (found.shared, found.older) == (400, 19500)
    assert [len(g.games) for g in found.missing_from_journal] == [300, 50]
