"""Debouncing as lgpio does it, hence rpi-lgpio on the Pi: a new level is reported once it has
held for the bounce time, at that moment. Pulses shorter than that are never reported, and every
report comes that much after the change. (The original RPi.GPIO reported the first edge and then
ignored edges for the bounce time.) On the Pi the library debounces; the simulated backend runs
its inputs through this class, so that it filters exactly what the Pi filters."""

from __future__ import annotations

from typing import NamedTuple


class Settled(NamedTuple):
    level: bool
    t_ns: int


class Debouncer:
    """One input. Tell it every change of the raw level, in time order; it answers each report
    as it falls due. Times are nanoseconds on whatever clock the caller keeps."""

    def __init__(self, level: bool, bounce_ns: int):
        self.level = level  # the debounced level: the last one reported
        self.bounce_ns = bounce_ns
        self._raw = level
        self._since = 0  # when the raw level took its value

    def sample(self, raw: bool, t_ns: int) -> Settled | None:
        """The raw level is `raw` from `t_ns` on. Answers the report of the level it had until
        then, if that level was new and held long enough."""
        settled = self._due(t_ns)
        if raw != self._raw:
            self._raw, self._since = raw, t_ns
        return settled

    def settle(self) -> Settled | None:
        """The raw level holds from now on: its report, if it makes one."""
        return self._due(self._since + self.bounce_ns)

    def _due(self, t_ns: int) -> Settled | None:
        if self._raw != self.level and t_ns - self._since >= self.bounce_ns:
            self.level = self._raw
            return Settled(self.level, self._since + self.bounce_ns)
        return None
