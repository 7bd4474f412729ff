"""A technician at a staffed table (docs/technician.md): signs in with a technician's PIN between
rounds, runs the self-test and the guided wheel test on the table's own devices, and signs out.

Taken on the table thread like the croupier's entries: the PIN is checked there, and the sign-in
and sign-out are journaled (`technician.in`, `technician.out`), so that who had the table's
devices in hand, and when, is on record. While a technician is in, no round opens, and the round
device's readings (a ball dropped by hand in a pocket, the rotor turned by hand) are the
technician's: they go to `readings`, which the technician's screen drains, and never to a round.
The checks themselves run on a worker thread of the screen's (the wheel's own test takes up to
five minutes); their report comes back as an entry, journaled as `selftest.report`.
"""

from __future__ import annotations

import queue
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from drivers.faults import Fault, FaultCleared
from games.reasons import reason
from terminal.runtime.staffed.session import Signature

if TYPE_CHECKING:
    from terminal.runtime.loop.context import Journaling

ROLE = "technician"

WHY = {
    "technician_in_already": "{person} is at the table's devices already",
    "technician_round_in_play": "a technician comes between rounds: finish the round first",
    "technician_none": "no technician is at the table",
}


@dataclass(frozen=True)
class TechnicianIn:
    signer: Signature


@dataclass(frozen=True)
class TechnicianOut:
    pass


@dataclass(frozen=True)
class SelftestDone:
    """The report of a self-test run on the screen (terminal/selftest: its event data)."""

    report: dict[str, Any]


ENTRIES = (TechnicianIn, TechnicianOut, SelftestDone)


class Technician:
    def __init__(self, table: Journaling):
        self.table = table
        # the round device's readings while a technician is in, for the screen (any thread)
        self.readings: queue.SimpleQueue[object] = queue.SimpleQueue()

    @property
    def person(self) -> str | None:
        return self.table.state.technician

    def take(self, entry: Any) -> bool:
        """Take a technician's entry; False: not one."""
        if not isinstance(entry, ENTRIES):
            return False
        table = self.table
        if isinstance(entry, TechnicianIn):
            refusal = self._sign_in(entry.signer)
            if refusal is not None:
                table.refuse("technician", refusal)
        elif self.person is None:
            table.refuse("technician", reason(WHY, "technician_none"))
        elif isinstance(entry, SelftestDone):
            table.emit("selftest.report", {**entry.report, "by": self.person})
        else:
            self.sign_out()
        return True

    def _sign_in(self, signer: Signature) -> str | None:
        table = self.table
        if self.person is not None:
            return reason(WHY, "technician_in_already", person=self.person)
        if table.state.round_status is not None:
            return reason(WHY, "technician_round_in_play")
        if (refusal := table.session.check(signer, ROLE)) is not None:
            return refusal
        table.emit("technician.in", {"by": signer.person})
        return None

    def sign_out(self, why: str | None = None) -> None:
        """The technician leaves the table's devices (or, `why`, a restart ended their visit)."""
        self.table.emit("technician.out", {"by": self.person, **({"why": why} if why else {})})

    def hear(self, source: str, event: object) -> bool:
        """Whether `event` is the technician's: a reading of the round device while one is in
        (its faults stay the table's)."""
        if self.person is None or source != self.table.game.device:
            return False
        if isinstance(event, (Fault, FaultCleared)):
            return False
        self.readings.put(event)
        return True
