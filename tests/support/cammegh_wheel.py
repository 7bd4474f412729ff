"""What the Cammegh driver's tests against the SS2 emulator share: waiting for the driver's
events and for a condition, with deadlines (never sleep-then-assert), and the lines of a
controller after one of them. The emulator and driver factories are fixtures of
tests/drivers/conftest.py."""

import time

DEADLINE = 20.0  # a guard against a hang, not a measure


def wait_for(wheel, wanted, *, what=None) -> list:
    """The events up to and including the first that is a `wanted` (with code `what`)."""
    deadline = time.monotonic() + DEADLINE
    events = []
    while True:
        event = wheel.get(timeout=max(0.0, deadline - time.monotonic()))
        assert event is not None, f"no {wanted.__name__} {what or ''} before the deadline: {events}"
        events.append(event)
        if isinstance(event, wanted) and (what is None or event.code == what):
            return events


def eventually(condition, what: str) -> None:
    deadline = time.monotonic() + DEADLINE
    while not condition():
        assert time.monotonic() < deadline, f"never: {what}"
        time.sleep(0.01)


def after(lines: list[str], line: str) -> list[str]:
    """What came after the last `line`."""
    return lines[len(lines) - lines[::-1].index(line) :]
