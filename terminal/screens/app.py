"""The croupier's screen: one UI thread that draws the table as its journal says it is and
turns taps into the croupier's entries (docs/screens.md).

Nothing here waits. The table runs on its own thread; the journal writer hands every committed
event to `ScreenSink`, whose queue the UI thread drains at each frame into its `ScreenModel`.
The screens see the table through its face (terminal/runtime/loop/face.py), never its live objects.
A tap becomes an entry posted to the table's inbox (`Table.post`, `Table.hand.enter`): the
table takes it on its thread (checking PINs there too) and its answer, an event or a refusal,
comes back through the journal like everything else. A slow SD card, a dead feed or a device
fault delays an answer; it never freezes a frame.

Which screen shows follows the session (pibooth's states, driven by the journal): signing in
and the opening count at a staffed table with no session open; a signature when one is due;
the closing count once the last round is played; else the table itself. Dialogs (the outcome
pad, the payouts, a menu) open over it and close back to it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from terminal.runtime.loop.face import HandEntry, TableFace
from terminal.runtime.staffed.payments import due_by_seat
from terminal.runtime.staffed.staff import Staff
from terminal.screens import kit
from terminal.screens.model import Refusal, ScreenModel
from terminal.screens.texts import Texts

if TYPE_CHECKING:
    from terminal.screens.croupier.screens import Screens

FRAME_RATE = 30
BANNER_SECONDS = 8.0  # how long a refusal stays in the status line
DOUBLE_TAP = 0.4  # seconds within which a second tap on the same place is the same tap


class Target(Protocol):
    """Anything on screen that takes a tap (a kit.Button, the cloth, a pad)."""

    name: str

    def tap(self, pos: tuple[int, int]) -> bool: ...


def _under(target: Target, pos: tuple[int, int]) -> bool:
    rect = getattr(target, "rect", None)
    return rect is not None and rect.collidepoint(pos)


def _near(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Two taps on the same place: within half a finger of each other."""
    return abs(a[0] - b[0]) <= kit.MIN_TARGET // 2 and abs(a[1] - b[1]) <= kit.MIN_TARGET // 2


class Zone:
    """A tappable area calling `action(pos)`: the cloth, a pad. `cells` are the places in it a
    tap tells apart (a cloth's bets), each a finger's size (kit.MIN_TARGET) as a button is."""

    def __init__(
        self,
        rect: pygame.Rect,
        name: str,
        action: Callable[[tuple[int, int]], bool],
        cells: tuple[tuple[str, pygame.Rect], ...] = (),
    ):
        self.rect, self.name, self.action, self.cells = rect, name, action, cells

    def tap(self, pos: tuple[int, int]) -> bool:
        return self.rect.collidepoint(pos) and self.action(pos)


class Screen:
    """One screen (or a dialog over the table): `draw` paints `area` and returns what can be
    tapped on it."""

    name = "screen"

    def __init__(self, app: CroupierApp):
        self.app = app

    def draw(self, surface: pygame.Surface, area: pygame.Rect) -> list[Target]:
        raise NotImplementedError

    def done(self) -> bool:
        """Whether a dialog is over (the app then closes it)."""
        return False


def _hands_money(round_: Any) -> bool:
    """Whether a settled round's payouts have anything to hand over or take back (a round
    every bet lost has only chips to collect: the croupier opens its payouts if they want)."""
    return any(due_by_seat(round_.result).values()) or bool(round_.payments)


