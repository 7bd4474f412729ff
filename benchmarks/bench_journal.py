"""Benchmarks of the journal's commit and hand-on against the two mechanisms they had and lost
(figures printed, nothing asserted), which live on here so that the figures can be had again:
- one statement: a batch committed as ONE multi-row INSERT outside any explicit transaction
  (padded to a power of two of rows, so that few statements are prepared), to let go of the
  GIL once a commit, where the journal now takes BEGIN, one INSERT a row (executemany), COMMIT;
- turn: a lock held by the writer while the sinks that never block (the PUB feed) got the
  events, which the table's thread took at each `submit`, so that it was held off and the
  writer kept the GIL through the sends.

Who calls what, from which thread, in the product: the table's thread builds each event and
`submit`s it alone (terminal/runtime/loop/table.py, `emit`); the journal writer's thread alone
commits (`Journal.commit` -> `_insert`, on its own connection) and then hands the events to
the sinks; the screens' UI thread, when there are screens, draws ~30 frames a second. So the
lock guarded no shared state (the connection and the sinks are the writer's alone): all it
changed was whose turn the GIL was while the writer sent.

Each variant is run with the same load:
- appends: the table thread submitting events one at a time, flat out (events/s to the last
  commit); then rounds every 20 ms, each a round.result and then the next round's 30 bets,
  one at a time, each after --work-us of Python (the players' choosing, the bet's checks), as
  the table goes on working while the writer commits and publishes: the round.result's
  latency from its submit to a ZeroMQ subscriber in another process;
- table: a whole headless simulated roulette table (terminal.assemble, WAL, synchronous FULL),
  settled rounds per second flat out, and ball-in-pocket -> round.result at the subscriber at
  a realistic pace (bench_table's two measures);
each headless, then with a UI-like thread (pure Python for --ui-busy-ms of every 33 ms frame).

The variants: `plain` (the product's), `plain + turn`, `one statement`, `one statement + turn`
(the journal as it was), `sqlalchemy` (SQLAlchemy Core's insert of the rows in
`engine.begin()`).

Usage: python benchmarks/bench_journal.py [--events N] [--results N] [--work-us US]
       [--rounds N] [--latency-rounds N] [--passes N] [--ui-busy-ms MS]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import logging
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
for extra in (REPO, REPO / "benchmarks"):
    sys.path.insert(0, str(extra))

import sqlalchemy as sa  # noqa: E402
from results import ResultListener, measure_floor, percentile  # noqa: E402

from drivers.wheel.events import BallInPocket  # noqa: E402
from terminal.assemble import RunOptions, assemble  # noqa: E402
from terminal.common.storage import EVENTS  # noqa: E402
from terminal.feed.publisher import FeedPublisher  # noqa: E402
from terminal.runtime.journal.store import Journal, JournalWriter  # noqa: E402
from terminal.screens.demo.scratch import local_table  # noqa: E402

BETS = 30  # the bets the table takes after each round.result
ROUND_EVERY_S = 0.020
FRAME_S = 1 / 30  # the UI thread's frame
log = logging.getLogger("terminal.runtime.journal.store")


# --- the ways measured against the product's, put in its place for a run -------------------

MAX_ROWS = 1024  # rows of the largest statement of `one statement` (6,144 variables)
_SQL: dict[int, str] = {}


def _one_statement_sql(rows: int) -> str:
    """INSERT of `rows` rows of values, those whose seq is NULL (the padding) left out."""
    sql = _SQL.get(rows)
    if sql is None:
        sql = _SQL[rows] = (
            "INSERT INTO events (seq, ts, kind, round, body, hash) "
            "SELECT column1, column2, column3, column4, column5, column6 FROM (VALUES "
            + ",".join(["(?,?,?,?,?,?)"] * rows)
            + ") WHERE column1 IS NOT NULL"
        )
    return sql


def one_statement_insert(journal: Journal, rows: list[tuple[Any, ...]], first_seq: int) -> None:
    """The journal's former `_insert`: up to MAX_ROWS rows as ONE statement outside any
    transaction (SQLite inserts and commits them, the fsync included, in one step), padded to
    the next power of two of rows with NULL rows that the statement selects out; a larger
    batch in BEGIN, such statements, COMMIT."""
    conn = journal._connection()
    try:
        if len(rows) <= MAX_ROWS:
            chunks = [rows]
        else:
            conn.execute("BEGIN")
            chunks = [rows[start : start + MAX_ROWS] for start in range(0, len(rows), MAX_ROWS)]
        for chunk in chunks:
            size = 1 << (len(chunk) - 1).bit_length()
            values = [value for row in chunk for value in row] + [None] * (6 * (size - len(chunk)))
            conn.execute(_one_statement_sql(size), values)
        if conn.in_transaction:
            conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.rollback()
        raise


def sqlalchemy_insert(journal: Journal, rows: list[tuple[Any, ...]], first_seq: int) -> None:
    """SQLAlchemy Core: the rows as dicts, one insert in a transaction of the engine's."""
    names = ("seq", "ts", "kind", "round", "body", "hash")
    with journal.engine.begin() as conn:
        conn.execute(sa.insert(EVENTS), [dict(zip(names, row)) for row in rows])


