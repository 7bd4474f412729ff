"""What a Cammegh wheel's game tracker (cammegh_game.py) keeps between lines, without I/O: the
game in play and the spin counts seen, the faults raised and not yet cleared (each raised once,
voiding the game in play when it says so), and the news of the link (`*F` codes, silence, the
link lost and back).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from drivers.faults import Fault, FaultCleared
from drivers.wheel.cammegh_protocol import COMPONENT_FAULT, IN_PLAY, Status, selftest_code
from drivers.wheel.events import WheelEvent
from drivers.wheel.order import WheelOrder


@dataclass
class Game:
    spin: int  # its spin count
    stage: int = 2  # the state of its latest line
    seen: set[int] = field(default_factory=set)  # the states of play its lines showed
    rotor: tuple[str, float] | None = None
    launched: bool = False
    leaving: bool = False
    bares: list[int] = field(default_factory=list)  # what its bare number lines said
    fives: list[int] = field(default_factory=list)  # its state-5 lines' numbers, in a row
    result: int | None = None
    void: bool = False
    launch_flag_since: int | None = None
    ball_flag_since: int | None = None

    @property
    def playing(self) -> bool:
        return not self.void and self.result is None


class GameBook:
    """The tracker's book of `order`'s wheel: what the lines said so far (GameTracker reads
    them)."""

    def __init__(self, order: WheelOrder):
        self.order = order
        self.power_off_expected = False  # the driver powers the wheel down itself (self-test)
        self._restarted = False  # *R OK: the next state 2 is the respin, a new game
        self.last: Status | None = None  # the latest status line
        self.games = 0  # games seen starting
        self._game: Game | None = None
        self._spin: int | None = None  # the spin count of the latest game (or the first line)
        self._candidate: Status | None = None  # a state-2 line of a fresh spin, to confirm
        self._on: bool | None = None  # whether two lines in a row last said the wheel is on
        self._active: set[str] = set()  # fault codes raised and not yet cleared
        self._codes: set[int] = set()  # `*F` codes reported since the component fault began
        self._heard = False

    @property
    def restart_due(self) -> bool:
        """The game was voided and the wheel still plays it (a line of its spin, in play, and
        the game never reached state 5): `*R` acknowledges the void, once (not during a
        component fault, flag 4: the respin would play on a faulty wheel)."""
        game, last = self._game, self.last
        return (
            game is not None
            and game.void
            and not self._restarted
            and game.stage in IN_PLAY
            and last is not None
            and last.spin == game.spin
            and last.state in IN_PLAY
            and not last.flagged(COMPONENT_FAULT)
        )

    def restarted(self) -> None:
        """The wheel answered `*R OK`: a void game restarts. Its respin is a new game even with
        the same spin count, and even if the link missed the state 1 in between."""
        game = self._game
        self._restarted = game is not None and game.void
        self._candidate = None

    @property
    def powered_down(self) -> bool:
        """Whether the wheel is idle (state 6) after powering down during play."""
        return "powered_down" in self._active

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
            "result_mismatch",
            "silent",
            "link_lost",
        )

    @property
    def playing(self) -> bool:
        return self._in_play() is not None

    @property
    def taking_bets(self) -> bool:
        """A game in play whose ball has not reached no more bets (state 4)."""
        game = self._in_play()
        return game is not None and not game.leaving

    def disown(self) -> None:
        """The game in play is nobody's (it went past no more bets before a round took it):
        nothing more is reported of it, not even that it ends without a number."""
        if self._in_play() is not None:
            self._game = None

    def _in_play(self) -> Game | None:
        """The game in play (started while we listened, no result, not void), if any."""
        game = self._game
        return game if game is not None and game.playing else None

    def _ours(self, status: Status) -> Game | None:
        """The game in play, if `status` is a line of its spin."""
        game = self._in_play()
        return game if game is not None and status.spin == game.spin else None

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