class CroupierApp:
    """The croupier's screen for `table`, drawing on surfaces of `size`."""

    def __init__(
        self,
        table: TableFace,
        model: ScreenModel,
        sink: Any,
        size: tuple[int, int],
        *,
        screens: Callable[[CroupierApp], Screens],
        language: str = "ca",
        clock: Callable[[], float] = time.monotonic,
    ):
        self.table, self.model, self.sink = table, model, sink
        self.size = size
        self.texts = Texts(language)
        self.clock = clock
        self.s = kit.scale(size)
        self.dialog: Screen | None = None
        self.targets: list[Target] = []
        self.players_mode = False  # the screen shows the players' display
        self.quit_requested = False
        self._drawn_key: Any = None
        self._refusal_since: tuple[int, float] | None = None
        self._refusal_acted: int | None = None
        self._results_seen = model.current.result_seq if model.current else None
        self._last_tap: tuple[tuple[int, int], float, str | None] | None = None
        self.last_tap: tuple[int, int] | None = None  # where the last tap landed
        self._engine: tuple[Any, Any] | None = None  # (limits, the screens' engine under them)
        # which screen shows (terminal/screens/croupier/screens.py `screens_for`): given by the
        # app's maker, as the croupier's screens are built on the app
        self.screens = screens(self)

    # -- what the screens ask --------------------------------------------------------------
    @property
    def staffed(self) -> bool:
        return self.table.session.staffed

    @property
    def demo(self) -> bool:
        """A table without staff: simulation and demos (the croupier's entries that need a
        signature are not offered)."""
        return not self.staffed

    @property
    def croupier(self) -> str:
        return self.model.state.croupier or self.table.setup.croupier

    @property
    def engine(self) -> Any:
        """The game's engine, pure, the screens' own (the table thread's is never theirs): made
        of the game and its rules under the table's limits, made again when they change."""
        limits = self.table.setup.limits
        if self._engine is None or self._engine[0] is not limits:
            self._engine = (limits, self.table.game.engine(self.table.rules, limits))
        return self._engine[1]

    @property
    def hand(self) -> HandEntry:
        """Where the croupier's entries of the outcome go (offered when `can_enter_outcome`)."""
        hand = self.table.hand
        assert hand is not None, "this table takes no outcome entered on the screen"
        return hand

    def people(self, *roles: str) -> list[tuple[str, str]]:
        """(id, name) of the staff holding one of `roles`, read from the staff file."""
        path = self.table.session.staff_path
        if path is None:
            return []
        return [
            (p.id, p.name)
            for p in Staff(path).people.values()
            if not roles or any(r in p.roles for r in roles)
        ]

    def post(self, entry: Any) -> None:
        self.table.post(entry)

    def money(self, amount: int) -> str:
        """An amount as the screen's language writes it (Texts.money)."""
        return self.texts.money(amount)

    def open(self, dialog: Screen | None) -> None:
        self.dialog = dialog
        self._drawn_key = None

    def switch_language(self) -> None:
        """Every text in the next language (ca, es, en), from the next frame."""
        self.texts = self.texts.next()

    def fresh_refusal(self) -> Refusal | None:
        """The table's last refusal of an entry, for BANNER_SECONDS after it came."""
        refusal = self.model.refusal
        if refusal is None:
            return None
        if self._refusal_since is None or self._refusal_since[0] != refusal.seq:
            self._refusal_since = (refusal.seq, self.clock())
        if self.clock() - self._refusal_since[1] > BANNER_SECONDS:
            return None
        return refusal

    def forget_refusal_for_screen(self) -> None:
        """A screen has acted on the last refusal (gone back a step): it is not acted on
        again, though the status line still shows it."""
        if self.model.refusal is not None:
            self._refusal_acted = self.model.refusal.seq

    def refusal_acted_on(self) -> bool:
        refusal = self.model.refusal
        return refusal is not None and refusal.seq == self._refusal_acted

    def can_enter_outcome(self) -> bool:
        """Whether the croupier enters this round's outcome: a table whose device is the
        screen's hand, or whose sensor is out of order (a fault of it stands)."""
        table = self.table
        if table.hand is None or self.demo:
            return False
        if table.manual:
            return True
        device = table.game.device
        return any(f["device"] == device for f in self.model.state.faults.values())

    def topup_due(self) -> int:
        """What a top-up must count now: what new limits need, else the initial advance."""
        return self.model.state.topup_due or self.model.state.initial_advance

    # -- one frame -------------------------------------------------------------------------
    def step(self) -> bool:
        """Take what the journal committed since the last frame; whether to redraw."""
        changed = self.model.take(self.sink.drain())
        current = self.model.current
        if current is not None and current.result_seq != self._results_seen:
            self._results_seen = current.result_seq
            if self.staffed and current.result and _hands_money(current):
                self.screens.payouts()  # after the result: what to pay, seat by seat
        if self.dialog is not None and self.dialog.done():
            self.dialog = None
            changed = True
        key = (
            self.model.version,
            id(self.dialog),
            self.players_mode,
            self.texts.language,
            int(self.clock()),
        )
        if key != self._drawn_key:
            self._drawn_key = key
            return True
        return changed

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(kit.BACKGROUND)
        area = surface.get_rect()
        if self.players_mode:
            self.targets = self.screens.players.draw(surface, area)
            return
        screen = self.dialog or self.screens.current()
        self.targets = list(screen.draw(surface, area))

    def tap(self, pos: tuple[int, int]) -> bool:
        """The tap at `pos` given to the topmost target under it."""
        self.last_tap = pos
        for target in reversed(self.targets):
            if target.tap(pos):
                self._drawn_key = None
                return True
        return False

    def bounced(self, pos: tuple[int, int]) -> bool:
        """Whether a finger's tap at `pos` is the one before it again: a second tap on the same
        place within DOUBLE_TAP seconds (a finger that bounces, or taps twice as the screen moves
        on: it would open the round and close its bets, or settle a number without its
        confirmation), unless it lands again on a key of a pad where a repeat is an entry (the
        two 0s of 100)."""
        now = self.clock()
        last, self._last_tap = self._last_tap, None
        target = next((t for t in reversed(self.targets) if _under(t, pos)), None)
        name = None if target is None else target.name
        repeat = getattr(target, "repeats", False)
        if (
            last is not None
            and now - last[1] < DOUBLE_TAP
            and _near(pos, last[0])
            and not (repeat and name == last[2])
        ):
            self._last_tap = last  # the bounce does not start a new window
            return True
        self._last_tap = (pos, now, name)
        return False

    def press(self, name: str) -> None:
        """Tap the target named `name` (scripts and tests: as a finger would, at its
        centre); KeyError naming what can be tapped when none is on screen."""
        for target in reversed(self.targets):
            if target.name == name:
                rect: pygame.Rect = target.rect  # type: ignore[attr-defined]  # every target's
                self.last_tap = rect.center
                if not target.tap(rect.center):
                    raise KeyError(f"{name!r} is on screen but did not take the tap")
                self._drawn_key = None
                return
        shown = ", ".join(sorted({t.name for t in self.targets}))
        raise KeyError(f"nothing named {name!r} on screen; there is: {shown}")

    def names(self) -> list[str]:
        return [t.name for t in self.targets]

    def handle(self, events: Iterable[pygame.event.Event], display: Any = None) -> None:
        """pygame's events: a tap (a finger's, or a mouse's) once, turned as the display is;
        closing the window (or F10 on a laptop) quits the screen."""
        physical = self.size if display is None else display.physical_size
        for event in events:
            quit_key = event.type == pygame.KEYDOWN and event.key == pygame.K_F10
            if event.type == pygame.QUIT or quit_key:
                self.quit_requested = True
            elif (pos := kit.tap_of(event, physical)) is not None:
                pos = pos if display is None else display.untransform(pos)
                if not self.bounced(pos):
                    self.tap(pos)
