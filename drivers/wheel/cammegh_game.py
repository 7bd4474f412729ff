"""What a Cammegh wheel's reports mean, without I/O: status lines, winning-number lines, `*F`
codes and link news in, wheel events out, with the maker's exception handling (flags 8, 2, 1
and 4, state 6).

The wire has no checksum (8N1): a flipped bit turns a good line into another well-formed one
(state 4 read as 5, still carrying the last game's number). So what moves money is taken only
when the wheel's reports agree:

- a game begins with a state-2 line of a fresh spin count (or the respin after `*R OK`),
  confirmed by the next line (the same count, state 2 or 3): only a game seen from its start is
  reported, since a game already under way had its bets taken by nobody;
- its number is settled only once it went through states 2, 3 and 4 in order, and the bare
  winning-number line and a state-5 status line of its spin say the same number (without the
  bare line, mode bit 16: two state-5 lines in a row). A state-5 line followed by a line of an
  earlier state was noise; two state-5 lines that agree with each other and not with the bare
  line are a `result_mismatch`: that game is void, and the next plays on;
- what ends or stops a game (states 1 and 6, a misspin, a component fault, a new spin count)
  counts only when two lines in a row say it; what is safe to act on at once (the launch, no
  more bets) is taken from the first line that says it.

A game ends with one result, or one void fault; nothing more is reported about it until the
next game. The spin count is read as counting at the start of a game and kept by a respin, as
the emulator does: the guide does not say; check it against a real wheel. What the tracker
keeps between lines (the game, the faults raised, the link's news) is cammegh_book.py's.
"""

from __future__ import annotations

from drivers.wheel.cammegh_book import Game, GameBook
from drivers.wheel.cammegh_protocol import (
    BALL_REMOVED,
    COMPONENT_FAULT,
    IN_PLAY,
    LAUNCH_FAILED,
    MISSPIN,
    STATES,
    Status,
)
from drivers.wheel.events import (
    BallInPocket,
    BallLaunched,
    BallLeavingRim,
    RotorSpin,
    WheelEvent,
    opposite,
)
from drivers.wheel.order import WheelOrder

RPM_STEP = 1.0  # a rotor speed change worth reporting; the reading jitters by 0.1 rpm
NOT_A_POCKET = -1  # the pocket index of a number this wheel does not have


