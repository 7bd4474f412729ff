"""The pit board (`dealer-terminal pit board`): every table of the floor as a tile, the open
alerts each with an ACK button, and one table's detail, for pit bosses at a touchscreen or with
a mouse and keys.

The board never talks to the collector's sockets. It asks a `source`:
- `floor() -> dict`, the floor snapshot (may raise ConnectionError: the last snapshot stays on
  screen, greyed, with "collector not answering since HH:MM:SS");
- `table(table_id) -> dict`, one table's detail;
- `acknowledge(alert_id, by) -> dict`, the alert acknowledged (may raise ValueError with a reason).

Everything happens on the one UI thread: `run_board` refreshes, hands events to `Board.handle`,
draws and flips. Keys: PageUp/PageDown turn the pages of tiles, A jumps to the tables in alarm,
ESC leaves a table's detail (and, on the floor, quits), Ctrl-C quits (in the window, or SIGINT to
the process; SIGTERM too: `run_board`).
"""

from __future__ import annotations

import signal
import sys
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime
from functools import partial
from typing import Any, NamedTuple

import pygame

from terminal.pit.board.alerts import AlertBook, alert_pages, draw_panel, open_page
from terminal.pit.board.detail import draw_detail
from terminal.pit.board.layout import GAP, Layout, layout_for
from terminal.pit.board.paint import (
    ACK_BUTTON,
    ALARM_TEXT,
    BACKGROUND,
    BUTTON,
    DIM,
    EMPHASIS,
    GAIN,
    STALE_VEIL,
    TEXT,
    WARNING_TEXT,
    button,
    centred,
    clock_of,
    fitted,
    fitting_size,
    font,
    text,
)
from terminal.pit.board.tiles import draw_tile, floor_counts, tile_state

FRAME_RATE = 20
INTERRUPTED = 128 + signal.SIGINT  # the exit status after Ctrl-C, 130


class Target(NamedTuple):
    """Something on screen that reacts to a tap."""

    rect: pygame.Rect
    name: str  # "tile", "ack", "alert", "back", "prev", "next", "alarms", "newer", "older"
    key: Any  # the table id of a tile, the alert id of an ACK button or row, else None
    action: Callable[[], None]


