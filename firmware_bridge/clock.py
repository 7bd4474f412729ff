"""The microcontroller's clock on the host's: events are stamped by the board in its own
microseconds, the host wants its monotonic nanoseconds.

Each heartbeat round trip gives a sample: the board read its clock somewhere between the
host's send and receive, best guessed at the midpoint, within half the round trip. A least
squares line through the recent samples with the shorter round trips gives the offset and the
drift of the board's crystal (tens of ppm).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

MAX_DRIFT = 1e-3  # a crystal further off than 1000 ppm is a broken estimate, not a clock
MIN_SPAN_US = 500_000  # fit a drift only over samples at least this far apart


@dataclass(frozen=True)
class _Sample:
    mcu_us: int
    host_ns: int  # the midpoint of the round trip
    rtt_ns: int


class ClockMap:
    def __init__(self, window: int = 16):
        self._samples: deque[_Sample] = deque(maxlen=window)
        self._fit: tuple[int, int, float] | None = None  # (mcu_us, host_ns, ns per us)

    def add(self, mcu_us: int, sent_ns: int, received_ns: int) -> None:
        """A heartbeat sent at `sent_ns` was answered with the board's `mcu_us`, received at
        `received_ns` (host monotonic)."""
        rtt = max(0, received_ns - sent_ns)
        self._samples.append(_Sample(mcu_us, sent_ns + rtt // 2, rtt))
        self._fit = self._refit()

    @property
    def rtt_ns(self) -> int | None:
        return self._samples[-1].rtt_ns if self._samples else None

    @property
    def drift_ppm(self) -> float | None:
        """How much faster the board's clock runs than the host's, in parts per million."""
        return None if self._fit is None else (1000 / self._fit[2] - 1) * 1e6

    def to_host(self, mcu_us: int) -> int | None:
        """Host monotonic ns at the board's `mcu_us`; None before the first sample."""
        if self._fit is None:
            return None
        mcu0, host0, slope = self._fit
        return host0 + round((mcu_us - mcu0) * slope)

    def _refit(self) -> tuple[int, int, float]:
        best = min(s.rtt_ns for s in self._samples)
        good = [s for s in self._samples if s.rtt_ns <= 2 * best + 1_000_000]
        mcu0, host0 = good[-1].mcu_us, good[-1].host_ns
        xs = [s.mcu_us - mcu0 for s in good]
        ys = [s.host_ns - host0 for s in good]
        slope = 1000.0
        if max(xs) - min(xs) >= MIN_SPAN_US:
            mean_x, mean_y = sum(xs) / len(xs), sum(ys) / len(ys)
            sxx = sum((x - mean_x) ** 2 for x in xs)
            sxy = sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys))
            slope = min(max(sxy / sxx, 1000 * (1 - MAX_DRIFT)), 1000 * (1 + MAX_DRIFT))
        intercept = sum(y - slope * x for x, y in zip(xs, ys)) / len(xs)
        return mcu0, host0 + round(intercept), slope
