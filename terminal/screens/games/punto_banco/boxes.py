"""Punto banco's three chances on the table screen, where the croupier bets: punt, empat,
banca, each a large target, with the seats' stakes on it and, once the coup is settled, what
each seat is paid, the banker's commission shown on each banker payout."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import pygame

from terminal.common.draw import fitting_size
from terminal.screens import kit
from terminal.screens.app import Target
from terminal.screens.games.punto_banco.deal import BANKER, PLAYER, TIE, Hands
from terminal.screens.games.punto_banco.draw import HEADS, NAMES

if TYPE_CHECKING:
    from terminal.screens.games.punto_banco.view import PuntoBancoView
    from terminal.screens.model import Round

CHANCES = (PLAYER, TIE, BANKER)  # the betting boxes as laid out, left to right
LOST = (150, 178, 160)  # a lost bet's line, dimmer than the rest on the felt
LINE_SIZE = 21  # the boxes' lines (at 800x480)


@dataclass
class SeatLine:
    """One seat's bets on one chance, added up: its stake and, once settled, what it was
    handed (winnings `paid`, `returned`), its result and the banker's commission kept."""

    seat: int
    stake: int = 0
    paid: int = 0
    returned: int = 0
    result: str | None = None
    commission: Fraction = Fraction(0)


def seat_lines(
    rules: Any, current: Round | None, result: dict[str, Any] | None
) -> dict[str, list[SeatLine]]:
    """Each chance's seats (added up), as the coup in play or the last settled one has
    them, at a table of `rules`."""
    if result is not None:
        bets = result.get("bets", [])
        settled = {e["id"]: e for e in result.get("settlement", [])}
    elif current is not None and current.void is not None:  # every stake returned
        bets = current.void.get("returned", [])
        settled = {b["id"]: {"result": "push", "returned": b["stake"]} for b in bets}
    else:
        bets = [] if current is None else current.bets
        settled = {}
    lines: dict[str, dict[int, SeatLine]] = {code: {} for code in CHANCES}
    for bet in bets:
        if bet["code"] not in lines:
            continue
        line = lines[bet["code"]].setdefault(bet["seat"], SeatLine(bet["seat"]))
        line.stake += bet["stake"]
        entry = settled.get(bet["id"])
        if entry is None:
            continue
        line.paid += entry.get("paid", 0)
        line.returned += entry.get("returned", 0)
        line.result = entry["result"]
        if bet["code"] == BANKER and entry["result"] == "win":
            gross = bet["stake"] * rules.payouts[BANKER]
            line.commission += gross * rules.banker_commission
    return {code: [seats[n] for n in sorted(seats)] for code, seats in lines.items()}


def draw_chances(
    view: PuntoBancoView, surface: pygame.Surface, rect: pygame.Rect, result: dict[str, Any] | None
) -> tuple[list[Target], dict[str, pygame.Rect]]:
    """The three boxes, the seats' stakes on them; targets while bets are open, and each box
    by its code."""
    app, s = view.app, view.app.s
    st = app.model.state
    gap = int(8 * s)
    lines = seat_lines(app.table.rules, app.model.current, result)
    refused = app.fresh_refusal()
    refused_code = refused.code if refused is not None else None
    winner = Hands.of(result["outcome"]).winner() if result is not None else None
    widths = {PLAYER: 3, TIE: 2, BANKER: 3}  # the even chances wider than the tie
    unit = (rect.w - 2 * gap) / sum(widths.values())
    x = rect.x
    targets: list[Target] = []
    boxes: dict[str, pygame.Rect] = {}
    taking = st.round_status == "open" and not app.demo
    for code in CHANCES:
        w = int(unit * widths[code]) if code != BANKER else rect.right - x
        box = pygame.Rect(x, rect.y, w, rect.h)
        x = box.right + gap
        boxes[code] = box
        _box(view, surface, box, code, lines[code], winner, refused_code == code)
        if taking:
            targets.append(kit.Button(box, "", _bet(view, code), name=f"bet:{code}"))
    return targets, boxes


