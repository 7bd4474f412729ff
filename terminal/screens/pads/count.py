"""The count sheet: how many chips of each of the table's denominations (an advance, a top-up,
the closing count), and optionally the cash drop, with the total large."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial

import pygame

from terminal.common.draw import fitting_size
from terminal.screens import kit
from terminal.screens.pads.base import Key, Pad, key, size_within
from terminal.screens.pads.digits import DigitPad, keys_height
from terminal.screens.texts import Texts

DROP = "drop"  # the cash drop's row
ROW = 56  # the least height of a row at 800x480: below it the rows go in two columns
COUNT_DIGITS = 4  # chips of one denomination
DROP_DIGITS = 7  # the cash drop, in whole currency units
UNIT = 100  # minor units in a currency unit (games/money.py writes amounts so)

Row = int | str  # a denomination, or DROP


class CountSheet(Pad):
    """A row per denomination (minor units, in the order given) with its count and subtotal,
    and a row for the cash drop when `drop` (an amount in whole currency units, not a
    count). A tap on a row (key "row:<denomination>", "row:drop") selects it; the digit pad
    beside it sets the selected row's count, the first digit replacing what the row held,
    and its OK goes to the next row (on the last, `on_done(counts, drop)`).

    `expected` is a total shown for reference: with `at_least`, what the total must reach
    (an advance: "At least 75,000.00", what is short); otherwise the difference from it."""

    def __init__(
        self,
        denominations: Sequence[int],
        *,
        drop: bool = False,
        expected: int | None = None,
        at_least: bool = False,
        counts: Mapping[int, int] | None = None,
        on_done: Callable[[dict[int, int], int], object] | None = None,
    ):
        super().__init__()
        if not denominations or any(d <= 0 for d in denominations):
            raise ValueError(f"a count sheet needs positive denominations, not {denominations}")
        self.denominations = list(dict.fromkeys(denominations))
        self._counts = {d: 0 for d in self.denominations}
        self._counts.update({d: n for d, n in (counts or {}).items() if d in self._counts})
        self._drop_units = 0
        self.rows: list[Row] = [*self.denominations, *([DROP] if drop else [])]
        self.expected, self.at_least, self.on_done = expected, at_least, on_done
        self.digits = DigitPad(self._next, show_value=False, min_digits=0, on_change=self._typed)
        self.selected: Row = self.rows[0]
        self.select(self.rows[0])

    def counts(self) -> dict[int, int]:
        """Chips counted of each denomination."""
        return dict(self._counts)

    @property
    def drop(self) -> int:
        """The cash drop, in minor units."""
        return self._drop_units * UNIT

    @property
    def total(self) -> int:
        """The chips' value and the cash drop, in minor units."""
        return sum(d * n for d, n in self._counts.items()) + self.drop

    def _held(self, row: Row) -> int:
        return self._drop_units if row == DROP else self._counts[int(row)]

    def select(self, row: Row) -> None:
        """Type into `row`: its count shown, replaced by the first digit typed."""
        self.selected = row
        held = self._held(row)
        most = DROP_DIGITS if row == DROP else COUNT_DIGITS
        self.digits.max_digits = max(most, len(str(held)))
        self.digits.set(str(held) if held else "", overwrite=True)

    def _typed(self, digits: str) -> None:
        n = int(digits or 0)
        if self.selected == DROP:
            self._drop_units = n
        else:
            self._counts[int(self.selected)] = n

    def _next(self, _digits: str) -> None:
        index = self.rows.index(self.selected)
        if index + 1 < len(self.rows):
            self.select(self.rows[index + 1])
        elif self.on_done is not None:
            self.on_done(self.counts(), self.drop)

    def _areas(self, rect: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """The rows, the total, the digit pad."""
        right_w = max(240, rect.w * 42 // 100)
        gap = max(10, rect.w // 60)
        rows = pygame.Rect(rect.x, rect.y, rect.w - right_w - gap, rect.h)
        total_h = min(rect.h * 3 // 10, rect.h - gap - keys_height(right_w))
        total = pygame.Rect(rows.right + gap, rect.y, right_w, total_h)
        pad = pygame.Rect(total.x, total.bottom + gap, right_w, rect.h - total_h - gap)
        return rows, total, pad

    def _row_rects(self, area: pygame.Rect) -> list[pygame.Rect]:
        n, gap = len(self.rows), 6
        columns = 1 if (area.h - gap * (n - 1)) // n >= ROW else 2
        per_column = -(-n // columns)
        cells = kit.grid(area, columns, per_column, gap=gap)
        # column by column: the denominations read down, then on in the next column
        return [cells[(i % per_column) * columns + i // per_column] for i in range(n)]

    def layout(self, rect: pygame.Rect, texts: Texts) -> list[Key]:
        rows, _, pad = self._areas(rect)
        keys = [
            key(
                cell,
                "",
                partial(self.select, row),
                f"row:{row}",
                colour=kit.PANEL,
                face=partial(self._paint_row, row=row, texts=texts),
                selected=row == self.selected,
            )
            for cell, row in zip(self._row_rects(rows), self.rows)
        ]
        return keys + self.digits.layout(pad, texts)

    def _paint_row(
        self, surface: pygame.Surface, rect: pygame.Rect, row: Row, texts: Texts
    ) -> None:
        """A row: its denomination and count, its subtotal; one line when the row is wide, two
        (the subtotal under the count) when it is not."""
        inner = rect.inflate(-24, -8)
        held = self._held(row)
        if row == DROP:
            name, count, subtotal = texts("pads_drop"), "", texts.money(self.drop)
        else:
            value = int(row)
            name, count, subtotal = (
                texts.money(value),
                f"× {held}",
                f"= {texts.money(value * held)}",
            )
        colour = kit.ACCENT if row == self.selected else (kit.TEXT if held else kit.DIM)
        wide = inner.w >= 330
        line_h = inner.h if wide else inner.h // 2
        # as tall as the row allows, the denomination no wider than two fifths of it
        small = fitting_size(name, size_within(line_h * 0.62), inner.w * 2 // 5, 12)
        big = size_within(line_h * (0.8 if wide else 1.0))
        name_w = kit.font(small).size(name)[0]
        top = pygame.Rect(inner.x, inner.y, inner.w, line_h)
        bottom = pygame.Rect(inner.x, inner.bottom - line_h, inner.w, line_h)
        _line(surface, name, top, small, kit.TEXT, "left")
        if wide:
            if count:
                count_area = pygame.Rect(
                    inner.x + name_w, inner.y, inner.w * 11 // 20 - name_w, line_h
                )
                _line(surface, count, count_area, big, colour, "right")
                _line(surface, subtotal, bottom, small, kit.DIM, "right", inner.w * 2 // 5)
            else:
                _line(surface, subtotal, bottom, big, colour, "right", inner.w - name_w - 16)
            return
        if count:
            count_area = pygame.Rect(inner.x + name_w + 8, inner.y, inner.w - name_w - 8, line_h)
            _line(surface, count, count_area, big, colour, "right")
            _line(surface, subtotal, bottom, small, kit.DIM, "right")
        else:
            _line(surface, subtotal, bottom, big, colour, "right")

    def paint(self, surface: pygame.Surface, rect: pygame.Rect, texts: Texts) -> None:
        _, box, _ = self._areas(rect)
        kit.panel(surface, box, kit.BACKGROUND)
        inner = box.inflate(-20, -10)
        label_h = inner.h // 4
        label = size_within(label_h * 0.8)
        top = pygame.Rect(inner.x, inner.y, inner.w, label_h)
        bottom = pygame.Rect(inner.x, inner.bottom - label_h, inner.w, label_h)
        middle = pygame.Rect(inner.x, top.bottom, inner.w, bottom.y - top.bottom)
        total_w = kit.font(label).size(texts("pads_total"))[0]
        _line(surface, texts("pads_total"), top, label, kit.DIM, "left")
        amount = texts.money(self.total)
        _line(surface, amount, middle, size_within(middle.h * 1.05), kit.ACCENT, "right")
        if self.expected is None:
            return
        if self.at_least:
            short = self.expected - self.total
            reference = texts("pads_at_least", amount=texts.money(self.expected))
            verdict, colour = (
                (texts("pads_short", amount=texts.money(short)), kit.BAD)
                if short > 0
                else ("✓", kit.GOOD)
            )
        else:
            difference = self.total - self.expected
            reference = texts("pads_expected", amount=texts.money(self.expected))
            verdict = texts("pads_difference", amount=texts.money(difference, signed=True))
            colour = kit.GOOD if difference == 0 else kit.WARNING
        _line(surface, verdict, top, label, colour, "right", inner.w - total_w - 16)
        _line(surface, reference, bottom, label, kit.TEXT, "left")


def _line(
    surface: pygame.Surface,
    string: str,
    area: pygame.Rect,
    size: int,
    colour: tuple[int, int, int],
    align: str,
    width: int | None = None,
) -> None:
    """`string` in one line of `area`, centred in its height, at `size` or less so that it fits
    `width` (the area's, unless told)."""
    width = area.w if width is None else width
    while size > 12 and kit.font(size).size(string)[0] > width:
        size -= 2
    top = area.centery - kit.font(size).get_height() // 2
    x = area.right if align == "right" else area.x
    kit.text(surface, string, (x, top), size=size, colour=colour, align=align, width=width)
