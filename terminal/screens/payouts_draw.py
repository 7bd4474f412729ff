"""The payouts screen drawn: the sheet of a round, seat by seat, and the payout calculator
(terminal/screens/payouts.py holds what they show).

Both draw into `rect` of `surface` at any size from the 7-inch 800x480 up (kit.scale), and return
the buttons they drew (kit.Button, each with a `name` a test or a script taps it by):

- the sheet: `collected` (the losing bets are off the layout: the winners are paid after),
  `paid:<seat>` (the seat's chips are handed over), `taken_back:<seat>` (what a correction
  took off is taken back), `unpay:<seat>` (tapped by mistake), `payouts_previous` /
  `payouts_next` (the pages of seats);
- the calculator: `minus:<kind>` / `plus:<kind>` (a chip of the selected value less or more),
  `value:<amount>` (the chip value), `clear`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import partial

import pygame

from terminal.common.draw import fitting_size
from terminal.screens import kit
from terminal.screens.payouts import (
    CHANCES,
    CalcLine,
    PayLine,
    PayoutCalculator,
    PayoutSheet,
    SeatPayout,
    family_of,
)
from terminal.screens.texts import Texts

PAID_ROW = (22, 40, 30)  # a paid seat's row: green-dark, the money handed
NOTHING_ROW = (22, 24, 29)  # a seat with nothing to hand: dimmer than a panel


def bet_name(texts: Texts, code: str) -> str:
    """A bet as the croupier reads it: "Ple 17", "Cavall 17-20", "Roig", "Símbol 5"."""
    return texts.bet(code)


def multiple_text(multiple: Fraction) -> str:
    """35, 1/2, 7/5."""
    if multiple.denominator == 1:
        return str(multiple.numerator)
    return f"{multiple.numerator}/{multiple.denominator}"


# --- the sheet


def pay_line(texts: Texts, line: PayLine) -> str:
    """A bet's line on the payouts sheet: what it won and how, its commission, or what went back."""
    bet = bet_name(texts, line.code)
    if line.result == "win":
        said = texts(
            "payouts_win_line",
            bet=bet,
            stake=texts.money(line.stake),
            multiple=multiple_text(line.multiple),
            paid=texts.money(line.paid),
        )
        if line.commission:
            said += " · " + texts("payouts_commission", amount=texts.money(line.commission))
        return said
    if line.result == "half":
        return texts(
            "payouts_half_line",
            bet=bet,
            stake=texts.money(line.stake),
            returned=texts.money(line.returned),
        )
    if line.result == "push" and line.prison:
        return texts("payouts_push_line", bet=bet, returned=texts.money(line.returned))
    return texts("payouts_returned_line", bet=bet, returned=texts.money(line.returned))


def _listed(texts: Texts, lines: Sequence[PayLine], *, value: bool = False) -> str:
    """Bets and their stakes (a prisoner's current value with `value`), one after another."""
    parts = []
    for line in lines:
        amount = line.value if value and line.value is not None else line.stake
        parts.append(f"{bet_name(texts, line.code)} {texts.money(amount)}")
    return ", ".join(parts)


def _seat_lines(
    texts: Texts, seat: SeatPayout, fits: int, *, lost: bool
) -> list[tuple[str, tuple[int, int, int]]]:
    """What a seat's row says, at most `fits` lines: its bets to pay, the colour chips they are
    handed in, then (dim) what stays in prison and, with `lost`, what it lost."""
    rows = [(pay_line(texts, line), kit.TEXT) for line in seat.bets]
    colour = seat.colour
    if colour:
        rows.insert(
            0,
            (
                texts(
                    "payouts_colour",
                    chips=colour["chips"],
                    name=colour["name"],
                    value=texts.money(colour["value_chips"]),
                ),
                kit.ACCENT,
            ),
        )
    prisoners = [line for line in seat.prison if line.result == "prison"]
    staying = [line for line in seat.prison if line.result != "prison"]
    if prisoners:
        rows.append(
            (texts("payouts_prison", bets=_listed(texts, prisoners, value=True)), kit.WARNING)
        )
    if staying:
        rows.append((texts("payouts_stays", bets=_listed(texts, staying)), kit.DIM))
    if lost and seat.lost:
        rows.append((texts("payouts_lost", bets=_listed(texts, seat.lost)), kit.DIM))
    if len(rows) > fits:
        hidden = len(rows) - fits + 1
        rows = rows[: fits - 1] + [(texts("payouts_more", n=hidden), kit.DIM)]
    return rows


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
        f"{texts('seat_short', n=seat.seat)}: {_listed(texts, seat.lost)}"
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


