"""The single-zero roulette cloth, laid out as croupiers know it (both roulettes, 01 and 02).

Horizontal: 0 at the left spanning the three rows, 1-36 in twelve columns of three with 3, 6, 9
... on top, the three column bets ("2 to 1") at the right end, the dozens below the numbers and
the even chances below them: 1-18, even, red, black, odd, 19-36.

A chip sits where it would on the felt: in the middle of a number (straight), on the line
between two numbers (split), on the outer edge of a row of three, the line between the numbers
and the dozens (street), at the crossing of four numbers (corner), on that outer edge where two
rows meet (six-line); on the line between 0 and the first row (0-1, 0-2, 0-3), at its
crossings (0-1-2, 0-2-3) and where it meets the outer edge (0-1-2-3); on the line between two
column boxes (two columns) or two dozen boxes (two dozens).

A line's zone reaches `EDGE` of a number cell's smaller side (its width) each side of it, so
a straight number keeps the middle 56% of its cell's width, more of its height. Splits, streets
and corners are then tapped with some precision: their zones are the outer 22% of a cell.
Twelve columns across the cloth bound a number's width: at 560 px wide a cell is about 38 px,
its straight zone 22 x 42 px (`straight_target()` 22, under kit.MIN_TARGET); finger-sized
straight zones take a cloth of about 1,200 px (cells of 86 px), as at 1300x720. The column,
dozen and even-chance boxes are a finger's size (kit.MIN_TARGET) at any size: a tap bets on them
at once.
"""

from __future__ import annotations

import pygame

from games.roulette import layout
from terminal.screens import kit
from terminal.screens.cloths.base import Cloth, centred, diamond, size_for

ZERO_W = 0.9  # the zero's width, in number cells
COLUMN_W = 0.95  # the "2 to 1" boxes' width
DOZEN_H = 0.75  # the dozens' row, in number rows
CHANCE_H = 0.85  # the even chances' row
TALLEST = 1.5  # a number cell is at most this many times as tall as it is wide
NUMBER_TEXT = 32  # a number's middle, in hundredths of its cell's height from the top
NUMBER_CHIPS = 68  # the middle of its chips
EDGE = 0.22  # a line's zone on each side of it, as a share of a number cell's smaller side
CHANCES = ("low", "even", "red", "black", "odd", "high")
LABELS = {"low": "cloth_low", "even": "cloth_even", "odd": "cloth_odd", "high": "cloth_high"}
RANGES = {"low": "1-18", "high": "19-36"}


def _number(j: int, i: int) -> int:
    """The number in column `j` (0-11, from the zero) and row `i` (0 on top: 3, 6, 9 ...)."""
    return 3 * j + 3 - i


def _place(n: int) -> tuple[int, int]:
    """Column and row of number `n` (1-36)."""
    return (n - 1) // 3, 2 - (n - 1) % 3


def _join(*numbers: int) -> str:
    return "-".join(map(str, sorted(numbers)))


