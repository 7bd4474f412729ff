"""The players' display at poker sense descart (the body between what every table posts): the
carrousel's pool large, with what its jackpots pay, and the last hands, the newest first: the
bank's five cards, its hand named, whether it played, and any jackpot a coin won.

The pool is the one this table last saw (the casino's, which every poker table feeds, or the
table's own): a table knows it as of its last coup."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from games.poker.evaluator import category, evaluate
from games.poker_stud.hands import QUALIFIER
from games.records import POOL
from terminal.screens import kit
from terminal.screens.games.poker_stud.draw import COIN, coin, fitted, hand_row, label_in

if TYPE_CHECKING:
    from terminal.screens.games.poker_stud.view import StudView

ROWS = 5  # the last hands shown


def draw_body(view: StudView, surface: pygame.Surface, rect: pygame.Rect, s: float) -> None:
    gap = round(8 * s)
    if rect.w >= rect.h * 1.2:  # landscape: the pool on the left, the hands on the right
        pool = pygame.Rect(rect.x, rect.y, round(rect.w * 0.38), rect.h)
        hands = pygame.Rect(pool.right + gap, rect.y, rect.right - pool.right - gap, rect.h)
    else:  # portrait: the pool above the hands
        pool = pygame.Rect(rect.x, rect.y, rect.w, round(rect.h * 0.3))
        hands = pygame.Rect(rect.x, pool.bottom + gap, rect.w, rect.bottom - pool.bottom - gap)
    _pool(view, surface, pool, s)
    _hands(view, surface, hands, s)


def _pool(view: StudView, surface: pygame.Surface, rect: pygame.Rect, s: float) -> None:
    app, t = view.app, view.app.texts
    kit.panel(surface, rect)
    pad = round(10 * s)
    inner = rect.inflate(-2 * pad, -2 * pad)
    title_h = round(48 * s)
    title = pygame.Rect(inner.x, inner.y, inner.w, title_h)
    d = title_h - round(6 * s)
    coin(surface, (title.x + d // 2, title.centery), d, lit=True)
    label_in(
        surface,
        t("poker_pool").upper(),
        pygame.Rect(title.x + d + pad, title.y, title.w - d - pad, title.h),
        size=round(40 * s),
        colour=COIN,
    )
    percent = int(app.table.rules.straight_flush_share * 100)
    rules = t("poker_pool_rules", percent=percent)
    size = round(22 * s)
    lines = kit.wrap(rules, size, inner.w)
    step = kit.font(size).get_linesize()
    foot = pygame.Rect(inner.x, inner.bottom - step * len(lines), inner.w, step * len(lines))
    amount = pygame.Rect(inner.x, title.bottom, inner.w, foot.y - title.bottom)
    money = app.money(view.pool())
    big = fitted(money, min(round(96 * s), int(amount.h / 0.9)), amount.w)
    label_in(surface, money, amount, size=big, colour=kit.ACCENT, align="center")
    for n, line in enumerate(lines):
        kit.text(surface, line, (inner.x, foot.y + n * step), size=size, colour=kit.DIM)


def _hands(view: StudView, surface: pygame.Surface, rect: pygame.Rect, s: float) -> None:
    app, t = view.app, view.app.texts
    kit.panel(surface, rect)
    pad = round(10 * s)
    inner = rect.inflate(-2 * pad, -2 * pad)
    title_h = round(40 * s)
    label_in(
        surface,
        t("poker_last_hands").upper(),
        pygame.Rect(inner.x, inner.y, inner.w, title_h),
        size=round(30 * s),
        colour=kit.ACCENT,
    )
    played = [r for r in reversed(app.model.history) if r.result is not None][:ROWS]
    area = pygame.Rect(inner.x, inner.y + title_h, inner.w, inner.h - title_h)
    if not played:
        label_in(surface, t("poker_no_hands"), area, size=round(30 * s), colour=kit.DIM)
        return
    gap = round(6 * s)
    row_h = (area.h - gap * (ROWS - 1)) // ROWS
    for i, round_ in enumerate(played):
        row = pygame.Rect(area.x, area.y + i * (row_h + gap), area.w, row_h)
        _hand(view, surface, row, round_.number, round_.result or {}, s, newest=i == 0)


def _hand(
    view: StudView,
    surface: pygame.Surface,
    row: pygame.Rect,
    number: int,
    result: dict,
    s: float,
    *,
    newest: bool,
) -> None:
    """One hand: its number, the bank's cards, its hand and whether it played (or a jackpot)."""
    app, t = view.app, view.app.texts
    bank = list(result.get("outcome", {}).get("bank", []))
    if newest:
        pygame.draw.rect(surface, kit.ACCENT, row, width=max(2, round(3 * s)), border_radius=8)
    inner = row.inflate(-round(12 * s), -round(6 * s))
    label_w = round(inner.w * 0.16)
    label_in(
        surface,
        t("poker_hand_no", n=number),
        pygame.Rect(inner.x, inner.y, label_w, inner.h),
        size=round(24 * s),
        colour=kit.DIM,
    )
    cards_w = min(round(inner.w * 0.4), round(inner.h / 1.4 * 5 + 16 * s))
    cards = pygame.Rect(inner.x + label_w, inner.y, cards_w, inner.h)
    hand_row(surface, cards, bank, gap=round(4 * s))
    if len(bank) != 5:
        return
    text = pygame.Rect(cards.right + round(10 * s), inner.y, inner.right - cards.right, inner.h)
    hand = t(f"poker_hand_{category(evaluate(bank))}")
    plays = evaluate(bank) >= QUALIFIER
    said = t("poker_plays") if plays else t("poker_not_playing")
    won = sum(
        entry.get("paid", 0)
        for entry in result.get("settlement", [])
        if entry.get("against") == POOL and entry.get("result") == "win"
    )
    if won:  # the jackpot a coin won: the coin and the amount at the row's end
        amount = app.money(won)
        size = round(30 * s)
        width = kit.font(size).size(amount)[0]
        d = min(inner.h - round(8 * s), round(40 * s))
        space = round(8 * s)
        jackpot = pygame.Rect(
            inner.right - width - d - 2 * space, inner.y, width + d + space, inner.h
        )
        coin(surface, (jackpot.x + d // 2, jackpot.centery), d, lit=True)
        label_in(surface, amount, jackpot, size=size, colour=COIN, align="right")
        text.w = jackpot.x - round(10 * s) - text.x
    top = pygame.Rect(text.x, text.y, text.w, text.h // 2)
    bottom = pygame.Rect(text.x, top.bottom, text.w, text.h - top.h)
    label_in(surface, hand, top, size=round(28 * s), colour=kit.TEXT)
    label_in(surface, said, bottom, size=round(22 * s), colour=kit.GOOD if plays else kit.DIM)
