"""A coup dealt from a shoe: blackjack, punto banco, trente et quarante, poker sense descart.

The engine says what the coup needs next (games/cards/coup.py); the table asks the shoe for a
card, or the croupier (or, in simulation, the game's strategy) for a decision. Every card is
checked against the shoe before the engine sees it (a string that is no card, a card seen more
often than the decks hold: a fault and a void coup, never a wrong result) and journaled as it
is dealt, so that `journal verify` plays every coup again from its cards and decisions. A card
the deal cannot take is the game's misdeal: put aside (`card.discarded`) or the coup void.

A new shoe is loaded when the cut card has come out and its coup is over (and, for a game that
deals a fresh deck each coup, before every coup); its first cards are burnt as the rules say.
A croupier who enters the shoe by hand says it is loaded between coups, before the bets (a
`ShoeLoaded` heard then, while the shoe in use is over, is journaled at once), and may count
its burnt cards then too, face down and unread (`CardsBurnt`); the next coup burns what is
left to burn before its first card.

Trente et quarante's red card ends the shoe and voids the coup in progress (section 05 V.3): it
comes out in place of the card the deal asked for, and a shoe reports the cut card before that
card (drivers/shoe/base.py), so the card behind the red card may still come out, as the deal's
answer (the simulated shoe and the reader board's emulator deal it; a croupier may slide it out
while the deal lamp is lit). It was asked for, so it is no card out of turn: it is put aside,
counted out of the ended shoe, with no fault.

A coup whose bets were closed when the terminal was killed is taken up again at a table whose
croupier enters the cards by hand (`Table.resumable`): the cards are still in the croupier's
hands and the shoe, and every card entered was journaled. The coup is played again into the
engine from its journaled cards and decisions (what the fold holds: `ShoeFold.moves`; the shoe's
fold has counted those cards out already, so they are never drawn again), and the croupier is
asked for the next card or decision as before. A shoe that was being loaded or burnt goes on
from where it was; one loaded, or cut, in the coup is its own and is not loaded again. The red
card journaled in the coup voids it as it would have; poker's coins already settled by the
casino's pool (`carrousel.pool` journaled) are asked of it again, which gives the same answer,
and not journaled twice.
"""

from __future__ import annotations

from typing import Any

from drivers.faults import Fault, FaultCleared
from drivers.shoe.events import CARD_FAULTS, CardDrawn, CardsBurnt, CutCardOut, ShoeLoaded
from games.cards.cards import FRENCH, shoe_size
from games.cards.coup import Misdeal, Need
from games.cards.fold import ShoeFold
from games.cards.shoe import ShoeFault
from games.errors import VOID
from games.game import CoupGame
from games.reasons import reason, reason_of
from terminal.runtime.loop import game_entries
from terminal.runtime.loop.carrousel import cancel_coins, settle_coins
from terminal.runtime.loop.entries import (
    Decision,
    GameErrorCall,
    MisdealCall,
    clip,
    decision_problem,
    text_problem,
)
from terminal.runtime.loop.settle import coup_so_far
from terminal.runtime.rounds.base import WHY as VOIDS
from terminal.runtime.rounds.base import Decided, Rounds, entered
from terminal.runtime.rounds.errors import error_problem, journal_error

# why the croupier's decision is refused (games/reasons.py): the decision, then why (the rules'
# own refusals are the game engine's)
WHY = {
    "decision_refused": "{place} {action}: {reason}",
    "decision_not_asked": "no decision of {place} is asked now",
    "decision_not_asked_waiting": "no decision of {place} is asked now: the coup waits for "
    "{asked}'s",
    "misdeal_no_coup": "a misdeal is declared while a coup is dealt, after no more bets",
    "misdeal_declared": "misdeal declared by {by}: the coup is void, the stakes returned",
    "void_error": "error {code} ({rule}) confirmed by {by}: the coup is void, the stakes returned",
    # why a coup is void (beside the table's own: terminal/runtime/rounds/base.py); the
    # rules' and the shoe's own words as a field, in English
    "void_nothing_dealt": "no bets: nothing was dealt",
    "void_misdeal": "misdeal: {reason}",
    "void_shoe_integrity": "shoe integrity: {reason}",
    "void_card_unread": "the reader could not read a card: the coup is void",
    "void_shoe_empty": "the shoe ran out of cards: the coup is void",
    "void_red_card": "the red card came out: the coup in progress is void",
}