class RouletteCloth(Cloth):
    def layout(self) -> None:
        margin = max(2, min(self.rect.w, self.rect.h) // 100)
        inner = self.rect.inflate(-2 * margin, -2 * margin)
        # the outside bets' boxes are a finger's size at least (kit.MIN_TARGET), the numbers
        # share what is left
        kw = max(kit.MIN_TARGET, round(COLUMN_W * inner.w / (12 + ZERO_W + COLUMN_W)))
        c = int((inner.w - kw) / (12 + ZERO_W))
        r = min(int(inner.h / (3 + DOZEN_H + CHANCE_H)), int(c * TALLEST))
        d, e = (max(kit.MIN_TARGET, round(share * r)) for share in (DOZEN_H, CHANCE_H))
        r = min(r, (inner.h - d - e) // 3)
        self.c, self.r = c, r
        self.zw, self.kw = round(ZERO_W * c), kw
        self.d, self.e = d, e
        width = self.zw + 12 * c + self.kw
        height = 3 * r + self.d + self.e
        self.x0 = inner.x + (inner.w - width) // 2 + self.zw
        self.y0 = inner.y + (inner.h - height) // 2
        self.band = max(2, round(EDGE * min(c, r)))
        x0, y0 = self.x0, self.y0
        boxes = self.boxes
        boxes["straight:0"] = pygame.Rect(x0 - self.zw, y0, self.zw, 3 * r)
        for n in range(1, 37):
            j, i = _place(n)
            boxes[f"straight:{n}"] = pygame.Rect(x0 + j * c, y0 + i * r, c, r)
        for k in (1, 2, 3):
            boxes[f"column:{k}"] = pygame.Rect(x0 + 12 * c, y0 + (3 - k) * r, self.kw, r)
            boxes[f"dozen:{k}"] = pygame.Rect(x0 + (k - 1) * 4 * c, y0 + 3 * r, 4 * c, self.d)
        for k, chance in enumerate(CHANCES):
            boxes[chance] = pygame.Rect(x0 + k * 2 * c, y0 + 3 * r + self.d, 2 * c, self.e)
        self.red = frozenset(getattr(self.rules, "red", layout.RED))

    # --- taps -------------------------------------------------------------------------------
    def code_at(self, pos: tuple[int, int]) -> str | None:
        if not self.rect.collidepoint(pos):
            return None
        c, r, band = self.c, self.r, self.band
        u, v = pos[0] - self.x0, pos[1] - self.y0
        if v < 0:
            return None
        n, m = round(u / c), round(v / r)  # the nearest vertical and horizontal lines
        near_v = abs(u - n * c) <= band
        near_h = abs(v - m * r) <= band
        if u >= 12 * c:  # the column boxes
            if v >= 3 * r or u >= 12 * c + self.kw:
                return None
            if near_h and m in (1, 2):
                return f"columns:{3 - m}-{4 - m}"
            return f"column:{3 - v // r}"
        if v < 3 * r + band:  # the numbers, their lines and the outer edge below them
            if u < -band:
                return "straight:0" if u >= -self.zw and v < 3 * r else None
            if near_v and n == 0:  # the line between 0 and the first row
                if near_h and m == 3:
                    return "corner:0-1-2-3"
                if near_h and m in (1, 2):
                    return f"street:0-{_join(3 - m, 4 - m)}"
                return f"split:0-{3 - min(2, v // r)}"
            j = u // c
            near_v = near_v and n < 12  # the outer line at 34-35-36 holds no bet
            if near_h and m == 3:
                if near_v:
                    return f"sixline:{3 * n - 2}-{3 * n + 3}"
                return f"street:{_join(3 * j + 1, 3 * j + 2, 3 * j + 3)}"
            near_h = near_h and m in (1, 2)  # the top edge holds no bet
            i = v // r
            if near_v and near_h:
                numbers = (_number(n - 1, m - 1), _number(n - 1, m), _number(n, m - 1))
                return f"corner:{_join(*numbers, _number(n, m))}"
            if near_v:
                return f"split:{_join(_number(n - 1, i), _number(n, i))}"
            if near_h:
                return f"split:{_join(_number(j, m - 1), _number(j, m))}"
            return f"straight:{_number(j, i)}"
        if u < 0:
            return None
        if v < 3 * r + self.d:
            k = round(u / (4 * c))
            if k in (1, 2) and abs(u - 4 * k * c) <= band:
                return f"dozens:{k}-{k + 1}"
            return f"dozen:{u // (4 * c) + 1}"
        if v < 3 * r + self.d + self.e:
            return CHANCES[u // (2 * c)]
        return None

    def anchor(self, code: str) -> tuple[int, int]:
        if code in self.boxes:
            box = self.boxes[code]
            if code == "straight:0":  # below the 0, clear of its line
                return (box.centerx, box.y + box.h * 3 // 4)
            if code.startswith("straight:"):  # below the number, which stays readable
                return (box.centerx, box.y + box.h * NUMBER_CHIPS // 100)
            return box.center
        if code not in self.codes:
            raise KeyError(code)
        c, r, x0, y0 = self.c, self.r, self.x0, self.y0
        family, _, named = code.partition(":")
        numbers = [int(n) for n in named.split("-")]
        bottom = y0 + 3 * r
        if family == "split":
            low, high = numbers
            if low == 0:
                return (x0, y0 + _place(high)[1] * r + r // 2)
            j, i = _place(low)
            if high - low == 3:
                return (x0 + (j + 1) * c, y0 + i * r + r // 2)
            return (x0 + j * c + c // 2, y0 + i * r)
        if family == "street":
            if numbers[0] == 0:
                return (x0, y0 + (2 if numbers[1] == 1 else 1) * r)
            return (x0 + _place(numbers[0])[0] * c + c // 2, bottom)
        if family == "corner":
            if numbers[0] == 0:
                return (x0, bottom)
            j, i = _place(numbers[0])
            return (x0 + (j + 1) * c, y0 + i * r)
        if family == "sixline":
            return (x0 + (_place(numbers[0])[0] + 1) * c, bottom)
        if family == "columns":
            return (self.boxes["column:1"].centerx, y0 + (3 - numbers[0]) * r)
        if family == "dozens":
            return (x0 + 4 * numbers[0] * c, self.boxes["dozen:1"].centery)
        raise KeyError(code)

    def prison_spot(self, code: str) -> tuple[int, int]:
        """On the chance's upper line, where a croupier sets a bet in prison."""
        box = self.boxes[code]
        return (box.centerx, box.top)

    def covers(self, code: str) -> frozenset[int]:
        return layout.covers(code)

    def straight_target(self) -> int:
        return min(self.c, self.r) - 2 * self.band

    def chip_radius(self) -> int:
        return max(6, round(0.36 * min(self.c, self.r)))

    # --- painting ---------------------------------------------------------------------------
    def _zero_points(self) -> list[tuple[int, int]]:
        box = self.boxes["straight:0"]
        point = box.x + box.w * 2 // 5
        return [
            (box.x, box.centery),
            (point, box.top),
            (box.right, box.top),
            (box.right, box.bottom),
            (point, box.bottom),
        ]

    def paint_box(self, surface: pygame.Surface, code: str, lit: bool) -> None:
        box = self.boxes[code]
        family, _, named = code.partition(":")
        if family == "straight":
            self._paint_number(surface, int(named), box, lit)
            return
        pygame.draw.rect(surface, kit.ACCENT if lit else kit.FELT, box)
        ink = kit.ACCENT_TEXT if lit else kit.FELT_LINE
        if family == "column":
            label = self.texts("cloth_column")
            size = size_for(label, box.h - 2 * self.line - 6, box.w * 2 // 5)
            image = pygame.transform.rotate(kit.font(size).render(label, True, ink), 90)
            surface.blit(image, image.get_rect(center=box.center))
        elif family == "dozen":
            label = self.texts(f"cloth_dozen_{named}")
            size = size_for(label, box.w * 3 // 5, box.h * 2 // 5)
            centred(surface, label, box.center, size, ink)
        elif code in ("red", "black"):
            fill = kit.RED if code == "red" else kit.BLACK
            diamond(surface, box.center, (box.w * 3 // 10, box.h * 3 // 10), fill)
        else:
            self._paint_chance(surface, code, box, ink)
        pygame.draw.rect(surface, kit.FELT_LINE, box, width=self.line)

    def _paint_chance(self, surface: pygame.Surface, code: str, box: pygame.Rect, ink) -> None:
        label = self.texts(LABELS[code])
        if code not in RANGES:
            size = size_for(label, box.w * 4 // 5, box.h // 3)
            centred(surface, label, box.center, size, ink)
            return
        size = size_for(label, box.w * 4 // 5, box.h * 3 // 10)
        centred(surface, label, (box.centerx, box.y + box.h * 7 // 20), size, ink)
        small = size_for(RANGES[code], box.w * 3 // 5, box.h // 5)
        centred(surface, RANGES[code], (box.centerx, box.y + box.h * 3 // 4), small, ink)

    def _paint_number(self, surface: pygame.Surface, n: int, box: pygame.Rect, lit: bool):
        colour = kit.GREEN if n == 0 else kit.RED if n in self.red else kit.BLACK
        fill, ink = (kit.ACCENT, colour) if lit else (colour, kit.TEXT)
        if n == 0:
            points = self._zero_points()
            pygame.draw.polygon(surface, fill, points)
            pygame.draw.polygon(surface, kit.FELT_LINE, points, width=self.line)
        else:
            pygame.draw.rect(surface, fill, box)
            pygame.draw.rect(surface, kit.FELT_LINE, box, width=self.line)
        size = size_for("36", self.c * 3 // 4, self.r * 3 // 10)
        middle = box.center if n == 0 else (box.centerx, box.y + box.h * NUMBER_TEXT // 100)
        centred(surface, str(n), middle, size, ink)
