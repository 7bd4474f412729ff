"""The payouts screen drawn: the sheet of a round, seat by seat, and the payout calculator
(terminal/screens/payouts.py holds what they show).

Both draw into `rect` of `surface` at any size from the 7-inch 800x480 up (kit.scale), and return
the buttons they drew (kit.Button, each with a `name` a test or a script taps it by):

- the sheet: `paid:<seat>` (the seat's chips are handed over), `unpay:<seat>` (tapped by
  mistake), `payouts_previous` / `payouts_next` (the pages of seats);
- the calculator: `minus:<kind>` / `plus:<kind>` (a chip of the selected value less or more),
  `value:<amount>` (the chip value), `clear`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import partial

import pygame

from games.money import money
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
from terminal.screens.texts import CATALOGUE, Texts

PAID_ROW = (22, 40, 30)  # a paid seat's row: green-dark, the money handed
NOTHING_ROW = (22, 24, 29)  # a seat with nothing to hand: dimmer than a panel


def bet_name(texts: Texts, code: str) -> str:
    """A bet as the croupier reads it: "Ple 17", "Cavall 17-20", "Roig", "Símbol 5"; a code of
    a family the screens have no name for, as it is written."""
    family, _, numbers = code.partition(":")
    key = f"payouts_family_{family}"
    if key not in CATALOGUE:
        return code
    return f"{texts(key)} {numbers}" if numbers else texts(key)


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
            stake=money(line.stake),
            multiple=multiple_text(line.multiple),
            paid=money(line.paid),
        )
        if line.commission:
            said += " · " + texts("payouts_commission", amount=money(line.commission))
        return said
    if line.result == "half":
        return texts(
            "payouts_half_line", bet=bet, stake=money(line.stake), returned=money(line.returned)
        )
    if line.result == "push" and line.prison:
        return texts("payouts_push_line", bet=bet, returned=money(line.returned))
    return texts("payouts_returned_line", bet=bet, returned=money(line.returned))


def _listed(texts: Texts, lines: Sequence[PayLine], *, value: bool = False) -> str:
    """Bets and their stakes (a prisoner's current value with `value`), one after another."""
    parts = []
    for line in lines:
        amount = line.value if value and line.value is not None else line.stake
        parts.append(f"{bet_name(texts, line.code)} {money(amount)}")
    return ", ".join(parts)


def _seat_lines(
    texts: Texts, seat: SeatPayout, fits: int
) -> list[tuple[str, tuple[int, int, int]]]:
    """What a seat's row says, at most `fits` lines: its bets to pay, the colour chips they are
    handed in, then (dim) what it lost and what stays in prison."""
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
                    value=money(colour["value_chips"]),
                ),
                kit.ACCENT,
            ),
        )
    tail = []
    prisoners = [line for line in seat.prison if line.result == "prison"]
    staying = [line for line in seat.prison if line.result != "prison"]
    if prisoners:
        tail.append(
            (texts("payouts_prison", bets=_listed(texts, prisoners, value=True)), kit.WARNING)
        )
    if staying:
        tail.append((texts("payouts_stays", bets=_listed(texts, staying)), kit.DIM))
    if seat.lost:
        tail.append((texts("payouts_lost", bets=_listed(texts, seat.lost)), kit.DIM))
    rows += tail
    if len(rows) > fits:
        hidden = len(rows) - fits + 1
        rows = rows[: fits - 1] + [(texts("payouts_more", n=hidden), kit.DIM)]
    return rows


def _layout(rect: pygame.Rect) -> tuple[float, int, int]:
    """The scale, the gap and the header's height."""
    s = kit.scale(rect.size)
    return s, round(8 * s), max(kit.MIN_TARGET, round(56 * s))


def _line_size(s: float) -> tuple[int, int]:
    """A bet line's text size and line height."""
    size = round(24 * s)
    return size, kit.font(size).get_linesize()


def _row_height(texts: Texts, seat: SeatPayout, s: float, most: int) -> int:
    """A seat's row: tall enough for its lines, the total and the button, at most `most`."""
    _, step = _line_size(s)
    least = max(kit.MIN_TARGET + round(16 * s), round(76 * s))
    wanted = len(_seat_lines(texts, seat, 99)) * step + round(16 * s) + round(6 * s)
    return max(least, min(wanted, most))


def _pages(heights: Sequence[int], room: int, gap: int) -> list[tuple[int, int]]:
    """The seats' rows packed into pages `room` high: each page's first and end index."""
    pages, first, used = [], 0, 0
    for i, height in enumerate(heights):
        if i > first and used + gap + height > room:
            pages.append((first, i))
            first, used = i, 0
        used += height if i == first else gap + height
    pages.append((first, len(heights)))
    return pages


