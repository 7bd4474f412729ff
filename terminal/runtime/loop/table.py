"""The table runtime's one round loop, and what every table shares: the session, the float,
the closing, the bets and the devices' faults and switches.

A round goes through named steps (`play_round`): open, bets, no more bets and the outcome
(the game's kind decides them with its device: terminal/runtime/rounds/), settle (the pure
engine, from the table's journaled state), journal (the writer commits, then publishes), and,
once the closing policy says so, the session closes (terminal/runtime/loop/closing.py).

One thread runs the table. It reads the devices' events, decides what they mean for the round,
asks the pure engine to settle, and emits events. Emitting an event applies it to the table's
`TableState` and queues it for the journal writer, which commits it before anything is
published or printed. The table never waits for the disk.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from games.entries import GameEntry
from games.game import Game
from games.reasons import reason, why_of
from games.records import Announcement, Bet, BetRefused, Limits, another_game
from terminal.runtime.loop import game_entries
from terminal.runtime.loop.closing import closing_for
from terminal.runtime.loop.context import RoundTable, TableControl, TableSetup
from terminal.runtime.loop.entries import Decision, TopUp, as_journaled, bet_problem
from terminal.runtime.loop.floats import FLOATS
from terminal.runtime.loop.hearing import Hearing
from terminal.runtime.loop.settle import Settled, settle
from terminal.runtime.loop.state import TableState
from terminal.runtime.loop.systemd import Beat
from terminal.runtime.rounds import ROUNDS
from terminal.runtime.rounds.base import WHY as VOIDS
from terminal.runtime.staffed.session import Session
from terminal.runtime.staffed.technician import Technician

LAMPS_FOLLOW = frozenset(
    {"round.open", "round.closed", "round.result", "round.void", "fault", "fault.cleared"}
)
# the entries only one kind of game takes, and the name of their refusal at any other table
ENTRIES: dict[type, str] = {Decision: "decision"}

# why the table refuses an entry of the croupier's (games/reasons.py); its float's refusals are
# its float policy's (terminal/runtime/loop/floats.py)
WHY = {
    "entry_not_taken": "a {game} table takes no such entry",
    "bets_not_accepted": "no bets are accepted now",
}


class Table(Hearing):
    """A table of any game: the round loop, the session and the float; its game's kind of
    round (`rounds`, terminal/runtime/rounds/) and its closing (`closing`) are the game's
    policies. `round_options` are its kind's: craps' dice change, poker's carrousel."""

    def __init__(
        self,
        setup: TableSetup,
        *,
        game: Game,
        state: TableState,
        journal,
        writer,
        device,
        hand=None,
        inbox,
        engine,
        rules,
        io=None,
        players=None,
        control: TableControl | None = None,
        on_round: Callable[[dict], None] | None = None,
        staff: str | Path | None = None,
        **round_options: Any,
    ):
        self.setup = setup
        self.game = game  # what the game says of itself (games/game.py)
        self.journal = journal
        self.writer = writer
        self.device = device  # the device deciding the rounds: a wheel, the dice, a shoe
        self.hand = hand  # where the croupier enters outcomes (screen://): the device, or beside it
        self.inbox = inbox  # the device's and the table I/O's events, in one queue
        self.round_opened_ns = 0  # when the round in play opened (the monotonic clock)
        self.io = io  # buttons, switches and lamps (drivers.gpio), or None
        self.engine = engine
        self.rules = rules
        self.players = players
        self.control = control or TableControl()
        self.on_round = on_round
        self.state = state  # as rebuilt from the journal
        self.session = Session(self, staff)  # staffed: a person opens, signs and closes
        self.float = FLOATS[game.bank](self)  # its money: the advance and the count, or other
        self.technician = Technician(self)  # staffed: a technician's visit between rounds
        self.rounds = ROUNDS[game.kind](self, **round_options)
        self.closing = closing_for(self)
        self.resumed: int | None = None  # a round closed before a restart, to decide (recover)
        # its sign of life for systemd's watchdog: at every turn of the loop, and while it waits
        self.beat = Beat("the round loop")

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

    def refuse(self, what: str, detail: str) -> None:
        """An entry of the croupier's that cannot be taken: a `croupier` fault, `<what>_refused`,
        its `why` beside its `detail` when the refusal has one (games/reasons.py)."""
        self.incident(f"{what}_refused", "warning", detail, device="croupier")

    # -- the session -----------------------------------------------------------------------
    def run(self, rounds: int | None = None) -> int:
        """Play until `rounds` rounds are settled (the last ones being the closing rounds) or
        until asked to close or stop. Returns the number of rounds settled."""
        self.recover()
        staffed = self.session.staffed
        if not self.state.session_open and not staffed:
            self.open_session()
        self._check_switches()
        settled = 0
        if staffed and self.state.session_open and self.state.last_round_played:
            self.close_session()  # restarted after the closing rounds: the count is still due
            return settled
        while not self.control.stop_requested.is_set():
            self.beat()
            self._hold_while_critical()
            if self.control.stop_requested.is_set():  # stopped while held: no round opens
                break
            resumed, self.resumed = self.resumed, None
            if staffed and resumed is None and not self._called_for_bets():
                continue
            self.closing.start(None if rounds is None else rounds - settled)
            if not self.play_round(resumed):
                if self.state.last_round_played:  # the void ended the session (a red card)
                    self.close_session()
                    break
                continue
            settled += 1
            self.session.after_round()
            if self.closing.done():
                self.close_session()
                break
            if not staffed:
                self.float.after_round()
        return settled

    def _called_for_bets(self) -> bool:
        """A staffed table between rounds: the croupier's entries are taken (a correction of
        the last round, a signature, a top-up...) until the croupier calls for bets, which
        needs the session open and its advance signed (art. 36). False on a stop. A call taken
        before the wait (the inbox drained as the last round ended) is answered, not lost."""
        session = self.session
        if not session.go:
            self.hear_faults_until(lambda _: session.go)
        went, session.go = session.go, False
        return went

    def recover(self) -> None:
        """What a crash or a stop left is taken up again: the session's limits as journaled (a
        change of limits stands, one interrupted before its `table.limits` completes); a round
        whose bets were closed at a table whose croupier enters the outcome waits for it again
        (`resumed`); any other round left open is void: stakes returned, the layout kept."""
        st = self.state
        if st.session_open and st.limits is not None and st.limits != self.setup.limits:
            self.relimit(st.limits)
        self.resumed = None
        if st.round_status == "closed" and self.resumable():
            self.resumed = st.round
        elif st.round_status is not None:
            self.void_round(reason(VOIDS, "void_restarted"))
        if st.round_status is None:
            self.session.after_round()
        self.rounds.recover()
        self._clear_faults_over()
        if self.technician.person is not None:  # they sign in again, at the screen
            self.technician.sign_out("the terminal restarted")

    def resumable(self) -> bool:
        """Whether a round closed before a restart can still be decided: its outcome is entered
        by hand. The croupier saw the ball land or the dice stop, and enters them still; at a
        card game of any of the four (punto banco, blackjack, trente et quarante, poker) the
        cards are physical, each card entered and each decision was journaled, and the coup
        goes on from them (rounds/coup.py: played again into the engine, then the next card or
        decision asked), the red card voiding it as it did, poker's coins settled by the pool
        once. A sensor's reading died with the process, and so did a sensed shoe's place in its
        cards (a reader board's count, the simulated shoe's order): such a round is void."""
        return bool(getattr(self.device, "manual", False))

    def _clear_faults_over(self) -> None:
        """A device fault journaled before the restart whose condition the device reports over
        now (a wheel powered down, healthy again) is cleared: it would hold the table for good."""
        device = self.game.device
        for f in [f for f in self.state.faults.values() if f["device"] == device]:
            if self.device.fault_over(f["code"]):
                self.clear_fault(device, f["code"], f"the {device} reports it over at start-up")

    def open_session(
        self, *, croupier: str | None = None, advance: dict[str, Any] | None = None
    ) -> None:
        """The session opens with its advance: `advance` as the croupier counted it (`amount`,
        `chips`, `counted_by`: it asks for the games director's signature), or the rule's
        advance made of the table's chips (a table without staff)."""
        s = self.setup
        self.emit(
            "table.open",
            {
                "limits": s.limits.to_json(),
                "profile": s.profile,
                "croupier": croupier or s.croupier,
                "game": s.game,
                "host": s.host,
                **s.options.opening(),
            },
        )
        self.float.open(advance)

    def relimit(self, limits: Limits) -> None:
        """The table plays `limits` from now on (after their `table.limits`)."""
        self.engine = self.game.engine(self.rules, limits)
        self.setup = replace(self.setup, limits=limits)

    def close_session(self) -> None:
        """The float counted, then the session closed. A staffed table waits for the count of
        its chips and drop, then for its three signatures (art. 36)."""
        st = self.state
        assert st.limits is not None, "a session closes only after it opened"
        self.rounds.before_close()
        if self.session.staffed:
            session = self.session
            self.hear_faults_until(lambda _: session.count_signed())
            if not session.count_signed():  # stopped: the count waits for the next run
                return
            self._close()
            return
        self.float.count()
        self._close()

    def _close(self) -> None:
        st = self.state
        assert st.limits is not None
        self.emit(
            "table.close",
            {
                "limits": st.limits.to_json(),
                "profile": st.profile,
                "croupier": st.croupier,
                "rounds": st.rounds_settled,
                # what the house gained: its float's net, or a circle table's cagnotte (the
                # house no party to the stakes, its float's net nothing)
                "house_net": st.house_net + st.cagnotte,
            },
        )

    # -- one round -------------------------------------------------------------------------
    def play_round(self, resumed: int | None = None) -> bool:
        """One round, step by step. True when it was settled, False when it was void.
        `resumed`: the round a restart found with its bets closed, decided from there."""
        rounds = self.rounds
        if resumed is not None:
            round_no = resumed
        elif not rounds.ready():
            return False
        else:
            # a call for bets taken while the table got ready (a circle table's bank) is the
            # one it answers now, never the next round's
            self.session.go = False
            round_no = self.state.round + 1
            self._open(round_no)
            if rounds.simulated_bets_at_open:
                self.take_simulated_bets(round_no)
        decided = rounds.decide(round_no, last_round=self.closing.last_round())
        if decided is None:
            return False
        settled = settle(
            self.game, self.engine, self.state, decided.outcome, last_round=decided.last_round
        )
        if decided.noted:
            settled = replace(settled, outcome={**settled.outcome, **decided.noted})
        self._result(round_no, settled, last_round=decided.last_round)
        rounds.after()
        return True

    def _open(self, round_no: int) -> None:
        """Step "open": the round opens and the croupier calls for bets."""
        data = {
            **self.rounds.open_data(),
            **self.closing.open_data(),
            **self.session.open_data(),
        }
        self.round_opened_ns = time.monotonic_ns()
        self.emit("round.open", data, round_no)
        self.announce(self.engine.announcement("place_bets"), round_no)

    def take_simulated_bets(self, round_no: int) -> None:
        """Step "bets": the simulated players' (a croupier's entries come through the inbox
        while bets are open)."""
        if self.players is None:
            return
        seen, simulated = game_entries.TableSeen(self), self.game.simulated
        simulated.seat(seen, self.players, self.take_entry)
        self.simulated_buyins(round_no)
        simulated.before_bets(seen, self.players, self.take_entry)
        for bet in self.rounds.sim_bets(round_no):
            self.place_bet(bet, entered=False)

    def simulated_buyins(self, round_no: int | None) -> None:
        """The simulated players who cannot cover a minimum stake buy chips in cash."""
        assert self.players is not None
        for seat, amount in self.players.buyins(self.setup.limits):
            self.emit("cash.buyin", {"seat": seat, "cash": amount, "chips": amount}, round_no)

    def place_bet(self, bet: Bet, *, entered: bool = True) -> str | None:
        """Accept a bet on the open round, or refuse it: returns None or the reason. A bet a
        person `entered` that is not even well formed (croupier.bet_problem) never reaches the
        engine (the simulated players' are built well formed); a plain `Bet` is made the game's
        kind of bet (`Game.bet`), and a bet of another game's kind is refused."""
        refusal = bet_problem(bet, self.setup.seats) if entered else None
        if refusal is None:
            bet = self.game.bet.adopt(bet)
            if type(bet) is not self.game.bet:
                refusal = another_game(bet, self.game.bet)
        if refusal is None and self.state.round_status != "open":
            refusal = reason(WHY, "bets_not_accepted")
        if refusal is None:
            try:
                self.rounds.place(bet)
            except BetRefused as refused:
                refusal = refused.reason
        if refusal is not None:
            if self.players is not None and isinstance(bet, Bet):
                self.players.refund([bet])
            return refusal
        self.emit("bet.placed", bet.to_json(), self.state.round)
        return None

    def close_bets(self, round_no: int) -> None:
        """Step "no more bets"."""
        if self.state.round_status == "open":
            self.emit("round.closed", {}, round_no)
            self.announce(self.engine.announcement("no_more_bets"), round_no)

    def _result(self, round_no: int, settled: Settled, *, last_round: bool) -> None:
        """Step "journal": the settled round to the writer (which publishes it once it is
        committed), then the simulated players paid."""
        event = self.emit("round.result", settled.data(last_round=last_round), round_no)
        self.float.after_result(event)
        if self.players is not None:
            self.players.collect(settled.bets, settled.settlement)
        if self.on_round is not None:
            self.on_round(event)

    def void_round(self, reason: str, *, say: bool = True, **data: Any) -> None:
        """The open round is void: the engine says which bets go back and which stay, and the
        croupier announces it (unless not `say`: a round nobody bet on is no misdeal)."""
        self.rounds.before_void()
        void = self.rounds.void(reason)
        round_no = self.state.round
        if say:
            self.announce(void.announcement, round_no)
        collected = {"collected": [b.to_json() for b in void.collected]} if void.collected else {}
        last = {"last_round": True} if self.closing.ends_on_void() else {}
        self.emit(
            "round.void",
            {
                "reason": reason,
                **why_of(reason),
                "returned": [b.to_json() for b in void.returned],
                "kept": [b.to_json() for b in void.kept],
                **collected,
                **self.rounds.void_data(),
                **data,
                **last,
            },
            round_no,
        )
        if self.players is not None:
            self.players.refund(void.returned)

    # -- the croupier's screen ---------------------------------------------------------------
    def post(self, entry: Any) -> None:
        """Any entry of the croupier's (terminal/runtime/staffed/session.py, entries.py), from any
        thread: taken by the table thread, or refused with a journaled reason."""
        self.inbox.post("croupier", entry)

    def post_bet(self, bet: Bet) -> None:
        """A bet the croupier enters (any thread): placed on the open round by the table
        thread, or refused with a `bet.refused` event saying why."""
        self.inbox.post("croupier", bet)

    def post_top_up(self, amount: int | None = None) -> None:
        """A top-up the croupier asks for (any thread; `amount` None: the initial advance, as
        the rule wants): made by the table thread, or refused (`croupier/topup_refused`)."""
        self.inbox.post("croupier", TopUp(amount))

    def post_decision(self, place: str, action: str) -> None:
        """A player's decision at a card table, entered by the croupier (any thread) while the
        coup asks for that place's (`rounds.asked`). Taken then, or refused at once
        (`croupier/decision_refused`): a decision not asked now is never kept for later."""
        self.inbox.post("croupier", Decision(place, action))

    def take_entry(self, entry: GameEntry) -> str | None:
        """An entry of the game's own (`Game.entries`), taken now on the table thread: None, or
        why it is refused (journaled by whoever entered it)."""
        if type(entry) not in self.game.entries:
            return reason(WHY, "entry_not_taken", game=self.game.title)
        return game_entries.take(self, entry)

    def _croupier(self, entry) -> None:
        """What the croupier entered, taken on the table thread: the game's kind takes its own
        kinds of entry (a card table's decisions), the game its own (`Game.entries`: craps'
        withdrawals, colour chips); one the table does not take is refused."""
        if self.session.take(entry) or self.technician.take(entry) or self.rounds.croupier(entry):
            return
        if isinstance(entry, GameEntry):
            if (refusal := self.take_entry(entry)) is not None:
                self.refuse(entry.kind, refusal)
            return
        if isinstance(entry, TopUp):
            if (refusal := self.float.top_up_refusal(entry.amount)) is not None:
                self.refuse("topup", refusal)
            else:
                self.float.top_up()
        elif isinstance(entry, tuple(ENTRIES)):
            self.refuse(ENTRIES[type(entry)], reason(WHY, "entry_not_taken", game=self.game.title))
        elif (refusal := self.place_bet(entry)) is not None:
            self.emit(
                "bet.refused",
                {"bet": as_journaled(entry), "reason": str(refusal), **why_of(refusal)},
                self.state.open_round,
            )

    # -- what the screens see of it (terminal/runtime/loop/face.py) -------------------------------
    @property
    def waiting(self) -> str | None:
        """What the round waits for from its device now: one text the table thread sets."""
        waiting: str | None = self.rounds.waiting
        return waiting

    @property
    def manual(self) -> bool:
        """Whether the round's device is the croupier's hand (`Device.manual`, fixed)."""
        return bool(getattr(self.device, "manual", False))

    def bets_close_in(self) -> float | None:
        """Seconds until the round's device closes the bets on its own (a wheel's), or None;
        the device reads one number its own thread set."""
        close_in = getattr(self.device, "bets_close_in", None)
        return None if close_in is None else close_in()

    @property
    def tested_device(self) -> Any:
        """The round's device, for the technician's tools (terminal/runtime/loop/face.py)."""
        return self.device


if TYPE_CHECKING:

    def _a_table_is_its_parts_table(table: Table) -> RoundTable:
        # mypy checks that `Table` is what its parts take (terminal/runtime/loop/context.py)
        return table