class Board:
    def __init__(self, source, user: str, surface: pygame.Surface, *, clock=time.monotonic):
        self.source, self.user, self.surface, self.clock = source, user, surface, clock
        self.snapshot: dict | None = None  # the last floor snapshot the collector answered
        self.alerts = AlertBook()
        self.detail: dict | None = None  # the table detail on screen; None shows the floor
        self.page = 0
        self.alert_page = 0
        self.status = ""
        self.quit_requested = False
        self.interrupted = False  # Ctrl-C typed in the window: quit as after SIGINT
        # (UTC HH:MM:SS, clock) of the first unanswered refresh
        self._lost: tuple[str, float] | None = None

    # --- what is on screen

    @property
    def layout(self) -> Layout:
        return layout_for(self.surface.get_size(), len(self.tables))

    @property
    def tables(self) -> list[dict]:
        return (self.snapshot or {}).get("tables") or []

    def pages(self) -> list[list[dict]]:
        per, tables = self.layout.per_page, self.tables
        return [tables[i : i + per] for i in range(0, len(tables), per)] or [[]]

    def visible_tables(self) -> list[dict]:
        pages = self.pages()
        return pages[min(self.page, len(pages) - 1)]

    def open_counts(self) -> dict[str, int]:
        """Open alerts per table: the snapshot's count, or the board's own if it knows more."""
        mine = self.alerts.open_by_table()
        return {
            t["table"]: max(t.get("open_alerts") or 0, mine.get(t["table"], 0)) for t in self.tables
        }

    @property
    def connection_lost(self) -> str | None:
        """The message shown while the collector does not answer, None while it does."""
        if self._lost is None:
            return None
        since, at = self._lost
        return (
            f"collector not answering since {since} UTC ({self.clock() - at:.0f} s): "
            f"showing the last snapshot"
        )

    # --- actions

    def refresh(self) -> None:
        try:
            snapshot = self.source.floor()
        except ConnectionError:
            if self._lost is None:
                self._lost = (datetime.now(UTC).strftime("%H:%M:%S"), self.clock())
            return
        self._lost = None
        self.snapshot = snapshot
        self.alerts.update(snapshot)
        self.page = min(self.page, len(self.pages()) - 1)
        self.alert_page = min(self.alert_page, self._alert_pages() - 1)
        if self.detail is not None:
            self.open_table(self.detail["table"]["table"])

    def back(self) -> None:
        self.detail = None

    def turn_page(self, step: int) -> None:
        self.page = max(0, min(len(self.pages()) - 1, self.page + step))

    def turn_alert_page(self, step: int) -> None:
        self.alert_page = max(0, min(self._alert_pages() - 1, self.alert_page + step))

    def jump_to_alarms(self) -> None:
        """To the page of the first table in alarm; from a page with one, to the next such page."""
        counts, per = self.open_counts(), self.layout.per_page
        alarmed = [
            i for i, t in enumerate(self.tables) if tile_state(t, counts[t["table"]]) == "alarm"
        ]
        if not alarmed:
            self.status = "no table in alarm"
            return
        pages = sorted({i // per for i in alarmed})
        later = [p for p in pages if p > self.page]
        self.page = (later[0] if later else pages[0]) if self.page in pages else pages[0]
        self.detail = None
        on_page = [self.tables[i]["table"] for i in alarmed if i // per == self.page]
        self.status = f"page {self.page + 1}: in alarm {', '.join(on_page)}"

    def acknowledge(self, alert_id: int) -> None:
        try:
            alert = self.source.acknowledge(alert_id, self.user)
        except ValueError as error:
            self.status = f"alert {alert_id} not acknowledged: {error}"
            self._recheck(alert_id)
            self.refresh()
            return
        except ConnectionError:
            self.status = (
                f"collector not answering: alert {alert_id} is not acknowledged, tap ACK again"
            )
            return
        self.alerts.learn([alert])
        self.status = (
            f"alert {alert_id} ({alert.get('table')} {alert.get('kind')}) acknowledged by "
            f"{alert.get('acknowledged_by')} at {clock_of(alert.get('acknowledged_at'))}"
        )
        self.refresh()

    def _recheck(self, alert_id: int) -> None:
        """After a refused acknowledgement (acknowledged at another board?), ask the alert's table
        for its alerts: an acknowledgement listed there closes it here too."""
        table_id = next((a["table"] for a in self.alerts.open if a["id"] == alert_id), None)
        if table_id is None:
            return
        try:
            detail = self.source.table(table_id)
        except (ConnectionError, ValueError, LookupError):
            return  # the status line already says the acknowledgement failed; the alert stays open
        self.alerts.learn(detail.get("alerts") or [])

    def open_table(self, table_id: str) -> None:
        """Show the table's detail (or, on the detail already shown, bring it up to date)."""
        try:
            detail = self.source.table(table_id)
        except ConnectionError:
            self.status = f"collector not answering: the detail of {table_id} is not up to date"
            return
        except (ValueError, LookupError) as error:
            self.status = f"no detail of {table_id}: {error}"
            return
        self.detail = detail
        self.alerts.learn(detail.get("alerts") or [])

    def _alert_pages(self) -> int:
        return len(alert_pages(self.alerts, self.layout))

    # --- input

    def targets(self) -> list[Target]:
        layout = self.layout
        rows = open_page(self.alerts, self.alert_page, layout)
        found = [
            Target(
                layout.ack_button(row.rect),
                "ack",
                row.alert["id"],
                partial(self.acknowledge, row.alert["id"]),
            )
            for row in rows
        ]
        # the rest of an alert's row opens its table's detail, which lists its alerts
        found += [
            Target(row.rect, "alert", row.alert["id"], partial(self.open_table, row.alert["table"]))
            for row in rows
            if row.alert.get("table") is not None
        ]
        if self._alert_pages() > 1:
            buttons = layout.alert_page_buttons
            found += [
                Target(buttons["newer"], "newer", None, partial(self.turn_alert_page, -1)),
                Target(buttons["older"], "older", None, partial(self.turn_alert_page, 1)),
            ]
        if self.detail is not None:
            return found + [Target(layout.back_button, "back", None, self.back)]
        buttons = layout.page_buttons
        found += [
            Target(buttons["prev"], "prev", None, partial(self.turn_page, -1)),
            Target(buttons["next"], "next", None, partial(self.turn_page, 1)),
            Target(buttons["alarms"], "alarms", None, self.jump_to_alarms),
        ]
        return found + [
            Target(rect, "tile", table["table"], partial(self.open_table, table["table"]))
            for rect, table in zip(layout.tile_slots, self.visible_tables())
        ]

    def tap(self, pos: tuple[float, float]) -> None:
        for target in self.targets():
            if target.rect.collidepoint(pos):
                target.action()
                return

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.FINGERDOWN:  # normalized to the window
            w, h = self.surface.get_size()
            self.tap((event.x * w, event.y * h))
        elif (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and not getattr(event, "touch", False)
        ):
            # a touch also comes as a mouse click flagged `touch`: taken once, above
            self.tap(event.pos)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_c and event.mod & pygame.KMOD_CTRL:
                # the window has the keyboard (on a Pi's console, kmsdrm takes it from the
                # terminal): Ctrl-C comes as this key, not as SIGINT
                self.interrupted = True
            elif event.key == pygame.K_ESCAPE:
                if self.detail is not None:
                    self.back()
                else:
                    self.quit_requested = True
            elif event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
                self.turn_page(1 if event.key == pygame.K_PAGEDOWN else -1)
            elif event.key == pygame.K_a:
                self.jump_to_alarms()

    # --- drawing

    def draw(self) -> None:
        layout, surface = self.layout, self.surface
        surface.fill(BACKGROUND)
        counts = self.open_counts()
        self._draw_header(layout, counts)
        if self.detail is not None:
            draw_detail(surface, layout, self.detail)
        else:
            self._draw_floor(layout, counts)
        draw_panel(surface, layout, self.alerts, self.alert_page)
        if self._lost is not None:
            for area in (layout.main, layout.panel):
                veil = pygame.Surface(area.size, pygame.SRCALPHA)
                veil.fill(STALE_VEIL)
                surface.blit(veil, area)
        message = self.connection_lost
        status = layout.status
        size = 30 if not layout.compact else 24
        fitted(
            self.surface,
            message or self.status,
            (GAP * 2, status.y + (status.h - font(size).get_height()) // 2),
            size=size,
            colour=ALARM_TEXT if message else TEXT,
            width=status.w - 4 * GAP,
            floor=18,
        )

    def _draw_header(self, layout: Layout, counts: dict[str, int]) -> None:
        floor = floor_counts(self.tables, counts)
        ts = (self.snapshot or {}).get("ts")
        parts = [
            (self.user, EMPHASIS),
            (f"snapshot {clock_of(ts)} UTC", TEXT),
            (f"{floor['live']} live", GAIN),
            (f"{floor['silent']} silent", ALARM_TEXT if floor["silent"] else DIM),
            (f"{floor['refused']} refused", ALARM_TEXT if floor["refused"] else DIM),
            (f"{floor['waiting']} waiting", DIM),
            (f"{floor['alarm']} in alarm", ALARM_TEXT if floor["alarm"] else DIM),
            (f"{len(self.alerts.open)} open alerts", WARNING_TEXT if self.alerts.open else DIM),
        ]
        header = layout.header
        size, shown = header_fit(parts, header.w - 4 * GAP, 32 if not layout.compact else 26)
        x, y = GAP * 2, header.y + (header.h - font(size).get_height()) // 2
        for string, colour in shown:
            x = text(self.surface, string, (x, y), size=size, colour=colour).right + size

    def _draw_floor(self, layout: Layout, counts: dict[str, int]) -> None:
        tables = self.visible_tables()
        if not tables:
            message = (
                "waiting for the collector's first snapshot"
                if self.snapshot is None
                else "no tables"
            )
            fitted(
                self.surface,
                message,
                (layout.grid.x + 4 * GAP, layout.grid.y + 4 * GAP),
                size=36,
                width=layout.grid.w - 8 * GAP,
                colour=DIM,
            )
        for rect, table in zip(layout.tile_slots, tables):
            draw_tile(self.surface, rect, table, counts[table["table"]])
        buttons = layout.page_buttons
        button(self.surface, buttons["prev"], ("< prev page", "< prev", "<"))
        button(self.surface, buttons["next"], ("next page >", "next >", ">"))
        label, page, pages = (
            buttons["label"],
            min(self.page, len(self.pages()) - 1) + 1,
            len(self.pages()),
        )
        shown = f"page {page} / {pages}"
        if font(28).size(shown)[0] > label.w:
            shown = f"{page}/{pages}"
        size = fitting_size(shown, 34, label.w, 20)
        centred(self.surface, shown, label, size=size, width=label.w)
        alarmed = any(tile_state(t, counts[t["table"]]) == "alarm" for t in self.tables)
        button(
            self.surface,
            buttons["alarms"],
            ("jump to alarms (A)", "alarms (A)", "alarms"),
            colour=ACK_BUTTON if alarmed else BUTTON,
        )


HEADER_FLOOR = 20


def header_fit(
    parts: list[tuple[str, tuple]], room: int, size: int
) -> tuple[int, list[tuple[str, tuple]]]:
    """The header's parts that fit `room`, and their size: all of them at `size` or smaller,
    down to HEADER_FLOOR, a size's width between two; if they do not fit even then, without
    the dim ones (the counts of nothing); then as many of the first as fit."""

    def width(shown: list[tuple[str, tuple]], each: int) -> int:
        return sum(font(each).size(string)[0] for string, _ in shown) + each * (len(shown) - 1)

    lit = parts[:2] + [part for part in parts[2:] if part[1] != DIM]
    for shown in (parts, lit):
        for each in range(size, HEADER_FLOOR - 1, -1):
            if width(shown, each) <= room:
                return each, shown
    while len(lit) > 1 and width(lit, HEADER_FLOOR) > room:
        lit = lit[:-1]
    return HEADER_FLOOR, lit


class _Stop:
    """The signal that asked the board to stop (SIGINT, SIGTERM), noted by its handler for
    the loop to see at its next turn: a handler that raised instead could interrupt the loop
    anywhere, half-way through a request to the collector or through pygame's own shutdown."""

    def __init__(self) -> None:
        self.signum: int | None = None

    def __call__(self, signum: int, frame: Any) -> None:
        self.signum = signum

    def install(self) -> dict[int, Any]:
        """Handle SIGINT and SIGTERM (from the main thread only: Python's rule); the handlers
        they had, to put back."""
        if threading.current_thread() is not threading.main_thread():
            return {}
        return {signum: signal.signal(signum, self) for signum in (signal.SIGINT, signal.SIGTERM)}


def run_board(
    source,
    user: str,
    *,
    size=(1920, 1080),
    fullscreen=False,
    refresh_s=1.0,
    frames: int | None = None,
) -> int:
    """Open the display (`fullscreen`: the whole screen, whatever `size`) and run the board until
    ESC, the window is closed, Ctrl-C (typed in the window, or SIGINT), SIGTERM, or `frames`
    frames are drawn. Returns 0 (ESC, the window closed, SIGTERM, the frames drawn), 130 after
    Ctrl-C (128 + SIGINT, as a shell reports a command it interrupted), 1 if there is no
    display. The display is closed on the way out whatever ended the board; the caller closes
    its source (cli.py: the collector's socket).

    The handlers of SIGINT and SIGTERM are the board's while it runs (installed before the
    display opens, so that SDL does not install its own), and the ones before it after."""
    stop = _Stop()
    previous = stop.install()
    try:
        return _run(source, user, size, fullscreen, refresh_s, frames, stop)
    finally:
        pygame.quit()
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def _run(source, user, size, fullscreen, refresh_s, frames, stop: _Stop) -> int:
    try:
        pygame.display.init()
        screen = pygame.display.set_mode(
            (0, 0) if fullscreen else size, pygame.FULLSCREEN if fullscreen else 0
        )
    except pygame.error as error:
        print(
            f"pit board: cannot open the display ({error}); "
            "run it on a desktop or the Pi's console, "
            f"or choose a video driver with SDL_VIDEODRIVER (kmsdrm on a Pi without a desktop)",
            file=sys.stderr,
        )
        return 1
    pygame.display.set_caption(f"Pit board · {user}")
    board, ticker = Board(source, user, screen), pygame.time.Clock()
    next_refresh, drawn = board.clock(), 0
    while frames is None or drawn < frames:
        if stop.signum is not None:
            return INTERRUPTED if stop.signum == signal.SIGINT else 0
        if board.clock() >= next_refresh:
            board.refresh()
            next_refresh = board.clock() + refresh_s
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                return 0
            board.handle(event)
        if board.interrupted:
            return INTERRUPTED
        if board.quit_requested:
            return 0
        board.draw()
        pygame.display.flip()
        drawn += 1
        ticker.tick(FRAME_RATE)
    return 0