def draw_payouts(
    surface: pygame.Surface,
    rect: pygame.Rect,
    sheet: PayoutSheet,
    texts: Texts,
    *,
    paid: set[int],
) -> list[kit.Button]:
    """The sheet of a round in `rect`: "remaining to pay" at the top, then a row per seat (its
    bets to pay, its total large, a "paid" button; what it lost, dim), a page at a time.

    `paid` are the seats shown paid, usually `sheet.paid`: a tap on a seat's "paid" marks it
    paid in the sheet (`sheet.pay`) and in `paid`; "undo" takes it back."""
    s, gap, header_h = _layout(rect)
    kit.panel(surface, rect, kit.BACKGROUND)
    buttons: list[kit.Button] = []

    # header: what is still to hand over, large; the round's total beside it
    remaining = sum(seat.total for seat in sheet.seats if seat.seat not in paid)
    header = pygame.Rect(rect.x + gap, rect.y + gap, rect.w - 2 * gap, header_h)
    big = round(44 * s)
    if remaining or not sheet.to_pay:
        label = texts("payouts_remaining", amount=money(remaining))
        colour = kit.ACCENT if remaining else kit.DIM
    else:
        label, colour = texts("payouts_all_paid"), kit.GOOD
    line_h = kit.font(big).get_linesize()
    kit.text(
        surface,
        label,
        (header.x, header.centery - line_h // 2),
        size=big,
        colour=colour,
        width=header.w * 2 // 3,
    )
    small = round(26 * s)
    if sheet.balanced:
        note, note_colour = texts("payouts_round_total", amount=money(sheet.total)), kit.DIM
    else:
        journaled = money(sheet.journaled or 0)
        note, note_colour = texts("payouts_unbalanced", amount=journaled), kit.BAD
    kit.text(
        surface,
        note,
        (header.right, header.centery - kit.font(small).get_linesize() // 2),
        size=small,
        colour=note_colour,
        width=header.w // 3 - gap,
        align="right",
    )

    # the rows, a page at a time
    body = pygame.Rect(rect.x + gap, header.bottom + gap, rect.w - 2 * gap, 0)
    body.h = rect.bottom - gap - body.y
    footer_h = max(kit.MIN_TARGET, round(56 * s))
    heights = [_row_height(texts, seat, s, body.h) for seat in sheet.seats]
    pages = _pages(heights, body.h, gap)
    if len(pages) > 1:
        body.h -= footer_h + gap
        heights = [_row_height(texts, seat, s, body.h) for seat in sheet.seats]
        pages = _pages(heights, body.h, gap)
    sheet.page = min(max(sheet.page, 0), len(pages) - 1)
    first, end = pages[sheet.page]
    if not sheet.seats:
        kit.text(
            surface,
            texts("payouts_nothing"),
            (body.centerx, body.y + gap),
            size=round(30 * s),
            colour=kit.DIM,
            align="center",
        )
    y = body.y
    for seat, height in zip(sheet.seats[first:end], heights[first:end]):
        row = pygame.Rect(body.x, y, body.w, height)
        buttons += _seat_row(surface, row, seat, texts, paid, sheet, s)
        y += height + gap

    if len(pages) > 1:
        bar = pygame.Rect(body.x, rect.bottom - gap - footer_h, body.w, footer_h)
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
                kit.Button(area, texts(name), turn(step), enabled, size=round(26 * s), name=name)
            )
        kit.text(
            surface,
            texts("payouts_page", page=sheet.page + 1, pages=len(pages)),
            (bar.centerx, bar.centery - kit.font(round(26 * s)).get_linesize() // 2),
            size=round(26 * s),
            colour=kit.DIM,
            align="center",
        )
    for button in buttons:
        button.draw(surface)
    return buttons


def _total_width(sheet: PayoutSheet, s: float) -> int:
    """The column of the seats' totals: as wide as the widest, never cut."""
    big, note = _total_sizes(s)
    widest = max(
        [kit.font(big).size(money(seat.total))[0] for seat in sheet.seats]
        + [kit.font(note).size(_split(seat))[0] for seat in sheet.seats]
        + [round(150 * s)]
    )
    return widest + round(4 * s)


def _total_sizes(s: float) -> tuple[int, int]:
    return round(46 * s), round(20 * s)


def _split(seat: SeatPayout) -> str:
    """A seat's total as winnings + stakes returned."""
    return f"{money(seat.paid)} + {money(seat.returned)}"


def _seat_row(
    surface: pygame.Surface,
    row: pygame.Rect,
    seat: SeatPayout,
    texts: Texts,
    paid: set[int],
    sheet: PayoutSheet,
    s: float,
) -> list[kit.Button]:
    """A seat's row: its number, its bets, its total large, and its "paid" button."""
    is_paid = seat.seat in paid
    has_money = bool(seat.bets)
    colour = PAID_ROW if is_paid else kit.PANEL if has_money else NOTHING_ROW
    kit.panel(surface, row, colour)
    pad = round(8 * s)
    inner = row.inflate(-2 * pad, -2 * pad)
    seat_w, button_w, total_w = round(76 * s), round(112 * s), _total_width(sheet, s)

    # the seat: its number, large, under the word
    caption, number = round(20 * s), round(44 * s)
    lit = kit.TEXT if has_money and not is_paid else kit.DIM
    kit.text(
        surface,
        texts("payouts_seat"),
        (inner.x, inner.y),
        size=caption,
        colour=kit.DIM,
        width=seat_w - pad,
    )
    kit.text(
        surface,
        str(seat.seat),
        (inner.x, inner.y + kit.font(caption).get_linesize()),
        size=number,
        colour=lit,
        width=seat_w - pad,
    )

    # the bets
    size, step = _line_size(s)
    middle = pygame.Rect(inner.x + seat_w, inner.y, 0, inner.h)
    middle.w = inner.right - button_w - total_w - 2 * pad - middle.x
    lines = _seat_lines(texts, seat, max(1, middle.h // step))
    for n, (string, line_colour) in enumerate(lines):
        if is_paid and line_colour == kit.TEXT:
            line_colour = kit.DIM
        kit.text(
            surface,
            string,
            (middle.x, middle.y + round(3 * s) + n * step),
            size=size,
            colour=line_colour,
            width=middle.w,
        )

    # the total, and the button
    total = pygame.Rect(middle.right + pad, inner.y, total_w, inner.h)
    if not has_money:
        kit.text(
            surface,
            texts("payouts_nothing_to_hand"),
            (inner.right, total.centery - step // 2),
            size=size,
            colour=kit.DIM,
            width=total.w + pad + button_w,
            align="right",
        )
        return []
    big, note = _total_sizes(s)
    big_h, note_h = kit.font(big).get_linesize(), kit.font(note).get_linesize()
    top = total.centery - (big_h + note_h) // 2
    kit.text(
        surface,
        money(seat.total),
        (total.right, top),
        size=big,
        colour=kit.GOOD if is_paid else kit.ACCENT,
        align="right",
    )
    kit.text(
        surface,
        texts("payouts_seat_paid") if is_paid else _split(seat),
        (total.right, top + big_h),
        size=note,
        colour=kit.GOOD if is_paid else kit.DIM,
        align="right",
    )
    height = max(kit.MIN_TARGET, min(inner.h, round(64 * s)))
    area = pygame.Rect(inner.right - button_w, inner.centery - height // 2, button_w, height)

    def pay() -> None:
        sheet.pay(seat.seat)
        paid.add(seat.seat)

    def unpay() -> None:
        sheet.unpay(seat.seat)
        paid.discard(seat.seat)

    if is_paid:
        return [
            kit.Button(
                area, texts("payouts_undo"), unpay, size=round(24 * s), name=f"unpay:{seat.seat}"
            )
        ]
    return [
        kit.Button(
            area,
            texts("payouts_paid"),
            pay,
            colour=kit.PRIMARY,
            size=round(26 * s),
            name=f"paid:{seat.seat}",
        )
    ]


# --- the calculator


def kind_name(texts: Texts, calc: PayoutCalculator, kind: str) -> str:
    """A kind of chips: "Ple 17"; "Cavall" (any of 17's); the even chances winning: "Negre,
    Imparell, Falta" ("Sorts senzilles" when a zero catches them all)."""
    codes = calc.covering[kind]
    if kind == CHANCES:
        if len(codes) > 3:
            return texts("payouts_family_chances")
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
        texts("payouts_winnings", amount=money(calc.winnings())),
        (totals.x + pad, top),
        size=note,
        colour=kit.DIM,
        width=totals.w - 2 * pad,
    )
    amount = money(calc.total())
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
                money(value),
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
            texts("payouts_chips", n=n, value=money(value)) for value, n in line.chips.items()
        )
        detail_colour, owed = kit.ACCENT, f"→ {money(line.total)}"
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
