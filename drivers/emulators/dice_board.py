"""Our dice-reader board (firmware_bridge/PROTOCOL.md, "Dice reader") on a pseudo-terminal,
for tests, demos and the contract suite (the link, the line's faults, unplugging, rebooting:
bridge_board.py).

When the host asks for a throw the shooter throws and the reader reads the dice at rest: fair
dice, those of set_next(), or a void throw by fail_next(cause). throw_unasked() makes the
reader send a reading nobody asked for (the stickman moved the dice), fail_selftest() fails a
check.

Durations are a real throw's, multiplied by `time_scale`.

Run by hand: python -m drivers.emulators.dice_board --link /tmp/dice-reader
"""

from __future__ import annotations

from drivers.emulators.bridge_board import BridgeBoardEmulator, NamedChecks, run_by_hand
from firmware_bridge.messages import DICE_VOID_CAUSES, Dice, DiceVoid, Message, Throw

# Seconds from "dice out" to the dice at rest: the shooter takes them, throws, they roll.
AT_REST_AT = 4.0


def _check_wire_dice(d1: int, d2: int) -> None:
    if not (0 <= d1 <= 0xFF and 0 <= d2 <= 0xFF):
        raise ValueError(f"a die is read as one byte, not {d1!r} and {d2!r}")


class DiceBoardEmulator(NamedChecks, BridgeBoardEmulator):
    """The options are BridgeBoardEmulator's."""

    CHECKS = ("camera", "lighting", "calibration", "lamp")
    VERSION = "dice-reader-emulator 0.1.0"

    def __init__(self, link, **options):
        super().__init__(link, **options)
        self._forced_dice: tuple[int, int] | None = None
        self._forced_void: str | None = None

    # Driving it

    def set_next(self, d1: int, d2: int) -> None:
        """The next throw that is not void is read as these dice (outside 1 to 6: a reader
        misreading them)."""
        _check_wire_dice(d1, d2)
        with self._lock:
            self._forced_dice = (d1, d2)

    def fail_next(self, cause: str) -> None:
        """The next throw is void for `cause`, one of DICE_VOID_CAUSES."""
        if cause not in DICE_VOID_CAUSES:
            raise ValueError(f"unknown void cause {cause!r}; one of {', '.join(DICE_VOID_CAUSES)}")
        with self._lock:
            self._forced_void = cause

    def throw_unasked(self, d1: int, d2: int) -> None:
        """The reader reads these dice now, though no throw was asked for."""
        _check_wire_dice(d1, d2)
        with self._lock:
            self._queue(Dice(self._clock_us(), d1, d2))

    # The board's own

    def _command(self, message: Message) -> None:
        if isinstance(message, Throw):
            self._plan()

    def _plan(self) -> None:
        """The shooter throws; the reader reads the dice once they are at rest."""
        dice = (self._rng.randint(1, 6), self._rng.randint(1, 6))
        void, self._forced_void = self._forced_void, None
        if void is None:
            (d1, d2), self._forced_dice = self._forced_dice or dice, None
            self._schedule(AT_REST_AT, lambda t: Dice(t, d1, d2))
        else:
            self._schedule(AT_REST_AT, lambda t: DiceVoid(t, void))


def main(argv: list[str] | None = None) -> None:
    run_by_hand(DiceBoardEmulator, "dice-reader board", "/tmp/dice-reader", argv)


if __name__ == "__main__":
    main()
