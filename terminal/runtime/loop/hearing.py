"""How the table hears its devices: their faults and their ends, the table I/O's button and
switches, the readings of a round in play, what is heard between rounds, and the lamps.

A part of `Table` (terminal/runtime/loop/table.py) of its own, so that neither is too long to read
whole: `Hearing` is a base of `Table` and works on the table's own parts (`_Table` says which).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, Protocol

from drivers.faults import Fault, FaultCleared
from drivers.gpio.events import ButtonPressed, SwitchChanged
from games.game import COUP, Game
from games.reasons import reason, why_of
from terminal.runtime.loop.context import TableControl, TableSetup
from terminal.runtime.loop.inbox import Inbox
from terminal.runtime.loop.state import TableState
from terminal.runtime.loop.systemd import Beat
from terminal.runtime.rounds.base import WHY as VOIDS
from terminal.runtime.rounds.base import silent

# switch name -> (fault code, the switch's level that is the alarm, whether it voids a round)
SWITCH_ALARMS = {"tilt": ("tilt", True, True), "door": ("door_open", False, False)}
POLL_SECONDS = 0.2


class _Table(Protocol):
    """What of the table its hearing works on."""

    game: Game
    setup: TableSetup
    state: TableState
    control: TableControl
    inbox: Inbox
    io: Any
    device: Any
    rounds: Any
    technician: Any
    round_opened_ns: int
    beat: Beat  # its sign of life, at every turn of its loops

    def emit(self, kind: str, data: dict[str, Any], round: int | None = None) -> dict: ...

    def close_bets(self, round_no: int) -> None: ...

    def void_round(self, reason: str, *, say: bool = True, **data: Any) -> None: ...

    def _croupier(self, entry: Any) -> None: ...


if TYPE_CHECKING:
    _Base = _Table  # mypy checks what the hearing uses of the table
else:
    _Base = object


class Hearing(_Base):
    """The table's faults and its devices' events (a base of `Table`)."""

    def fault(
        self,
        code: str,
        severity: str,
        detail: str,
        *,
        device: str | None = None,
        lines: tuple[str, ...] = (),
    ) -> None:
        """A fault that stands until it is cleared (a switch in alarm, a device down). A
        `detail` that is a refusal (games/reasons.py) is journaled with its `why`; `lines`, the
        last lines heard on the device's serial link, for the technician."""
        self.emit(
            "fault",
            {
                "device": device or self.game.device,
                "code": code,
                "severity": severity,
                "detail": str(detail),
                **why_of(detail),
                **({"lines": list(lines)} if lines else {}),
            },
            self.state.open_round,
        )

    def incident(self, code: str, severity: str, detail: str, *, device: str | None = None) -> None:
        """A fault that is one occurrence (a reading ignored, a round voided, an entry refused):
        journaled, and cleared at once, so that nothing stands (the fault lamp, the pit) for
        what is over; unless the same fault stands already for a cause of its own."""
        device = device or self.game.device
        standing = f"{device}/{code}" in self.state.faults
        self.fault(code, severity, detail, device=device)
        if not standing:
            self.clear_fault(device, code, "a single occurrence: over once journaled")

    def clear_fault(self, device: str, code: str, detail: str) -> None:
        """The fault `device`/`code` is over: `fault.cleared` with the fault's severity and what
        ended it. A fault that is not standing has nothing to clear."""
        standing = self.state.faults.get(f"{device}/{code}")
        if standing is not None:
            self.emit(
                "fault.cleared",
                {
                    "device": device,
                    "code": code,
                    "severity": standing["severity"],
                    "detail": detail,
                },
                self.state.open_round,
            )

    def device_fault(self, event: Fault | FaultCleared) -> bool:
        """Journal a fault of the device or its end; True when it ends the round in progress
        (a void reading, or a device that broke down)."""
        device = self.game.device
        if isinstance(event, FaultCleared):
            self.clear_fault(device, event.code, f"the {device} reports it over")
            return False
        self.fault(event.code, event.severity, event.detail, lines=event.lines)
        return event.void or event.severity == "critical"

    def on_table_io(self, event, round_no: int) -> bool | None:
        """The croupier's button closes the bets; a tilt switch voids the round; an open door
        is a fault until it closes again. False: the round was voided."""
        if isinstance(event, ButtonPressed):
            if event.name == "no_more_bets":
                self.close_bets(round_no)
            return None
        if not isinstance(event, SwitchChanged) or event.name not in SWITCH_ALARMS:
            return None
        code, alarm_when_closed, voids = SWITCH_ALARMS[event.name]
        position = "closed" if event.closed else "open"
        if event.closed != alarm_when_closed:
            self.clear_fault("gpio", code, f"{event.name} switch {position} again")
            return None
        if f"gpio/{code}" not in self.state.faults:
            self.fault(code, "error", f"{event.name} switch {position}", device="gpio")
        if voids and self.state.round_status is not None:
            self.rounds.disturbed(event.name)
            return False
        return None

    def _hold_while_critical(self) -> None:
        """A critical device fault (a component fault, a device powered down) stops the game:
        no round opens until the device clears it."""
        while (item := self.inbox.get(timeout=0)) is not None:  # what the devices said meanwhile
            self._hear(item)
        if self._critical():
            self.hear_faults_until(lambda event: not self._critical())

    def _critical(self) -> bool:
        return any(
            f["device"] == self.game.device and f["severity"] == "critical"
            for f in self.state.faults.values()
        )

    def hear_faults_until(
        self, finished: Callable[[object], bool], seconds: float | None = None
    ) -> None:
        """Between rounds: the devices are heard for their faults and switches only, until
        `finished(event)` (an event, or None every poll), the deadline, or a stop."""
        deadline = None if seconds is None else time.monotonic() + seconds
        while not self.control.stop_requested.is_set() and (
            deadline is None or time.monotonic() < deadline
        ):
            self.beat()
            item = self.inbox.get(timeout=POLL_SECONDS)
            if item is not None:
                self._hear(item)
            if finished(item and item[1]):
                return

    def _hear(self, item: tuple[str, object]) -> None:
        """An event heard between readings: faults, switches and the croupier's entries count
        (and what the game's kind takes: a card drawn out of turn); a device's other readings
        are stale."""
        source, event = item
        if self.technician.hear(source, event):
            return
        if self.rounds.hear(source, event) or self.late_entry(event, heard=True):
            return
        if source == "gpio":
            self.on_table_io(event, self.state.round)
        elif source == "croupier":
            self._croupier(event)
        elif isinstance(event, (Fault, FaultCleared)):
            self.device_fault(event)

    def _check_switches(self) -> None:
        """Switches report changes only: read where they stand when the table starts."""
        if self.io is None:
            return
        for name, (code, alarm_when_closed, _) in SWITCH_ALARMS.items():
            if (
                name in self.io.pins.switches
                and self.io.switch_closed(name) == alarm_when_closed
                and f"gpio/{code}" not in self.state.faults
            ):
                position = "closed" if alarm_when_closed else "open"
                self.fault(code, "error", f"{name} switch {position} at start-up", device="gpio")

    def next_event(self) -> tuple[str, object] | None:
        """The next event of a device within the device's timeout (none for a person's entries:
        a manual device); None after it, or on a stop. The croupier's entries meanwhile are taken
        as they come."""
        deadline = time.monotonic() + self.setup.device_timeout
        while not self.control.stop_requested.is_set():
            self.beat()
            remaining = POLL_SECONDS if self.device.manual else deadline - time.monotonic()
            if remaining <= 0:
                return None
            item = self.inbox.get(timeout=min(POLL_SECONDS, remaining))
            if item is not None and item[0] == "croupier":
                self._croupier(item[1])
                if (interrupting := self.rounds.interrupting()) is not None:
                    return "croupier", interrupting  # the round's kind reads it (a misdeal)
            elif item is not None:
                return item
        return None

    def readings(
        self, *, more: Callable[[], tuple[str, object] | None] | None = None
    ) -> Iterator[object]:
        """The device's events for the round in play, the table I/O's (the croupier's button,
        the switches) taken on the way; it ends once the round is void: a silent device, a
        stop, a tilt. `more`: the next event once none came, if any (a spin under way on a
        stop reads its ball: rounds/spin.py)."""
        while True:
            item = self.next_event()
            if item is None and more is not None:
                item = more()
            if item is None:
                self.silent_or_stopped()
                return
            source, event = item
            if source != "gpio":
                if not self.late_entry(event):
                    yield event
            elif self.on_table_io(event, self.state.round) is False:
                return

    def late_entry(self, event: object, *, heard: bool = False) -> bool:
        """Whether `event` is of an outcome the croupier entered on the screen for a round
        already decided or void: `heard` between readings (the round it was for is over), or
        read for a round that opened after it was entered. It is not taken for another round;
        the entry's event that decides (the ball in its pocket, the dice at rest) is journaled
        as an incident, since the croupier confirmed it. A card game's card entered out of turn
        is the coup's own to handle (rounds/coup.py)."""
        by = getattr(event, "entered_by", None)
        if by is None or self.game.kind == COUP:
            return False
        if not heard and getattr(event, "t_ns", self.round_opened_ns) >= self.round_opened_ns:
            return False
        if getattr(event, "decides", False):
            self.incident(
                "late_entry",
                "warning",
                f"an outcome entered on the screen by {by} came after its round was decided "
                "or void; it is not taken for another round",
            )
        return True

    def silent_or_stopped(self) -> None:
        """No event came: a stop voids the round quietly, a silent device is a fault first."""
        if self.control.stop_requested.is_set():
            if self.state.round_status is not None:
                self.void_round(reason(VOIDS, "void_stopped"))
        else:
            device = self.game.device
            self.incident(
                "silent", "error", f"no event from the {device} for {self.setup.device_timeout:g} s"
            )
            if self.state.round_status is not None:  # a layout dealt between rounds (monte)
                self.void_round(silent(device))

    def _show(self) -> None:
        """The table's lamps: bets open, bets closed, a fault standing."""
        if self.io is None:
            return
        self.io.led("open", self.state.round_status == "open")
        self.io.led("closed", self.state.round_status == "closed")
        self.io.led("fault", bool(self.state.faults))
