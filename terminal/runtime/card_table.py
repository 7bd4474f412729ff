"""A table whose coups are dealt from a shoe: blackjack, punto banco, trente et quarante,
poker sense descart.

The engine says what the coup needs next (games/cards/coup.py); the table asks the shoe for a
card, or the croupier (or, in simulation, the game's strategy) for a decision. Every card is
checked against the shoe before the engine sees it (a string that is no card, a card seen more
often than the decks hold: a fault and a void coup, never a wrong result) and journaled as it
is dealt, so that `journal verify` plays every coup again from its cards and decisions. A card
the deal cannot take is the game's misdeal: put aside (`card.discarded`) or the coup void.

A new shoe is loaded when the cut card has come out and its coup is over (and, for a game that
deals a fresh deck each coup, before every coup); its first cards are burnt as the rules say.
The closing is the game's: its last hands, or the last shoe (the coup in which the cut card
comes out is the session's last).
"""

from __future__ import annotations

from typing import Any

from drivers.faults import Fault, FaultCleared
from drivers.shoe.events import CardDrawn, CutCardOut, ShoeLoaded
from games.cards.coup import Misdeal, Need
from games.cards.shoe import ShoeFault

from terminal.runtime.carrousel import CarrouselUnavailable
from terminal.runtime.croupier import Decision, clip, decision_problem
from terminal.runtime.games import coup_so_far
from terminal.runtime.table import Table


class _CoupVoid(Exception):
    """The coup in progress cannot go on: it was voided (the reason is journaled)."""


