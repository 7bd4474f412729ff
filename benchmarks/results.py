"""What the benchmarks share: a subscriber that notes when each round.result arrives, and the
percentile line."""

from __future__ import annotations

import json
import statistics
import threading
import time

import zmq


class ResultListener:
    """Subscribes to a table's round.result topic and notes time.monotonic_ns() at arrival,
    by round. Use as a context manager around the table's run."""

    def __init__(self, endpoint: str, table: str):
        self.received: dict[int, int] = {}
        self._sub = zmq.Context.instance().socket(zmq.SUB)
        self._sub.setsockopt(zmq.SUBSCRIBE, f"{table}/round.result".encode())
        self._sub.connect(endpoint)
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._listen, daemon=True)

    def __enter__(self) -> "ResultListener":
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        time.sleep(0.2)  # the last results on their way
        self._done.set()
        self._thread.join()
        self._sub.close(linger=0)

    def _listen(self) -> None:
        while not self._done.is_set():
            if self._sub.poll(100):
                _, body = self._sub.recv_multipart()
                self.received[json.loads(body)["round"]] = time.monotonic_ns()


def print_latency(label: str, started: dict[int, int], received: dict[int, int]) -> None:
    """p50/p99 of received[r] - started[r] over the rounds in both, in milliseconds."""
    latencies = sorted((received[r] - t) / 1e6 for r, t in started.items() if r in received)
    if not latencies:
        print(f"{label}: no round.result received")
        return
    p50 = statistics.median(latencies)
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    print(f"{label} over {len(latencies)} rounds: p50 {p50:.2f} ms, p99 {p99:.2f} ms, max {latencies[-1]:.2f} ms")
