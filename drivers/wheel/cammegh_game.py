"""What a Cammegh wheel's reports mean, without I/O: status lines, winning-number lines, `*F`
codes and link news in, wheel events out, with the maker's exception handling (flags 8, 2, 1
and 4, state 6).

Only games that start while we listen are reported: a game already under way at open had its
bets taken by nobody. A game ends with one result, or one void fault; nothing more is reported
about it until the next game.
"""

from __future__ import annotations

from dataclasses import dataclass

from drivers.faults import Fault, FaultCleared
from drivers.wheel.cammegh_protocol import (
    BALL_REMOVED,
    COMPONENT_FAULT,
    IN_PLAY,
    LAUNCH_FAILED,
    MISSPIN,
    STATES,
    Status,
    selftest_code,
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


@dataclass
class _Game:
    rotor: tuple[str, float] | None = None
    launched: bool = False
    leaving: bool = False
    result: int | None = None
    checked: bool = False  # the second report of the result was compared with the first
    void: bool = False
    launch_flag_since: int | None = None
    ball_flag_since: int | None = None

    @property
    def playing(self) -> bool:
        return not self.void and self.result is None


class GameTracker:
    """Feed it what the wheel says, with the monotonic time it was heard; each call returns the
    events to emit, stamped with that time. `launch_grace`/`ball_grace`: how long flags 8 (in
    state 3) and 1 are ignored (the maker's 3 s and 5 s); `launch_retry`: how long the wheel may
    retry a failed launch in state 2 (flag 8) before the game is void."""

    def __init__(
        self,
        order: WheelOrder,
        *,
        launch_grace: float,
        ball_grace: float,
        launch_retry: float = 20.0,
    ):
        self.order = order
        self.launch_grace_ns = round(launch_grace * 1e9)
        self.ball_grace_ns = round(ball_grace * 1e9)
        self.launch_retry_ns = round(launch_retry * 1e9)
        self.power_off_expected = False  # the driver powers the wheel down itself (self-test)
        self._restarted = False  # *R OK: the next line in play is the respin, a new game
        self.last: Status | None = None  # the latest status line
        self.games = 0  # games seen starting
        self._game: _Game | None = None
        self._active: set[str] = set()  # fault codes raised and not yet cleared
        self._codes: set[int] = set()  # `*F` codes reported since the component fault began
        self._heard = False

    @property
    def restart_due(self) -> bool:
        """The game was voided and the wheel still plays it: `*R` acknowledges the void (not
        during a component fault, flag 4: the respin would play on a faulty wheel)."""
        game, last = self._game, self.last
        return (
            game is not None
            and game.void
            and last is not None
            and last.state in IN_PLAY
            and not last.flagged(COMPONENT_FAULT)
        )

    def restarted(self) -> None:
        """The wheel answered `*R OK`: a void game restarts. Its respin is a new game even if
        the link missed the state 1 in between (it lasts less than a status period)."""
        game = self._game
        self._restarted = game is not None and game.void

    @property
    def power_on_due(self) -> bool:
        """The wheel powered down during play and is healthy again: idle (state 6) with no
        component fault (flag 4); `*P 1` powers it on."""
        last = self.last
        return (
            "powered_down" in self._active
            and last is not None
            and last.state == 6
            and not last.flagged(COMPONENT_FAULT)
        )

    def over(self, code: str) -> bool:
        """Whether the condition of a fault `code` (raised by an earlier run, say) is over as far
        as the latest status line tells; False for what only a person can judge."""
        last = self.last
        if last is None or code in self._active:
            return False
        if code == "powered_down":
            return last.state != 6
        if code == "component_fault":
            return not last.flagged(COMPONENT_FAULT)
        # a game's own trouble ends with it; the link's is over once lines come
        return code in (
            "launch_failed",
            "misspin",
            "ball_removed",
            "no_result",
            "silent",
            "link_lost",
        )

    @property
    def playing(self) -> bool:
        return self._in_play() is not None

    def _in_play(self) -> _Game | None:
        """The game in play (started while we listened, no result, not void), if any."""
        game = self._game
        return game if game is not None and game.playing else None

    def status(self, status: Status, t_ns: int) -> list[WheelEvent]:
        prev, self.last = self.last, status
        out: list[WheelEvent] = []
        self._power(status, prev, t_ns, out)
        if prev is not None and self._starts_a_game(status, prev):
            self._end_without_result(
                f"a new game started (state {prev.state} to {status.state})", t_ns, out
            )
            self._game = _Game()
            self.games += 1
        elif prev is not None and prev.state in IN_PLAY and status.state in (1, 6):
            self._end_without_result(
                f"the wheel went from state {prev.state} to "
                f"{status.state} ({STATES[status.state]})",
                t_ns,
                out,
            )
        self._rotor(status, t_ns, out)
        self._launch(status, prev, t_ns, out)
        self._misspin(status, t_ns, out)
        if status.state in (4, 5):
            self._leaving(status, t_ns, out)
        self._ball(status, t_ns, out)
        if status.state == 5 and status.winning is not None:
            self._result(status.winning, "status line", t_ns, out)
        self._component(status, t_ns, out)
        return out

    def winning_line(self, number: int, t_ns: int) -> list[WheelEvent]:
        """The bare winning-number line; it counts while the ball is in play or just dropped."""
        out: list[WheelEvent] = []
        if self.last is not None and self.last.state in (3, 4, 5):
            self._result(number, "winning-number line", t_ns, out)
        return out

    def fault_code(self, code: int, t_ns: int) -> list[WheelEvent]:
        """A `*F <code>` line sent during play (operating-mode bit 256)."""
        out: list[WheelEvent] = []
        if code not in self._codes:
            self._codes.add(code)
            self._fault(
                "component_fault",
                "critical",
                f"*F code {code}: {selftest_code(code)[1]}",
                t_ns,
                out,
                void=True,
            )
        return out

    def heard(self, t_ns: int) -> list[WheelEvent]:
        self._heard = True
        return self._clear("silent", t_ns)

    def silent(self, seconds: float, t_ns: int) -> list[WheelEvent]:
        out: list[WheelEvent] = []
        if self._heard and "silent" not in self._active:
            self._fault("silent", "error", f"no line from the wheel for {seconds:.1f} s", t_ns, out)
        return out

    def link_lost(self, reason: str, t_ns: int) -> list[WheelEvent]:
        out: list[WheelEvent] = []
        self._fault("link_lost", "error", f"serial link lost ({reason}); reopening", t_ns, out)
        return out

    def link_up(self, t_ns: int) -> list[WheelEvent]:
        return self._clear("link_lost", t_ns)

    # The pieces of a status line

    def _starts_a_game(self, status: Status, prev: Status) -> bool:
        """From outside play, or back to an earlier state (the link missed the end of a game).
        The spin counter is not used: the guide does not say when it counts."""
        restarted, self._restarted = self._restarted, False
        return status.state in IN_PLAY and (
            restarted or prev.state not in IN_PLAY or status.state < prev.state
        )

    def _end_without_result(self, why: str, t_ns: int, out: list) -> None:
        if self.playing:
            self._fault(
                "no_result",
                "error",
                f"the game ended without a winning number: {why}",
                t_ns,
                out,
                void=True,
            )

    def _rotor(self, status: Status, t_ns: int, out: list) -> None:
        game = self._in_play()
        if game is None or status.state not in IN_PLAY or status.rpm <= 0:
            return
        if (
            game.rotor is None
            or game.rotor[0] != status.direction
            or abs(game.rotor[1] - status.rpm) >= RPM_STEP
        ):
            game.rotor = (status.direction, status.rpm)
            out.append(RotorSpin(status.direction, status.rpm, t_ns))

    def _launch(self, status: Status, prev: Status | None, t_ns: int, out: list) -> None:
        """Flag 8 in state 2: the wheel retries the launch by itself, for up to `launch_retry`
        (a wheel that gives up ends the game, state 1 or 6: no result). Flag 8 in state 3 is
        ignored for the grace time, counted from the start of state 3 (the maker's rule)."""
        game = self._game
        failing = status.flagged(LAUNCH_FAILED) and status.state in (2, 3)
        if not failing:
            if game is not None:
                game.launch_flag_since = None
            out += self._clear("launch_failed", t_ns)
        elif game is not None and game.playing:
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
        in_play = self._in_play()  # again: the fault above may have voided the game
        if in_play is not None and status.state in (3, 4, 5) and not in_play.launched:
            in_play.launched = True
            same_way = status.state == 3 and status.flagged(MISSPIN)
            out.append(
                BallLaunched(status.direction if same_way else opposite(status.direction), t_ns)
            )

    def _misspin(self, status: Status, t_ns: int, out: list) -> None:
        if not status.flagged(MISSPIN):
            out += self._clear("misspin", t_ns)
        elif status.state == 3 and self.playing:
            self._fault(
                "misspin",
                "warning",
                "the ball turns the same way as the rotor (flag 2): void spin",
                t_ns,
                out,
                void=True,
            )

    def _leaving(self, status: Status, t_ns: int, out: list) -> None:
        game = self._in_play()
        if game is not None and not game.leaving:
            game.leaving = True
            out.append(BallLeavingRim(t_ns))

    def _ball(self, status: Status, t_ns: int, out: list) -> None:
        game = self._game
        if not status.flagged(BALL_REMOVED):
            if game is not None:
                game.ball_flag_since = None
            out += self._clear("ball_removed", t_ns)
        elif status.state == 4 and game is not None and game.playing:
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

    def _result(self, number: int, source: str, t_ns: int, out: list) -> None:
        """The first report of a game's number is its result; the other one is compared."""
        game = self._game
        if game is not None and game.playing:
            self._launch_and_leave(game, t_ns, out)
            game.result = number
            pocket = self.order.index(number) if number in self.order.numbers else NOT_A_POCKET
            out.append(BallInPocket((pocket,), (self.order.number(pocket),), t_ns))
            out += self._clear("no_result", t_ns)  # a game without one is over: this one has it
        elif game is not None and game.result is not None and not game.checked:
            game.checked = True
            if number != game.result:
                self._fault(
                    "result_mismatch",
                    "critical",
                    f"the {source} says {number}, the "
                    f"result reported was {game.result}: check the ball",
                    t_ns,
                    out,
                )

    def _launch_and_leave(self, game: _Game, t_ns: int, out: list) -> None:
        """A result proves the launch and the drop, even if their status lines were missed."""
        if not game.launched and self.last is not None:
            game.launched = True
            out.append(BallLaunched(opposite(self.last.direction), t_ns))
        if not game.leaving:
            game.leaving = True
            out.append(BallLeavingRim(t_ns))

    def _component(self, status: Status, t_ns: int, out: list) -> None:
        if not status.flagged(COMPONENT_FAULT):
            self._codes.clear()
            out += self._clear("component_fault", t_ns)
        elif "component_fault" not in self._active:
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

    def _power(self, status: Status, prev: Status | None, t_ns: int, out: list) -> None:
        if status.state != 6:
            out += self._clear("powered_down", t_ns)
        elif prev is not None and prev.state != 6 and not self.power_off_expected:
            self._fault(
                "powered_down",
                "critical",
                "the wheel powered down (state 6): a permanent "
                "component fault or a power-off; see the *F codes or run a self-test",
                t_ns,
                out,
                void=True,
            )

    # Faults

    def _fault(
        self, code: str, severity: str, detail: str, t_ns: int, out: list, *, void: bool = False
    ) -> None:
        """Raise `code`; `void` voids the game in progress, if any, and only then."""
        game = self._in_play() if void else None
        if game is not None:
            game.void = True
        self._active.add(code)
        out.append(Fault(code, severity, detail, game is not None, t_ns))

    def _clear(self, code: str, t_ns: int) -> list[WheelEvent]:
        if code not in self._active:
            return []
        self._active.discard(code)
        return [FaultCleared(code, t_ns)]
