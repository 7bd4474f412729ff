"""What the table's discrete inputs report: immutable, each stamped with time.monotonic_ns() when
the debounced change was reported (by the backend, never later by a reader of the queue)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ButtonPressed:
    """A momentary input (the croupier's "no more bets" button or pedal) was pressed."""

    name: str
    t_ns: int


@dataclass(frozen=True)
class SwitchChanged:
    """A held input (tilt, door) closed or opened."""

    name: str
    closed: bool
    t_ns: int


GpioEvent = ButtonPressed | SwitchChanged
