"""Poker sense descart's boxes on the table screen: while bets are open each box a target
for an ante by seat with its carrousel coin slot beside it; then its cards, whether it went
on or folded and, at the result, its hand named and what it won or lost."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from terminal.screens import kit
from terminal.screens.app import Target
from terminal.screens.games.poker_stud.draw import COIN, coin, hand_row, label_in
from terminal.screens.games.poker_stud.shown import ANTE, CARROUSEL, BoxShown, Shown
from terminal.screens.pads.base import Key, ring, size_within

if TYPE_CHECKING:
    from terminal.screens.games.poker_stud.view import StudView

COLUMNS = 3  # boxes in a row: two rows of three for the regulation's six


def draw_boxes(
    view: StudView, surface: pygame.Surface, area: pygame.Rect, shown: Shown, need
) -> list[Target]:
    """The boxes in rows of three; while bets are open each box's antes and coin slot are
    targets."""
    s = view.app.s
    n = len(shown.boxes)
    columns = min(COLUMNS, n)
    rows = -(-n // columns)
    cells = kit.grid(area, columns, rows, int(6 * s))
    refused = view.app.fresh_refusal()
    refused_code = None if refused is None else refused.code
    asked = None if need is None or need.kind == "settle" else need.place
    targets: list[Target] = []
    for cell, box in zip(cells, shown.boxes.values()):
        targets += _draw_box(view, surface, cell, box, shown, asked, refused_code)
    return targets


def _draw_box(
    view: StudView,
    surface: pygame.Surface,
    cell: pygame.Rect,
    box: BoxShown,
    shown: Shown,
    asked: str | None,
    refused: str | None,
) -> list[Target]:
    """One box: its number, its antes by seat and its coin slot while bets are open (each a
    target), else its cards, its decision and, at the result, its hand and money."""
    app, s = view.app, view.app.s
    pad = int(6 * s)
    if shown.stage == "open" and not app.demo:
        coin_w = max(kit.MIN_TARGET, int(56 * s))
        ante = pygame.Rect(cell.x, cell.y, cell.w - coin_w - pad, cell.h)
        slot = pygame.Rect(ante.right + pad, cell.y, coin_w, cell.h)
        keys = [
            Key(
                ante,
                "",
                _bet(view, f"{ANTE}:{box.n}"),
                name=f"{ANTE}:{box.n}",
                face=lambda sf, r: _antes(view, sf, r, box),
            ),
            Key(
                slot,
                "",
                _bet(view, f"{CARROUSEL}:{box.n}"),
                name=f"{CARROUSEL}:{box.n}",
                face=lambda sf, r: _slot(view, sf, r, box),
            ),
        ]
        for key in keys:
            key.draw(surface)
            if refused == key.name:  # the bet the table refused: its place outlined
                pygame.draw.rect(surface, kit.BAD, key.rect, width=4, border_radius=8)
        return list(keys)
    played = bool(box.antes)
    kit.panel(surface, cell, colour=kit.FELT if played else kit.PANEL)
    inner = cell.inflate(-2 * pad, -2 * pad)
    header_h = int(24 * s)
    head = pygame.Rect(inner.x, inner.y, inner.w, header_h)
    _header(view, surface, head, box)
    line_h = int(22 * s) if played else 0
    cards = pygame.Rect(inner.x, head.bottom + int(2 * s), inner.w, 0)
    cards.h = inner.bottom - line_h - cards.y
    if played:
        hand_row(surface, cards, box.cards, gap=int(4 * s))
        _footer(view, surface, pygame.Rect(inner.x, inner.bottom - line_h, inner.w, line_h), box)
    if asked == f"box:{box.n}":
        ring(surface, cell.inflate(int(6 * s), int(6 * s)))
    return []


def _header(view: StudView, surface: pygame.Surface, rect: pygame.Rect, box: BoxShown) -> None:
    """The box's number, its coin and its decision."""
    s, t = view.app.s, view.app.texts
    size = int(20 * s)
    played = bool(box.antes)
    name = label_in(
        surface,
        t("poker_box", n=box.n),
        rect,
        size=size,
        colour=kit.TEXT if played else kit.DIM,
    )
    x = name.right + int(6 * s)
    if box.coin is not None:
        d = rect.h - 2
        coin(surface, (x + d // 2, rect.centery), d, lit=True)
        x += d + int(4 * s)
        if box.jackpot:  # what the coin won of the pool, beside it
            won = f"+{view.app.money(box.jackpot)}"
            x = label_in(
                surface,
                won,
                pygame.Rect(x, rect.y, rect.right - x, rect.h),
                size=size,
                colour=COIN,
            ).right + int(6 * s)
    if box.decision is not None:
        went = box.decision == "call"
        badge = t("poker_went_on") if went else t("poker_folded")
        label_in(
            surface,
            badge,
            pygame.Rect(x, rect.y, rect.right - x, rect.h),
            size=size,
            colour=kit.GOOD if went else kit.DIM,
            align="right",
        )


def _footer(view: StudView, surface: pygame.Surface, rect: pygame.Rect, box: BoxShown) -> None:
    """Under the cards: the antes and the call made, or at the result the hand named and
    what the box won or lost (and its coin's jackpot)."""
    app, s, t = view.app, view.app.s, view.app.texts
    size = int(18 * s)
    if box.net is None:
        left = t("poker_antes", amount=app.money(box.staked))
        right = f"+{app.money(box.calls)}" if box.calls else ""
        colour = kit.DIM
    else:
        left = t(f"poker_hand_{box.hand}") if box.hand else ""
        if box.net > 0:
            right, colour = f"+{app.money(box.net)}", kit.GOOD
        elif box.net < 0:
            right, colour = f"−{app.money(-box.net)}", kit.BAD
        else:
            right, colour = t("poker_push"), kit.TEXT
    drawn = label_in(surface, right, rect, size=size, colour=colour, align="right")
    room = pygame.Rect(rect.x, rect.y, max(1, drawn.x - rect.x - int(6 * s)), rect.h)
    label_in(surface, left, room, size=size, colour=kit.ACCENT if box.net is not None else kit.TEXT)


def _antes(view: StudView, surface: pygame.Surface, rect: pygame.Rect, box: BoxShown) -> None:
    """An open box's face: its number, then each ante by seat (a hint while it has none)."""
    s, t = view.app.s, view.app.texts
    pad = int(6 * s)
    inner = rect.inflate(-2 * pad, -2 * pad)
    head = pygame.Rect(inner.x, inner.y, inner.w, int(24 * s))
    label_in(surface, t("poker_box", n=box.n), head, size=int(20 * s))
    y = head.bottom + int(2 * s)
    most = view.app.table.rules.bets_per_box
    step = (inner.bottom - y) // most  # the box's most bets, one a line
    size = min(int(22 * s), size_within(step))
    for i, bet in enumerate(box.antes[:most]):
        line = f"{t('seat_short', n=bet['seat'])}  {view.app.money(bet['stake'])}"
        label_in(surface, line, pygame.Rect(inner.x, y + i * step, inner.w, step), size=size)


def _slot(view: StudView, surface: pygame.Surface, rect: pygame.Rect, box: BoxShown) -> None:
    """An open box's coin slot: the coin in it (and whose), or the empty slot."""
    s, t = view.app.s, view.app.texts
    d = min(rect.w - int(12 * s), rect.h // 2)
    centre = (rect.centerx, rect.y + int(8 * s) + d // 2)
    coin(surface, centre, d, lit=box.coin is not None)
    below = pygame.Rect(rect.x + 2, centre[1] + d // 2 + int(2 * s), rect.w - 4, int(22 * s))
    said = t("poker_coin") if box.coin is None else t("seat_short", n=box.coin["seat"])
    label_in(surface, said, below, size=int(16 * s), colour=kit.DIM, align="center")


def _bet(view: StudView, code: str):
    return lambda: view.screen.bet(code)