class CardTable(Table):
    def __init__(self, *args, carrousel=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.carrousel = carrousel  # poker: the casino's pool (terminal.runtime.carrousel), else None
        self.last_shoe = False  # closing by the shoe: the coup in which the cut card comes out is the last
        self._shoe_exhausted = False  # the shoe said it is empty: load a new one
        self.final_coups = False  # the last shoe's cut card is out: every coup now is a last one
        self._red_card = False  # the coup in progress is void because the red card came out
        self.asked: Need | None = None  # the decision the coup waits for from the croupier, if any
        self._answer: str | None = None  # the decision entered for it

    # -- the croupier's screen -----------------------------------------------------------------
    def post_decision(self, place: str, action: str) -> None:
        """A player's decision, entered by the croupier (any thread) while the coup asks for
        that place's (`asked`). Taken then, or refused at once (`croupier/decision_refused`):
        a decision for a place that is not being asked is never kept for later."""
        self.inbox.post("croupier", Decision(place, action))

    def _croupier(self, entry) -> None:
        if not isinstance(entry, Decision):
            super()._croupier(entry)
            return
        asked = self.asked
        reason = decision_problem(entry)
        if reason is None and (asked is None or entry.place != asked.place):
            waiting = f": the coup waits for {asked.place}'s" if asked is not None else ""
            reason = f"no decision of {entry.place} is asked now{waiting}"
        if reason is not None:
            self.refuse("decision", f"{clip(entry.place)} {clip(entry.action)}: {reason}")
        else:
            self._answer = entry.action

    # -- the session -------------------------------------------------------------------------
    def _maybe_start_closing(self, rounds_left: int | None) -> None:
        if self.rules.closing_rounds is not None:
            super()._maybe_start_closing(rounds_left)
        elif not self.last_shoe and (self.control.close_requested.is_set()
                                     or (rounds_left is not None and rounds_left <= 1)):
            self.last_shoe = True
            if self.play.closing_call:
                self.announce(self.engine.announcement(self.play.closing_call))

    def _closing_done(self) -> bool:
        if self.rules.closing_rounds is not None:
            return super()._closing_done()
        return self.final_coups and not self._must_play_on()

    def _must_play_on(self) -> bool:
        """Trente et quarante: bets still in prison after the last coup: deal another."""
        must = getattr(self.engine, "must_play_on", None)
        return bool(must and must(self.play.engine_state(self.state)))

    def _shoe_over(self) -> bool:
        shoe = self.state.shoe
        return shoe is None or shoe.cut_out or self._shoe_exhausted or self.rules.cut_reserve == 0

    def recover(self) -> None:
        """The coup left open is void; the shoe the journal knows goes on: a real shoe still
        holds its cards, the simulated one is given what is left of it."""
        super().recover()
        shoe = self.state.shoe
        if not self._shoe_over():
            self.device.resume(shoe.decks, None if shoe.cut_out else shoe.cut_after, dict(shoe.seen))

    # -- one coup ------------------------------------------------------------------------------
    def _play(self, round_no: int, *, last_round: bool) -> bool:
        if self.final_coups and self.play.cut_card_voids:  # trente et quarante: bets still in prison
            self.announce(self.engine.announcement("last_coup"), round_no)
        if not self._wait_for_bets():
            self.void_round("no bets: nothing was dealt", say=False)
            return False
        self._close_bets(round_no)
        try:
            if self._shoe_over():
                self._load_shoe()
            try:
                coup = self.engine.start(self.play.engine_state(self.state), self.state.round_bets)
            except ValueError as nothing:  # poker: coins but no box with an ante
                self._give_up(str(nothing), say=False)
            while (need := self.engine.need(coup)).kind != "settle":
                if need.kind == "card":
                    coup = self._deal(coup, need.place)
                else:
                    coup = self._decide(coup, need)
            if self.carrousel is not None:
                self._settle_carrousel(coup)
        except _CoupVoid:
            return False
        last = last_round or self.final_coups
        # settled from the journaled cards and decisions, as `journal verify` will
        self._result(round_no, self.play.settle(self.engine, self.state, {}, last_round=last), last_round=last)
        return True

    def _settle_carrousel(self, coup) -> None:
        """The coup's coins settled by the casino's pool (waiting for it while it is away); the
        pool before them journaled, which the engine settles the coins against."""
        coins, unreachable = self.engine.coins(coup), False
        while True:
            try:
                movement = self.carrousel.settle(self.setup.table, self.state.round, coins,
                                                 self.rules.straight_flush_share, self.setup.limits.chip_unit)
                break
            except CarrouselUnavailable as e:
                if not unreachable:
                    self.fault("unreachable", "error", f"{e}; the coup waits", device="carrousel")
                    unreachable = True
                if self.control.stop_requested.is_set():
                    self._give_up("the table was stopped; stakes returned")
                self._hear_faults_until(lambda event: False, seconds=1.0)
        if unreachable:
            self.clear_fault("carrousel", "unreachable", "the carrousel pool answers again")
        self.emit("carrousel.pool", movement.to_json(), self.state.round)

    def void_round(self, reason: str, *, say: bool = True, **data: Any) -> None:
        """A void coup whose coins the casino's pool had settled (a crash in between) is
        cancelled there too."""
        if self.carrousel is not None and self.state.carrousel_round == self.state.round:
            try:
                self.carrousel.cancel(self.setup.table, self.state.round)
            except CarrouselUnavailable as e:
                self.fault("cancel_failed", "error", f"{e}: reconcile round {self.state.round} at the pool",
                           device="carrousel")
        super().void_round(reason, say=say, **data)

    def _wait_for_bets(self) -> bool:
        """Whether the round has bets to deal for. Simulated players have placed theirs; a
        croupier's table keeps the round open until a bet comes (or a stop)."""
        while not self.state.round_bets and self.players is None and not self.control.stop_requested.is_set():
            self._hear_faults_until(lambda event: event is None, seconds=1.0)
        return bool(self.state.round_bets)

    def _load_shoe(self) -> None:
        """A new shoe: shuffled and loaded with its cut card; its first cards burnt."""
        rules = self.rules
        size = 52 * rules.decks
        cut_after = size - rules.cut_reserve if rules.cut_reserve else None
        self._shoe_exhausted = False
        self.device.new_shoe(rules.decks, cut_after)
        self._wait_for(lambda event: isinstance(event, ShoeLoaded), "the shoe to be loaded")
        self.emit("shoe.loaded", {"decks": rules.decks, "burn": rules.burn, "cut_after": cut_after},
                  self.state.open_round)
        for _ in range(rules.burn):
            self.emit("card.burnt", {"card": self._draw("burn")}, self.state.open_round)

    def _deal(self, coup, place: str):
        """The next card for `place`, as far as the shoe and the rules take it."""
        while True:
            card = self._draw(place)
            try:
                coup = self.engine.card(coup, card)
            except Misdeal as misdeal:
                if misdeal.handling == "discard":
                    self.emit("card.discarded", {"card": card, "reason": misdeal.reason}, self.state.round)
                    continue
                self.emit("card.discarded", {"card": card, "reason": misdeal.reason}, self.state.round)
                self._give_up(f"misdeal: {misdeal.reason}")
            self.emit("card.drawn", {"card": card, "place": place}, self.state.round)
            return coup

    def _draw(self, place: str) -> str:
        """A card out of the shoe that the shoe can have held; the coup is void otherwise."""
        self.device.deal()
        event = self._wait_for(lambda event: isinstance(event, CardDrawn), f"a card for {place}")
        try:
            self.state.shoe.draw(event.card)
        except ShoeFault as fault:
            self.incident(fault.code, "error", fault.reason)
            self._give_up(f"shoe integrity: {fault.reason}")
        return event.card

    def _decide(self, coup, need: Need):
        place = need.place
        while True:
            if self.players is not None:
                action = self.engine.strategy(coup, place, need.options)
            else:
                action = self._croupier_decision(need)
            try:
                coup = self.engine.decide(coup, place, action)
            except ValueError as refused:
                if self.players is not None:
                    raise
                self.refuse("decision", f"{place} {action}: {refused}")
                continue
            self.emit("coup.decision", {"place": place, "action": action}, self.state.round)
            return coup

    def _croupier_decision(self, need: Need) -> str:
        """The decision the croupier enters for `need`, waiting for it while the devices are
        heard; `asked` says meanwhile whose decision it is and which the rules allow."""
        self._answer, self.asked = None, need
        try:
            while self._answer is None:
                if self.control.stop_requested.is_set():
                    self._give_up("the table was stopped; stakes returned")
                self._hear_faults_until(lambda event: self._answer is not None, seconds=1.0)
            return self._answer
        finally:
            self.asked = None

    def _wait_for(self, wanted, what: str):
        """The shoe's next event that is `wanted`; the cut card and faults on the way are
        journaled. A silent shoe, a stop or a fault that stops the deal voids the coup."""
        while True:
            item = self._next_event()
            if item is None:
                self._silent_or_stopped()
                raise _CoupVoid
            source, event = item
            if source == "gpio":
                if self._on_table_io(event, self.state.round) is False:
                    raise _CoupVoid
            elif wanted(event):
                return event
            elif isinstance(event, CardDrawn):
                self._out_of_turn(event.card)
            elif isinstance(event, Fault) and event.code == "card_face_up":  # section 03 3.c: put aside
                self._device_fault(event)
                self.device.deal()
            elif isinstance(event, Fault) and event.code == "unreadable_card":  # no card may be guessed
                self._device_fault(event)
                self._give_up("the reader could not read a card: the coup is void")
            elif isinstance(event, Fault) and event.code == "shoe_empty":
                self._device_fault(event)
                self._shoe_exhausted = True
                self._give_up("the shoe ran out of cards: the coup is void")
            elif isinstance(event, CutCardOut):
                self.emit("shoe.cut_card", {}, self.state.open_round)
                self.final_coups = self.final_coups or self.last_shoe
                if self.play.cut_card_voids:  # trente et quarante, section 05 (announced by the void)
                    self._red_card = True
                    self._give_up("the red card came out: the coup in progress is void")
                self.announce(self.engine.announcement("cut_card"), self.state.open_round)
            elif isinstance(event, (Fault, FaultCleared)) and self._device_fault(event):
                self._give_up(event.detail or event.code)

    def _void(self, reason: str):
        red, self._red_card = self._red_card, False
        state, bets = self.play.engine_state(self.state), self._stakes()
        return self.engine.void(state, bets, "red_card") if red else self.engine.void(state, bets)

    def _stakes(self) -> tuple:
        """The coup's stakes as they stand, what a void coup returns: a doubled hand's whole
        stake, a split's new bets, the insurances, the poker calls, once the coup has got so far."""
        if not self.state.round_moves:
            return tuple(self.state.round_bets)
        return self.engine.staked(coup_so_far(self.play, self.engine, self.state))

    def _hear(self, item: tuple[str, object]) -> None:
        source, event = item
        if isinstance(event, CardDrawn):  # between coups, or while the shoe is loaded
            self._out_of_turn(event.card)
        else:
            super()._hear(item)

    def _out_of_turn(self, card: str) -> None:
        """A card drawn when none was asked for: a fault, and the card put aside (counted out
        of the shoe), or an integrity fault if the shoe cannot have held it."""
        self.incident("card_out_of_turn", "warning", f"{card} drawn when no card was asked for: put aside")
        if self.state.shoe is None:
            return
        try:
            self.state.shoe.draw(card)
        except ShoeFault as fault:
            self.incident(fault.code, "error", fault.reason)
            return
        self.emit("card.discarded", {"card": card, "reason": "drawn out of turn"}, self.state.open_round)

    def _give_up(self, reason: str, *, say: bool = True, **data: Any) -> None:
        if self.state.round_status is not None:
            self.void_round(reason, say=say, **data)
        raise _CoupVoid
