"""A roll of craps (section 09): every roll is a round, decided by the dice reader.

Between rolls the table offers the dice round the table (from seat 1, the player at the
croupiers' left, clockwise; a player may refuse them), changes the dice when the pit boss's
count of rolls is reached, the shooter asks, or a lost die was not found by the end of the
hand, and takes the bets of the roll (the withdrawals of bets are craps' own entries). The
shooter must have a Win or Don't Win bet before throwing. "No more bets" comes from the
stickman's button when the table has one and nobody else places bets; then the reader is armed
and its throw settled, or its void throw ("tirada nul·la") voids the roll: the new bets go
back, the layout stays, the shooter throws again.
"""

from __future__ import annotations

from typing import Any

from drivers.dice.events import DiceThrown
from drivers.faults import Fault, FaultCleared
from games.reasons import reason
from games.records import Bet
from terminal.runtime.loop.entries import DiceChange, text_problem
from terminal.runtime.rounds.base import Decided, Rounds, entered

# why a dice change was asked for, and why a roll is void (games/reasons.py)
WHY = {
    "dice_change_asked": "new dice asked for by {by} ({reason})",
    # why a roll is void before the dice are thrown: they pass to the next player
    "void_no_shooter": "no shooter: the dice go to the next player",
    "void_no_line_bet": "the shooter (seat {seat}) has no Win or Don't Win bet: the dice go "
    "to the next player",
}


