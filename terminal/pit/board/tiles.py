"""One table of the floor snapshot as the pit board shows it: its state at a glance (normal,
warning, alarm), the short texts of its tile, and the tile itself."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from games.money import money, signed_money
from terminal.pit.board.layout import TILE_BASE, TILE_GROW
from terminal.pit.board.paint import (
    ALARM_TEXT,
    DIM,
    EMPHASIS,
    GAIN,
    TEXT,
    TILE_COLOURS,
    WARNING_TEXT,
    fitted,
    font,
    gain_colour,
    text,
)

BORDER = 4
# a tile's padding and text sizes at TILE_BASE; a larger tile's are larger (tile_sizes)
PAD = 8
BODY = 24
TITLE = 34
SMALLEST = 0.7  # of the base sizes, the smallest a tile's text is drawn


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
    if table.get("game_line"):  # the game in play: monte's layout, the craps shooter
        parts.append(table["game_line"])
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
    """(label, amount, colour) of the float: advance, tray, and the result so far, signed; at a
    circle table (no float) its bank, who holds it, and its cagnotte."""
    circle = table.get("circle")
    if circle:
        bank = circle.get("bank")
        held = "-" if not bank else f"{bank['banker']} · {money(bank['amount'])}"
        if bank and bank.get("lost"):
            held = f"{bank['banker']} · lost"
        garage = "-" if not bank else money(bank["garage"])
        return [
            ("bank", held, TEXT),
            ("garage", garage, TEXT),
            ("cagnotte", money(circle["cagnotte"]), gain_colour(circle["cagnotte"])),
        ]
    float_ = table.get("float")
    if not float_:
        return [("float", "-", DIM)]
    return [
        ("advance", money(float_["advance"]), TEXT),
        ("tray", money(float_["tray"]), TEXT),
        ("result", signed_money(float_["result"]), gain_colour(float_["result"])),
    ]


@dataclass(frozen=True)
class TileSizes:
    """A tile's text sizes and padding, grown or shrunk with the tile."""

    scale: float
    title: int
    body: int
    pad: int

    @property
    def step(self) -> int:
        return font(self.body).get_linesize()

    @property
    def height(self) -> int:
        """What the tile's lines take from its top to its bottom, padding included."""
        last = font(self.body).get_height()  # the last line's own height, without spacing
        return 2 * self.pad + font(self.title).get_linesize() + 6 + 8 * self.step + last


def _sizes(scale: float) -> TileSizes:
    return TileSizes(scale, round(TITLE * scale), round(BODY * scale), max(4, round(PAD * scale)))


@lru_cache(maxsize=64)
def tile_sizes(width: int, height: int) -> TileSizes:
    """The sizes of a tile of `width` x `height`: its base sizes at TILE_BASE, in proportion
    to its width or its height (the one that leaves less room), TILE_GROW times at most and
    SMALLEST times at least; then smaller while its lines would not fit its height."""
    scale = max(SMALLEST, min(width / TILE_BASE[0], height / TILE_BASE[1], TILE_GROW))
    sizes = _sizes(scale)
    while sizes.height > height and scale > SMALLEST:
        scale = max(SMALLEST, scale - 0.05)
        sizes = _sizes(scale)
    return sizes


def draw_tile(surface: pygame.Surface, rect: pygame.Rect, table: dict, open_alerts: int) -> None:
    border, background = TILE_COLOURS[tile_state(table, open_alerts)]
    pygame.draw.rect(surface, background, rect)
    pygame.draw.rect(surface, border, rect, width=BORDER)
    sizes = tile_sizes(rect.w, rect.h)
    body, pad, step = sizes.body, sizes.pad, sizes.step
    inner = rect.inflate(-2 * pad, -2 * pad)
    x, y, w = inner.x, inner.y, inner.w

    name = fitted(surface, table["table"], (x, y), size=sizes.title, width=w, colour=TEXT)
    room = inner.right - name.right - pad
    game = table.get("game") or ""
    if game and room > 0:
        fitted(
            surface,
            game,
            (inner.right, y + (name.h - font(body - 2).get_height()) // 2),
            size=body - 2,
            width=room,
            colour=DIM,
            align="right",
        )
    y += font(sizes.title).get_linesize() + 2

    link, colour = link_text(table)
    used = fitted(surface, link, (x, y), size=body, width=w, colour=colour)
    fitted(
        surface,
        f" · {session_text(table)}",
        (used.right, y),
        size=body,
        colour=TEXT,
        width=inner.right - used.right,
    )
    y += step
    for line in (
        round_text(table),
        f"{table.get('croupier') or 'no croupier'} · {rate_text(table)}",
        limits_text(table.get("limits")),
    ):
        fitted(surface, line, (x, y), size=body, width=w)
        y += step

    _draw_recent(surface, (x, y), w, table.get("recent") or [], body)
    y += step + 4
    for label, amount, colour in float_rows(table):
        shown = fitted(surface, amount, (inner.right, y), size=body, colour=colour, align="right")
        fitted(surface, label, (x, y), size=body, width=shown.x - x - pad, colour=DIM)
        y += step

    alerts = fitted(
        surface,
        f"{open_alerts} alert{'s' if open_alerts != 1 else ''}",
        (inner.right, y),
        size=body,
        colour=ALARM_TEXT if open_alerts else DIM,
        align="right",
    )
    fitted(
        surface,
        faults_text(table),
        (x, y),
        size=body,
        colour=WARNING_TEXT if table.get("faults") else DIM,
        width=alerts.x - x - pad,
    )


def _draw_recent(
    surface: pygame.Surface, pos: tuple[int, int], width: int, recent: list[str], body: int
) -> None:
    """The last results, newest first and emphasized, as many as fit."""
    x, y = pos
    if not recent:
        fitted(surface, "no results yet", (x, y), size=body, width=width, colour=DIM)
        return
    newest, gap = round(body * 4 / 3), max(6, body * 5 // 12)
    for i, result in enumerate(reversed(recent)):
        size, colour = (newest, EMPHASIS) if i == 0 else (body, DIM)
        if x + font(size).size(str(result))[0] > pos[0] + width:
            return
        lift = (font(newest).get_ascent() - font(body).get_ascent()) if i == 0 else 0
        drawn = text(surface, str(result), (x, y - lift), size=size, colour=colour)
        x = drawn.right + gap


def floor_counts(tables: list[dict], open_alerts: dict[str, int]) -> dict[str, int]:
    """How many tables are live, silent, refused, waiting, and in alarm."""
    counts = dict.fromkeys(("live", "silent", "refused", "waiting", "alarm"), 0)
    for table in tables:
        link = table.get("link") or "waiting"
        counts[link] = counts.get(link, 0) + 1
        if tile_state(table, open_alerts.get(table["table"], 0)) == "alarm":
            counts["alarm"] += 1
    return counts
