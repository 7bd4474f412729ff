"""The players' display of a trente et quarante table (its body, between what the table posts,
terminal/screens/players.py): the session's last coups, newest first, each with its winning
row on the row's colour, couleur or inverse, and the rows' totals; a refait and equal totals
marked as such; then how often each row and colour or inverse won, and the refaits and void
coups of the session. Large, for people across the table in casino light."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pygame

from terminal.screens import kit
from terminal.screens.games.trente_quarante.rows import ROW_COLOURS, Rows, Verdict
from terminal.screens.pads.base import centred
from terminal.screens.texts import Texts

SHOWN = 24  # the last coups the display can show
COLOUR_TONES = {"couleur": (52, 92, 160), "inverse": (122, 78, 156)}  # neither red nor black
REFAIT_FILL = (70, 56, 10)
TOTALS_INK = (222, 222, 218)  # the rows' totals under the winning row's name, on red or black


def last_coups(outcomes: Iterable[Mapping[str, Any]], n: int = SHOWN) -> list[Verdict]:
    """What each of the session's coups came to, newest first (the last `n`)."""
    verdicts = [Rows.of(outcome).verdict() for outcome in outcomes]
    return [v for v in reversed(verdicts) if v is not None][:n]


def tally(verdicts: Iterable[Verdict]) -> Counter[str]:
    """How many coups each chance won, and the refaits ("refait") and void coups ("equal")."""
    counts: Counter[str] = Counter()
    for verdict in verdicts:
        if verdict.kind == "win":
            counts.update(verdict.winners)
        else:
            counts[verdict.kind] += 1
    return counts