def _changed(own: Any, state: Any) -> Any:
    """Whether the game's state is no longer `state` (an entry of the croupier's was taken)."""
    return lambda event: own.engine_state() != state


class _CoupVoid(Exception):
    """The coup in progress cannot go on: it was voided (the reason is journaled)."""


class _Remedied(Exception):
    """A remedy was journaled while the coup waited: it goes on from its journaled moves."""


class CoupRounds(Rounds):
    def __init__(self, table, *, carrousel=None):
        super().__init__(table)
        assert isinstance(table.game, CoupGame)
        self.game: CoupGame = table.game
        self.carrousel = carrousel  # poker: the casino's pool (terminal/runtime/loop/carrousel.py)
        self._shoe_exhausted = False  # the shoe said it is empty: load a new one
        self._red_card = False  # the coup in progress is void because the red card came out
        self._card_behind_red = False  # the card the red card came out for may still come out
        self.asked: Need | None = None  # the decision the coup waits for from the croupier
        self._answer: str | None = None  # the decision entered for it
        self._misdeal: MisdealCall | None = None  # a misdeal the croupier declared, to void
        self._remedy: GameErrorCall | None = None  # an error journaled while the coup waited

    @property
    def _own(self) -> Any:
        """The game's fold: its shoe, the coup's moves, and what the game adds (poker's pool)."""
        own = self.table.state.own
        assert isinstance(own, ShoeFold)
        return own

    # -- the croupier's screen -----------------------------------------------------------------
    def croupier(self, entry: Any) -> bool:
        if isinstance(entry, MisdealCall):
            self._declared(entry)
            return True
        if isinstance(entry, GameErrorCall):
            if (problem := error_problem(self.table, entry)) is not None:
                self.table.refuse("game_error", problem)
            else:
                journal_error(self.table, entry)
                self._remedy = entry
            return True
        if not isinstance(entry, Decision):
            return False
        asked = self.asked
        refusal = decision_problem(entry)
        if refusal is None and (asked is None or entry.place != asked.place):
            refusal = (
                reason(WHY, "decision_not_asked", place=entry.place)
                if asked is None
                else reason(
                    WHY, "decision_not_asked_waiting", place=entry.place, asked=f"{asked.place}"
                )
            )
        if refusal is not None:
            said = reason(
                WHY,
                "decision_refused",
                place=f"{clip(entry.place)}",
                action=f"{clip(entry.action)}",
                reason=refusal,
            )
            self.table.refuse("decision", said)
        else:
            self._answer = entry.action
        return True

    def _declared(self, entry: MisdealCall) -> None:
        """A misdeal the croupier declares (the regulation voids the coup: cards stuck together,
        a card shown or given to the wrong place): taken while the coup is dealt, after no more
        bets; the deal stops at once (`interrupting`)."""
        if (problem := text_problem("who declares it", entry.by)) is not None:
            self.table.refuse("misdeal", problem)
        elif self.table.state.round_status != "closed":
            self.table.refuse("misdeal", reason(WHY, "misdeal_no_coup"))
        else:
            self._misdeal = entry

    def interrupting(self) -> Any:
        return self._misdeal or self._remedy

    def _void_if_declared(self) -> None:
        if (misdeal := self._misdeal) is not None:
            self._misdeal = None
            self._give_up(reason(WHY, "misdeal_declared", by=misdeal.by))

    def _after_remedy(self) -> None:
        """An error journaled while the coup waited: a void ends the coup, any other remedy
        has the coup go on from its journaled moves (`_Remedied`)."""
        if (entry := self._remedy) is None:
            return
        self._remedy = None
        rule = self.game.errors[entry.code]
        if rule.effect == VOID:
            by = entry.inspector.person
            self._give_up(reason(WHY, "void_error", code=rule.code, rule=rule.rule, by=by))
        raise _Remedied

    # -- the shoe ------------------------------------------------------------------------------
    def _shoe_over(self) -> bool:
        """Whether the next coup needs a new shoe. A game that lays its coups out (monte) deals
        each coup from a pack of its own, through both its rounds: its pack is over once a new
        layout is due."""
        shoe, rules, engine = self._own.shoe, self.table.rules, self.table.engine
        if shoe is None or self._shoe_exhausted:
            return True
        if self.game.lays_out is not None:
            return engine.layout_due(self._own.engine_state()) == "new"
        return shoe.cut_out or rules.cut_reserve == 0

    def recover(self) -> None:
        """The shoe the journal knows goes on: a real shoe still holds its cards, the simulated
        one is given what is left of it."""
        shoe = self._own.shoe
        if not self._shoe_over():
            cut_after = None if shoe.cut_out else shoe.cut_after
            self.table.device.resume(shoe.decks, cut_after, dict(shoe.seen), shoe.deck)

    def place(self, bet) -> None:
        """BetRefused unless the engine takes `bet` beside the round's bets in the coup's state
        (the bets in prison, monte's layout and phase)."""
        table = self.table
        table.engine.place(bet, table.state.round_bets, state=self._own.engine_state())

    # -- a layout before the bets (monte) ------------------------------------------------------
    def ready(self) -> bool:
        """A game whose coups are laid out before their bets (`CoupGame.lays_out`) lays the
        next coup's layout now, while one is due: a new pack, its cards dealt and journaled
        one by one, then the layout (a void one laid again). A layout begun before a restart
        goes on from its journaled cards, in the pack they came from. False when a stop or a
        fault of the shoe ended it: no round opens."""
        engine = self.table.engine
        if self.game.between_coups:
            return self._life_between_coups(engine)
        if self.game.lays_out is None:
            return True
        try:
            while engine.layout_due(self._own.engine_state()) is not None:
                self._lay_out(engine)
        except _CoupVoid:
            return False
        return True

    def _lay_out(self, engine) -> None:
        table, own = self.table, self._own
        if self._shoe_over():  # a new coup, or a pack that ran out while it was laid
            self._load_shoe()
        layout = engine.new_layout(own.engine_state())
        while (place := engine.layout_needs(layout)) is not None:
            drawn = self._draw(place)
            layout = engine.lay(layout, drawn.card)
            table.emit("card.drawn", {"card": drawn.card, "place": place, **_by(drawn)})
            if (call := engine.layout_call(layout)) is not None:
                table.announce(call)
        data = engine.laid(own.engine_state(), layout)
        assert self.game.lays_out is not None  # ready() lays out only such a game's coups
        table.emit(self.game.lays_out, data)
        if data.get("void"):
            table.announce(engine.announcement("void_layout"))

    # -- the table's life between coups (a circle table's bank) ---------------------------------
    def _life_between_coups(self, engine) -> bool:
        """What the rules journal of themselves before the coup (a lost bank passed, the next
        offer), then the answers the table waits for: the simulated players' (the game's
        `between_coups`), or the croupier's entries. False when a stop ended the wait."""
        table, own = self.table, self._own
        if table.players is not None:
            table.simulated_buyins(None)  # the bank is put up of chips
            table.game.simulated.between_coups(self._seen(), table.players, table.take_entry)
        while True:
            self._journal_due(engine)
            state = own.engine_state()
            if (waiting := engine.waiting(state)) is None:
                return True
            if table.control.stop_requested.is_set():
                return False
            if table.players is None:
                with self.waiting_for("bank"):
                    table.hear_faults_until(_changed(own, state), 1.0)
                continue
            table.game.simulated.between_coups(self._seen(), table.players, table.take_entry)
            if own.engine_state() == state:  # never a table that spins on its own
                raise RuntimeError(
                    f"the simulated players answer nothing: the table waits ({waiting})"
                )

    def _seen(self) -> game_entries.TableSeen:
        return game_entries.TableSeen(self.table)

    def _journal_due(self, engine) -> None:
        own = self._own
        while (due := engine.due(own.engine_state())) is not None:
            self._journal(due)

    def _journal(self, due) -> None:
        """One event of the rules', and the money it hands back to the simulated players."""
        table = self.table
        table.emit(due.kind, due.data, table.state.open_round)
        if table.players is not None:
            for seat, amount in due.handed:
                table.players.hand_back(seat, amount)

    def before_close(self) -> None:
        """A circle table's bank goes back to its holders as the session closes."""
        engine = self.table.engine
        if self.game.between_coups and (due := engine.closing(self._own.engine_state())):
            self._journal(due)

    # -- one coup ------------------------------------------------------------------------------
    def decide(self, round_no: int, *, last_round: bool) -> Decided | None:
        """No more bets, the shoe, then the coup dealt card by card and decided. A coup whose
        bets are closed already is one a restart found (`Table.recover`): it goes on from its
        journaled cards and decisions (the module's docstring)."""
        table = self.table
        self._misdeal = self._remedy = None  # one declared for a coup that is over is no longer
        resumed = table.state.round_status == "closed"
        if not resumed:
            if table.closing.final and self.game.cut_card_voids:
                table.announce(table.engine.announcement("last_coup"), round_no)  # prisoners
            if not self._wait_for_bets():
                table.void_round(reason(WHY, "void_nothing_dealt"), say=False)
                return None
            table.close_bets(round_no)
        try:
            self._void_if_declared()  # declared as the bets closed
            self._shoe_for_coup(round_no)
            try:  # a new coup, or one resumed as far as its journaled moves took it
                coup = coup_so_far(table.engine, table.state)
            except ValueError as nothing:  # poker: coins but no box with an ante
                self._give_up(str(nothing), say=False)
            while (need := table.engine.need(coup)).kind != "settle":
                try:
                    if need.kind == "card":
                        coup = self._deal(coup, need.place)
                    else:
                        coup = self._decide(coup, need)
                except _Remedied:  # the coup as its journaled moves have it now
                    coup = coup_so_far(table.engine, table.state)
            self._void_if_declared()  # declared as the last card was dealt
            if self.carrousel is not None:
                journaled = self._own.pool_round == table.state.round  # not twice

                def stopped() -> None:  # a stop while the pool is away gives the coup up
                    self._give_up(reason(VOIDS, "void_stopped"))

                settle_coins(table, self.carrousel, coup, journaled, stopped)
        except _CoupVoid:
            return None
        # settled from the journaled cards and decisions, as `journal verify` will
        by = self._own.entered_by
        return Decided({}, last_round or table.closing.last_round(), entered(by))

    def _shoe_for_coup(self, round_no: int) -> None:
        """The shoe the coup deals from: a new one loaded when the one in use is over, or the
        burnt cards still due of one loaded between coups. A shoe loaded in this round, or whose
        cut card came out in it, is the coup's own (a resumed coup: not loaded again); the red
        card that came out in a resumed coup voids it as it did (`_cut_card_out`)."""
        own = self._own
        if own.cut_in == round_no:  # a resumed coup: the cut card came out before the kill
            table = self.table
            table.closing.cut_card_out()
            if self.game.cut_card_voids:
                self._red_card = self._card_behind_red = True
                self._give_up(reason(WHY, "void_red_card"))
        if round_no not in (own.loaded_in, own.cut_in) and self._shoe_over():
            self._load_shoe()
        elif own.shoe.burning:  # loaded between coups (or killed while burnt), cards still due
            self._burn()

    def before_void(self) -> None:
        """A void coup whose coins the casino's pool had settled (a crash in between) is
        cancelled there too."""
        if self.carrousel is not None and self._own.pool_round == self.table.state.round:
            cancel_coins(self.table, self.carrousel)

    def _wait_for_bets(self) -> bool:
        """Whether the round has bets to deal for: new ones, or bets staying on the layout
        (trente et quarante's prisoners, freed or lost only by a coup dealt). Simulated players
        have placed theirs; a staffed table deals once the croupier says no more bets; a
        croupier's table without a screen keeps the round open until a bet comes (or a stop)."""
        table = self.table

        def any_bet() -> bool:
            return bool(table.state.round_bets or table.state.carried)

        if table.players is None and table.session.staffed:
            table.hear_faults_until(lambda event: table.state.round_status != "open")
            return any_bet()
        while not any_bet() and table.players is None and not table.control.stop_requested.is_set():
            table.hear_faults_until(lambda event: event is None, seconds=1.0)
        return any_bet()

    def _load_shoe(self) -> None:
        """A new shoe: shuffled and loaded with its cut card; its first cards burnt."""
        table, rules = self.table, self.table.rules
        with self.waiting_for("shoe"):
            table.device.new_shoe(rules.decks, self._cut_after(), rules.deck)
            self._wait_for(lambda event: isinstance(event, ShoeLoaded), "the shoe to be loaded")
        self._loaded()
        self._burn()

    def _cut_after(self) -> int | None:
        rules = self.table.rules
        size = shoe_size(rules.decks, rules.deck)
        return size - rules.cut_reserve if rules.cut_reserve else None

    def _loaded(self) -> None:
        """The new shoe journaled: the cards out of the ended one no longer count."""
        table, rules = self.table, self.table.rules
        self._shoe_exhausted = False
        self._card_behind_red = False  # nothing more comes out of the ended shoe
        deck = {} if rules.deck == FRENCH else {"deck": rules.deck}  # a French shoe's as ever
        table.emit(
            "shoe.loaded",
            {"decks": rules.decks, "burn": rules.burn, "cut_after": self._cut_after(), **deck},
            table.state.open_round,
        )

    def _burn(self) -> None:
        """The new shoe's cards still to burn: each read (or entered by rank and suit), or
        counted face down by the croupier."""
        table = self.table
        while self._own.shoe.burning:
            drawn = self._draw("burn", counted=True)
            if isinstance(drawn, CardsBurnt):
                self._counted_burnt(drawn)
            else:
                table.emit("card.burnt", {"card": drawn.card, **_by(drawn)}, table.state.open_round)

    def _counted_burnt(self, burnt: CardsBurnt) -> None:
        """Cards burnt face down as the croupier counted them: out of the shoe, unread."""
        table = self.table
        for _ in range(burnt.count):
            table.emit("card.burnt", {"card": None, **_by(burnt)}, table.state.open_round)

    def _deal(self, coup, place: str):
        """The next card for `place`, as far as the shoe and the rules take it."""
        table = self.table
        while True:
            drawn = self._draw(place)
            card = drawn.card
            try:
                coup = table.engine.card(coup, card)
            except Misdeal as misdeal:
                table.emit(
                    "card.discarded",
                    {"card": card, "reason": misdeal.reason, **_by(drawn)},
                    table.state.round,
                )
                if misdeal.handling == "discard":
                    continue
                self._give_up(reason(WHY, "void_misdeal", reason=misdeal.reason))
            table.emit(
                "card.drawn", {"card": card, "place": place, **_by(drawn)}, table.state.round
            )
            return coup

    def _draw(self, place: str, *, counted: bool = False) -> Any:
        """A card out of the shoe that the shoe can have held; the coup is void otherwise.
        `counted`: cards burnt face down and counted (`CardsBurnt`) are taken too."""
        table = self.table
        wanted = (CardDrawn, CardsBurnt) if counted else CardDrawn
        with self.waiting_for("card"):
            table.device.deal()
            event = self._wait_for(lambda e: isinstance(e, wanted), f"a card for {place}")
        if isinstance(event, CardsBurnt):
            return event
        try:
            self._own.shoe.draw(event.card)
        except ShoeFault as fault:
            table.incident(fault.code, "error", fault.reason)
            self._give_up(reason(WHY, "void_shoe_integrity", reason=fault.reason))
        return event

    def _decide(self, coup, need: Need):
        table, place = self.table, need.place
        while True:
            if table.players is not None:
                action = table.engine.strategy(coup, place, need.options)
            else:
                action = self._croupier_decision(need)
            try:
                coup = table.engine.decide(coup, place, action)
            except ValueError as refused:
                if table.players is not None:
                    raise
                said = reason_of(refused)
                table.refuse(
                    "decision",
                    reason(WHY, "decision_refused", place=f"{place}", action=action, reason=said),
                )
                continue
            table.emit("coup.decision", {"place": place, "action": action}, table.state.round)
            return coup

    def _croupier_decision(self, need: Need) -> str:
        """The decision the croupier enters for `need`, waiting for it while the devices are
        heard; `asked` says meanwhile whose decision it is and which the rules allow."""
        table = self.table
        self._answer, self.asked = None, need
        try:
            while self._answer is None:
                if table.control.stop_requested.is_set():
                    self._give_up(reason(VOIDS, "void_stopped"))
                self._void_if_declared()
                table.hear_faults_until(
                    lambda event: self._answer is not None or self.interrupting() is not None,
                    seconds=1.0,
                )
                self._after_remedy()
            self._void_if_declared()
            return self._answer
        finally:
            self.asked = None

    def _wait_for(self, wanted, what: str):
        """The shoe's next event that is `wanted`; the cut card and faults on the way are
        journaled. A silent shoe, a stop or a fault that stops the deal voids the coup."""
        table = self.table
        for event in table.readings():
            if self._behind_red_card(event):
                continue
            if isinstance(event, MisdealCall):
                self._void_if_declared()
            elif isinstance(event, GameErrorCall):
                self._after_remedy()
            elif wanted(event):
                return event
            elif isinstance(event, CardDrawn):
                self._out_of_turn(event)
            elif isinstance(event, Fault) and event.code == "card_face_up":  # 03 3.c: put aside
                table.device_fault(event)
                table.device.deal()
            elif isinstance(event, Fault) and event.code == "unreadable_card":  # never guessed
                table.device_fault(event)
                self._give_up(reason(WHY, "void_card_unread"))
            elif isinstance(event, Fault) and event.code == "shoe_empty":
                table.device_fault(event)
                self._shoe_exhausted = True
                self._give_up(reason(WHY, "void_shoe_empty"))
            elif isinstance(event, CutCardOut):
                self._cut_card_out()
            elif isinstance(event, FaultCleared):
                table.device_fault(event)
            elif isinstance(event, Fault) and table.device_fault(event):
                self._give_up(event.detail or event.code)
        raise _CoupVoid  # the round was voided: a silent shoe, a stop, a tilt

    def _cut_card_out(self) -> None:
        table = self.table
        table.emit("shoe.cut_card", {}, table.state.open_round)
        table.closing.cut_card_out()
        if self.game.cut_card_voids:  # trente et quarante, section 05 (announced by the void)
            self._red_card = self._card_behind_red = True
            self._give_up(reason(WHY, "void_red_card"))
        table.announce(table.engine.announcement("cut_card"), table.state.open_round)

    # -- a void coup ---------------------------------------------------------------------------
    def void(self, reason: str):
        table = self.table
        red, self._red_card = self._red_card, False
        state, bets = self._own.engine_state(), self._stakes()
        return table.engine.void(state, bets, "red_card" if red else None)

    def _stakes(self) -> tuple:
        """The coup's stakes as they stand, what a void coup returns: a doubled hand's whole
        stake, a split's new bets, the insurances, the poker calls, once the coup got so far."""
        table = self.table
        if not self._own.moves:
            return tuple(table.state.round_bets)
        return table.engine.staked(coup_so_far(table.engine, table.state))

    def hear(self, source: str, event: Any) -> bool:
        if self._behind_red_card(event):
            return True
        if self.table.state.round_status != "closed" and self._between_coups(event):
            return True
        if isinstance(event, CardDrawn):  # between coups, or while the shoe is loaded
            self._out_of_turn(event)
            return True
        return False

    def _between_coups(self, event: Any) -> bool:
        """A new shoe the croupier loaded before the bets, while the shoe in use is over (a shoe
        that lasts several coups), and its burnt cards counted: journaled as they come."""
        shoe = self._own.shoe
        if isinstance(event, ShoeLoaded) and self._shoe_over() and self.table.rules.cut_reserve:
            self._loaded()
            return True
        if isinstance(event, CardsBurnt) and shoe is not None and shoe.burning:
            self._counted_burnt(event)
            return True
        return False

    def _behind_red_card(self, event: Any) -> bool:
        """Whether `event` is the card behind the red card, the answer to the deal the red card
        voided (the module's docstring): put aside, or, if it came out face up or unread, its
        fault journaled as the shoe reported it, and no card asked again."""
        if not self._card_behind_red:
            return False
        if isinstance(event, CardDrawn):
            self._card_behind_red = False
            self._put_aside(event, "behind the red card: the coup was void")
            return True
        if isinstance(event, Fault) and event.code in CARD_FAULTS:
            self._card_behind_red = False
            self.table.device_fault(event)
            return True
        return False

    def _out_of_turn(self, drawn: CardDrawn) -> None:
        """A card drawn when none was asked for: a fault, and the card put aside."""
        self.table.incident(
            "card_out_of_turn",
            "warning",
            f"{drawn.card} drawn when no card was asked for: put aside",
        )
        self._put_aside(drawn, "drawn out of turn")

    def _put_aside(self, drawn: CardDrawn, why: str) -> None:
        """A card out of the shoe that no coup takes: counted out of the shoe and journaled as
        put aside, or an integrity fault if the shoe cannot have held it."""
        table, card = self.table, drawn.card
        if self._own.shoe is None:
            return
        try:
            self._own.shoe.draw(card)
        except ShoeFault as fault:
            table.incident(fault.code, "error", fault.reason)
            return
        table.emit(
            "card.discarded", {"card": card, "reason": why, **_by(drawn)}, table.state.open_round
        )

    def _give_up(self, reason: str, *, say: bool = True) -> None:
        if self.table.state.round_status is not None:
            self.table.void_round(reason, say=say)
        raise _CoupVoid


def _by(drawn: CardDrawn | CardsBurnt) -> dict[str, str]:
    """What a card's journaled event says of who entered it by hand: nothing for a card read."""
    return {} if drawn.entered_by is None else {"entered_by": drawn.entered_by}
