"""The pit board's alerts: which are open as far as this board knows, and the panel that lists
them with their ACK buttons and the recently acknowledged ones below.

An open alert's text shows whole: wrapped at spaces, never a word cut, at a smaller size
(down to DETAIL_FLOOR) when that keeps it to DETAIL_LINES lines, else on as many lines as it
needs, its row growing with them; a page of the panel holds the rows that fit. Only a text
longer than the whole panel holds at DETAIL_FLOOR (a long technician's detail on a 7-inch
screen) ends at a word with "…"; a tap on its row opens its table's detail, which lists it.

An alert leaves the open list only when the board sees it acknowledged (in the snapshot's
"acknowledged" list, in the answer to its own acknowledgement, or in a table's detail). A
snapshot that merely stops listing an alert does not close it: a pit boss must never miss one.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from terminal.pit.board.layout import (
    ACKNOWLEDGED_ROW_H,
    ALERT_ROW_H,
    GAP,
    SECTION_HEADER_H,
    Layout,
)
from terminal.pit.board.paint import (
    ACK_BUTTON,
    ALARM_TEXT,
    DIM,
    GAIN,
    PANEL,
    TEXT,
    button,
    clock_of,
    fit_block,
    fitted,
    fitting_size,
    font,
    line_step,
    text,
)

KEEP_ACKNOWLEDGED = 20
OPEN_ROW = (64, 26, 26)
TITLE_SIZE, TITLE_FLOOR = 30, 22  # an open alert's table and kind
WHEN_SIZE = 24
# an open alert's detail: at DETAIL_SIZE, or smaller (not below DETAIL_FLOOR) to keep within
# DETAIL_LINES lines; a longer one takes the lines it needs, its row growing with them
DETAIL_SIZE, DETAIL_FLOOR, DETAIL_LINES = 24, 18, 3
ROW_PAD = 6


class AlertBook:
    def __init__(self) -> None:
        self._open: dict[int, dict] = {}
        self._acknowledged: dict[int, dict] = {}

    def update(self, snapshot: dict) -> None:
        """Take in a floor snapshot: acknowledgements and clearings first, so an alert listed
        there and among the open ones is closed."""
        self.learn(snapshot.get("acknowledged") or [])
        self.learn(snapshot.get("cleared") or [])
        self.learn(snapshot.get("alerts") or [])

    def learn(self, alerts: list[dict]) -> None:
        for alert in alerts:
            if alert.get("acknowledged_by") is not None:
                self._open.pop(alert["id"], None)
                self._acknowledged[alert["id"]] = alert
            elif alert.get("cleared_at") is not None:  # the pit closed it: its table heard again
                self._open.pop(alert["id"], None)
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


@dataclass(frozen=True)
class AlertRow:
    """An open alert's row on a page of the panel: where it is, and its text as drawn (its
    detail wrapped whole, at the size that keeps it within DETAIL_LINES lines if any does)."""

    rect: pygame.Rect
    alert: dict
    title: str
    when: str | None  # the time raised, on the title's line; None: it leads the detail instead
    detail_size: int
    detail: tuple[str, ...]


def _row(alert: dict, layout: Layout, y: int) -> AlertRow:
    area = layout.alert_area
    room = area.w - layout.ack_w - 2 * GAP
    title = f"{alert['table'] or 'floor'} · {alert['kind']}"
    when: str | None = clock_of(alert.get("raised_at"))
    title_w = font(fitting_size(title, TITLE_SIZE, room, TITLE_FLOOR)).size(title)[0]
    detail = alert.get("detail") or ""
    if title_w + 2 * GAP + font(WHEN_SIZE).size(str(when))[0] > room:
        detail, when = f"{when} · {detail}" if detail else str(when), None
    size, lines = fit_block(
        detail, DETAIL_SIZE, room, DETAIL_LINES * line_step(DETAIL_SIZE), floor=DETAIL_FLOOR
    )
    top = ROW_PAD + font(TITLE_SIZE).get_linesize()
    most = max(1, (area.h - top - ROW_PAD) // line_step(size))
    if len(lines) > most:  # longer than the whole panel even at the floor: ends where it must
        lines = (*lines[: most - 1], _ending(lines[most - 1], size, room))
    height = max(ALERT_ROW_H - GAP, top + len(lines) * line_step(size) + ROW_PAD)
    return AlertRow(
        pygame.Rect(area.x, y, area.w, min(height, area.h)), alert, title, when, size, lines
    )


def _ending(line: str, size: int, width: int) -> str:
    """The last line shown of a text that goes on: whole words, then "…"."""
    words = line.split()
    while words and font(size).size(" ".join(words) + " …")[0] > width:
        words.pop()
    return " ".join(words) + " …"


def alert_pages(book: AlertBook, layout: Layout) -> list[list[AlertRow]]:
    """The open alerts, newest first, in pages of the panel: each row as tall as its text
    needs, a page holding the rows that fit the panel's alert area."""
    area = layout.alert_area
    pages: list[list[AlertRow]] = [[]]
    y = area.y
    for alert in book.open:
        row = _row(alert, layout, y)
        if pages[-1] and row.rect.bottom > area.bottom:
            pages.append([])
            row = _row(alert, layout, area.y)
        pages[-1].append(row)
        y = row.rect.bottom + GAP
    return pages