def _box(
    view: PuntoBancoView,
    surface: pygame.Surface,
    rect: pygame.Rect,
    code: str,
    lines: list[SeatLine],
    winner: str | None,
    refused: bool,
) -> None:
    s, t = view.app.s, view.app.texts
    kit.panel(surface, rect, kit.FELT)
    head_h = kit.font(int(24 * s)).get_linesize() + int(4 * s)
    head = pygame.Rect(rect.x, rect.y, rect.w, head_h)
    pygame.draw.rect(
        surface, HEADS[code], head, border_top_left_radius=10, border_top_right_radius=10
    )
    kit.text(
        surface,
        t(NAMES[code]),
        (head.centerx, head.y + int(2 * s)),
        size=int(24 * s),
        align="center",
        width=head.w - int(8 * s),
    )
    pad = int(6 * s)
    small = int(18 * s)
    y = head.bottom + int(2 * s)
    kit.text(
        surface,
        _odds(view, code),
        (rect.centerx, y),
        size=small,
        colour=kit.FELT_LINE,
        align="center",
        width=rect.w - 2 * pad,
    )
    y += kit.font(small).get_linesize() + int(2 * s)
    size = int(LINE_SIZE * s)
    step = kit.font(size).get_linesize()
    total = sum(line.stake for line in lines)
    foot = rect.bottom - pad - step
    rows: list[tuple[str, tuple[int, int, int]]] = []
    for line in lines:
        rows += _seat_rows(view, line)
    if not rows:
        kit.text(
            surface,
            t("pb_no_bets"),
            (rect.centerx, y + int(4 * s)),
            size=size,
            colour=kit.FELT_LINE,
            align="center",
        )
    fits = max(0, (foot - y) // step)
    if len(rows) > fits:
        rows = rows[: max(0, fits - 1)] + [(t("pb_more", n=len(rows) - fits + 1), kit.FELT_LINE)]
    for string, colour in rows:  # a line a little too long for the box: a little smaller
        fitted = fitting_size(string, size, rect.w - 2 * pad, size * 4 // 5)
        kit.text(
            surface,
            string,
            (rect.x + pad, y),
            size=fitted,
            colour=colour,
            width=rect.w - 2 * pad,
        )
        y += step
    if total:
        kit.text(
            surface,
            t("pb_box_total", amount=t.money(total)),
            (rect.centerx, foot),
            size=size,
            align="center",
            width=rect.w - 2 * pad,
        )
    if refused:
        pygame.draw.rect(surface, kit.BAD, rect, width=max(3, int(4 * s)), border_radius=10)
    elif winner == code:
        pygame.draw.rect(surface, kit.ACCENT, rect, width=max(3, int(4 * s)), border_radius=10)


def _seat_rows(view: PuntoBancoView, line: SeatLine) -> list[tuple[str, tuple[int, int, int]]]:
    t = view.app.texts
    seat, stake = t("seat_short", n=line.seat), t.money(line.stake)
    if line.result == "win":
        rows = [(t("pb_bet_wins", seat=seat, stake=stake, paid=t.money(line.paid)), kit.ACCENT)]
        if line.commission:
            rate = _percent(view.app.table.rules.banker_commission)
            rows.append(
                (
                    "  " + t("pb_commission", rate=rate, amount=t.money(line.commission)),
                    kit.TEXT,
                )
            )
        return rows
    if line.result == "push":
        return [(t("pb_bet_push", seat=seat, stake=stake), kit.TEXT)]
    if line.result is not None:
        return [(t("pb_bet_lost", seat=seat, stake=stake), LOST)]
    return [(f"{seat}  {stake}", kit.TEXT)]


def _odds(view: PuntoBancoView, code: str) -> str:
    t, rules = view.app.texts, view.app.table.rules
    n = _number(rules.payouts[code])
    if code == BANKER and rules.banker_commission:
        return t("pb_odds_less", n=n, rate=_percent(rules.banker_commission))
    return t("pb_odds", n=n)


def _bet(view: PuntoBancoView, code: str):
    return lambda: view.screen.bet(code)


def _number(value: Fraction) -> str:
    value = Fraction(value)
    return (
        str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    )


def _percent(share: Fraction) -> str:
    """5/100 as "5%", 1/80 as "1.25%"."""
    return f"{float(Fraction(share) * 100):g}%"
