"""What the devices of the croupier's screen do alike (the `screen://` backends of the wheel,
the dice reader and the card shoe): nothing is sensed, a person enters the outcome. The screen
shows an entry large and hands it to the device only once the croupier has confirmed it
(docs/rulings.md, "At the croupier's screen"); the device turns it into the events a sensor
would have reported, marked with who entered it (`entered_by`), which the runtime journals as
`outcome.source = "manual"`. The table waits for a person's entries without a deadline
(`Device.manual`).

A table whose device is a sensor has one of these beside it (terminal/assemble.py), so that
the croupier can enter what a sensor out of order does not report.

URL: screen:// (nothing else: the screen is the terminal's own)
"""

from __future__ import annotations

import threading

from drivers.device import Device, E
from drivers.selftest import SelfTestCheck

HAND_URL = "screen://"
MAX_BY = 64  # characters of who entered an outcome: a staff id, never a megabyte journaled


def check_by(by: str) -> str:
    """`by` itself when it can say who entered an outcome; ValueError otherwise."""
    if not isinstance(by, str) or not by.strip() or len(by) > MAX_BY:
        raise ValueError(
            f"who entered it must be a non-empty text of at most {MAX_BY} characters "
            f"(a staff id, e.g. 'C-07'), not {by!r:.80}"
        )
    return by


class Hand(Device[E]):
    """Mixed in before a device's interface: `class HandDice(Hand[DiceEvent], DiceReader)`.
    The device calls `_hand()` in its constructor; its entry methods may be called from any
    thread (the screen's UI thread), each entry's events emitted together under `_lock`."""

    manual = True

    def _hand(self) -> None:
        if self.url != HAND_URL:
            raise self._error("not the croupier's screen's URL", f"write {HAND_URL}")
        self._lock = threading.Lock()

    def _entry(self, by: str) -> str:
        """Who entered the entry being taken, checked, once the device is open."""
        self._require_open("take an entry")
        return check_by(by)

    def _open(self) -> None:
        """Nothing to open: the screen is the terminal's own."""

    def _close(self) -> None:
        """Nothing to close."""

    def _selftest(self) -> list[SelfTestCheck]:
        return [SelfTestCheck("screen", True, "the outcome is entered on the croupier's screen")]
