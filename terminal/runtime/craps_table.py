"""A craps table (section 09): every roll is a round, decided by the dice reader.

Between rolls the table offers the dice round the table (from seat 1, the player at the
croupiers' left, clockwise; a player may refuse them), changes the dice when the pit boss's
count of rolls is reached, the shooter asks, or a lost die was not found by the end of the
hand, and takes the bets of the roll and the withdrawals of bets that may be withdrawn. The
shooter must have a Win or Don't Win bet before throwing. "No more bets" comes from the
stickman's button when the table has one and nobody else places bets; then the reader is armed
and its throw settled, or its void throw ("tirada nul·la") voids the roll: the new bets go
back, the layout stays, the shooter throws again.

Closing is the last shooter's: once asked, the table plays on until a shooter sevens out, and
that roll is the session's last.
"""

from __future__ import annotations

from typing import Any

from drivers.dice.events import DiceThrown
from drivers.faults import Fault, FaultCleared
from games.craps.engine import VOID_CAUSES
from games.records import Bet, BetRefused

from terminal.runtime.croupier import Withdrawal, clip, text_problem
from terminal.runtime.table import Table

SHOOTER_REFUSES = "the shooter has no Win or Don't Win bet: the dice go to the next player"


class CrapsTable(Table):
    def __init__(self, *args, seats: int, dice_change_rolls: int = 0, **kwargs):
        super().__init__(*args, **kwargs)
        self.seats = seats  # the places round the table the dice go to, 1 to seats
        self.dice_change_rolls = dice_change_rolls  # the pit boss changes the dice after so many; 0 never
        self.last_shooter: bool = False  # closing: the hand in progress (or the next) is the last
        self._dice_change_asked: str | None = None

    # -- the croupier's and the players' requests between rolls ------------------------------
    def post_withdrawal(self, bet_id: str) -> None:
        """The croupier takes the bet `bet_id` back from the layout (any thread): `withdraw` on
        the table thread, or refused (`croupier/withdrawal_refused`)."""
        self.inbox.post("croupier", Withdrawal(bet_id))

    def _croupier(self, entry) -> None:
        if not isinstance(entry, Withdrawal):
            super()._croupier(entry)
        elif (reason := self.withdraw(entry.bet_id)) is not None:
            self.refuse("withdrawal", f"bet {clip(entry.bet_id)}: {reason}")

    def withdraw(self, bet_id: str) -> str | None:
        """Take a bet back from the layout while bets are open: None, or why not."""
        if (reason := text_problem("the bet id", bet_id)) is not None:
            return reason
        if self.state.round_status != "open":
            return "bets are withdrawn only while bets are open"
        state = self.play.engine_state(self.state)
        try:
            _, entry = self.engine.withdraw(state, bet_id)
        except BetRefused as refused:
            return refused.reason
        except ValueError as e:
            return str(e)
        bet = next(b for b in state.layout if b.id == bet_id)
        self.emit("bet.withdrawn", {"bet": bet.to_json(), "returned": entry.returned}, self.state.round)
        if self.players is not None:
            self.players.refund([bet])
        return None

    def ask_dice_change(self, reason: str) -> None:
        """The shooter or the pit boss asks for new dice: changed before the next roll."""
        self._dice_change_asked = reason

    # -- the session -------------------------------------------------------------------------
    def _maybe_start_closing(self, rounds_left: int | None) -> None:
        if not self.last_shooter and (self.control.close_requested.is_set()
                                      or (rounds_left is not None and rounds_left <= 1)):
            self.last_shooter = True
            self.announce(self.engine.announcement("last_shooter"))

    def _closing_done(self) -> bool:
        return self.last_shooter and self.state.shooter is None

    # -- one roll ----------------------------------------------------------------------------
    def play_round(self) -> bool:
        if self.state.shooter is None and not self._offer_dice():
            return False
        self._change_dice_if_due()
        round_no = self.state.round + 1
        self.emit("round.open", {"shooter": self.state.shooter, "last_shooter": self.last_shooter}, round_no)
        self.announce(self.engine.announcement("place_bets"), round_no)
        self._take_bets(round_no)
        if (refusal := self._wait_for_line_bet()) is not None:
            self.void_round(refusal)
            self._offer_dice(after=self.state.shooter)
            return False
        self._wait_for_no_more_bets(round_no)
        return self._read_throw(round_no)

    def _offer_dice(self, after: int | None = None) -> bool:
        """The dice go round from the seat after `after` (the last shooter's), skipping the
        players who refuse them. False when nobody took them (the table waits a moment)."""
        start = after if after is not None else self.state.last_shooter or 0
        passed = []
        for step in range(1, self.seats + 1):
            seat = (start + step - 1) % self.seats + 1
            if self.players is None or self.players.takes_dice(seat):
                self.emit("craps.shooter", {"seat": seat, "passed": passed})
                return True
            passed.append(seat)
        self._hear_faults_until(lambda event: False, seconds=1.0)  # nobody: hear the devices a while
        return False

    def _change_dice_if_due(self) -> None:
        st = self.state
        if self.dice_change_rolls and st.dice_rolls >= self.dice_change_rolls:
            reason = f"the pit boss's change after {st.dice_rolls} rolls"
        elif self._dice_change_asked is not None:
            reason = self._dice_change_asked
        elif self.players is not None and st.shooter_rolls == 0 and self.players.asks_dice_change():
            reason = f"the shooter (seat {st.shooter}) asked for new dice"
        else:
            return
        self._dice_change_asked = None
        self._change_dice(reason)

    def _change_dice(self, reason: str, *, die_lost: bool = False) -> None:
        """"Canvi de daus": the stickman offers the shooter the table's six dice (or, after a
        die left the table, the four remaining) and the shooter takes two."""
        self.announce(self.engine.announcement("dice_change"))
        self.emit("craps.dice_change", {"reason": reason, "die_lost": die_lost})

    def _sim_bets(self, round_no: int) -> list[Bet]:
        """The simulated players withdraw some bets, the shooter covers the line, then all bet."""
        players, limits, st = self.players, self.setup.limits, self.state
        for bet in players.withdrawals(st.carried):
            if self.engine.can_withdraw(self.play.engine_state(st), bet.id) is None:
                self.withdraw(bet.id)
        bets = []
        if self.engine.can_roll(self.play.engine_state(st), ()) is not None:
            bets += players.line_bet(round_no, st.shooter, limits)
        return bets + players.bets(round_no, limits)

    def _place(self, bet: Bet) -> None:
        self.engine.place(bet, self.state.round_bets, state=self.play.engine_state(self.state))

    def _wait_for_line_bet(self) -> str | None:
        """None once the shooter may throw. Simulated players had their chance to bet: without
        the bet the dice pass. A croupier's table waits for the bet (or a stop)."""
        while (reason := self.engine.can_roll(self.play.engine_state(self.state), self.state.round_bets)):
            if self.players is not None or self.control.stop_requested.is_set():
                return f"{SHOOTER_REFUSES} ({reason})"
            self._hear_faults_until(lambda event: event is None, seconds=1.0)
        return None

    def _wait_for_no_more_bets(self, round_no: int) -> None:
        """The stickman's button closes the bets on a croupier's table that has one; otherwise
        (simulated players have placed theirs) the bets close now."""
        if self.players is None and self.io is not None and "no_more_bets" in self.io.pins.buttons:
            self._hear_faults_until(lambda event: self.state.round_status != "open")
        self._close_bets(round_no)

    def _read_throw(self, round_no: int) -> bool:
        self.device.throw()
        while True:
            item = self._next_event()
            if item is None:
                return self._silent_or_stopped()
            source, event = item
            if source == "gpio":
                if self._on_table_io(event, round_no) is False:
                    return False
            elif isinstance(event, (Fault, FaultCleared)):
                if self._device_fault(event):
                    self._void_throw(event)
                    return False
            elif isinstance(event, DiceThrown):
                self._settle(round_no, list(event.dice))
                return True

    def _void_throw(self, fault: Fault) -> None:
        cause = fault.code if fault.code in VOID_CAUSES else None
        self.void_round(fault.detail or VOID_CAUSES.get(fault.code, fault.code),
                        **({"cause": cause} if cause else {}))
        if cause == "off_table":
            self._change_dice("a die left the table: the shooter picks two of the four remaining dice "
                              "to finish the hand", die_lost=True)

    def _settle(self, round_no: int, dice: list[int]) -> None:
        state = self.play.engine_state(self.state)
        last_round = self.last_shooter and self.engine.ends_hand(state, dice)
        settled = self.play.settle(self.engine, self.state, {"dice": dice}, last_round=last_round)
        self._result(round_no, settled, last_round=last_round)
        if self.state.die_lost and self.state.shooter is None:  # the hand is over
            self._change_dice("the die that left the table was not found: a new set of six dice")

    def void_round(self, reason: str, *, say: bool = True, **data: Any) -> None:
        withdrawn = self.state.round_withdrawn
        if withdrawn:
            data["withdrawn"] = [{"id": b.id, "result": "withdrawn", "paid": 0, "returned": b.stake}
                                 for b in withdrawn]
        super().void_round(reason, say=say, **data)
