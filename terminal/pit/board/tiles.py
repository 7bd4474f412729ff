"""One table of the floor snapshot as the pit board shows it: its state at a glance (normal,
warning, alarm), the short texts of its tile, and the tile itself."""

from __future__ import annotations

import pygame

from games.money import money, signed_money
from terminal.pit.board.paint import (
    ALARM_TEXT,
    DIM,
    EMPHASIS,
    GAIN,
    TEXT,
    TILE_COLOURS,
    WARNING_TEXT,
    font,
    gain_colour,
    text,
)

BORDER = 4
PAD = 8
BODY = 24
TITLE = 34


ALARM_LINKS = (
    "silent",
    "refused",
    "rewound",
)  # rewound: the pit holds a table whose chain went back


def tile_state(table: dict, open_alerts: int) -> str:
    """ "alarm" for open alerts or a silent, refused or rewound link, "warning" for active
    faults, else "normal"."""
    if open_alerts or table.get("link") in ALARM_LINKS:
        return "alarm"
    return "warning" if table.get("faults") else "normal"


def link_text(table: dict) -> tuple[str, tuple]:
    link = table.get("link") or "waiting"
    if link == "silent":
        silent_for = table.get("silent_for")
        return ("silent" if silent_for is None else f"silent {silent_for:.0f} s"), ALARM_TEXT
    return link, GAIN if link == "live" else ALARM_TEXT if link in ALARM_LINKS else DIM


def session_text(table: dict) -> str:
    session = table.get("session")
    return f"session {session}" if session else "no session"


def round_text(table: dict) -> str:
    rnd = table.get("round") or {}
    if rnd.get("number") is None:
        return "no round yet"
    parts = [f"round {rnd['number']}"]
    status = rnd.get("status")
    if status:
        parts.append("no more bets" if status == "closed" else "bets open")
    if rnd.get("last_rounds_left") is not None:
        parts.append(f"{rnd['last_rounds_left']} last left")
    return " · ".join(parts)


def limits_text(limits: dict | None) -> str:
    """The minimum and one maximum: the straight-up one if the game has it, else the first."""
    if not limits:
        return "no limits yet"
    maxima = limits.get("max") or {}
    family = "straight" if "straight" in maxima else next(iter(maxima), None)
    shown = f" · max {family} {money(maxima[family])}" if family else ""
    return f"min {money(limits['min'])}{shown}"


def rate_text(table: dict) -> str:
    rate = table.get("rounds_per_hour")
    return "- rounds/h" if rate is None else f"{rate:.1f} rounds/h"


def faults_text(table: dict) -> str:
    faults = table.get("faults") or []
    if not faults:
        return "no faults"
    return f"{len(faults)} fault{'s' if len(faults) > 1 else ''}: {faults[0].get('code', '?')}"


def float_rows(table: dict) -> list[tuple[str, str, tuple]]:
    """(label, amount, colour) of the float: advance, tray, and the result so far, signed."""
    float_ = table.get("float")
    if not float_:
        return [("float", "-", DIM)]
    return [
        ("advance", money(float_["advance"]), TEXT),
        ("tray", money(float_["tray"]), TEXT),
        ("result", signed_money(float_["result"]), gain_colour(float_["result"])),
    ]


def draw_tile(surface: pygame.Surface, rect: pygame.Rect, table: dict, open_alerts: int) -> None:
    border, background = TILE_COLOURS[tile_state(table, open_alerts)]
    pygame.draw.rect(surface, background, rect)
    pygame.draw.rect(surface, border, rect, width=BORDER)
    inner = rect.inflate(-2 * PAD, -2 * PAD)
    x, y, w = inner.x, inner.y, inner.w
    step = font(BODY).get_linesize()

    game = text(
        surface,
        table.get("game") or "",
        (inner.right, y + 8),
        size=BODY - 2,
        colour=DIM,
        width=w // 2,
        align="right",
    )
    text(surface, table["table"], (x, y), size=TITLE, colour=TEXT, width=game.x - x - PAD)
    y += font(TITLE).get_linesize() + 2

    link, colour = link_text(table)
    used = text(surface, link, (x, y), size=BODY, colour=colour)
    text(
        surface,
        f" · {session_text(table)}",
        (used.right, y),
        size=BODY,
        colour=TEXT,
        width=inner.right - used.right,
    )
    y += step
    for line in (
        round_text(table),
        f"{table.get('croupier') or 'no croupier'} · {rate_text(table)}",
        limits_text(table.get("limits")),
    ):
        text(surface, line, (x, y), size=BODY, width=w)
        y += step

    _draw_recent(surface, (x, y), w, table.get("recent") or [])
    y += step + 4
    for label, amount, colour in float_rows(table):
        text(surface, label, (x, y), size=BODY, colour=DIM)
        text(surface, amount, (inner.right, y), size=BODY, colour=colour, align="right")
        y += step

    text(
        surface,
        faults_text(table),
        (x, y),
        size=BODY,
        colour=WARNING_TEXT if table.get("faults") else DIM,
        width=w * 2 // 3,
    )
    alerts = f"{open_alerts} alert{'s' if open_alerts != 1 else ''}"
    text(
        surface,
        alerts,
        (inner.right, y),
        size=BODY,
        colour=ALARM_TEXT if open_alerts else DIM,
        align="right",
    )


def _draw_recent(
    surface: pygame.Surface, pos: tuple[int, int], width: int, recent: list[str]
) -> None:
    """The last results, newest first and emphasized, as many as fit."""
    x, y = pos
    if not recent:
        text(surface, "no results yet", (x, y), size=BODY, colour=DIM)
        return
    for i, result in enumerate(reversed(recent)):
        size, colour = (BODY + 8, EMPHASIS) if i == 0 else (BODY, DIM)
        if x + font(size).size(str(result))[0] > pos[0] + width:
            return
        drawn = text(surface, str(result), (x, y - (4 if i == 0 else 0)), size=size, colour=colour)
        x = drawn.right + 10


def floor_counts(tables: list[dict], open_alerts: dict[str, int]) -> dict[str, int]:
    """How many tables are live, silent, refused, waiting, and in alarm."""
    counts = dict.fromkeys(("live", "silent", "refused", "waiting", "alarm"), 0)
    for table in tables:
        link = table.get("link") or "waiting"
        counts[link] = counts.get(link, 0) + 1
        if tile_state(table, open_alerts.get(table["table"], 0)) == "alarm":
            counts["alarm"] += 1
    return counts