class GameTracker(GameBook):
    """Feed it what the wheel says, with the monotonic time it was heard; each call returns the
    events to emit, stamped with that time. `launch_grace`/`ball_grace`: how long flags 8 (in
    state 3) and 1 are ignored (the maker's 3 s and 5 s); `launch_retry`: how long the wheel may
    retry a failed launch in state 2 (flag 8) before the game is void; `bare_line`: whether the
    wheel sends the bare winning-number line (no operating-mode bit 16)."""

    def __init__(
        self,
        order: WheelOrder,
        *,
        launch_grace: float,
        ball_grace: float,
        launch_retry: float = 20.0,
        bare_line: bool = True,
    ):
        super().__init__(order)
        self.launch_grace_ns = round(launch_grace * 1e9)
        self.ball_grace_ns = round(ball_grace * 1e9)
        self.launch_retry_ns = round(launch_retry * 1e9)
        self.bare_line = bare_line

    def status(self, status: Status, t_ns: int) -> list[WheelEvent]:
        prev, self.last = self.last, status
        if self._spin is None:
            self._spin = status.spin
        steady = prev is not None and (prev.state, prev.spin) == (status.state, status.spin)
        out: list[WheelEvent] = []
        self._power(status, steady, t_ns, out)
        self._start_or_end(status, steady, t_ns, out)
        game = self._ours(status)
        if game is not None and status.state in (*IN_PLAY, 5):
            game.stage = status.state
            game.seen.add(status.state)
        self._rotor(status, prev, t_ns, out)
        self._launch(status, prev, t_ns, out)
        self._misspin(status, prev, t_ns, out)
        if status.state in (4, 5):
            self._leaving(status, t_ns, out)
        self._ball(status, t_ns, out)
        self._number(status, t_ns, out)
        self._component(status, prev, t_ns, out)
        return out

    def winning_line(self, number: int, t_ns: int) -> list[WheelEvent]:
        """The bare winning-number line; it counts for a game whose ball reached no more bets
        (state 4): anywhere else it is stray."""
        out: list[WheelEvent] = []
        game = self._in_play()
        if game is not None and 4 in game.seen:
            game.bares.append(number)
            self._settle(t_ns, out)
        return out

    # The pieces of a status line

    def _start_or_end(self, status: Status, steady: bool, t_ns: int, out: list) -> None:
        """A new game once its start is confirmed; the game in play ends without a number when
        two lines in a row say it is over (state 1 or 6, or another spin count)."""
        candidate, self._candidate = self._candidate, None
        if candidate is not None and status.spin == candidate.spin and status.state in (2, 3):
            self._restarted = False
            self._end_without_result(f"a new game started (spin {status.spin})", t_ns, out)
            self._game, self._spin = Game(status.spin), status.spin
            self.games += 1
            return
        game = self._in_play()
        if status.state == 2 and (self._restarted or status.spin != self._spin):
            self._candidate = status
        elif game is not None and steady and status.state in (1, 6):
            self._end_without_result(
                f"the wheel went from state {game.stage} to "
                f"{status.state} ({STATES[status.state]})",
                t_ns,
                out,
            )
        elif game is not None and steady and status.spin != game.spin:
            self._end_without_result(
                f"the spin count went from {game.spin} to {status.spin} (a game was missed)",
                t_ns,
                out,
            )
            self._spin = status.spin

    def _end_without_result(self, why: str, t_ns: int, out: list) -> None:
        game = self._in_play()
        if game is None:
            return
        if game.fives and not game.bares and self.bare_line:
            why += "; the bare winning-number line never came"
        elif game.fives or game.bares:
            why += f"; its reports did not agree (lines {game.bares}, status {game.fives})"
        self._fault(
            "no_result",
            "error",
            f"the game ended without a winning number: {why}",
            t_ns,
            out,
            void=True,
        )

    def _rotor(self, status: Status, prev: Status | None, t_ns: int, out: list) -> None:
        """The rotor of a game's first line, then each change that two lines in a row show."""
        game = self._ours(status)
        if game is None or status.state not in IN_PLAY or status.rpm <= 0:
            return
        reading = (status.direction, status.rpm)
        if game.rotor is not None:
            changed = game.rotor[0] != status.direction or (
                abs(game.rotor[1] - status.rpm) >= RPM_STEP
            )
            confirmed = (
                prev is not None
                and prev.direction == status.direction
                and abs(prev.rpm - status.rpm) < RPM_STEP
            )
            if not (changed and confirmed):
                return
        game.rotor = reading
        out.append(RotorSpin(status.direction, status.rpm, t_ns))

    def _launch(self, status: Status, prev: Status | None, t_ns: int, out: list) -> None:
        """Flag 8 in state 2: the wheel retries the launch by itself, for up to `launch_retry`
        (a wheel that gives up ends the game, state 1 or 6: no result). Flag 8 in state 3 is
        ignored for the grace time, counted from the start of state 3 (the maker's rule)."""
        game = self._ours(status)
        failing = status.flagged(LAUNCH_FAILED) and status.state in (2, 3)
        if not failing:
            if game is not None:
                game.launch_flag_since = None
            out += self._clear("launch_failed", t_ns)
        elif game is not None:
            if game.launch_flag_since is None or (
                status.state == 3 and prev is not None and prev.state == 2
            ):
                game.launch_flag_since = t_ns
            bound = self.launch_grace_ns if status.state == 3 else self.launch_retry_ns
            if t_ns - game.launch_flag_since >= bound:
                where = "in the rim" if status.state == 3 else "retried"
                self._fault(
                    "launch_failed",
                    "warning",
                    f"failed ball launch (flag 8, {where}) for {bound / 1e9:g} s: void spin",
                    t_ns,
                    out,
                    void=True,
                )
        in_play = self._ours(status)  # again: the fault above may have voided the game
        if in_play is not None and status.state in (3, 4, 5) and not in_play.launched:
            in_play.launched = True
            same_way = status.state == 3 and status.flagged(MISSPIN)
            out.append(
                BallLaunched(status.direction if same_way else opposite(status.direction), t_ns)
            )

    def _misspin(self, status: Status, prev: Status | None, t_ns: int, out: list) -> None:
        """Flag 2 in state 3, in two lines in a row: a misspin."""
        if not status.flagged(MISSPIN):
            out += self._clear("misspin", t_ns)
        elif (
            status.state == 3
            and prev is not None
            and prev.flagged(MISSPIN)
            and (prev.state, prev.spin) == (status.state, status.spin)
            and self._ours(status) is not None
        ):
            self._fault(
                "misspin",
                "warning",
                "the ball turns the same way as the rotor (flag 2): void spin",
                t_ns,
                out,
                void=True,
            )

    def _leaving(self, status: Status, t_ns: int, out: list) -> None:
        game = self._ours(status)
        if game is not None and not game.leaving:
            game.leaving = True
            out.append(BallLeavingRim(t_ns))

    def _ball(self, status: Status, t_ns: int, out: list) -> None:
        game = self._ours(status)
        if not status.flagged(BALL_REMOVED):
            if game is not None:
                game.ball_flag_since = None
            out += self._clear("ball_removed", t_ns)
        elif status.state == 4 and game is not None:
            if game.ball_flag_since is None:
                game.ball_flag_since = t_ns
            if t_ns - game.ball_flag_since >= self.ball_grace_ns:
                self._fault(
                    "ball_removed",
                    "warning",
                    f"no ball detected (flag 1) for {self.ball_grace_ns / 1e9:g} s: void spin",
                    t_ns,
                    out,
                    void=True,
                )

    def _number(self, status: Status, t_ns: int, out: list) -> None:
        """A state-5 line of a game that went through states 3 and 4 reports its number; a line
        of an earlier state after it says that what said 5 was noise."""
        game = self._ours(status)
        if game is None:
            return
        if status.state == 5 and status.winning is not None and {3, 4} <= game.seen:
            game.fives.append(status.winning)
        elif status.state in IN_PLAY:
            game.fives.clear()
        self._settle(t_ns, out)

    def _settle(self, t_ns: int, out: list) -> None:
        """The game's number, once its reports agree; void when they agree to differ."""
        game = self._in_play()
        if game is None or not game.fives:
            return
        latest = game.fives[-1]
        twice = len(game.fives) >= 2 and game.fives[-2] == latest
        if not self.bare_line:
            if twice:
                self._result(game, latest, t_ns, out)
        elif latest in game.bares:
            self._result(game, latest, t_ns, out)
        elif game.bares and twice:
            said = " then ".join(str(number) for number in game.bares)
            self._fault(
                "result_mismatch",
                "error",
                f"the winning-number line says {said}, the status line {latest} twice: "
                "void spin; check the ball",
                t_ns,
                out,
                void=True,
            )

    def _result(self, game: Game, number: int, t_ns: int, out: list) -> None:
        game.result = number
        pocket = self.order.index(number) if number in self.order.numbers else NOT_A_POCKET
        out.append(BallInPocket((pocket,), (self.order.number(pocket),), t_ns))
        for code in ("no_result", "result_mismatch"):  # an earlier game's: this one has one
            out += self._clear(code, t_ns)

    def _component(self, status: Status, prev: Status | None, t_ns: int, out: list) -> None:
        """Flag 4 in two lines in a row is a component fault; two lines without it, its end."""
        before = prev is not None and prev.flagged(COMPONENT_FAULT)
        if not status.flagged(COMPONENT_FAULT):
            if not before:
                self._codes.clear()
                out += self._clear("component_fault", t_ns)
        elif before and "component_fault" not in self._active:
            self._fault(
                "component_fault",
                "critical",
                "sensor stuck, motor or encoder fault "
                "(flag 4); no *F code received (operating-mode bit 256 sends them; a "
                "self-test finds them)",
                t_ns,
                out,
                void=True,
            )

    def _power(self, status: Status, steady: bool, t_ns: int, out: list) -> None:
        """Two lines in a row in state 6 after the wheel was on: it powered down. Only a person
        powers it on again; two lines in a row of another state say it is on."""
        if not steady:
            return
        if status.state != 6:
            self._on = True
            out += self._clear("powered_down", t_ns)
        elif self._on and not self.power_off_expected:
            self._on = False
            faulty = "component_fault" in self._active or status.flagged(COMPONENT_FAULT)
            why = (
                "a permanent component fault (see its *F codes, or run a self-test)"
                if faulty
                else "no fault reported: switched off at its panel, or its power lost"
            )
            self._fault(
                "powered_down",
                "critical",
                f"the wheel powered down (state 6): {why}; it stays off until a person "
                "switches it on (at its panel, or from the screen)",
                t_ns,
                out,
                void=True,
            )
        else:
            self._on = False