@dataclass(frozen=True)
class Variant:
    name: str
    insert: Callable[..., None] | None  # None: the product's `Journal._insert`
    turn: bool


VARIANTS = (
    Variant("plain", None, False),
    Variant("plain + turn", None, True),
    Variant("one statement", one_statement_insert, False),
    Variant("one statement + turn", one_statement_insert, True),
    Variant("sqlalchemy", sqlalchemy_insert, False),
)


@contextlib.contextmanager
def put_in_place(variant: Variant) -> Iterator[None]:
    """The variant's insert and lock in the product's classes, for the run only."""
    insert = Journal._insert
    init, submit, hand_on = JournalWriter.__init__, JournalWriter.submit, JournalWriter._hand_on
    turns: dict[int, threading.Lock] = {}  # a writer's id -> its turn

    def init_with_turn(self: JournalWriter, *args: Any, **kwargs: Any) -> None:
        init(self, *args, **kwargs)
        turns[id(self)] = threading.Lock()

    def submit_with_turn(self: JournalWriter, events: Any) -> None:
        submit(self, events)
        with turns[id(self)]:  # not while the writer publishes
            pass

    def hand_on_with_turn(self: JournalWriter, method: str, argument: Any) -> None:
        """As it was: the sinks that never block (here the PUB feed) with the turn held."""
        for sink in self.sinks:
            try:
                if isinstance(sink, FeedPublisher):
                    with turns[id(self)]:
                        getattr(sink, method)(argument)
                else:
                    getattr(sink, method)(argument)
            except Exception:
                log.exception("journal sink %r failed in %s()", sink, method)

    try:
        if variant.insert is not None:
            Journal._insert = variant.insert  # type: ignore[method-assign]
        if variant.turn:
            JournalWriter.__init__ = init_with_turn  # type: ignore[method-assign]
            JournalWriter.submit = submit_with_turn  # type: ignore[method-assign]
            JournalWriter._hand_on = hand_on_with_turn  # type: ignore[method-assign]
        yield
    finally:
        Journal._insert = insert  # type: ignore[method-assign]
        JournalWriter.__init__ = init  # type: ignore[method-assign]
        JournalWriter.submit = submit  # type: ignore[method-assign]
        JournalWriter._hand_on = hand_on  # type: ignore[method-assign]


