"""A trente et quarante coup as the croupier's screen shows it (section 05 V): the noir row over
the rouge row, their cards as dealt and their totals, the card the deal waits for, and what the
rows decided: the winning row and colour or inverse, a refait (31 each), equal totals (a void
coup), the red card (the coup void).

`Rows` and `verdict` are pure: the cards in, what to show out, decided by the game's own rules
(games/trente_quarante/rows.py). `draw_rows` paints them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import pygame

from games.trente_quarante.rows import ROWS, decide, next_row, row_total
from terminal.screens import kit
from terminal.screens.pads.base import INK, WHITE, centred
from terminal.screens.pads.cards import card_label, suit_colour
from terminal.screens.texts import Texts

NOIR, ROUGE = ROWS
ROW_COLOURS = {NOIR: kit.BLACK, ROUGE: kit.RED}
SLOTS = 6  # a row is drawn with room for this many cards at least (most rows take 3 to 5)


@dataclass(frozen=True)
class Verdict:
    """What a coup came to. `kind`: "win" (`row` and `colour`, couleur or inverse, won),
    "refait" (31 on each row), "equal" (equal totals other than 31: the coup is void), "red_card"
    (the red card came out: the coup in progress is void), "void" (the coup was voided
    otherwise: a misdeal, a fault)."""

    kind: str
    noir_total: int = 0
    rouge_total: int = 0
    row: str | None = None
    colour: str | None = None

    @property
    def winners(self) -> frozenset[str]:
        return frozenset(c for c in (self.row, self.colour) if c is not None)


@dataclass(frozen=True)
class Rows:
    """The two rows of a coup, in the order dealt."""

    noir: tuple[str, ...] = ()
    rouge: tuple[str, ...] = ()

    @classmethod
    def dealt(cls, cards: Iterable[tuple[str, str]]) -> Rows:
        """From the coup's cards as journaled, (place, card) in the order dealt."""
        cards = list(cards)
        return cls(
            tuple(card for place, card in cards if place == NOIR),
            tuple(card for place, card in cards if place == ROUGE),
        )

    @classmethod
    def of(cls, outcome: Mapping[str, Any]) -> Rows:
        """From a journaled outcome: {"noir": [cards], "rouge": [cards], ...}."""
        return cls(tuple(outcome.get(NOIR, ())), tuple(outcome.get(ROUGE, ())))

    def cards(self, row: str) -> tuple[str, ...]:
        return self.noir if row == NOIR else self.rouge

    def total(self, row: str) -> int:
        return row_total(self.cards(row))

    @property
    def empty(self) -> bool:
        return not self.noir and not self.rouge

    @property
    def next_row(self) -> str | None:
        """The row the next card goes to (the noir row until it reaches 31), None once dealt."""
        return next_row(self.noir, self.rouge)

    def verdict(self) -> Verdict | None:
        """What the two rows decide once both are dealt; None before."""
        if self.next_row is not None:
            return None
        decision = decide(self.noir, self.rouge)
        n, r = decision.noir_total, decision.rouge_total
        if decision.refait:
            return Verdict("refait", n, r)
        if decision.equal:
            return Verdict("equal", n, r)
        row = NOIR if NOIR in decision.winners else ROUGE
        colour = "couleur" if "couleur" in decision.winners else "inverse"
        return Verdict("win", n, r, row, colour)


@dataclass(frozen=True)
class Shown:
    """The rows as the table screen shows them now: the coup's, the card it waits for
    (`waiting`: the row, while the coup is dealt), what it came to (`verdict`), and whether it
    is the previous coup's, shown until the next one's first card (`previous`)."""

    rows: Rows
    waiting: str | None = None
    verdict: Verdict | None = None
    previous: bool = False


def row_name(texts: Texts, row: str) -> str:
    return texts(f"tq_{row}")