class RollRounds(Rounds):
    def __init__(self, table, *, dice_change_rolls: int = 0):
        super().__init__(table)
        self.seats = table.setup.seats  # the places round the table the dice go to, 1 to seats
        self.dice_change_rolls = dice_change_rolls  # the pit boss's count of rolls; 0 never
        self._dice_change_asked: str | None = None

    @property
    def _own(self) -> Any:
        """Craps' fold: the layout, the point, who has the dice, the dice's rolls."""
        return self.table.state.own

    # -- the croupier's and the players' requests between rolls ------------------------------
    def croupier(self, entry: Any) -> bool:
        if isinstance(entry, DiceChange):
            self._asked_change(entry)
            return True
        return False

    def _asked_change(self, entry: DiceChange) -> None:
        """New dice the croupier asks for (the shooter's request, the pit boss's): now, while
        the shooter has not thrown, or before the next roll."""
        problem = text_problem("who asks", entry.by) or text_problem("why", entry.reason)
        if problem is not None:
            self.table.refuse("dice_change", problem)
            return
        why = reason(WHY, "dice_change_asked", by=entry.by, reason=entry.reason)
        if self.table.state.round_status == "open":
            self._change_dice(why)
        else:
            self.ask_dice_change(why)

    def ask_dice_change(self, reason: str) -> None:
        """The shooter or the pit boss asks for new dice: changed before the next roll."""
        self._dice_change_asked = reason

    # -- before the roll ---------------------------------------------------------------------
    def ready(self) -> bool:
        if self._own.shooter is None and not self._offer_dice():
            return False
        self._change_dice_if_due()
        return True

    def open_data(self) -> dict[str, Any]:
        return {"shooter": self._own.shooter}

    def _offer_dice(self, after: int | None = None) -> bool:
        """The dice go round from the seat after `after` (the last shooter's), skipping the
        players who refuse them. False when nobody took them (the table waits a moment)."""
        table = self.table
        start = after if after is not None else self._own.last_shooter or 0
        passed: list[int] = []
        for step in range(1, self.seats + 1):
            seat = (start + step - 1) % self.seats + 1
            if table.players is None or table.players.takes_dice(seat):
                table.emit("craps.shooter", {"seat": seat, "passed": passed})
                return True
            passed.append(seat)
        table.hear_faults_until(lambda event: False, seconds=1.0)  # nobody: hear the devices
        return False

    def _change_dice_if_due(self) -> None:
        own, players = self._own, self.table.players
        if self.dice_change_rolls and own.dice_rolls >= self.dice_change_rolls:
            reason = f"the pit boss's change after {own.dice_rolls} rolls"
        elif self._dice_change_asked is not None:
            reason = self._dice_change_asked
        elif players is not None and own.shooter_rolls == 0 and players.asks_dice_change():
            reason = f"the shooter (seat {own.shooter}) asked for new dice"
        else:
            return
        self._dice_change_asked = None
        self._change_dice(reason)

    def _change_dice(self, reason: str, *, die_lost: bool = False) -> None:
        """ "Canvi de daus": the stickman offers the shooter the table's six dice (or, after a
        die left the table, the four remaining) and the shooter takes two."""
        table = self.table
        table.announce(table.engine.announcement("dice_change"))
        table.emit("craps.dice_change", {"reason": reason, "die_lost": die_lost})

    def sim_bets(self, round_no: int) -> list[Bet]:
        """The shooter covers the line, then all bet (their withdrawals are craps' own entries,
        games/craps/entries.py)."""
        table = self.table
        players, limits = table.players, table.setup.limits
        assert players is not None
        bets: list[Bet] = []
        if table.engine.can_roll(self._own.engine_state(), ()) is not None:
            bets += players.line_bet(round_no, self._own.shooter, limits)
        return bets + players.bets(round_no, limits)

    def place(self, bet: Bet) -> None:
        table = self.table
        table.engine.place(bet, table.state.round_bets, state=self._own.engine_state())

    # -- the roll ----------------------------------------------------------------------------
    def decide(self, round_no: int, *, last_round: bool) -> Decided | None:
        table = self.table
        if table.players is None and table.session.staffed:
            # a staffed table: the croupier says no more bets (on the screen), whatever the bets
            table.hear_faults_until(lambda event: table.state.round_status != "open")
        if (refusal := self._wait_for_line_bet()) is not None:
            table.void_round(refusal)
            self._offer_dice(after=self._own.shooter)
            return None
        self._wait_for_no_more_bets(round_no)
        with self.waiting_for("throw"):
            table.device.throw()
            for event in table.readings():
                if isinstance(event, FaultCleared):
                    table.device_fault(event)
                elif isinstance(event, Fault) and table.device_fault(event):
                    self._void_throw(event)
                    return None
                elif isinstance(event, DiceThrown):
                    dice = list(event.dice)
                    ends = table.engine.ends_hand(self._own.engine_state(), dice)
                    last = table.closing.active and ends
                    return Decided({"dice": dice}, last, entered(event.entered_by))
        return None

    def _wait_for_line_bet(self) -> str | None:
        """None once the shooter may throw. Simulated players had their chance to bet, a
        staffed table's croupier said no more bets: without the bet the dice pass. A croupier's
        table without staff waits for the bet (or a stop)."""
        table = self.table
        while table.engine.can_roll(self._own.engine_state(), table.state.round_bets) is not None:
            if (
                table.players is not None
                or table.state.round_status != "open"
                or table.control.stop_requested.is_set()
            ):
                shooter = self._own.shooter
                if shooter is None:
                    return reason(WHY, "void_no_shooter")
                return reason(WHY, "void_no_line_bet", seat=shooter)
            table.hear_faults_until(lambda event: event is None, seconds=1.0)
        return None

    def _wait_for_no_more_bets(self, round_no: int) -> None:
        """The stickman's button closes the bets on a croupier's table that has one; otherwise
        (simulated players have placed theirs) the bets close now."""
        table = self.table
        if (
            table.players is None
            and table.io is not None
            and "no_more_bets" in table.io.pins.buttons
        ):
            table.hear_faults_until(lambda event: table.state.round_status != "open")
        table.close_bets(round_no)

    def _void_throw(self, fault: Fault) -> None:
        causes = self.table.game.void_causes
        cause = fault.code if fault.code in causes else None
        data: dict[str, Any] = {"cause": cause} if cause else {}
        self.table.void_round(fault.detail or causes.get(fault.code, fault.code), **data)
        if cause == "off_table":
            self._change_dice(
                "a die left the table: the shooter picks two of the four remaining "
                "dice to finish the hand",
                die_lost=True,
            )

    def after(self) -> None:
        if self._own.die_lost and self._own.shooter is None:  # the hand is over
            self._change_dice("the die that left the table was not found: a new set of six dice")

    def void_data(self) -> dict[str, Any]:
        withdrawn = self._own.withdrawn
        if not withdrawn:
            return {}
        return {
            "withdrawn": [
                {"id": b.id, "result": "withdrawn", "paid": 0, "returned": b.stake}
                for b in withdrawn
            ]
        }