@contextlib.contextmanager
def ui_thread(busy_ms: float) -> Iterator[None]:
    """A thread like the screens' UI thread: pure Python for `busy_ms` of every frame (0: none)."""
    if busy_ms <= 0:
        yield
        return
    stop = threading.Event()

    def frames() -> None:
        while not stop.is_set():
            start = time.perf_counter()
            end = start + busy_ms / 1000
            n = 0
            while time.perf_counter() < end:
                n += sum(range(200))
            stop.wait(max(0.0, FRAME_S - (time.perf_counter() - start)))

    thread = threading.Thread(target=frames, name="ui-like", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()


# --- the measures -------------------------------------------------------------------------


def _latencies(started: dict[int, int], received: dict[int, int]) -> list[float]:
    return sorted((received[r] - t) / 1e6 for r, t in started.items() if r in received)


def python_work(us: float) -> None:
    """`us` microseconds of pure Python on the calling thread (it keeps the GIL)."""
    end = time.perf_counter() + us / 1e6
    n = 0
    while time.perf_counter() < end:
        n += sum(range(50))


def appends(work: Path, events: int, rounds: int, work_us: float) -> dict[str, float]:
    """A journal, its writer and a PUB feed to a subscriber in another process; the calling
    thread is the table's."""
    journal = Journal(Path(tempfile.mkdtemp(dir=work)) / "journal.sqlite", table="T1", game="x")
    feed = FeedPublisher("tcp://127.0.0.1:*", "T1")
    writer = JournalWriter(journal, [feed])
    writer.start()
    data = {"bet": {"id": "b1", "seat": 3, "code": "straight:17", "stake": 500}}
    started: dict[int, int] = {}
    try:
        with ResultListener(feed.endpoint, "T1") as listener:
            time.sleep(0.3)  # the subscriber joins
            start = time.perf_counter()
            for _ in range(events):
                writer.submit([journal.build("bet.placed", data, round=0)])
            writer.flush()
            flat = events / (time.perf_counter() - start)
            next_at = time.monotonic()
            for number in range(1, rounds + 1):
                time.sleep(max(0.0, next_at - time.monotonic()))
                next_at += ROUND_EVERY_S
                result = journal.build("round.result", {"outcome": {"number": 17}}, round=number)
                started[number] = time.monotonic_ns()
                writer.submit([result])
                for _ in range(BETS):
                    python_work(work_us)
                    writer.submit([journal.build("bet.placed", data, round=number + 1)])
            writer.flush()
    finally:
        writer.stop()
        feed.close()
        journal.close()
    latencies = _latencies(started, listener.received)
    return {
        "appends/s": flat,
        "result p50": statistics.median(latencies),
        "result p99": percentile(latencies, 0.99),
    }


def _quiet(seed: int) -> RunOptions:
    return RunOptions(sim=True, seed=seed, out=io.StringIO(), log=io.StringIO())


def table(work: Path, rounds: int, latency_rounds: int) -> dict[str, float]:
    """bench_table's throughput and latency, with the variant in place."""
    cfg = local_table("roulette_fr", Path(tempfile.mkdtemp(dir=work)), "sim://wheel?spin=0")
    with assemble(cfg, _quiet(1)) as running:
        start = time.perf_counter()
        running.run(rounds)
        running.writer.flush()
        elapsed = time.perf_counter() - start
        events = running.journal.last_seq
    cfg = local_table("roulette_fr", Path(tempfile.mkdtemp(dir=work)), "sim://wheel?spin=0.02")
    sensed: dict[int, int] = {}
    with ResultListener(cfg.publish, cfg.id) as listener, assemble(cfg, _quiet(2)) as running:
        time.sleep(0.3)
        wheel = running.device

        def on_round(event: dict[str, Any]) -> None:
            sensed[event["round"]] = next(
                e.t_ns for e in reversed(wheel.history) if isinstance(e, BallInPocket)
            )

        running.on_round = on_round
        running.run(latency_rounds)
        running.writer.flush()
    latencies = _latencies(sensed, listener.received)
    return {
        "rounds/s": rounds / elapsed,
        "events/s": events / elapsed,
        "ball p50": statistics.median(latencies),
        "ball p99": percentile(latencies, 0.99),
    }


FIGURES = (
    ("appends/s", "{:>9,.0f}"),
    ("result p50", "{:>10.2f}"),
    ("result p99", "{:>10.2f}"),
    ("rounds/s", "{:>8,.0f}"),
    ("events/s", "{:>8,.0f}"),
    ("ball p50", "{:>8.2f}"),
    ("ball p99", "{:>8.2f}"),
)


def main() -> None:
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--events", type=int, default=5000, help="appends flat out")
    p.add_argument("--results", type=int, default=150, help="round.results, 30 bets after each")
    p.add_argument("--work-us", type=float, default=100.0, help="the table's work before a bet")
    p.add_argument("--rounds", type=int, default=500, help="table rounds flat out")
    p.add_argument("--latency-rounds", type=int, default=100, help="table rounds at a pace")
    p.add_argument("--passes", type=int, default=2, help="each variant's runs (medians shown)")
    p.add_argument("--ui-busy-ms", type=float, default=12.0, help="of each 33 ms frame")
    args = p.parse_args()
    loads = (("headless", 0.0), (f"UI thread busy {args.ui_busy_ms:g}/33 ms", args.ui_busy_ms))
    runs: dict[tuple[str, str], list[dict[str, float]]] = {}
    with tempfile.TemporaryDirectory(prefix="dt-bench-") as where:
        work = Path(where)
        print(measure_floor(work).line())
        for _ in range(args.passes):  # the variants interleaved: a slow spell of the machine
            for load, busy_ms in loads:  # falls on each of them alike
                for variant in VARIANTS:
                    with put_in_place(variant), ui_thread(busy_ms):
                        figures = appends(work, args.events, args.results, args.work_us)
                        figures |= table(work, args.rounds, args.latency_rounds)
                    runs.setdefault((load, variant.name), []).append(figures)
    print(
        f"medians of {args.passes} pass(es); appends/s: {args.events} events submitted one at a "
        f"time; result: round.result submit -> subscriber (ms), one every "
        f"{ROUND_EVERY_S * 1000:.0f} ms, then {BETS} bets each after {args.work_us:g} us of "
        "Python; rounds/s, events/s: a headless simulated table; ball: "
        "ball-in-pocket -> round.result at the subscriber (ms)"
    )
    header = f"{'':24} " + " ".join(f"{name:>{len(fmt.format(0))}}" for name, fmt in FIGURES)
    for load, _ in loads:
        print(f"{load}:")
        print(header)
        for variant in VARIANTS:
            measured = runs[(load, variant.name)]
            cells = [
                fmt.format(statistics.median(run[name] for run in measured))
                for name, fmt in FIGURES
            ]
            print(f"  {variant.name:22} " + " ".join(cells))
        if args.passes > 1:  # how far apart one variant's passes were: the noise to read by
            spread = [
                statistics.median(
                    _spread([run[name] for run in runs[(load, v.name)]]) for v in VARIANTS
                )
                for name, _ in FIGURES
            ]
            print(
                f"  {'spread between passes':22} "
                + " ".join(
                    f"{value:>{len(fmt.format(0)) - 1}.0f}%"
                    for value, (_, fmt) in zip(spread, FIGURES)
                )
            )


def _spread(values: list[float]) -> float:
    """(max - min) / median of a variant's passes, in percent."""
    return 100 * (max(values) - min(values)) / statistics.median(values)


if __name__ == "__main__":
    main()
