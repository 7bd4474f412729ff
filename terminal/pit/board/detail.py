"""One table's detail on the pit board: every field of its floor entry, its alerts, and the
wheel-bias statistics with a per-pocket chart of observed against expected counts."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from games.money import money
from terminal.pit.board.layout import BIAS_LABELS_H, GAP, Layout, bias_cells
from terminal.pit.board.paint import (
    ALARM_TEXT,
    COLD_CELL,
    DIM,
    EXPECTED_LINE,
    GAIN,
    HOT_CELL,
    OBSERVED_BAR,
    PLAIN_CELL,
    TEXT,
    WARNING_TEXT,
    button,
    clock_of,
    fitted,
    font,
    line_step,
    text,
    wrap_words,
)
from terminal.pit.board.tiles import float_rows, link_text, rate_text, round_text, session_text
from terminal.pit.view import bias_verdict

Z_MARK = 3.0  # a pocket whose |z| exceeds this is coloured
COLUMN_SIZE, COLUMN_FLOOR = 24, 18  # the detail's text, and the smallest it is made to fit


def cell_colour(z: float | None):
    if z is not None and z > Z_MARK:
        return HOT_CELL
    if z is not None and z < -Z_MARK:
        return COLD_CELL
    return PLAIN_CELL


def draw_detail(surface: pygame.Surface, layout: Layout, detail: dict) -> None:
    table = detail["table"]
    button(surface, layout.back_button, "< back")
    title = f"{table['table']} · {table.get('game') or 'game not known yet'}"
    back = layout.back_button
    fitted(
        surface,
        title,
        (back.right + 3 * GAP, back.centery - font(40).get_height() // 2),
        size=40,
        width=layout.main.right - back.right - 4 * GAP,
    )
    bias = detail.get("bias")
    general, setup, alerts = layout.detail_columns(chart=bool((bias or {}).get("cells")))
    column(surface, general, _general_rows(table))
    column(surface, setup, _limits_rows(table.get("limits")) + [("", TEXT)] + _fault_rows(table))
    listed = detail.get("alerts") or []
    column(
        surface,
        alerts,
        alert_rows(listed),
        more=lambda left: (
            f"{left} older alert{'s' if left > 1 else ''} not shown: "
            f"`dealer-terminal pit table {table['table']}` lists them all"
        ),
    )
    _draw_bias(surface, layout, bias)


def column(
    surface: pygame.Surface,
    area: pygame.Rect,
    rows: list[tuple[str, tuple]],
    *,
    size: int = COLUMN_SIZE,
    floor: int = COLUMN_FLOOR,
    more: Callable[[int], str] = lambda left: f"{left} more not shown",
) -> None:
    """(text, colour) rows from the top of `area` down, each wrapped whole (never a word cut):
    at `size`, or the largest size down to `floor` at which they all fit. When not even that
    holds them, the rows that fit whole at `floor`, then `more(rows left)` on the last line."""
    chosen = floor
    for each in range(size, floor, -1):
        face = font(each)
        if any(face.size(word)[0] > area.w for string, _ in rows for word in string.split()):
            continue
        if (
            sum(len(wrap_words(string, each, area.w)) for string, _ in rows) * line_step(each)
            <= area.h
        ):
            chosen = each
            break
    step, y = line_step(chosen), area.y
    wrapped = [(wrap_words(string, chosen, area.w), colour) for string, colour in rows]
    room = area.h // step  # lines
    if sum(len(lines) for lines, _ in wrapped) > room:  # the last lines say what is left out
        room -= len(wrap_words(more(len(rows)), chosen, area.w))
    for i, (lines, colour) in enumerate(wrapped):
        if len(lines) > room:
            for line in wrap_words(more(len(rows) - i), chosen, area.w):
                if y + step > area.bottom + 2:
                    return
                text(surface, line, (area.x, y), size=chosen, colour=DIM)
                y += step
            return
        for line in lines:
            text(surface, line, (area.x, y), size=chosen, colour=colour)
            y += step
        room -= len(lines)


def _general_rows(table: dict) -> list[tuple[str, tuple]]:
    link, colour = link_text(table)
    recent = " ".join(str(r) for r in reversed(table.get("recent") or [])) or "none yet"
    heard = table.get("silent_for")
    rows = [
        (f"link: {link}", colour),
        ("never heard" if heard is None else f"last message {heard:.1f} s ago", DIM),
        (session_text(table), TEXT),
        (f"croupier: {table.get('croupier') or 'none'}", TEXT),
        (round_text(table), TEXT),
        (rate_text(table), TEXT),
        (f"last results, newest first: {recent}", TEXT),
    ]
    rows += [(f"{label}: {amount}", colour) for label, amount, colour in float_rows(table)]
    rows += [
        (f"last seq: {table.get('last_seq', '-')}", DIM),
        (
            f"open alerts: {table.get('open_alerts', 0)}",
            ALARM_TEXT if table.get("open_alerts") else DIM,
        ),
    ]
    return rows


def _limits_rows(limits: dict | None) -> list[tuple[str, tuple]]:
    if not limits:
        return [("no limits yet", DIM)]
    rows = [
        (f"minimum {money(limits['min'])} · chip unit {money(limits.get('chip_unit', 0))}", TEXT)
    ]
    return rows + [
        (f"max {family} {money(amount)}", TEXT)
        for family, amount in (limits.get("max") or {}).items()
    ]


def _fault_rows(table: dict) -> list[tuple[str, tuple]]:
    faults = table.get("faults") or []
    if not faults:
        return [("no active faults", DIM)]
    return [
        (
            f"{f.get('device')} {f.get('code')} ({f.get('severity')}): {f.get('detail') or ''}",
            WARNING_TEXT,
        )
        for f in faults
    ]


def alert_rows(alerts: list[dict]) -> list[tuple[str, tuple]]:
    if not alerts:
        return [("no alerts", DIM)]
    rows = []
    for alert in alerts:
        by, cleared = alert.get("acknowledged_by"), alert.get("cleared_at")
        if by is not None:
            state = f"ack by {by} at {clock_of(alert.get('acknowledged_at'))}"
        elif cleared is not None:
            state = f"cleared at {clock_of(cleared)}"
        else:
            state = "OPEN"
        rows.append(
            (
                f"{clock_of(alert.get('raised_at'))} {alert['kind']} ({state}): "
                f"{alert.get('detail') or ''}",
                ALARM_TEXT if state == "OPEN" else GAIN,
            )
        )
    return rows


VERDICT_COLOURS = {
    "none": DIM,
    "never": WARNING_TEXT,
    "short": DIM,
    "flagged": ALARM_TEXT,
    "clear": GAIN,
}


def bias_summary(bias: dict | None) -> tuple[str, tuple]:
    summary, state = bias_verdict(bias)
    return summary, VERDICT_COLOURS[state]


def _draw_bias(surface: pygame.Surface, layout: Layout, bias: dict | None) -> None:
    summary, colour = bias_summary(bias)
    cells = (bias or {}).get("cells") or []
    column(
        surface,
        layout.bias_title if cells else layout.bias_text,
        [(summary, colour)]
        + ([("bars: observed · yellow line: expected · red/blue: |z| > 3", DIM)] if cells else []),
    )
    if not cells:
        return
    rects = bias_cells(layout.bias_chart, len(cells))
    top = max(max(c["observed"], c["expected"]) for c in cells) or 1
    scale = rects[0].h * 0.9 / top  # the tallest bar leaves the top tenth of its cell showing
    label_size = 22 if rects[0].w >= 24 else 18
    for rect, cell in zip(rects, cells):
        pygame.draw.rect(surface, cell_colour(cell.get("z")), rect)
        bar = int(cell["observed"] * scale)
        bar_w = max(1, rect.w * 3 // 5)
        pygame.draw.rect(
            surface, OBSERVED_BAR, (rect.centerx - bar_w // 2, rect.bottom - bar, bar_w, bar)
        )
        expected_y = rect.bottom - int(cell["expected"] * scale)
        pygame.draw.line(
            surface, EXPECTED_LINE, (rect.x, expected_y), (rect.right - 1, expected_y), 2
        )
        label_y = rect.bottom + (BIAS_LABELS_H - font(label_size).get_height()) // 2
        text(
            surface,
            str(cell["label"]),
            (rect.centerx, label_y),
            size=label_size,
            align="center",
            width=rect.w + 2,
        )
