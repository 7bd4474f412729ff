"""The payout calculator drawn (calculator.py holds what it shows).

`draw_calculator` draws into `rect` of `surface` at any size from the 7-inch 800x480 up
(kit.scale), and returns the buttons it drew (kit.Button, each with a `name` a test or a
script taps it by): `minus:<kind>` / `plus:<kind>` (a chip of the selected value less or
more), `value:<amount>` (the chip value), `clear`.
"""

from __future__ import annotations

from functools import partial

import pygame

from terminal.screens import kit
from terminal.screens.payouts.calculator import CHANCES, CalcLine, PayoutCalculator
from terminal.screens.payouts.sheet import family_of
from terminal.screens.payouts.sheet_draw import NOTHING_ROW
from terminal.screens.payouts.words import bet_name, multiple_text
from terminal.screens.texts import Texts


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
