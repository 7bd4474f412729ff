"""The dice reader whose throws the croupier enters on the screen (drivers/hand.py): a craps
table with no reader, or one whose reader is out of order.

URL: screen://

throw() arms nothing: the croupier enters the dice once they rest (`enter`), or that the
throw is void and why (`void`), as a reader reports them.
"""

from __future__ import annotations

from drivers.dice.base import DiceReader
from drivers.dice.events import VOID_DETAILS, DiceEvent, DiceThrown, check_cause, check_dice
from drivers.faults import Fault, FaultCleared
from drivers.hand import Hand


class HandDice(Hand[DiceEvent], DiceReader):
    def __init__(self, url: str, *, seed: int | None = None):
        super().__init__(url)
        self._hand()

    def enter(self, d1: int, d2: int, by: str) -> None:
        """The dice show `d1` and `d2`, as the croupier `by` entered and confirmed them (from
        any thread); ValueError, and nothing emitted, for a die that shows no such face."""
        by = self._entry(by)
        check_dice(d1, d2)
        with self._lock:
            self._emit(DiceThrown((d1, d2), entered_by=by))

    def void(self, cause: str, by: str) -> None:
        """The throw is void for `cause` (events.VOID_CAUSES), as the croupier `by` entered it:
        the void throw a reader reports, its detail saying who entered it."""
        by = self._entry(by)
        check_cause(cause)
        detail = f"{VOID_DETAILS[cause]}: void throw (entered by {by})"
        with self._lock:
            self._emit(Fault(cause, "warning", detail, void=True))
            self._emit(FaultCleared(cause))

    def _throw(self) -> None:
        """Nothing to arm: the croupier enters the dice once they rest."""
