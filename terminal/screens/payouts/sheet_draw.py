"""The payouts sheet drawn: the sheet of a round, seat by seat (sheet.py holds what it shows,
words.py what its lines say).

`draw_payouts` draws into `rect` of `surface` at any size from the 7-inch 800x480 up
(kit.scale), and returns the buttons it drew (kit.Button, each with a `name` a test or a
script taps it by): `collected` (the losing bets are off the layout: the winners are paid
after), `paid:<seat>` (the seat's chips are handed over), `taken_back:<seat>` (what a
correction took off is taken back), `unpay:<seat>` (tapped by mistake), `payouts_previous` /
`payouts_next` (the pages of seats).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from terminal.common.draw import fitting_size
from terminal.screens import kit
from terminal.screens.payouts.sheet import PayoutSheet, SeatPayout
from terminal.screens.payouts.words import listed, seat_lines, status_line
from terminal.screens.texts import Texts

PAID_ROW = (22, 40, 30)  # a paid seat's row: green-dark, the money handed
NOTHING_ROW = (22, 24, 29)  # a seat with nothing to hand: dimmer than a panel


SEATS_A_PAGE = 4  # at least, at the 7-inch display's size


def _layout(rect: pygame.Rect) -> tuple[float, int, int]:
    """The scale, the gap and the header's height."""
    s = kit.scale(rect.size)
    return s, round(6 * s), max(kit.MIN_TARGET, round(52 * s))


def _line_size(s: float) -> tuple[int, int]:
    """A bet line's text size and line height."""
    size = round(20 * s)
    return size, kit.font(size).get_linesize()


