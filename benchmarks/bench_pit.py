"""Benchmark of the pit collector (figures printed, nothing asserted): one `dealer-terminal pit
collect` process following many simulated tables, each publishing one event a second (plus its
heartbeat) over TCP on loopback, with a replay ROUTER like a real table's.

Printed: the sustained rate stored; the delay from publication (the table's clock) to the
event arriving on the pit's merged feed, which the pit republishes only after the event is
committed to its store (so it bounds publication → storage from above): p50, p99, max; the
collector's CPU (of one core) and memory (resident, peak).

The tables are emulated by a few worker processes (sealed, chained events of the real format,
a `round.result` body of realistic size), not by 500 table terminals: a terminal's own cost is
`bench_table.py`'s subject.

Usage: python benchmarks/bench_pit.py [--tables 500] [--seconds 60] [--warmup 10] [--workers 2]
       [--db URL] [--port 31000]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import zmq

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from terminal.contract.events import GENESIS, canonical, heartbeat, seal, topic, utc_ts  # noqa: E402

STRAGGLERS_S = 3.0  # after the measured window, how long the events published in it may still come

RESULT_DATA = {  # a roulette round.result of a busy table: six bets
    "outcome": {"number": 17, "rotor": "cw", "rpm": 24.5},
    "announcement": {
        "key": "result",
        "text": {
            "ca": "17, negre, senar i manca",
            "es": "17, negro, impar y falta",
            "en": "17, black, odd and low",
        },
    },
    "bets": [{"id": f"b{i}", "seat": i, "code": "straight:17", "stake": 500} for i in range(6)],
    "settlement": [{"id": f"b{i}", "result": "lose", "paid": 0, "returned": 0} for i in range(6)],
    "totals": {"staked": 3000, "paid": 0, "returned": 0, "house_net": 3000},
}


def _endpoints(port: int, index: int) -> tuple[str, str]:
    return f"tcp://127.0.0.1:{port + 2 * index}", f"tcp://127.0.0.1:{port + 2 * index + 1}"


def _tables(first: int, count: int, port: int, seconds: float, start_at: float) -> None:
    """A worker: tables first..first+count-1, each publishing an event a second (staggered over
    the second) and a heartbeat, and answering replays from the events it keeps."""
    context = zmq.Context()
    context.set(zmq.MAX_SOCKETS, 4 * count + 64)
    tables = []
    poller = zmq.Poller()
    for index in range(first, first + count):
        feed, replay = _endpoints(port, index)
        pub, router = context.socket(zmq.PUB), context.socket(zmq.ROUTER)
        pub.sndhwm = 100_000
        pub.bind(feed)
        router.bind(replay)
        poller.register(router, zmq.POLLIN)
        tables.append(
            {
                "id": f"T{index:03d}",
                "pub": pub,
                "router": router,
                "events": [],
                "prev": GENESIS,
                "due": start_at + (index % count) / count,
            }
        )
    by_router = {t["router"]: t for t in tables}
    end = start_at + seconds
    while True:
        now = time.time()
        if now >= end:
            break
        for table in tables:
            if now >= table["due"]:
                seq = len(table["events"]) + 1
                event = seal(
                    {
                        "v": 1,
                        "table": table["id"],
                        "game": "roulette_fr",
                        "seq": seq,
                        "round": seq,
                        "ts": utc_ts(),
                        "kind": "round.result",
                        "data": {
                            **RESULT_DATA,
                            "outcome": {
                                "number": seq % 37,
                                "rpm": 24.5,
                                "rotor": ("cw", "ccw")[seq % 2],
                            },
                            "sent_ns": time.time_ns(),
                        },
                        "prev": table["prev"],
                    }
                )
                table["events"].append(canonical(event))
                table["prev"] = event["hash"]
                table["pub"].send_multipart([topic(event), table["events"][-1]])
                table["pub"].send_multipart(
                    [f"{table['id']}/heartbeat".encode(), canonical(heartbeat(table["id"], seq))]
                )
                table["due"] += 1.0
        next_due = min(t["due"] for t in tables)
        for socket, _ in poller.poll(max(0, int((next_due - time.time()) * 1000))):
            table = by_router[socket]
            identity, frame = socket.recv_multipart()
            from_seq = max(1, json.loads(frame).get("from_seq", 1))
            events = table["events"]
            for body in events[from_seq - 1 :]:
                socket.send_multipart([identity, body])
            socket.send_multipart(
                [identity, canonical({"op": "replay.end", "last_seq": len(events)})]
            )
    for table in tables:
        table["pub"].close(linger=0)
        table["router"].close(linger=0)
    context.term()


def _floor_file(directory: Path, tables: int, port: int) -> Path:
    lines = [
        f'[pit]\npublish = "tcp://127.0.0.1:{port - 2}"\ncontrol = "tcp://127.0.0.1:{port - 1}"\n',
        "[alerts]\nsilent_after = 5\n",
    ]
    for index in range(tables):
        feed, replay = _endpoints(port, index)
        lines.append(f'[[table]]\nid = "T{index:03d}"\nfeed = "{feed}"\nreplay = "{replay}"\n')
    path = directory / "floor.toml"
    path.write_text("\n".join(lines))
    return path


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _memory_mb(pid: int) -> tuple[float, float]:
    status = dict(
        line.split(":", 1)
        for line in Path(f"/proc/{pid}/status").read_text().splitlines()
        if ":" in line
    )
    return int(status["VmRSS"].split()[0]) / 1024, int(status["VmHWM"].split()[0]) / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=60.0, help="measured seconds")
    parser.add_argument("--warmup", type=float, default=10.0)
    parser.add_argument("--workers", type=int, default=2, help="processes emulating the tables")
    parser.add_argument(
        "--db", help="the pit's store URL (default: a SQLite file in a temporary folder)"
    )
    parser.add_argument(
        "--port", type=int, default=31000, help="first of the 2 × tables ports used"
    )
    args = parser.parse_args()

    directory = Path(tempfile.mkdtemp(prefix="dt-bench-pit-"))
    floor = _floor_file(directory, args.tables, args.port)
    db = args.db or f"sqlite:///{directory / 'pit.db'}"
    start_at = time.time() + 3.0
    total = args.warmup + args.seconds + 2.0
    per = -(-args.tables // args.workers)
    workers = [
        multiprocessing.Process(
            target=_tables,
            args=(w * per, min(per, args.tables - w * per), args.port, total, start_at),
            daemon=True,
        )
        for w in range(args.workers)
        if w * per < args.tables
    ]
    for worker in workers:
        worker.start()
    collector = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "terminal.cli",
            "pit",
            "collect",
            "--tables",
            str(floor),
            "--db",
            db,
        ],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    sub = zmq.Context.instance().socket(zmq.SUB)
    sub.rcvhwm = 0
    sub.setsockopt(zmq.SUBSCRIBE, b"")
    sub.connect(f"tcp://127.0.0.1:{args.port - 2}")
    print(
        f"pit benchmark: {args.tables} tables at 1 event/s (+ heartbeat), "
        f"{args.workers} table processes, store {db}; "
        f"warm-up {args.warmup:g} s, measured {args.seconds:g} s",
        flush=True,
    )
    try:
        measure_from = start_at + args.warmup
        measure_to = measure_from + args.seconds
        delays: list[float] = []
        arrived = 0  # events that came back stored during the measured window
        cpu0 = cpu1 = None
        while time.time() < measure_to + STRAGGLERS_S:
            if collector.poll() is not None:
                raise SystemExit("the collector stopped:\n" + collector.stdout.read())
            if cpu0 is None and time.time() >= measure_from:
                cpu0, wall0 = _cpu_seconds(collector.pid), time.monotonic()
            if cpu1 is None and time.time() >= measure_to:
                cpu1, wall1 = _cpu_seconds(collector.pid), time.monotonic()
                rss, peak = _memory_mb(collector.pid)
            if not sub.poll(100):
                continue
            kind_topic, body = sub.recv_multipart()
            if kind_topic.endswith(b"/heartbeat"):
                continue
            sent, now = json.loads(body)["data"]["sent_ns"] / 1e9, time.time()
            if measure_from <= sent < measure_to:
                delays.append((now - sent) * 1000)
            arrived += measure_from <= now < measure_to
    finally:
        collector.terminate()
        output, _ = collector.communicate(timeout=30)
        for worker in workers:
            worker.join(timeout=10)
        sub.close(linger=0)
    delays.sort()
    if not delays:
        print("no event came through the pit's merged feed; the collector said:\n" + output)
        return
    expected = args.tables * args.seconds
    print(
        f"sustained: {arrived / args.seconds:.0f} events stored (and republished) per second, "
        f"offered {args.tables}; {len(delays)} of the {expected:.0f} events published in the "
        f"window came back stored, {_stored(db)} stored in all"
    )
    print(
        f"publication → stored and republished: p50 {statistics.median(delays):.1f} ms, "
        f"p99 {delays[min(len(delays) - 1, int(len(delays) * 0.99))]:.1f} ms, "
        f"max {delays[-1]:.1f} ms"
    )
    print(
        f"collector: CPU {100 * (cpu1 - cpu0) / (wall1 - wall0):.0f}% of one core, "
        f"memory {rss:.0f} MB resident ({peak:.0f} MB peak)"
    )
    alerts = [line for line in output.splitlines() if " alert " in line]
    print(
        f"collector alerts during the run: {len(alerts)}" + "".join(f"\n  {a}" for a in alerts[:5])
    )


def _stored(db: str) -> int:
    import sqlalchemy as sa

    from terminal.pit.store import engine_url

    engine = sa.create_engine(engine_url(db))
    try:
        with engine.connect() as conn:
            return conn.execute(sa.text("SELECT count(*) FROM pit_events")).scalar_one()
    finally:
        engine.dispose()


if __name__ == "__main__":
    main()
