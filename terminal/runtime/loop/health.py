"""The once-a-second link-health line of every device that keeps figures (frames, bad frames,
resends, round trip...): what a technician reads first when a link misbehaves."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TextIO


class HealthLog:
    """A journal-writer sink: its tick prints one line per device that has `health()`."""

    def __init__(self, devices: Mapping[str, Any], log: TextIO):
        self.devices = {
            name: d for name, d in devices.items() if callable(getattr(d, "health", None))
        }
        self.log = log

    def committed(self, events: list[dict]) -> None:
        pass

    def tick(self, last_seq: int) -> None:
        for name, device in self.devices.items():
            figures = device.health()
            if figures:
                print(
                    f"health {name}: " + " ".join(f"{k}={v}" for k, v in figures.items()),
                    file=self.log,
                    flush=True,
                )
