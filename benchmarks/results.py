"""What the benchmarks share: a subscriber that notes when each round.result arrives, the
percentile line, and the floor a table's figures are measured against: one durable SQLite
commit and one ZeroMQ hop on this machine, measured in the same run."""

from __future__ import annotations

import json
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import zmq


class ResultListener:
    """Subscribes to a table's round.result topic and notes time.monotonic_ns() at arrival,
    by round (`received`, once the context has exited). Use as a context manager around the
    table's run.

    It listens in a process of its own, as the pit does: in the table's process it would take
    turns with the table's threads for the GIL, and its own wait would be measured as the
    table's latency. time.monotonic_ns() is the system's monotonic clock, the same in both
    processes."""

    def __init__(self, endpoint: str, table: str):
        self.received: dict[int, int] = {}
        self._args = [sys.executable, "-c", _LISTENER, endpoint, f"{table}/round.result"]
        self._process: subprocess.Popen | None = None

    def __enter__(self) -> ResultListener:
        self._process = subprocess.Popen(
            self._args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        if self._process.stdout.readline().strip() != "subscribed":
            raise RuntimeError("the listening process did not start")
        return self

    def __exit__(self, *exc) -> None:
        time.sleep(0.2)  # the last results on their way
        out, _ = self._process.communicate("stop\n", timeout=30)
        self.received = {int(r): t for r, t in json.loads(out).items()}


# The listening process: subscribes, says so, notes each round.result until stdin speaks.
_LISTENER = """
import json, select, sys, time
import zmq
endpoint, topic = sys.argv[1:]
sub = zmq.Context.instance().socket(zmq.SUB)
sub.setsockopt(zmq.SUBSCRIBE, topic.encode())
sub.connect(endpoint)
poller = zmq.Poller()
poller.register(sub, zmq.POLLIN)
poller.register(sys.stdin, zmq.POLLIN)
print("subscribed", flush=True)
received = {}
while True:
    ready = dict(poller.poll())
    if sub in ready:
        _, body = sub.recv_multipart()
        received[json.loads(body)["round"]] = time.monotonic_ns()
    elif ready:
        break
print(json.dumps(received), flush=True)
sub.close(linger=0)
"""


def percentile(values: list[float], share: float) -> float:
    """The value below which `share` of the sorted `values` lie (p99: share 0.99)."""
    return values[min(len(values) - 1, int(len(values) * share))]


@dataclass(frozen=True)
class Spread:
    """Median and p99 of a measure, in milliseconds."""

    p50: float
    p99: float

    @classmethod
    def of(cls, samples_ms: list[float]) -> Spread:
        ordered = sorted(samples_ms)
        return cls(statistics.median(ordered), percentile(ordered, 0.99))


@dataclass(frozen=True)
class Floor:
    """What no table on this machine can beat: one SQLite commit of one small row (WAL,
    synchronous FULL, a fresh file) and one ZeroMQ PUB -> SUB hop on loopback TCP."""

    commit: Spread
    hop: Spread

    @property
    def ms(self) -> float:
        """One commit then one hop, at their medians: the least an event can take from the
        sensor to a subscriber when each is committed before it is published."""
        return self.commit.p50 + self.hop.p50

    @property
    def tail_ms(self) -> float:
        """One commit then one hop, at their p99s."""
        return self.commit.p99 + self.hop.p99

    @property
    def commits_per_s(self) -> float:
        return 1000 / self.commit.p50

    def line(self) -> str:
        return (
            f"floor: one SQLite commit (WAL, synchronous=FULL) p50 {self.commit.p50:.3f} ms, "
            f"p99 {self.commit.p99:.3f} ms ({self.commits_per_s:,.0f} commits/s); "
            f"one ZeroMQ hop (PUB->SUB, loopback tcp) p50 {self.hop.p50:.3f} ms, "
            f"p99 {self.hop.p99:.3f} ms; commit + hop {self.ms:.3f} ms"
        )


def measure_commit(directory: Path, commits: int = 500) -> Spread:
    """`commits` transactions of one small row each, in a fresh WAL file with synchronous FULL
    in `directory` (put it where the benchmark's journals are: same disk, same filesystem)."""
    conn = sqlite3.connect(directory / "floor.sqlite", isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("CREATE TABLE floor (seq INTEGER PRIMARY KEY, body TEXT NOT NULL)")
        body = "x" * 200  # about an event
        samples = []
        for seq in range(1, commits + 1):
            start = time.perf_counter_ns()
            conn.execute("BEGIN")
            conn.execute("INSERT INTO floor VALUES (?, ?)", (seq, body))
            conn.execute("COMMIT")
            samples.append((time.perf_counter_ns() - start) / 1e6)
    finally:
        conn.close()
    return Spread.of(samples)


def measure_hop(hops: int = 500) -> Spread:
    """`hops` messages of about an event's size, each sent on a PUB socket and received on a
    SUB socket connected to it over loopback TCP, one at a time, timed from the send to the
    end of the receive (one thread: no other thread's turn in it)."""
    context = zmq.Context.instance()
    pub, sub = context.socket(zmq.PUB), context.socket(zmq.SUB)
    try:
        pub.linger = sub.linger = 0
        pub.bind("tcp://127.0.0.1:*")
        sub.setsockopt(zmq.SUBSCRIBE, b"")
        sub.connect(pub.getsockopt_string(zmq.LAST_ENDPOINT))
        deadline = time.monotonic() + 5
        while not sub.poll(10):  # until the subscription has reached the publisher
            assert time.monotonic() < deadline, "the loopback subscription never joined"
            pub.send_multipart([b"T/join", b"{}"])
        while sub.poll(50):
            sub.recv_multipart()
        body = b"x" * 200
        samples = []
        for _ in range(hops):
            start = time.perf_counter_ns()
            pub.send_multipart([b"T/round.result", body])
            sub.recv_multipart()
            samples.append((time.perf_counter_ns() - start) / 1e6)
    finally:
        pub.close()
        sub.close()
    return Spread.of(samples)


def measure_floor(directory: Path | None = None) -> Floor:
    with tempfile.TemporaryDirectory(prefix="dt-floor-", dir=directory) as where:
        commit = measure_commit(Path(where))
    return Floor(commit, measure_hop())


def print_latency(
    label: str, started: dict[int, int], received: dict[int, int], floor: Floor | None = None
) -> None:
    """p50/p99 of received[r] - started[r] over the rounds in both, in milliseconds (and as
    multiples of the floor's commit + hop, when given)."""
    latencies = sorted((received[r] - t) / 1e6 for r, t in started.items() if r in received)
    if not latencies:
        print(f"{label}: no round.result received")
        return
    p50, p99, top = statistics.median(latencies), percentile(latencies, 0.99), latencies[-1]
    print(
        f"{label} over {len(latencies)} rounds: p50 {p50:.2f} ms, p99 {p99:.2f} ms, "
        f"max {top:.2f} ms"
    )
    if floor is not None:
        print(
            f"  as multiples of the floor (commit + hop, {floor.ms:.3f} ms): "
            f"p50 {p50 / floor.ms:.1f}x, p99 {p99 / floor.ms:.1f}x, max {top / floor.ms:.1f}x; "
            f"p99 {p99 / floor.tail_ms:.1f}x the floor's p99 ({floor.tail_ms:.3f} ms)"
        )