def _status_line(texts: Texts, sheet: PayoutSheet, seat: SeatPayout, status: str) -> str | None:
    """What a seat's row says first once something was handed: what to do now, or that it is
    done."""
    outstanding = sheet.outstanding(seat.seat)
    if status == "pay_more":
        return texts("payouts_pay_more", amount=texts.money(outstanding))
    if status == "take_back":
        return texts("payouts_take_back", amount=texts.money(-outstanding))
    if status == "taken_back":
        return texts("payouts_seat_taken_back", amount=texts.money(sheet.taken_back(seat.seat)))
    if status == "stands":
        return texts("payouts_stands")
    if status == "paid":
        return texts("payouts_seat_paid")
    return None


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
    said = _status_line(texts, sheet, seat, status)
    fits = max(1, middle.h // step - (said is not None))
    # a seat to take back from, or taken back from: the bets that lose now, named
    lines = _seat_lines(texts, seat, fits, lost=status in ("take_back", "taken_back"))
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


# --- the calculator


def kind_name(texts: Texts, calc: PayoutCalculator, kind: str) -> str:
    """A kind of chips: "Ple 17"; "Cavall" (any of 17's); the even chances winning: "Negre,
    Imparell, Falta" ("Sorts senzilles" when a zero catches them all)."""
    codes = calc.covering[kind]
    if kind == CHANCES:
        if len(codes) > 3:
            return texts("bet_chances")
        return ", ".join(bet_name(texts, code) for code in codes)
    if len(codes) == 1:
        return bet_name(texts, codes[0])
    return bet_name(texts, family_of(codes[0]))


def _how(texts: Texts, calc: PayoutCalculator, line: CalcLine) -> tuple[str, tuple[int, int, int]]:
    """How a kind is paid: its payout, or half back (an even chance on a zero)."""
    if calc.probed[line.family] == "half":
        return texts("payouts_half_back"), kit.WARNING
    return "×" + multiple_text(calc.multiples[line.family]), kit.DIM


def draw_calculator(
    surface: pygame.Surface, rect: pygame.Rect, calc: PayoutCalculator, texts: Texts
) -> list[kit.Button]:
    """The calculator in `rect`: the winning outcome; a cell per kind of chips with its −/+
    buttons; the chip value selector; the winnings and, large, what to pay with the stakes."""
    s = kit.scale(rect.size)
    gap = round(8 * s)
    kit.panel(surface, rect, kit.BACKGROUND)
    buttons: list[kit.Button] = []

    # header: the outcome, and "clear"
    header = pygame.Rect(rect.x + gap, rect.y + gap, rect.w - 2 * gap, 0)
    header.h = max(kit.MIN_TARGET, round(56 * s))
    clear_w = max(kit.MIN_TARGET, round(150 * s))
    big = round(40 * s)
    kit.text(
        surface,
        f"{texts('payouts_calculator')} · {texts('payouts_winner', result=calc.result_text)}",
        (header.x, header.centery - kit.font(big).get_linesize() // 2),
        size=big,
        colour=kit.ACCENT,
        width=header.w - clear_w - gap,
    )
    buttons.append(
        kit.Button(
            pygame.Rect(header.right - clear_w, header.y, clear_w, header.h),
            texts("clear"),
            calc.clear,
            enabled=any(calc.chips(kind) for kind in calc.families),
            size=round(26 * s),
            name="clear",
        )
    )

    # footer: the chip values, and the totals
    footer = pygame.Rect(rect.x + gap, 0, rect.w - 2 * gap, max(96, round(112 * s)))
    footer.bottom = rect.bottom - gap
    values_area = pygame.Rect(footer.x, footer.y, footer.w * 11 // 20, footer.h)
    buttons += _values(surface, values_area, calc, texts, s)
    totals = pygame.Rect(values_area.right + gap, footer.y, 0, footer.h)
    totals.w = footer.right - totals.x
    kit.panel(surface, totals)
    note, large = round(24 * s), round(52 * s)
    note_h, large_h = kit.font(note).get_linesize(), kit.font(large).get_linesize()
    pad = round(10 * s)
    top = totals.centery - (note_h + large_h) // 2
    kit.text(
        surface,
        texts("payouts_winnings", amount=texts.money(calc.winnings())),
        (totals.x + pad, top),
        size=note,
        colour=kit.DIM,
        width=totals.w - 2 * pad,
    )
    amount = texts.money(calc.total())
    amount_w = kit.font(large).size(amount)[0]
    kit.text(
        surface,
        texts("payouts_with_stakes"),
        (totals.x + pad, top + note_h + (large_h - note_h) // 2),
        size=note,
        colour=kit.TEXT,
        width=max(0, totals.w - 3 * pad - amount_w),
    )
    kit.text(
        surface,
        amount,
        (totals.right - pad, top + note_h),
        size=large,
        colour=kit.ACCENT,
        width=totals.w - 2 * pad,
        align="right",
    )

    # the kinds
    body = pygame.Rect(rect.x + gap, header.bottom + gap, rect.w - 2 * gap, 0)
    body.h = footer.y - gap - body.y
    kinds = calc.families
    if not kinds:
        kit.text(
            surface,
            texts("payouts_no_kinds", result=calc.result_text),
            (body.centerx, body.y + gap),
            size=round(30 * s),
            colour=kit.DIM,
            align="center",
        )
    # one column for a few kinds, two for more, more still where the rows would be too short for
    # a finger's buttons (800x480)
    columns = 1 if len(kinds) <= 3 else 2
    rows = max(1, -(-len(kinds) // columns))
    while columns < len(kinds) and (body.h - gap * (rows - 1)) // rows < kit.MIN_TARGET:
        columns += 1
        rows = max(1, -(-len(kinds) // columns))
    cell_h = min((body.h - gap * (rows - 1)) // rows, round(92 * s))
    cell_w = (body.w - gap * (columns - 1)) // columns
    for i, kind in enumerate(kinds):
        column, row = divmod(i, rows)
        cell = pygame.Rect(
            body.x + column * (cell_w + gap), body.y + row * (cell_h + gap), cell_w, cell_h
        )
        buttons += _kind_cell(surface, cell, calc, kind, texts, s)
    for button in buttons:
        button.draw(surface)
    return buttons


def _values(
    surface: pygame.Surface,
    area: pygame.Rect,
    calc: PayoutCalculator,
    texts: Texts,
    s: float,
) -> list[kit.Button]:
    """The chip value selector: a button per value the table's chips give, the selected one
    lit."""
    label = round(22 * s)
    label_h = kit.font(label).get_linesize()
    kit.text(surface, texts("payouts_chip_value"), (area.x, area.y), size=label, colour=kit.DIM)
    gap = round(6 * s)
    row = pygame.Rect(area.x, area.y + label_h + gap, area.w, area.h - label_h - gap)
    least = max(kit.MIN_TARGET, round(72 * s))
    fits = max(1, (row.w + gap) // (least + gap))
    values = calc.values[:fits]
    if calc.value not in values:
        values = (*values[: fits - 1], calc.value)
    buttons: list[kit.Button] = []
    for value, cell in zip(values, kit.grid(row, len(values), 1, gap)):
        buttons.append(
            kit.Button(
                cell,
                texts.money(value),
                partial(calc.select, value),
                colour=kit.PRIMARY if value == calc.value else kit.BUTTON,
                size=round(24 * s),
                name=f"value:{value}",
            )
        )
    return buttons


def _kind_cell(
    surface: pygame.Surface,
    cell: pygame.Rect,
    calc: PayoutCalculator,
    kind: str,
    texts: Texts,
    s: float,
) -> list[kit.Button]:
    line = calc.line(kind)
    kit.panel(surface, cell, kit.PANEL if line.stake else NOTHING_ROW)
    pad = round(6 * s)
    side = max(kit.MIN_TARGET, min(cell.h - 2 * pad, round(56 * s)))
    plus = pygame.Rect(cell.right - pad - side, cell.centery - side // 2, side, side)
    minus = plus.move(-(side + pad), 0)
    text_w = minus.x - pad - (cell.x + 2 * pad)
    name_size, detail_size = round(26 * s), round(22 * s)
    name_h, detail_h = kit.font(name_size).get_linesize(), kit.font(detail_size).get_linesize()
    top = cell.centery - (name_h + detail_h) // 2
    x = cell.x + 2 * pad
    how, how_colour = _how(texts, calc, line)
    how_w = kit.font(detail_size).size(how)[0]
    kit.text(
        surface,
        how,
        (x + text_w, top + (name_h - detail_h) // 2),
        size=detail_size,
        colour=how_colour,
        align="right",
    )
    kit.text(
        surface,
        kind_name(texts, calc, kind),
        (x, top),
        size=name_size,
        colour=kit.TEXT,
        width=text_w - how_w - pad,
    )
    detail_y = top + name_h
    if line.result == "prison":
        detail, detail_colour, owed = texts("payouts_in_prison"), kit.WARNING, ""
    elif line.stake:
        detail = " + ".join(
            texts("payouts_chips", n=n, value=texts.money(value)) for value, n in line.chips.items()
        )
        detail_colour, owed = kit.ACCENT, f"→ {texts.money(line.total)}"
    else:
        detail, detail_colour, owed = texts("payouts_no_chips"), kit.DIM, ""
    owed_w = kit.font(detail_size).size(owed)[0] if owed else 0
    if owed:  # what the kind is owed, never cut: the chips give way
        kit.text(
            surface,
            owed,
            (x + text_w, detail_y),
            size=detail_size,
            colour=kit.ACCENT,
            align="right",
        )
    kit.text(
        surface,
        detail,
        (x, detail_y),
        size=detail_size,
        colour=detail_colour,
        width=max(0, text_w - owed_w - (pad if owed else 0)),
    )

    def less() -> None:
        # a chip of the selected value; of the last value added when there is none of it
        chips = calc.chips(kind)
        if chips:
            calc.remove(kind, 1, calc.value if calc.value in chips else list(chips)[-1])

    return [
        kit.Button(
            minus,
            "−",
            less,
            enabled=bool(line.chips),
            size=round(40 * s),
            name=f"minus:{kind}",
        ),
        kit.Button(
            plus,
            "+",
            lambda: calc.add(kind, 1),
            colour=kit.PRIMARY,
            size=round(40 * s),
            name=f"plus:{kind}",
        ),
    ]
