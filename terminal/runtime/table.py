"""The table runtime every game shares: the session, the float, the closing, the bets and the
devices' faults and switches. How a round is decided (a ball in a pocket, a throw of the dice)
is each kind of table's own: terminal.runtime.wheel_table, terminal.runtime.craps_table.

One thread runs the table. It reads the devices' events, decides what they mean for the round,
asks the pure engine to settle, and emits events. Emitting an event applies it to the table's
`TableState` and queues it for the journal writer, which commits it before anything is
published or printed. The table never waits for the disk.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable

from drivers.faults import Fault, FaultCleared
from drivers.gpio.events import ButtonPressed, SwitchChanged
from games.records import Announcement, Bet, BetRefused, Limits

from terminal.runtime.console import money
from terminal.runtime.croupier import TopUp, amount_problem, as_journaled, bet_problem
from terminal.common.flag import Flag
from terminal.runtime.floats import chips_for
from terminal.runtime.games import Play, Settled
from terminal.runtime.state import TableState

LAMPS_FOLLOW = frozenset({"round.open", "round.closed", "round.result", "round.void", "fault", "fault.cleared"})
# switch name -> (fault code, the switch's level that is the alarm, whether it voids a round)
SWITCH_ALARMS = {"tilt": ("tilt", True, True), "door": ("door_open", False, False)}
POLL_SECONDS = 0.2


class TableControl:
    """How the outside (signals, a UI, a test) asks a running table to close or stop.

    close: play the closing rounds ("les tres últimes boles", the last shooter), count the
    float, close the session.
    stop: void the round in progress, keep the session open for the next run, return now.
    """

    def __init__(self) -> None:
        self.close_requested = Flag()
        self.stop_requested = Flag()
        self.closing = "the closing rounds"  # what closing plays at this table (set when it is assembled)

    def request_close(self) -> None:
        self.close_requested.set()

    def request_stop(self) -> None:
        self.stop_requested.set()


@dataclass(frozen=True)
class TableSetup:
    table: str
    game: str
    profile: str
    croupier: str
    limits: Limits
    advance: int
    chips: tuple[int, ...]
    closing_rounds: int
    topup_below: float
    device_timeout: float  # seconds without an event from the device during a round
    host: dict[str, Any] = field(default_factory=dict)  # boot id, clock synchronised (terminal.runtime.host)
    colours: tuple[str, ...] = ()  # American roulette's colour chips, when the table has them
    seats: int = 12  # the places whose players may bet, 1 to seats


class Table:
    """What every table does; a kind of table implements `_play(round_no, last_round)`, which
    decides the open round (True: settled, False: void), and `_void(reason)`."""

    def __init__(self, setup: TableSetup, *, state: TableState, journal, writer, device, inbox, engine, rules,
                 play: Play, io=None, players=None, control: TableControl | None = None,
                 on_round: Callable[[dict], None] | None = None):
        self.setup = setup
        self.journal = journal
        self.writer = writer
        self.device = device  # the wheel or the dice reader
        self.inbox = inbox  # the device's and the table I/O's events, in one queue
        self.io = io  # buttons, switches and lamps (drivers.gpio), or None
        self.engine = engine
        self.rules = rules
        self.play = play  # how this game is played at the table (terminal.runtime.games)
        self.players = players
        self.control = control or TableControl()
        self.on_round = on_round
        self.state = state  # as rebuilt from the journal
        self.closing_left: int | None = None

    # -- events ----------------------------------------------------------------------------
    def emit(self, kind: str, data: dict[str, Any], round: int | None = None) -> dict:
        event = self.journal.build(kind, data, round)
        self.state.apply(event)
        self.writer.submit([event])
        if kind in LAMPS_FOLLOW:
            self._show()
        return event

    def announce(self, announcement: Announcement, round: int | None = None) -> None:
        self.emit("announcement", announcement.to_json(), round)

    def fault(self, code: str, severity: str, detail: str, *, device: str | None = None) -> None:
        """A fault that stands until it is cleared (a switch in alarm, a device down)."""
        self.emit("fault", {"device": device or self.play.device, "code": code, "severity": severity,
                            "detail": detail}, self.state.open_round)

    def incident(self, code: str, severity: str, detail: str, *, device: str | None = None) -> None:
        """A fault that is one occurrence (a reading ignored, a round voided, an entry refused):
        journaled, and cleared at once, so that nothing stands (the fault lamp, the pit) for
        what is over; unless the same fault stands already for a cause of its own."""
        device = device or self.play.device
        standing = f"{device}/{code}" in self.state.faults
        self.fault(code, severity, detail, device=device)
        if not standing:
            self.clear_fault(device, code, "a single occurrence: over once journaled")

    def clear_fault(self, device: str, code: str, detail: str) -> None:
        """The fault `device`/`code` is over: `fault.cleared` with the fault's severity and what
        ended it. A fault that is not standing has nothing to clear."""
        standing = self.state.faults.get(f"{device}/{code}")
        if standing is not None:
            self.emit("fault.cleared", {"device": device, "code": code, "severity": standing["severity"],
                                        "detail": detail}, self.state.open_round)

    def refuse(self, what: str, detail: str) -> None:
        """An entry of the croupier's that cannot be taken: a `croupier` fault, `<what>_refused`."""
        self.incident(f"{what}_refused", "warning", detail, device="croupier")

    # -- the session -----------------------------------------------------------------------
    def run(self, rounds: int | None = None) -> int:
        """Play until `rounds` rounds are settled (the last ones being the closing rounds) or
        until asked to close or stop. Returns the number of rounds settled."""
        self.recover()
        if not self.state.session_open:
            self.open_session()
        self._check_switches()
        settled = 0
        while not self.control.stop_requested.is_set():
            self._hold_while_critical()
            self._maybe_start_closing(None if rounds is None else rounds - settled)
            if not self.play_round():
                continue
            settled += 1
            if self._closing_done():
                self.close_session()
                break
            self._maybe_top_up()
        return settled

    def recover(self) -> None:
        """A round left open by a crash or a stop is void: stakes returned, the layout kept."""
        if self.state.round_status is not None:
            self.void_round("the terminal restarted during the round; stakes returned")

    def open_session(self) -> None:
        s = self.setup
        self.emit("table.open", {"limits": s.limits.to_json(), "profile": s.profile, "croupier": s.croupier,
                                 "game": s.game, "host": s.host, **({"colours": list(s.colours)} if s.colours else {})})
        self.emit("float.advance", {"amount": s.advance, "chips": chips_for(s.advance, s.chips), "reason": "opening"})

    def close_session(self) -> None:
        st = self.state
        self.emit("float.count", {"chips": st.tray, "drop": st.drop, "advances": st.advances,
                                  "result": st.tray + st.drop - st.advances})
        self.emit("table.close", {"limits": st.limits.to_json(), "profile": st.profile, "croupier": st.croupier,
                                  "rounds": st.rounds_settled, "house_net": st.house_net})

    def _maybe_start_closing(self, rounds_left: int | None) -> None:
        """The closing rounds start when asked, or when only they are left of `rounds`."""
        if self.closing_left is not None:
            return
        closing = self.setup.closing_rounds
        if self.control.close_requested.is_set() or (rounds_left is not None and rounds_left <= closing):
            self.closing_left = closing if rounds_left is None else max(1, min(closing, rounds_left))

    def _closing_done(self) -> bool:
        """After a settled round: whether it was the session's last."""
        if self.closing_left is None:
            return False
        self.closing_left -= 1
        return self.closing_left == 0

    def _maybe_top_up(self) -> None:
        st = self.state
        if st.tray < self.setup.topup_below * st.initial_advance:
            self._top_up()

    def _top_up(self) -> None:
        """A top-up: the initial advance again (article 35)."""
        amount = self.state.initial_advance
        self.emit("float.advance", {"amount": amount, "chips": chips_for(amount, self.setup.chips),
                                    "reason": "top-up"}, self.state.open_round)

    def top_up_refusal(self, amount: int | None = None) -> str | None:
        """Why the croupier's top-up of `amount` (None: the rule's) cannot be made now, or None."""
        if not self.state.session_open:
            return "the table has no open session to top up"
        if amount is None:
            return None
        if (problem := amount_problem("the top-up", amount)) is not None:
            return problem
        if amount != self.state.initial_advance:
            return (f"every top-up equals the initial advance of {money(self.state.initial_advance)} "
                    f"(article 35), not {money(amount)}")
        return None

    # -- one round -------------------------------------------------------------------------
    def play_round(self) -> bool:
        """One round. True when it was settled, False when it was void."""
        round_no = self.state.round + 1
        left = self.closing_left
        if left is not None:
            self.announce(self.engine.announcement("last_rounds", n=left))
        self.emit("round.open", {"last_rounds_left": left} if left is not None else {}, round_no)
        self.announce(self.engine.announcement("place_bets"), round_no)
        self._take_bets(round_no)
        return self._play(round_no, last_round=left == 1)

    def _play(self, round_no: int, *, last_round: bool) -> bool:
        raise NotImplementedError

    def _take_bets(self, round_no: int) -> None:
        if self.players is None:
            return
        limits = self.setup.limits
        for seat, amount in self.players.buyins(limits):
            self.emit("cash.buyin", {"seat": seat, "cash": amount, "chips": amount}, round_no)
        for bet in self._sim_bets(round_no):
            self.place_bet(bet)

    def _sim_bets(self, round_no: int) -> list[Bet]:
        """The simulated players' bets of this round."""
        return self.players.bets(round_no, self.setup.limits)

    def place_bet(self, bet: Bet) -> str | None:
        """Accept a bet on the open round, or refuse it: returns None or the reason. A bet that
        is not even well formed (croupier.bet_problem) never reaches the engine."""
        reason = bet_problem(bet, self.setup.seats)
        if reason is None and self.state.round_status != "open":
            reason = "no bets are accepted now"
        if reason is None:
            try:
                self._place(bet)
            except BetRefused as refused:
                reason = refused.reason
        if reason is not None:
            if self.players is not None and isinstance(bet, Bet):
                self.players.refund([bet])
            return reason
        self.emit("bet.placed", bet.to_json(), self.state.round)
        return None

    def _place(self, bet: Bet) -> None:
        """BetRefused unless the engine takes `bet` beside the round's bets."""
        self.engine.place(bet, self.state.round_bets)

    def _close_bets(self, round_no: int) -> None:
        if self.state.round_status == "open":
            self.emit("round.closed", {}, round_no)
            self.announce(self.engine.announcement("no_more_bets"), round_no)

    def _result(self, round_no: int, settled: Settled, *, last_round: bool) -> None:
        """Journal a settled round, then pay the simulated players."""
        event = self.emit("round.result", settled.data(last_round=last_round), round_no)
        if self.players is not None:
            self.players.collect(settled.bets, settled.settlement)
        if self.on_round is not None:
            self.on_round(event)

    def void_round(self, reason: str, *, say: bool = True, **data: Any) -> None:
        """The open round is void: the engine says which bets go back and which stay, and the
        croupier announces it (unless not `say`: a round nobody bet on is no misdeal)."""
        void = self._void(reason)
        round_no = self.state.round
        if say:
            self.announce(void.announcement, round_no)
        collected = getattr(void, "collected", ())  # trente et quarante's insurance premiums: kept
        self.emit("round.void", {"reason": reason, "returned": [b.to_json() for b in void.returned],
                                 "kept": [b.to_json() for b in void.kept],
                                 **({"collected": [b.to_json() for b in collected]} if collected else {}),
                                 **data}, round_no)
        if self.players is not None:
            self.players.refund(void.returned)

    def _void(self, reason: str):
        return self.engine.void(self.play.engine_state(self.state), self.state.round_bets)

    # -- the croupier's screen ---------------------------------------------------------------
    def post_bet(self, bet: Bet) -> None:
        """A bet the croupier enters (any thread): placed on the open round by the table
        thread, or refused with a `bet.refused` event saying why."""
        self.inbox.post("croupier", bet)

    def post_top_up(self, amount: int | None = None) -> None:
        """A top-up the croupier asks for (any thread; `amount` None: the initial advance, as
        the rule wants): made by the table thread, or refused (`croupier/topup_refused`)."""
        self.inbox.post("croupier", TopUp(amount))

    def _croupier(self, entry) -> None:
        """What the croupier entered, taken on the table thread; a game's table takes its own
        kinds of entry first (decisions, withdrawals, colours)."""
        if isinstance(entry, TopUp):
            if (reason := self.top_up_refusal(entry.amount)) is not None:
                self.refuse("topup", reason)
            else:
                self._top_up()
        elif (reason := self.place_bet(entry)) is not None:
            self.emit("bet.refused", {"bet": as_journaled(entry), "reason": reason}, self.state.open_round)

    # -- the devices -----------------------------------------------------------------------
    def _device_fault(self, event: Fault | FaultCleared) -> bool:
        """Journal a fault of the device or its end; True when it ends the round in progress
        (a void reading, or a device that broke down)."""
        if isinstance(event, FaultCleared):
            self.clear_fault(self.play.device, event.code, f"the {self.play.device} reports it over")
            return False
        self.fault(event.code, event.severity, event.detail)
        return event.void or event.severity == "critical"

    def _on_table_io(self, event, round_no: int) -> bool | None:
        """The croupier's button closes the bets; a tilt switch voids the round; an open door
        is a fault until it closes again. False: the round was voided."""
        if isinstance(event, ButtonPressed):
            if event.name == "no_more_bets":
                self._close_bets(round_no)
            return None
        if not isinstance(event, SwitchChanged) or event.name not in SWITCH_ALARMS:
            return None
        code, alarm_when_closed, voids = SWITCH_ALARMS[event.name]
        if event.closed != alarm_when_closed:
            self.clear_fault("gpio", code, f"{event.name} switch {'closed' if event.closed else 'open'} again")
            return None
        if f"gpio/{code}" not in self.state.faults:
            self.fault(code, "error", f"{event.name} switch {'closed' if event.closed else 'open'}", device="gpio")
        if voids and self.state.round_status is not None:
            self._void_by_switch(event.name)
            return False
        return None

    def _void_by_switch(self, name: str) -> None:
        self.void_round(f"{name}: the {self.play.device} was disturbed during the round")

    def _hold_while_critical(self) -> None:
        """A critical device fault (a component fault, a device powered down) stops the game:
        no round opens until the device clears it."""
        while (item := self.inbox.get(timeout=0)) is not None:  # what the devices said meanwhile
            self._hear(item)
        if self._critical():
            self._hear_faults_until(lambda event: not self._critical())

    def _critical(self) -> bool:
        return any(f["device"] == self.play.device and f["severity"] == "critical" for f in self.state.faults.values())

    def _hear_faults_until(self, finished: Callable[[object], bool], seconds: float | None = None) -> None:
        """Between rounds: the devices are heard for their faults and switches only, until
        `finished(event)` (an event, or None every poll), the deadline, or a stop."""
        deadline = None if seconds is None else time.monotonic() + seconds
        while not self.control.stop_requested.is_set() and (deadline is None or time.monotonic() < deadline):
            item = self.inbox.get(timeout=POLL_SECONDS)
            if item is not None:
                self._hear(item)
            if finished(item and item[1]):
                return

    def _hear(self, item: tuple[str, object]) -> None:
        """An event heard between readings: faults, switches and the croupier's entries count;
        a device's other readings are stale."""
        source, event = item
        if source == "gpio":
            self._on_table_io(event, self.state.round)
        elif source == "croupier":
            self._croupier(event)
        elif isinstance(event, (Fault, FaultCleared)):
            self._device_fault(event)

    def _check_switches(self) -> None:
        """Switches report changes only: read where they stand when the table starts."""
        if self.io is None:
            return
        for name, (code, alarm_when_closed, _) in SWITCH_ALARMS.items():
            if name in self.io.pins.switches and self.io.switch_closed(name) == alarm_when_closed \
                    and f"gpio/{code}" not in self.state.faults:
                self.fault(code, "error", f"{name} switch {'closed' if alarm_when_closed else 'open'} at start-up",
                           device="gpio")

    def _next_event(self) -> tuple[str, object] | None:
        """The next event of a device within the device's timeout; None after it, or on a stop.
        The croupier's entries meanwhile are taken as they come."""
        deadline = time.monotonic() + self.setup.device_timeout
        while not self.control.stop_requested.is_set():
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            item = self.inbox.get(timeout=min(POLL_SECONDS, remaining))
            if item is not None and item[0] == "croupier":
                self._croupier(item[1])
            elif item is not None:
                return item
        return None

    def _silent_or_stopped(self, **data: Any) -> bool:
        """No event came: a stop voids the round quietly, a silent device is a fault first.
        Returns False (the round was void)."""
        if self.control.stop_requested.is_set():
            self.void_round("the table was stopped; stakes returned", **data)
        else:
            device = self.play.device
            self.incident("silent", "error", f"no event from the {device} for {self.setup.device_timeout:g} s")
            self.void_round(f"{device} silent", **data)
        return False

    def _show(self) -> None:
        """The table's lamps: bets open, bets closed, a fault standing."""
        if self.io is None:
            return
        self.io.led("open", self.state.round_status == "open")
        self.io.led("closed", self.state.round_status == "closed")
        self.io.led("fault", bool(self.state.faults))