def open_page(book: AlertBook, page: int, layout: Layout) -> list[AlertRow]:
    """The rows of open alerts shown on `page` of the panel (the last page past the end)."""
    pages = alert_pages(book, layout)
    return pages[min(page, len(pages) - 1)]


def draw_panel(surface: pygame.Surface, layout: Layout, book: AlertBook, page: int) -> None:
    pygame.draw.rect(surface, PANEL, layout.panel)
    section = layout.open_section
    count, pages = len(book.open), len(alert_pages(book, layout))
    right = section.right - GAP
    if pages > 1:
        right = (
            fitted(
                surface,
                f"page {page + 1}/{pages}",
                (right, section.y + 14),
                size=24,
                width=section.w // 3,
                colour=DIM,
                align="right",
            ).x
            - GAP
        )
        for name, rect in layout.alert_page_buttons.items():
            button(surface, rect, name)
    fitted(
        surface,
        f"OPEN ALERTS  {count}",
        (section.x + GAP, section.y + 10),
        size=32,
        width=right - section.x - 2 * GAP,
        colour=ALARM_TEXT if count else GAIN,
    )
    if not count:
        fitted(
            surface,
            "no open alerts",
            (section.x + GAP, section.y + SECTION_HEADER_H + GAP),
            size=26,
            width=section.w - 2 * GAP,
            colour=DIM,
        )
    for row in open_page(book, page, layout):
        _draw_open(surface, row, layout.ack_button(row.rect))
    _draw_acknowledged(surface, layout.acknowledged_section, book.acknowledged)


def _draw_open(surface: pygame.Surface, row: AlertRow, ack: pygame.Rect) -> None:
    rect = row.rect
    pygame.draw.rect(surface, OPEN_ROW, rect, border_radius=6)
    x, right = rect.x + GAP, ack.x - GAP
    if row.when is not None:
        right = (
            text(
                surface,
                row.when,
                (right, rect.y + ROW_PAD + 2),
                size=WHEN_SIZE,
                colour=DIM,
                align="right",
            ).x
            - GAP
        )
    fitted(
        surface,
        row.title,
        (x, rect.y + ROW_PAD),
        size=TITLE_SIZE,
        width=right - x,
        colour=TEXT,
        floor=TITLE_FLOOR,
    )
    y = rect.y + ROW_PAD + font(TITLE_SIZE).get_linesize()
    for line in row.detail:
        text(surface, line, (x, y), size=row.detail_size, colour=DIM)
        y += line_step(row.detail_size)
    button(surface, ack, "ACK", colour=ACK_BUTTON, size=34)


def _draw_acknowledged(surface: pygame.Surface, section: pygame.Rect, alerts: list[dict]) -> None:
    pygame.draw.line(surface, DIM, section.topleft, section.topright)
    fitted(
        surface,
        "RECENTLY ACKNOWLEDGED",
        (section.x + GAP, section.y + 12),
        size=28,
        width=section.w - 2 * GAP,
        colour=DIM,
    )
    y, step = section.y + SECTION_HEADER_H, font(24).get_linesize()
    for alert in alerts:
        if y + ACKNOWLEDGED_ROW_H > section.bottom:
            return
        raised = f"{alert['table']} · {alert['kind']} · raised {clock_of(alert.get('raised_at'))}"
        fitted(surface, raised, (section.x + GAP, y), size=24, width=section.w - 2 * GAP)
        by = f"ack by {alert['acknowledged_by']} at {clock_of(alert.get('acknowledged_at'))}"
        fitted(
            surface,
            by,
            (section.x + 2 * GAP, y + step),
            size=24,
            colour=GAIN,
            width=section.w - 3 * GAP,
        )
        y += ACKNOWLEDGED_ROW_H
