"""Helpers for the tests of the wheel sensor board's backend against its emulator over real
pseudo-terminals (importable as `board_emulated`: tests/ is on pytest's pythonpath)."""

from __future__ import annotations

import time
from collections.abc import Callable

from drivers.faults import Fault, FaultCleared
from drivers.wheel.events import BallInPocket, BallLaunched, BallLeavingRim, RotorSpin
from firmware_bridge import messages as m
from tests.support.helpers import wait_for  # noqa: F401  (the board tests' wait, importable from here as before)

DEADLINE = 10.0  # a guard against a hang, not a measure


def events_until(
    wheel, done: Callable[[list], bool], what: str, deadline: float = DEADLINE
) -> list:
    """The wheel's events, read until `done(events)`."""
    end = time.monotonic() + deadline
    events: list = []
    while not done(events):
        event = wheel.get(timeout=max(0.0, end - time.monotonic()))
        assert event is not None, f"{what}: not within {deadline:g} s; events: {events}"
        events.append(event)
    return events


def drain(wheel) -> list:
    events = []
    while (event := wheel.get(timeout=0)) is not None:
        events.append(event)
    return events


def ending_with(kind: type, **fields) -> Callable[[list], bool]:
    """A `done` for events_until: the last event is a `kind` with these fields."""
    return lambda events: (
        bool(events)
        and isinstance(events[-1], kind)
        and all(getattr(events[-1], name) == value for name, value in fields.items())
    )


def faults(events, code: str | None = None) -> list[Fault]:
    return [e for e in events if isinstance(e, Fault) and code in (None, e.code)]


def cleared(events) -> list[str]:
    return [e.code for e in events if isinstance(e, FaultCleared)]


def readings(events) -> list[tuple]:
    """What the sensors reported, in order, without the stamps."""
    out = []
    for e in events:
        if isinstance(e, RotorSpin):
            out.append(("rotor", e.direction))
        elif isinstance(e, BallLaunched):
            out.append(("ball_in_rim", e.direction))
        elif isinstance(e, BallLeavingRim):
            out.append(("ball_leaving",))
        elif isinstance(e, BallInPocket):
            out.append(("ball_in_pockets", e.pockets))
    return out


def sent_readings(emulator) -> list[tuple]:
    """What the emulated board sent, in the same shape as readings()."""
    out = []
    for message in emulator.sent:
        if isinstance(message, (m.Rotor, m.BallInRim)):
            out.append((message.NAME, message.direction))
        elif isinstance(message, m.BallLeaving):
            out.append((message.NAME,))
        elif isinstance(message, m.BallInPockets):
            out.append((message.NAME, message.pockets))
    return out
