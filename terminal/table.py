"""The table runtime: the session, the float and the round loop of a wheel game.

One thread runs the table. It asks the wheel for a spin, reads the wheel's events, decides what
they mean for the round (a ball in pocket 17 becomes the result 17; a ball in two pockets
becomes a fault and a void spin), asks the pure engine to settle, and emits events. Emitting an
event applies it to the table's `TableState` and queues it for the journal writer, which
commits it before anything is published or printed. The table never waits for the disk.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from drivers.faults import Fault, FaultCleared
from drivers.wheel.events import BallInPocket, BallLaunched, BallLeavingRim, RotorSpin
from drivers.gpio.events import ButtonPressed, SwitchChanged
from games.records import Announcement, Bet, BetRefused, Limits

from .floats import chips_for
from .games import WheelPlay
from .state import TableState

OPPOSITE = {"cw": "ccw", "ccw": "cw"}
LAMPS_FOLLOW = frozenset({"round.open", "round.closed", "round.result", "round.void", "fault", "fault.cleared"})
# switch name -> (fault code, the switch's level that is the alarm, whether it voids a spin)
SWITCH_ALARMS = {"tilt": ("tilt", True, True), "door": ("door_open", False, False)}
POLL_SECONDS = 0.2


class TableControl:
    """How the outside (signals, a UI, a test) asks a running table to close or stop.

    close: play the closing rounds ("les tres últimes boles"), count the float, close the session.
    stop: void the round in progress, keep the session open for the next run, return now.
    """

    def __init__(self) -> None:
        self.close_requested = threading.Event()
        self.stop_requested = threading.Event()

    def request_close(self) -> None:
        self.close_requested.set()

    def request_stop(self) -> None:
        self.stop_requested.set()


@dataclass
class _SpinSeen:
    """What the table has seen of the spin in progress."""

    previous: str | None  # the rotor direction of the previous spin
    rotor: RotorSpin | None = None
    launched: bool = False


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
    wheel_timeout: float
    host: dict[str, Any] = field(default_factory=dict)  # boot id, clock synchronised (terminal.host)


class Table:
    def __init__(self, setup: TableSetup, *, state: TableState, journal, writer, wheel, inbox, engine, rules,
                 play: WheelPlay, io=None, players=None, control: TableControl | None = None,
                 on_round: Callable[[dict], None] | None = None):
        self.setup = setup
        self.journal = journal
        self.writer = writer
        self.wheel = wheel
        self.inbox = inbox  # the wheel's and the table I/O's events, in one queue
        self.io = io  # buttons, switches and lamps (drivers.gpio), or None
        self.result_sensed_ns: int | None = None  # when the ball of the last result was sensed
        self.engine = engine
        self.rules = rules
        self.play = play  # how this game reads the wheel (terminal.games)
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

    def fault(self, code: str, severity: str, detail: str, *, device: str = "wheel") -> None:
        self.emit("fault", {"device": device, "code": code, "severity": severity, "detail": detail},
                  self.state.open_round)

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
            if self.closing_left is not None:
                self.closing_left -= 1
                if self.closing_left == 0:
                    self.close_session()
                    break
            self._maybe_top_up()
        return settled

    def recover(self) -> None:
        """A round left open by a crash or a stop is void: stakes returned, prison kept."""
        if self.state.round_status is not None:
            self.void_round("the terminal restarted during the round; stakes returned")

    def open_session(self) -> None:
        s = self.setup
        self.emit("table.open", {"limits": s.limits.to_json(), "profile": s.profile, "croupier": s.croupier,
                                 "game": s.game, "host": s.host})
        self.emit("float.advance", {"amount": s.advance, "chips": chips_for(s.advance, s.chips), "reason": "opening"})

    def close_session(self) -> None:
        st = self.state
        self.emit("float.count", {"chips": st.tray, "drop": st.drop, "advances": st.advances,
                                  "result": st.tray + st.drop - st.advances})
        self.emit("table.close", {"limits": st.limits.to_json(), "profile": st.profile, "croupier": st.croupier,
                                  "rounds": st.rounds_settled, "house_net": st.house_net})

    def _maybe_start_closing(self, rounds_left: int | None) -> None:
        if self.closing_left is not None:
            return
        closing = self.setup.closing_rounds
        if self.control.close_requested.is_set() or (rounds_left is not None and rounds_left <= closing):
            self.closing_left = closing if rounds_left is None else max(1, min(closing, rounds_left))

    def _maybe_top_up(self) -> None:
        st = self.state
        if st.tray < self.setup.topup_below * st.initial_advance:
            amount = st.initial_advance
            self.emit("float.advance", {"amount": amount, "chips": chips_for(amount, self.setup.chips),
                                        "reason": "top-up"})

    # -- one round -------------------------------------------------------------------------
    def play_round(self) -> bool:
        """One spin. True when it was settled, False when it was void."""
        round_no = self.state.round + 1
        left = self.closing_left
        if left is not None:
            self.announce(self.engine.announcement("last_rounds", n=left))
        self.emit("round.open", {"last_rounds_left": left} if left is not None else {}, round_no)
        self.announce(self.engine.announcement("place_bets"), round_no)
        self._take_bets(round_no)
        return self._spin(round_no, last_round=left == 1)

    def _take_bets(self, round_no: int) -> None:
        if self.players is None:
            return
        limits = self.setup.limits
        for seat, amount in self.players.buyins(limits):
            self.emit("cash.buyin", {"seat": seat, "cash": amount, "chips": amount}, round_no)
        for bet in self.players.bets(round_no, limits):
            self.place_bet(bet)

    def place_bet(self, bet: Bet) -> str | None:
        """Accept a bet on the open round, or refuse it: returns None or the reason."""
        if self.state.round_status != "open":
            return "no bets are accepted now"
        try:
            self.engine.place(bet, self.state.round_bets)
        except BetRefused as refused:
            if self.players is not None:
                self.players.refund([bet])
            return refused.reason
        self.emit("bet.placed", bet.to_json(), self.state.round)
        return None

    def _spin(self, round_no: int, *, last_round: bool) -> bool:
        spin = _SpinSeen(previous=self.state.last_rotor)
        self.wheel.spin(OPPOSITE.get(spin.previous, "cw"))
        while True:
            item = self._next_event()
            if item is None:
                if self.control.stop_requested.is_set():
                    self.void_round("the table was stopped; stakes returned")
                else:
                    self.fault("silent", "error", f"no event from the wheel for {self.setup.wheel_timeout:g} s")
                    self.void_round("wheel silent", rotor=spin.rotor)
                return False
            source, event = item
            if source == "gpio":
                settled = self._on_table_io(event, round_no, spin)
            else:
                settled = self._on_wheel(event, round_no, spin, last_round)
            if settled is not None:
                return settled

    def _on_wheel(self, event, round_no: int, spin: "_SpinSeen", last_round: bool) -> bool | None:
        """What a wheel event means for the spin: True settled, False void, None go on."""
        if isinstance(event, RotorSpin):
            spin.rotor = event
            if self.play.alternating_rotor and spin.previous is not None and event.direction == spin.previous:
                self.fault("rotor_direction", "warning",
                           f"rotor turned {event.direction} again: it must alternate between spins")
        elif isinstance(event, BallLaunched):
            spin.launched = True
        elif isinstance(event, BallLeavingRim):
            self._close_bets(round_no)
        elif isinstance(event, BallInPocket):
            return self._on_pocket(event, round_no, spin, last_round)
        elif isinstance(event, Fault):
            self.fault(event.code, event.severity, event.detail)
            if event.void or event.severity == "critical":  # a wheel that broke down ends its spin
                self.void_round(event.detail or event.code, rotor=spin.rotor)
                return False
        elif isinstance(event, FaultCleared):
            self.emit("fault.cleared", {"device": "wheel", "code": event.code}, self.state.open_round)
        return None

    def _on_pocket(self, event: BallInPocket, round_no: int, spin: "_SpinSeen", last_round: bool) -> bool | None:
        if not spin.launched:
            self.fault("result_without_launch", "warning",
                       f"ball reported in pocket {event.pockets} with no ball launched; ignored")
            return None
        if len(event.pockets) != 1:
            self.fault("ball_in_two_pockets", "error", f"ball reported in pockets {list(event.pockets)}")
            self.void_round("sensor fault: ball in several pockets", rotor=spin.rotor)
            return False
        number = event.numbers[0]
        if number is None:
            self.fault("pocket_out_of_range", "error", f"pocket index {event.pockets[0]} is not on this wheel")
            self.void_round("sensor fault: pocket out of range", rotor=spin.rotor)
            return False
        self._close_bets(round_no)
        self.result_sensed_ns = event.t_ns
        self._settle(round_no, number, spin.rotor, last_round)
        return True

    def _on_table_io(self, event, round_no: int, spin: "_SpinSeen") -> bool | None:
        """The croupier's button closes the bets; a tilted wheel voids the spin; an open door
        is a fault until it closes again."""
        if isinstance(event, ButtonPressed):
            if event.name == "no_more_bets":
                self._close_bets(round_no)
            return None
        if not isinstance(event, SwitchChanged) or event.name not in SWITCH_ALARMS:
            return None
        code, alarm_when_closed, voids = SWITCH_ALARMS[event.name]
        if event.closed != alarm_when_closed:
            if f"gpio/{code}" in self.state.faults:
                self.emit("fault.cleared", {"device": "gpio", "code": code}, self.state.open_round)
            return None
        if f"gpio/{code}" not in self.state.faults:
            self.fault(code, "error", f"{event.name} switch {'closed' if event.closed else 'open'}", device="gpio")
        if voids and self.state.round_status is not None:
            self.void_round(f"{event.name}: the wheel was disturbed during the spin", rotor=spin.rotor)
            self._wait_out(spin)
            return False
        return None

    def _wait_out(self, spin: "_SpinSeen") -> None:
        """The table voided a spin the wheel is still playing: read the rest of that spin (up
        to its pocket or its own void) so that none of it is taken for the next spin."""
        self._hear_faults_until(
            lambda event: isinstance(event, BallInPocket) or (isinstance(event, Fault) and event.void),
            spin, seconds=self.setup.wheel_timeout)

    def _hold_while_critical(self) -> None:
        """A critical wheel fault (a component fault, a wheel powered down) stops the game: no
        round opens until the wheel clears it."""
        spin = _SpinSeen(self.state.last_rotor)
        while (item := self.inbox.get(timeout=0)) is not None:  # what the devices said meanwhile
            self._hear(item, spin)
        if self._critical():
            self._hear_faults_until(lambda event: not self._critical(), spin)

    def _critical(self) -> bool:
        return any(f["device"] == "wheel" and f["severity"] == "critical" for f in self.state.faults.values())

    def _hear_faults_until(self, finished: Callable[[object], bool], spin: "_SpinSeen",
                           seconds: float | None = None) -> None:
        """Between spins: the devices are heard for their faults and switches only, until
        `finished(event)` (an event, or None every poll), the deadline, or a stop."""
        deadline = None if seconds is None else time.monotonic() + seconds
        while not self.control.stop_requested.is_set() and (deadline is None or time.monotonic() < deadline):
            item = self.inbox.get(timeout=POLL_SECONDS)
            if item is not None:
                self._hear(item, spin)
            if finished(item and item[1]):
                return

    def _hear(self, item: tuple[str, object], spin: "_SpinSeen") -> None:
        """A device event heard between spins: faults and switches count, the rest is stale."""
        source, event = item
        if source == "gpio":
            self._on_table_io(event, self.state.round, spin)
        elif isinstance(event, (Fault, FaultCleared)):
            self._on_wheel(event, self.state.round, spin, last_round=False)

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
        deadline = time.monotonic() + self.setup.wheel_timeout
        while not self.control.stop_requested.is_set():
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            item = self.inbox.get(timeout=min(POLL_SECONDS, remaining))
            if item is not None:
                return item
        return None

    def _show(self) -> None:
        """The table's lamps: bets open, bets closed, a fault standing."""
        if self.io is None:
            return
        self.io.led("open", self.state.round_status == "open")
        self.io.led("closed", self.state.round_status == "closed")
        self.io.led("fault", bool(self.state.faults))

    def _close_bets(self, round_no: int) -> None:
        if self.state.round_status == "open":
            self.emit("round.closed", {}, round_no)
            self.announce(self.engine.announcement("no_more_bets"), round_no)

    def _settle(self, round_no: int, number: int, rotor: RotorSpin | None, last_round: bool) -> None:
        result = self.engine.settle(self.play.engine_state(self.state), self.state.round_bets,
                                    self.play.outcome(self.rules, number), last_round=last_round)
        outcome = dict(result.outcome)
        if rotor is not None:
            outcome.update(rotor=rotor.direction, rpm=rotor.rpm)
        data = {
            "outcome": outcome,
            "announcement": result.announcement.to_json(),
            "bets": [b.to_json() for b in result.bets],
            "settlement": [s.to_json() for s in result.settlement],
            "totals": result.totals.to_json(),
            "last_round": last_round,
        }
        event = self.emit("round.result", data, round_no)
        if self.players is not None:
            self.players.collect(result.bets, result.settlement)
        if self.on_round is not None:
            self.on_round(event)

    def void_round(self, reason: str, *, rotor: RotorSpin | None = None) -> None:
        void = self.engine.void(self.play.engine_state(self.state), self.state.round_bets)
        round_no = self.state.round
        self.announce(void.announcement, round_no)
        data: dict[str, Any] = {"reason": reason, "returned": [b.to_json() for b in void.returned],
                                "kept": [b.to_json() for b in void.kept]}
        if rotor is not None:
            data["rotor"] = rotor.direction
        self.emit("round.void", data, round_no)
        if self.players is not None:
            self.players.refund(void.returned)