def _pages(count: int, room: int, gap: int, s: float) -> tuple[int, list[tuple[int, int]]]:
    """The seats' rows in pages `room` high: the rows' height (every row alike, the button a
    finger's size inside it, SEATS_A_PAGE rows a page at least) and each page's first and end
    index."""
    least = kit.MIN_TARGET + round(8 * s)
    per_page = max(SEATS_A_PAGE, (room + gap) // (round(64 * s) + gap))
    height = max(least, (room - gap * (per_page - 1)) // per_page)
    return height, [(i, min(count, i + per_page)) for i in range(0, max(count, 1), per_page)]


Pay = Callable[[int, int], None]  # (seat, amount): the croupier handed it (negative: took it)
Undo = Callable[[int, int], None]  # (seat, seq): the payment `seq` was tapped by mistake


def draw_payouts(
    surface: pygame.Surface,
    rect: pygame.Rect,
    sheet: PayoutSheet,
    texts: Texts,
    *,
    heading: str = "",
    on_pay: Pay | None = None,
    on_undo: Undo | None = None,
    pending: frozenset[int] | set[int] = frozenset(),
) -> list[kit.Button]:
    """The sheet of a round in `rect`: the winning outcome (`heading`) large and what is still
    to hand over at the top; then, as the regulation orders, the losing bets to collect first
    (`collected`), then a row per seat (what it is paid for, the amount to act on large, and its
    button), a page at a time.

    A seat's button says what the croupier did: `paid:<seat>` (handed what it is owed, or what
    a correction added), `taken_back:<seat>` (took back what a correction took off), calling
    `on_pay(seat, amount)`; `unpay:<seat>` strikes out its last payment (`on_undo(seat, seq)`).
    The journal answers: until it has, a seat in `pending` shows its button greyed."""
    s, gap, header_h = _layout(rect)
    kit.panel(surface, rect, kit.BACKGROUND)
    buttons: list[kit.Button] = []
    header = pygame.Rect(rect.x + gap, rect.y + gap, rect.w - 2 * gap, header_h)
    _header(surface, header, sheet, texts, heading, s)
    body = pygame.Rect(rect.x + gap, header.bottom + gap, rect.w - 2 * gap, 0)
    body.h = rect.bottom - gap - body.y
    if not sheet.collected:
        buttons += _collect(surface, body, sheet, texts, s)
    elif not sheet.seats:
        kit.text(
            surface,
            texts("payouts_nothing"),
            (body.centerx, body.y + gap),
            size=round(30 * s),
            colour=kit.DIM,
            align="center",
        )
    else:
        buttons += _rows(surface, body, sheet, texts, s, gap, on_pay, on_undo, pending)
    for button in buttons:
        button.draw(surface)
    return buttons


def _header(
    surface: pygame.Surface,
    header: pygame.Rect,
    sheet: PayoutSheet,
    texts: Texts,
    heading: str,
    s: float,
) -> None:
    """The outcome, large, on the left; what is left to hand (or take back) on the right."""
    if sheet.remaining:
        label, colour = texts("payouts_remaining", amount=texts.money(sheet.remaining)), kit.ACCENT
    elif sheet.to_take_back:
        label, colour = (
            texts("payouts_to_take_back", amount=texts.money(sheet.to_take_back)),
            kit.BAD,
        )
    elif any(sheet.taken_back(seat.seat) for seat in sheet.seats):
        label, colour = texts("payouts_all_settled"), kit.GOOD
    elif sheet.to_pay:
        label, colour = texts("payouts_all_paid"), kit.GOOD
    else:
        label, colour = texts("payouts_nothing_to_hand"), kit.DIM
    if not sheet.balanced:
        label, colour = (
            texts("payouts_unbalanced", amount=texts.money(sheet.journaled or 0)),
            kit.BAD,
        )
    small = round(26 * s)
    right = fitting_size(label, small, header.w // 2, round(18 * s))
    kit.text(
        surface,
        label,
        (header.right, header.centery - kit.font(right).get_linesize() // 2),
        size=right,
        colour=colour,
        align="right",
    )
    width = header.w - kit.font(right).size(label)[0] - round(16 * s)
    big = fitting_size(heading, round(40 * s), width, round(24 * s))
    kit.text(
        surface,
        heading,
        (header.x, header.centery - kit.font(big).get_linesize() // 2),
        size=big,
        colour=kit.ACCENT,
        width=width,
    )


def _collect(
    surface: pygame.Surface, body: pygame.Rect, sheet: PayoutSheet, texts: Texts, s: float
) -> list[kit.Button]:
    """The first step: the losing bets, seat by seat, and their total, collected on a tap."""
    size, step = _line_size(s)
    y = body.y
    title = round(28 * s)
    kit.text(surface, texts("payouts_collect"), (body.x, y), size=title, colour=kit.TEXT)
    y += kit.font(title).get_linesize() + round(4 * s)
    button_h = max(kit.MIN_TARGET, round(60 * s))
    bottom = body.bottom - button_h - round(8 * s)
    lines = [
        f"{texts('seat_short', n=seat.seat)}: {listed(texts, seat.lost)}"
        for seat in sheet.seats
        if seat.lost
    ]
    wrapped = [part for line in lines for part in kit.wrap(line, size, body.w)]
    fits = max(1, (bottom - y) // step)
    if len(wrapped) > fits:
        wrapped = wrapped[: fits - 1] + [texts("payouts_more", n=len(wrapped) - fits + 1)]
    for line in wrapped:
        kit.text(surface, line, (body.x, y), size=size, colour=kit.DIM, width=body.w)
        y += step
    total = texts("payouts_collect_total", amount=texts.money(sheet.collect))
    big = round(34 * s)
    kit.text(
        surface,
        total,
        (body.x, body.bottom - button_h // 2 - kit.font(big).get_linesize() // 2),
        size=big,
        colour=kit.ACCENT,
    )
    width = max(kit.MIN_TARGET, round(260 * s))

    def collected() -> None:
        sheet.collected = True

    return [
        kit.Button(
            pygame.Rect(body.right - width, body.bottom - button_h, width, button_h),
            texts("payouts_collected"),
            collected,
            colour=kit.PRIMARY,
            size=round(26 * s),
            name="collected",
        )
    ]


def _rows(
    surface: pygame.Surface,
    body: pygame.Rect,
    sheet: PayoutSheet,
    texts: Texts,
    s: float,
    gap: int,
    on_pay: Pay | None,
    on_undo: Undo | None,
    pending: frozenset[int] | set[int],
) -> list[kit.Button]:
    """The seats' rows, the page `sheet.page`, and the page buttons when there are pages."""
    footer_h = max(kit.MIN_TARGET, round(52 * s))
    height, pages = _pages(len(sheet.seats), body.h, gap, s)
    if len(pages) > 1:
        body = pygame.Rect(body.x, body.y, body.w, body.h - footer_h - gap)
        height, pages = _pages(len(sheet.seats), body.h, gap, s)
    sheet.page = min(max(sheet.page, 0), len(pages) - 1)
    first, end = pages[sheet.page]
    buttons: list[kit.Button] = []
    y = body.y
    for seat in sheet.seats[first:end]:
        row = pygame.Rect(body.x, y, body.w, height)
        buttons += _seat_row(surface, row, seat, texts, sheet, s, on_pay, on_undo, pending)
        y += height + gap
    if len(pages) > 1:
        bar = pygame.Rect(body.x, body.bottom + gap, body.w, footer_h)
        width = max(kit.MIN_TARGET, round(170 * s))

        def turn(step: int) -> Callable[[], None]:
            def go() -> None:
                sheet.page = min(max(sheet.page + step, 0), len(pages) - 1)

            return go

        for name, area, step in (
            ("payouts_previous", pygame.Rect(bar.x, bar.y, width, bar.h), -1),
            ("payouts_next", pygame.Rect(bar.right - width, bar.y, width, bar.h), 1),
        ):
            enabled = 0 <= sheet.page + step < len(pages)
            buttons.append(
                kit.Button(area, texts(name), turn(step), enabled, size=round(24 * s), name=name)
            )
        kit.text(
            surface,
            texts("payouts_page", page=sheet.page + 1, pages=len(pages)),
            (bar.centerx, bar.centery - kit.font(round(24 * s)).get_linesize() // 2),
            size=round(24 * s),
            colour=kit.DIM,
            align="center",
        )
    return buttons


ROW_COLOURS = {
    "paid": PAID_ROW,
    "stands": PAID_ROW,
    "nothing": NOTHING_ROW,
    "take_back": (58, 24, 22),
    "taken_back": NOTHING_ROW,
    "pay_more": (52, 42, 12),
}
AMOUNT_COLOURS = {"paid": kit.GOOD, "stands": kit.GOOD, "take_back": kit.BAD, "taken_back": kit.BAD}
DONE = ("paid", "stands", "taken_back")  # a seat's row with nothing left to hand: its undo


def _seat_row(
    surface: pygame.Surface,
    row: pygame.Rect,
    seat: SeatPayout,
    texts: Texts,
    sheet: PayoutSheet,
    s: float,
    on_pay: Pay | None,
    on_undo: Undo | None,
    pending: frozenset[int] | set[int],
) -> list[kit.Button]:
    """A seat's row: its number, what it is paid for, the amount to act on large, its button."""
    status = sheet.status(seat.seat)
    kit.panel(surface, row, ROW_COLOURS.get(status, kit.PANEL))
    pad = round(4 * s)
    inner = row.inflate(-2 * pad, -2 * pad)
    seat_w, button_w = round(64 * s), round(136 * s)
    number = fitting_size(texts("seat_short", n=seat.seat), round(30 * s), seat_w - pad, 16)
    kit.text(
        surface,
        texts("seat_short", n=seat.seat),
        (inner.x + pad, inner.centery - kit.font(number).get_linesize() // 2),
        size=number,
        colour=kit.DIM if status == "nothing" or status in DONE else kit.TEXT,
    )
    outstanding = sheet.outstanding(seat.seat)
    shown = {
        "pay_more": outstanding,
        "take_back": -outstanding,
        "taken_back": sheet.taken_back(seat.seat),
    }.get(status, seat.total)
    big = round(30 * s)
    amount = texts.money(shown) if status != "nothing" else ""
    total_w = max(kit.font(big).size(texts.money(seat.total))[0], round(120 * s))
    size, step = _line_size(s)
    middle = pygame.Rect(inner.x + seat_w, inner.y, 0, inner.h)
    middle.w = inner.right - button_w - total_w - 3 * pad - middle.x
    said = status_line(texts, sheet, seat, status)
    fits = max(1, middle.h // step - (said is not None))
    # a seat to take back from, or taken back from: the bets that lose now, named
    lines = seat_lines(texts, seat, fits, lost=status in ("take_back", "taken_back"))
    if said is not None:
        lines.insert(0, (said, AMOUNT_COLOURS.get(status, kit.ACCENT)))
    if status == "nothing":
        lines = lines or [(texts("payouts_nothing_to_hand"), kit.DIM)]
    top = inner.centery - step * len(lines) // 2
    for n, (string, colour) in enumerate(lines):
        if status in DONE and colour == kit.TEXT:
            colour = kit.DIM
        kit.text(
            surface, string, (middle.x, top + n * step), size=size, colour=colour, width=middle.w
        )
    if amount:
        kit.text(
            surface,
            amount,
            (middle.right + pad + total_w, inner.centery - kit.font(big).get_linesize() // 2),
            size=big,
            colour=AMOUNT_COLOURS.get(status, kit.ACCENT),
            align="right",
        )
    if status == "nothing":
        return []
    area = pygame.Rect(inner.right - button_w, inner.y, button_w, inner.h)
    waiting = seat.seat in pending
    if status in DONE:
        last = sheet.undoable(seat.seat)
        seq = None if last is None else int(last["seq"])
        return [
            kit.Button(
                area,
                texts("payouts_undo"),
                lambda: on_undo(seat.seat, seq) if on_undo and seq is not None else None,
                enabled=not waiting and seq is not None,
                size=round(22 * s),
                name=f"unpay:{seat.seat}",
            )
        ]
    take = status == "take_back"
    return [
        kit.Button(
            area,
            texts("payouts_taken_back" if take else "payouts_paid"),
            lambda: on_pay(seat.seat, outstanding) if on_pay else None,
            enabled=not waiting,
            colour=kit.WARNING if take else kit.PRIMARY,
            size=round(24 * s),
            name=f"{'taken_back' if take else 'paid'}:{seat.seat}",
        )
    ]
