"""The pit board's alerts: which are open as far as this board knows, and the panel that lists
them with their ACK buttons and the recently acknowledged ones below.

An alert leaves the open list only when the board sees it acknowledged (in the snapshot's
"acknowledged" list, in the answer to its own acknowledgement, or in a table's detail). A
snapshot that merely stops listing an alert does not close it: a pit boss must never miss one.
"""

from __future__ import annotations

import pygame

from terminal.pit.board.layout import ACKNOWLEDGED_ROW_H, GAP, SECTION_HEADER_H, Layout
from terminal.pit.board.paint import (
    ACK_BUTTON,
    ALARM_TEXT,
    DIM,
    GAIN,
    PANEL,
    TEXT,
    button,
    clock_of,
    font,
    text,
)

KEEP_ACKNOWLEDGED = 20
OPEN_ROW = (64, 26, 26)


class AlertBook:
    def __init__(self) -> None:
        self._open: dict[int, dict] = {}
        self._acknowledged: dict[int, dict] = {}

    def update(self, snapshot: dict) -> None:
        """Take in a floor snapshot: acknowledgements first, so an alert listed in both is
        closed."""
        self.learn(snapshot.get("acknowledged") or [])
        self.learn(snapshot.get("alerts") or [])

    def learn(self, alerts: list[dict]) -> None:
        for alert in alerts:
            if alert.get("acknowledged_by") is not None:
                self._open.pop(alert["id"], None)
                self._acknowledged[alert["id"]] = alert
            elif alert["id"] not in self._acknowledged:
                self._open[alert["id"]] = alert
        for stale in [a["id"] for a in self.acknowledged[KEEP_ACKNOWLEDGED:]]:
            del self._acknowledged[stale]

    @property
    def open(self) -> list[dict]:
        """Newest first."""
        return sorted(
            self._open.values(), key=lambda a: (a.get("raised_at") or "", a["id"]), reverse=True
        )

    @property
    def acknowledged(self) -> list[dict]:
        """Newest acknowledgement first, the last KEEP_ACKNOWLEDGED."""
        return sorted(
            self._acknowledged.values(),
            key=lambda a: (a.get("acknowledged_at") or "", a["id"]),
            reverse=True,
        )

    def open_by_table(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for alert in self._open.values():
            counts[alert["table"]] = counts.get(alert["table"], 0) + 1
        return counts


def page_count(items: int, per_page: int) -> int:
    return max(1, -(-items // per_page))


def open_page(book: AlertBook, page: int, layout: Layout) -> list[tuple[pygame.Rect, dict]]:
    """The rows of open alerts shown on `page` of the panel, each with its alert."""
    rows = layout.alert_rows
    return list(zip(rows, book.open[page * len(rows) : (page + 1) * len(rows)]))


def draw_panel(surface: pygame.Surface, layout: Layout, book: AlertBook, page: int) -> None:
    pygame.draw.rect(surface, PANEL, layout.panel)
    section = layout.open_section
    count, pages = len(book.open), page_count(len(book.open), len(layout.alert_rows))
    text(
        surface,
        f"OPEN ALERTS  {count}",
        (section.x + GAP, section.y + 10),
        size=32,
        colour=ALARM_TEXT if count else GAIN,
    )
    if pages > 1:
        text(
            surface,
            f"page {page + 1}/{pages}",
            (section.right - GAP, section.y + 14),
            size=24,
            colour=DIM,
            align="right",
        )
        for name, rect in layout.alert_page_buttons.items():
            button(surface, rect, name)
    if not count:
        text(
            surface,
            "no open alerts",
            (section.x + GAP, section.y + SECTION_HEADER_H + GAP),
            colour=DIM,
        )
    for row, alert in open_page(book, page, layout):
        _draw_open(surface, row, alert, layout.ack_button(row))
    _draw_acknowledged(surface, layout.acknowledged_section, book.acknowledged)


def _draw_open(surface: pygame.Surface, row: pygame.Rect, alert: dict, ack: pygame.Rect) -> None:
    pygame.draw.rect(surface, OPEN_ROW, row, border_radius=6)
    x, width = row.x + GAP, ack.x - row.x - 2 * GAP
    when = text(
        surface,
        clock_of(alert.get("raised_at")),
        (ack.x - GAP, row.y + 8),
        size=24,
        colour=DIM,
        align="right",
    )
    text(
        surface,
        f"{alert['table']} · {alert['kind']}",
        (x, row.y + 6),
        size=30,
        colour=TEXT,
        width=when.x - x - GAP,
    )
    text(
        surface,
        alert.get("detail") or "",
        (x, row.y + 6 + font(30).get_linesize()),
        size=24,
        colour=DIM,
        width=width,
    )
    button(surface, ack, "ACK", colour=ACK_BUTTON, size=34)


def _draw_acknowledged(surface: pygame.Surface, section: pygame.Rect, alerts: list[dict]) -> None:
    pygame.draw.line(surface, DIM, section.topleft, section.topright)
    text(surface, "RECENTLY ACKNOWLEDGED", (section.x + GAP, section.y + 12), size=28, colour=DIM)
    y, step = section.y + SECTION_HEADER_H, font(24).get_linesize()
    for alert in alerts:
        if y + ACKNOWLEDGED_ROW_H > section.bottom:
            return
        raised = f"{alert['table']} · {alert['kind']} · raised {clock_of(alert.get('raised_at'))}"
        text(surface, raised, (section.x + GAP, y), size=24, width=section.w - 2 * GAP)
        by = f"ack by {alert['acknowledged_by']} at {clock_of(alert.get('acknowledged_at'))}"
        text(
            surface,
            by,
            (section.x + 2 * GAP, y + step),
            size=24,
            colour=GAIN,
            width=section.w - 3 * GAP,
        )
        y += ACKNOWLEDGED_ROW_H