def draw_last_coups(
    surface: pygame.Surface,
    rect: pygame.Rect,
    s: float,
    outcomes: Sequence[Mapping[str, Any]],
    texts: Texts,
) -> None:
    """The body in `rect`: the heading, the last coups' tiles, the shares."""
    portrait = rect.h > rect.w
    gap = max(6, int(8 * s))
    head_h = max(int(34 * s), rect.h // 12)
    heading = pygame.Rect(rect.x, rect.y, rect.w, head_h)
    size = max(16, int(26 * s))
    kit.text(
        surface,
        texts("tq_last_coups"),
        (heading.x, heading.centery - kit.font(size).get_height() // 2),
        size=size,
        colour=kit.ACCENT,
    )
    settled = last_coups(outcomes, len(outcomes))
    body = pygame.Rect(rect.x, heading.bottom + gap, rect.w, rect.bottom - heading.bottom - gap)
    if not settled:
        centred(surface, texts("tq_no_coups"), body, share=0.12, colour=kit.DIM)
        return
    shares_h = int(body.h * (0.26 if portrait else 0.3))
    tiles = pygame.Rect(body.x, body.y, body.w, body.h - shares_h - gap)
    shares = pygame.Rect(body.x, tiles.bottom + gap, body.w, shares_h)
    _tiles(surface, tiles, settled[:SHOWN], texts, s, portrait)
    _shares(surface, shares, tally(settled), texts, s, portrait)


def _tiles(
    surface: pygame.Surface,
    rect: pygame.Rect,
    newest_first: list[Verdict],
    texts: Texts,
    s: float,
    portrait: bool,
) -> None:
    gap = max(6, int(8 * s))
    columns = 4 if portrait else max(4, min(10, rect.w // max(1, int(120 * s))))
    rows = max(1, min(6, (rect.h + gap) // max(1, int(90 * s) + gap)))
    cells = kit.grid(rect, columns, rows, gap)
    for n, (cell, verdict) in enumerate(zip(cells, newest_first, strict=False)):
        if n == 0:  # the newest, edged amber round its tile
            edge = max(4, int(4 * s))
            pygame.draw.rect(surface, kit.ACCENT, cell, width=edge, border_radius=12)
            cell = cell.inflate(-2 * (edge + 2), -2 * (edge + 2))
        _tile(surface, cell, verdict, texts)


def _tile(surface: pygame.Surface, cell: pygame.Rect, verdict: Verdict, texts: Texts) -> None:
    """One coup: the winning row's name and the totals on the row's colour, couleur or inverse
    under it; a refait, equal totals, on a tile of their own."""
    totals = f"{verdict.noir_total} · {verdict.rouge_total}"
    if verdict.kind == "win":
        assert verdict.row is not None and verdict.colour is not None
        top = pygame.Rect(cell.x, cell.y, cell.w, cell.h * 62 // 100)
        bottom = pygame.Rect(cell.x, top.bottom, cell.w, cell.bottom - top.bottom)
        pygame.draw.rect(
            surface,
            ROW_COLOURS[verdict.row],
            top,
            border_top_left_radius=10,
            border_top_right_radius=10,
        )
        pygame.draw.rect(
            surface,
            COLOUR_TONES[verdict.colour],
            bottom,
            border_bottom_left_radius=10,
            border_bottom_right_radius=10,
        )
        pygame.draw.rect(surface, kit.FELT_LINE, cell, width=2, border_radius=10)
        name = pygame.Rect(top.x, top.y + 2, top.w, top.h * 3 // 5)
        centred(surface, texts(f"tq_{verdict.row}"), name.inflate(-10, 0), share=0.62)
        line = pygame.Rect(top.x, name.bottom, top.w, top.bottom - name.bottom)
        centred(surface, totals, line.inflate(-10, 0), share=0.7, colour=TOTALS_INK)
        centred(surface, texts(f"tq_{verdict.colour}"), bottom.inflate(-10, -4), share=0.6)
        return
    refait = verdict.kind == "refait"
    pygame.draw.rect(surface, REFAIT_FILL if refait else kit.PANEL, cell, border_radius=10)
    pygame.draw.rect(
        surface, kit.ACCENT if refait else kit.PANEL_EDGE, cell, width=2, border_radius=10
    )
    upper = pygame.Rect(cell.x, cell.y, cell.w, cell.h * 3 // 5)
    lower = pygame.Rect(cell.x, upper.bottom, cell.w, cell.bottom - upper.bottom)
    word = texts("tq_refait" if refait else "tq_void")
    centred(
        surface, word, upper.inflate(-24, -12), share=0.5, colour=kit.ACCENT if refait else kit.TEXT
    )
    centred(surface, totals, lower.inflate(-10, -6), share=0.55, colour=kit.TEXT)


def _shares(
    surface: pygame.Surface,
    rect: pygame.Rect,
    counts: Counter[str],
    texts: Texts,
    s: float,
    portrait: bool,
) -> None:
    """Noir against rouge, couleur against inverse, each a bar split by how often it won; the
    refaits and void coups beside (or under) them."""
    gap = max(6, int(8 * s))
    if portrait:
        bars = kit.grid(pygame.Rect(rect.x, rect.y, rect.w, rect.h * 2 // 3), 1, 2, gap)
        note = pygame.Rect(
            rect.x, bars[-1].bottom + gap, rect.w, rect.bottom - bars[-1].bottom - gap
        )
    else:
        width = rect.w * 40 // 100
        bars = [
            pygame.Rect(rect.x, rect.y, width, rect.h),
            pygame.Rect(rect.x + width + gap, rect.y, width, rect.h),
        ]
        note = pygame.Rect(bars[1].right + gap, rect.y, rect.right - bars[1].right - gap, rect.h)
    pairs = (
        (("noir", ROW_COLOURS["noir"]), ("rouge", ROW_COLOURS["rouge"])),
        (("couleur", COLOUR_TONES["couleur"]), ("inverse", COLOUR_TONES["inverse"])),
    )
    for bar, pair in zip(bars, pairs, strict=True):
        _bar(surface, bar, pair, counts, texts)
    lines = (
        (texts("tq_refaits", n=counts["refait"]), kit.ACCENT if counts["refait"] else kit.TEXT),
        (texts("tq_voids", n=counts["equal"]), kit.TEXT),
    )
    kit.panel(surface, note)
    for cell, (line, colour) in zip(kit.grid(note.inflate(-8, -8), 1, 2, 4), lines, strict=True):
        centred(surface, line, cell, share=0.6, colour=colour)


def _bar(
    surface: pygame.Surface,
    rect: pygame.Rect,
    pair: tuple[tuple[str, Any], tuple[str, Any]],
    counts: Counter[str],
    texts: Texts,
) -> None:
    """Two chances side by side, each as wide as its share of the coups the two decided (at
    least a third of the bar, so that its name and count always show)."""
    (left, left_fill), (right, right_fill) = pair
    a, b = counts[left], counts[right]
    share = 0.5 if a + b == 0 else a / (a + b)
    share = min(2 / 3, max(1 / 3, share))
    split = rect.x + int(rect.w * share)
    first = pygame.Rect(rect.x, rect.y, split - rect.x, rect.h)
    second = pygame.Rect(split, rect.y, rect.right - split, rect.h)
    pygame.draw.rect(
        surface, left_fill, first, border_top_left_radius=10, border_bottom_left_radius=10
    )
    pygame.draw.rect(
        surface, right_fill, second, border_top_right_radius=10, border_bottom_right_radius=10
    )
    pygame.draw.rect(surface, kit.FELT_LINE, rect, width=2, border_radius=10)
    for part, chance, n in ((first, left, a), (second, right, b)):
        upper = pygame.Rect(part.x, part.y, part.w, part.h // 2)
        lower = pygame.Rect(part.x, upper.bottom, part.w, part.bottom - upper.bottom)
        centred(surface, texts(f"tq_{chance}"), upper.inflate(-10, -4), share=0.6)
        centred(surface, str(n), lower.inflate(-10, -4), share=0.7)