def draw_rows(surface: pygame.Surface, rect: pygame.Rect, shown: Shown, texts: Texts, s: float):
    """The two rows in `rect`: each its label and total, then its cards; what they decided in a
    cell at the right, spanning both."""
    kit.panel(surface, rect)
    gap = max(4, int(6 * s))
    inner = rect.inflate(-2 * gap, -2 * gap)
    verdict_w = max(int(96 * s), inner.w // 5)
    label_w = max(int(88 * s), inner.w * 17 // 100)
    strip_h = (inner.h - gap) // 2
    verdict = shown.verdict
    for n, row in enumerate(ROWS):
        strip = pygame.Rect(
            inner.x, inner.y + n * (strip_h + gap), inner.w - verdict_w - gap, strip_h
        )
        won = verdict is not None and verdict.row == row
        label = pygame.Rect(strip.x, strip.y, label_w, strip.h)
        _label(surface, label, row, shown, texts, won, s)
        cards = pygame.Rect(label.right + gap, strip.y, strip.right - label.right - gap, strip.h)
        dealt = shown.rows.cards(row)
        _cards(surface, cards, dealt, waiting=shown.waiting == row, dim=shown.previous, s=s)
    cell = pygame.Rect(inner.right - verdict_w, inner.y, verdict_w, inner.h)
    _verdict(surface, cell, shown, texts, s)


def _label(
    surface: pygame.Surface,
    rect: pygame.Rect,
    row: str,
    shown: Shown,
    texts: Texts,
    won: bool,
    s: float,
) -> None:
    """The row's name and its total, on the row's colour; edged amber when it won."""
    edge = max(4, int(4 * s))
    pygame.draw.rect(surface, ROW_COLOURS[row], rect, border_radius=8)
    pygame.draw.rect(
        surface,
        kit.ACCENT if won else kit.FELT_LINE,
        rect,
        width=edge if won else 2,
        border_radius=8,
    )
    rect = rect.inflate(-2 * edge, -2 * edge)
    name_h = max(int(20 * s), rect.h // 4)
    name = pygame.Rect(rect.x, rect.y, rect.w, name_h)
    centred(surface, row_name(texts, row), name.inflate(-8, 0), share=0.8, colour=kit.TEXT)
    cards = shown.rows.cards(row)
    total = str(shown.rows.total(row)) if cards else "–"
    number = pygame.Rect(rect.x, name.bottom, rect.w, rect.bottom - name.bottom - 2)
    colour = kit.ACCENT if won else (kit.DIM if shown.previous else kit.TEXT)
    centred(surface, total, number.inflate(-8, 0), share=0.78, colour=colour)


def _cards(
    surface: pygame.Surface,
    rect: pygame.Rect,
    cards: tuple[str, ...],
    *,
    waiting: bool,
    dim: bool,
    s: float,
) -> None:
    """The row's cards left to right, each a white card with its rank and suit; the slot the
    next card goes to outlined amber while the deal waits for it. Cards share the row's width
    when there are more than it holds side by side."""
    gap = max(3, int(4 * s))
    slots = max(SLOTS, len(cards) + (1 if waiting else 0))
    w = min(int(rect.h * 0.74), (rect.w - gap * (slots - 1)) // slots)
    x = rect.x
    for card in cards:
        face = pygame.Rect(x, rect.y, w, rect.h)
        draw_card(surface, face, card, dim=dim)
        x += w + gap
    if waiting:
        slot = pygame.Rect(x, rect.y, w, rect.h)
        pygame.draw.rect(surface, kit.ACCENT, slot, width=max(3, int(3 * s)), border_radius=6)
        centred(surface, "?", slot, share=0.5, colour=kit.ACCENT)


def draw_card(surface: pygame.Surface, rect: pygame.Rect, card: str, *, dim: bool = False) -> None:
    """One card face up: white, its rank and suit in the suit's colour (hearts and diamonds red)."""
    face = (200, 200, 196) if dim else WHITE
    pygame.draw.rect(surface, face, rect, border_radius=6)
    pygame.draw.rect(surface, INK, rect, width=1, border_radius=6)
    centred(surface, card_label(card), rect, share=0.34, colour=suit_colour(card[1]))


def _verdict(
    surface: pygame.Surface, rect: pygame.Rect, shown: Shown, texts: Texts, s: float
) -> None:
    """What the coup came to, large; while it is dealt, which row the card goes to."""
    verdict = shown.verdict
    top = rect
    if shown.previous:
        note_h = max(int(22 * s), rect.h // 6)
        note = pygame.Rect(rect.x, rect.y, rect.w, note_h)
        centred(surface, texts("tq_previous"), note, share=0.7, colour=kit.DIM)
        top = pygame.Rect(rect.x, note.bottom + 2, rect.w, rect.bottom - note.bottom - 2)
    if verdict is None:
        if shown.waiting is not None:
            pygame.draw.rect(surface, kit.PANEL_EDGE, top, width=2, border_radius=8)
            size = int(22 * s)
            lines = kit.wrap(texts(f"tq_dealing_{shown.waiting}"), size, top.w - 12)
            _lines(surface, top, lines, size, kit.ACCENT)
        return
    first, second, fill, ink = _verdict_words(verdict, texts)
    won = verdict.kind == "win"
    edge = max(4, int(4 * s))
    pygame.draw.rect(surface, fill, top, border_radius=8)
    pygame.draw.rect(
        surface,
        kit.ACCENT if won else kit.FELT_LINE,
        top,
        width=edge if won else 2,
        border_radius=8,
    )
    top = top.inflate(-2 * edge, -2 * edge)
    upper = pygame.Rect(top.x, top.y, top.w, top.h * 11 // 20)
    lower = pygame.Rect(top.x, upper.bottom, top.w, top.bottom - upper.bottom)
    centred(surface, first, upper.inflate(-10, -6), share=0.55, colour=ink)
    centred(surface, second, lower.inflate(-10, -10), share=0.5, colour=kit.ACCENT)


def _verdict_words(verdict: Verdict, texts: Texts) -> tuple[str, str, Any, Any]:
    """The verdict's two lines, the cell's colour and the first line's."""
    totals = f"{verdict.noir_total} · {verdict.rouge_total}"
    if verdict.kind == "win":
        assert verdict.row is not None and verdict.colour is not None
        return (
            row_name(texts, verdict.row),
            row_name(texts, verdict.colour),
            (ROW_COLOURS[verdict.row]),
            kit.TEXT,
        )
    if verdict.kind == "refait":
        return texts("tq_refait"), totals, kit.PANEL, kit.ACCENT
    if verdict.kind == "equal":
        return texts("tq_void"), totals, kit.PANEL, kit.TEXT
    if verdict.kind == "red_card":
        return texts("tq_red_card_out"), texts("tq_void"), kit.RED, kit.TEXT
    return texts("tq_void"), "", kit.PANEL, kit.TEXT


def _lines(
    surface: pygame.Surface, rect: pygame.Rect, lines: list[str], size: int, colour: Any
) -> None:
    step = kit.font(size).get_linesize()
    y = rect.centery - step * len(lines) // 2
    for line in lines:
        kit.text(surface, line, (rect.centerx, y), size=size, colour=colour, align="center")
        y += step
