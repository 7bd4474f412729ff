"""Benchmark of the pit collector's start-up (figures printed, nothing asserted): how long
`pit collect` takes to rebuild its view of every table from a store that already holds a long
history, before it follows any feed.

The store is built first (sealed, chained events of the real format, the `round.result` body
of `bench_pit.py`): per table `--rounds` results in sessions of `--session` rounds, each session
opened with its advance. The collector folds each table's last session and restores its bias
window from the last `bias_spins` results (3,700 by default), so both sizes matter.

Usage: python benchmarks/bench_pit_startup.py [--tables 100] [--rounds 3700] [--session 320]
       [--db URL]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench_pit import RESULT_DATA  # noqa: E402

from terminal.contract.events import GENESIS, seal  # noqa: E402
from terminal.pit.collector import Collector  # noqa: E402
from terminal.pit.floorfile import load_floor  # noqa: E402
from terminal.pit.store import PitStore  # noqa: E402

TS = "2026-11-30T06:00:00.000Z"
BATCH = 5000  # events per store transaction while building


def _history(table: str, rounds: int, session: int):
    """The table's events, oldest first: sessions of `session` rounds, each opened and advanced."""
    prev, seq = GENESIS, 0

    def event(kind: str, data: dict, round_no: int | None = None) -> dict:
        nonlocal prev, seq
        seq += 1
        sealed = seal(
            {
                "v": 1,
                "table": table,
                "game": "roulette_fr",
                "seq": seq,
                "round": round_no,
                "ts": TS,
                "kind": kind,
                "data": data,
                "prev": prev,
            }
        )
        prev = sealed["hash"]
        return sealed

    for number in range(1, rounds + 1):
        if number % session == 1 or session == 1:
            yield event(
                "table.open",
                {
                    "croupier": "C-01",
                    "game": "roulette_fr",
                    "profile": "valencia-1994",
                    "limits": {"min": 500, "chip_unit": 100, "max": {}},
                },
            )
            yield event("float.advance", {"amount": 5_000_000, "chips": {}, "reason": "opening"})
        yield event("round.open", {}, number)
        yield event("round.closed", {}, number)
        yield event(
            "round.result",
            {
                **RESULT_DATA,
                "outcome": {
                    "number": number * 7 % 37,
                    "rpm": 24.5,
                    "rotor": ("cw", "ccw")[number % 2],
                },
            },
            number,
        )


def _build(store: PitStore, tables: int, rounds: int, session: int) -> int:
    stored, started = 0, time.monotonic()
    for index in range(tables):
        rows = []
        for event in _history(f"T{index:03d}", rounds, session):
            rows.append((event, TS))
            if len(rows) == BATCH:
                store.append(rows)
                stored, rows = stored + len(rows), []
        store.append(rows)
        stored += len(rows)
        print(
            f"\rbuilding the store: table {index + 1}/{tables}, {stored:,} events, "
            f"{time.monotonic() - started:.0f} s",
            end="",
            file=sys.stderr,
            flush=True,
        )
    print(file=sys.stderr)
    return stored


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=3700, help="results stored per table")
    parser.add_argument(
        "--session", type=int, default=320, help="rounds per session (8 h at 40 an hour)"
    )
    parser.add_argument(
        "--db", help="the pit's store URL (default: a SQLite file in a temporary folder)"
    )
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="bench-pit-startup-") as folder:
        directory = Path(folder)
        store = PitStore(args.db or f"sqlite:///{directory / 'pit.db'}")
        events = _build(store, args.tables, args.rounds, args.session)
        floor = directory / "floor.toml"
        floor.write_text(
            '[pit]\npublish = "tcp://127.0.0.1:*"\ncontrol = "tcp://127.0.0.1:*"\n'
            + "".join(
                f'[[table]]\nid = "T{i:03d}"\nfeed = "tcp://127.0.0.1:{40000 + 2 * i}"\n'
                f'replay = "tcp://127.0.0.1:{40001 + 2 * i}"\n'
                for i in range(args.tables)
            )
        )
        started = time.monotonic()
        collector = Collector(load_floor(floor), store)
        took = time.monotonic() - started
        collector.close()
        store.close()

    print(
        f"store: {args.tables} tables x {args.rounds:,} results (sessions of {args.session}), "
        f"{events:,} events"
    )
    print(
        f"start-up (views rebuilt from the store): {took:.1f} s, "
        f"{took / args.tables * 1000:.0f} ms a table"
    )


if __name__ == "__main__":
    main()
