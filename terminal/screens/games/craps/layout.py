"""The craps layout on the croupier's screen as the boxman and the stickman know it (section 09
IV.1): the six number boxes across the top, each with its Don't Come bar above the number and
its rows for the come bets travelled onto it (with their odds), the Right (place) and Wrong
(lay) bets; under them Come and Don't Come, the Field, Big 6 and Big 8, Under and Over 7,
Don't Win and Win with their odds ("sorts associades") beside them; and the stickman's centre:
the hard ways, the 7, the craps, the 11 and the horn.

A field of the layout is a `Spot`: where a bet's chips sit and what a tap there bets. A come bet
that travelled (`come:6`) sits on its number's come row with its odds (`odds:come:6`) beside it,
and a tap on that row takes odds on it; `spot_of(code)` says where any code's chips sit. Where a
number box's rows are too small for a finger (800x480), the box is one target that opens the
number's bets, each large (`direct` is False).

Geometry and where the fields' names go only: the layout is painted by felt.py, the seats'
chips by chips.py, and what a tap does is the view's (view.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from games.craps.dice import POINTS
from terminal.common.draw import fitting_size
from terminal.screens import kit
from terminal.screens.texts import Texts

ROWS = ("dontcome", "come", "place", "lay")  # a number box's rows (the Don't Come bar on top)
# the stickman's centre as the layout has it: hard 6 and 10, hard 8 and 4, then the one-roll bets
CENTRE = (
    ("hard:6", "hard:10"),
    ("hard:8", "hard:4"),
    ("any7",),
    ("craps:2", "craps:3", "craps:12"),
    ("yo11", "anycraps", "horn"),
)
# the main layout's rows under the numbers: (code, share of the row's width)
MAIN = (
    (("come", 0.64), ("dontcome", 0.36)),
    (("field", 0.5), ("big6", 0.25), ("big8", 0.25)),
    (("under7", 0.22), ("over7", 0.22), ("dontpass", 0.32), ("odds:dontpass", 0.24)),
    (("pass", 0.72), ("odds:pass", 0.28)),
)


def spot_of(code: str) -> str:
    """The spot whose chips include `code`'s: a come bet's odds sit on its come bet."""
    if code.startswith("odds:come:") or code.startswith("odds:dontcome:"):
        return code.removeprefix("odds:")
    return code


def odds_code(code: str) -> str | None:
    """The odds code that sits beside the line bet `code` (pass, dontpass, come:N,
    dontcome:N), None for every other."""
    if code in ("pass", "dontpass") or code.split(":")[0] in ("come", "dontcome") and ":" in code:
        return f"odds:{code}"
    return None


@dataclass(frozen=True)
class Spot:
    """A field of the layout: `name` (a code, or `number:N` for a number's box), where it is,
    the bets whose chips sit on it, and the code a tap on it bets (None: it opens the number's
    bets)."""

    name: str
    rect: pygame.Rect
    codes: tuple[str, ...]
    bet: str | None


@dataclass(frozen=True)
class Token:
    """One seat's chips on a spot: its stake on the spot's bet and, on a line bet's row, its
    odds beside it."""

    seat: int
    amount: int
    odds: int = 0


@dataclass
class NumberBox:
    number: int
    rect: pygame.Rect
    head: pygame.Rect  # the number itself, where the puck goes
    rows: dict[str, pygame.Rect] = field(default_factory=dict)


def _number_codes(n: int) -> dict[str, tuple[str, ...]]:
    return {
        "dontcome": (f"dontcome:{n}", f"odds:dontcome:{n}"),
        "come": (f"come:{n}", f"odds:come:{n}"),
        "place": (f"place:{n}",),
        "lay": (f"lay:{n}",),
    }


def _row_bet(row: str, n: int) -> str:
    return f"odds:{row}:{n}" if row in ("dontcome", "come") else f"{row}:{n}"


class CrapsLayout:
    """The layout laid out on `rect` at the display's scale `s`."""

    def __init__(self, rect: pygame.Rect, s: float, texts: Texts):
        self.rect = pygame.Rect(rect)
        self.s, self.texts = s, texts
        self.gap = max(3, int(4 * s))
        self.spots: dict[str, Spot] = {}
        self.fields: list[str] = []  # the spots that are a field of their own (not a number's)
        self.numbers: dict[int, NumberBox] = {}
        self.direct = False  # whether a number's rows take taps themselves
        self.stacked = self.rect.h > self.rect.w * 0.75  # portrait: the centre under the rest
        self._labels: dict[str, tuple[int, tuple[str, ...]]] = {}  # a field's name as printed
        self._layout()

    # -- geometry ----------------------------------------------------------------------------
    def _layout(self) -> None:
        r, g = self.rect, self.gap
        if self.stacked:
            rows = 7
            row_h = max(kit.MIN_TARGET, min(int(r.h * 0.09), (r.h - rows * g - 3 * 48) // 6))
            centre_h = 2 * row_h + g
            main = pygame.Rect(r.x, r.y, r.w, r.h - centre_h - g)
            centre = pygame.Rect(r.x, main.bottom + g, r.w, centre_h)
            self._centre_stacked(centre)
        else:
            main = pygame.Rect(r.x, r.y, int(r.w * 0.65), r.h)
            centre = pygame.Rect(main.right + g, r.y, r.right - main.right - g, r.h)
            row_h = max(kit.MIN_TARGET, min(int(r.h * 0.12), (r.h - 4 * g - 64) // 4))
            self._centre(centre)
        numbers_h = main.h - 4 * (row_h + g)
        self._numbers(pygame.Rect(main.x, main.y, main.w, numbers_h))
        y = main.y + numbers_h + g
        for row in MAIN:
            self._row(pygame.Rect(main.x, y, main.w, row_h), row)
            y += row_h + g

    def _row(self, rect: pygame.Rect, row: Sequence[tuple[str, float]]) -> None:
        x, g = rect.x, self.gap
        width = rect.w - g * (len(row) - 1)
        for n, (code, share) in enumerate(row):
            w = rect.right - x if n == len(row) - 1 else int(width * share)
            self._spot(code, pygame.Rect(x, rect.y, w, rect.h))
            x += w + g

    def _spot(self, code: str, rect: pygame.Rect) -> None:
        self.spots[code] = Spot(code, rect, (code,), code)
        self.fields.append(code)

    def _centre(self, rect: pygame.Rect) -> None:
        g = self.gap
        h = (rect.h - g * (len(CENTRE) - 1)) // len(CENTRE)
        for n, codes in enumerate(CENTRE):
            row = pygame.Rect(rect.x, rect.y + n * (h + g), rect.w, h)
            for cell, code in zip(kit.grid(row, len(codes), 1, g), codes):
                self._spot(code, cell)

    def _centre_stacked(self, rect: pygame.Rect) -> None:
        rows = (
            ("hard:6", "hard:10", "hard:8", "hard:4", "any7", "horn"),
            ("craps:2", "craps:3", "craps:12", "yo11", "anycraps"),
        )
        for row, codes in zip(kit.grid(rect, 1, 2, self.gap), rows):
            for cell, code in zip(kit.grid(row, len(codes), 1, self.gap), codes):
                self._spot(code, cell)

    def _numbers(self, rect: pygame.Rect) -> None:
        g = self.gap
        boxes = kit.grid(rect, len(POINTS), 1, g)
        head_h = max(int(26 * self.s), min(int(rect.h * 0.26), int(56 * self.s)))
        row_h = (rect.h - head_h) // len(ROWS)
        self.direct = min(row_h, boxes[0].w) >= kit.MIN_TARGET
        for n, box in zip(POINTS, boxes):
            rows: dict[str, pygame.Rect] = {}
            y = box.y
            for row in ROWS:
                if row == "come":  # the number comes between the Don't Come bar and the rest
                    y += head_h
                rows[row] = pygame.Rect(box.x, y, box.w, row_h)
                y += row_h
            head = pygame.Rect(box.x, box.y + row_h, box.w, head_h)
            self.numbers[n] = NumberBox(n, box, head, rows)
            codes = _number_codes(n)
            everything = tuple(c for row in ROWS for c in codes[row])
            self.spots[f"number:{n}"] = Spot(f"number:{n}", box, everything, None)
            if self.direct:
                for row in ROWS:
                    self.spots[codes[row][0]] = Spot(
                        codes[row][0], rows[row], codes[row], _row_bet(row, n)
                    )

    # -- taps --------------------------------------------------------------------------------
    def spot_at(self, pos: tuple[int, int]) -> Spot | None:
        """The spot a finger at `pos` is on: a number's row before the number's box."""
        hits = [spot for spot in self.spots.values() if spot.rect.collidepoint(pos)]
        rows = [spot for spot in hits if not spot.name.startswith("number:")]
        found = rows or hits
        return found[0] if found else None

    def centre_of(self, name: str) -> tuple[int, int]:
        """Where a finger taps the spot `name`: a number's box on the number itself."""
        if name.startswith("number:"):
            return self.numbers[int(name.split(":")[1])].head.center
        return self.spots[name].rect.center

    def spot_for(self, code: str) -> Spot:
        """Where a tap bets `code` (or opens the number it is on): KeyError if nowhere."""
        for spot in self.spots.values():
            if spot.bet == code:
                return spot
        name = spot_of(code)
        number = name.rsplit(":", 1)[-1]
        if name.split(":")[0] in ROWS and f"number:{number}" in self.spots:
            return self.spots[f"number:{number}"]
        raise KeyError(f"no spot of the layout takes {code!r}")

    def chips_spot(self, code: str) -> tuple[pygame.Rect, bool]:
        """Where `code`'s chips are drawn, and whether it is a number's row."""
        name = spot_of(code)
        kind, _, number = name.rpartition(":")
        if kind in ROWS and number.isdigit() and int(number) in self.numbers:
            return self.numbers[int(number)].rows[kind], True
        return self.spots[name].rect, False

    # -- where the names go -----------------------------------------------------------------
    def label(self, code: str) -> tuple[str, str]:
        """The field's name and what it shows under it (the Field's numbers), as printed."""
        t = self.texts
        family, _, n = code.partition(":")
        if code == "field":
            return t("craps_field"), t("craps_field_numbers")
        if code in ("big6", "big8"):
            return t("craps_big", n=code[3:]), ""
        if family in ("hard", "craps"):
            return t(f"craps_{family}", n=n), ""
        if family == "odds":
            return t("craps_odds"), ""
        return t(f"craps_{code}"), ""

    def pad(self) -> int:
        """The room inside a field's edge, around its name and its chips."""
        return max(3, int(5 * self.s))

    def label_lines(self, spot: Spot) -> tuple[int, tuple[str, ...]]:
        """The size and the lines a field's name is printed in: one line, or its two words
        one above the other where that prints them larger in a narrow field."""
        if spot.name not in self._labels:
            self._labels[spot.name] = self._label_lines(spot.name, spot.rect.w, spot.rect.h)
        return self._labels[spot.name]

    def _label_lines(self, name: str, w: int, h: int) -> tuple[int, tuple[str, ...]]:
        label, _ = self.label(name)
        width = w - 2 * self.pad()
        largest = max(14, min(int(22 * self.s), int(h * 0.42 / 0.6875)))
        size = fitting_size(label, largest, width, 12)
        words = label.split(" ")
        if size >= largest * 0.85 or len(words) < 2:
            return size, (label,)
        splits = [
            (" ".join(words[:n]), " ".join(words[n:])) for n in range(1, len(words))
        ]  # the name on two lines, broken at each of its spaces: the largest print wins
        two, lines = max(
            (min(fitting_size(line, largest, width, 12) for line in split), split)
            for split in splits
        )
        room = h - 2 * kit.font(two).get_linesize() - 2
        if two > size and room >= 14:
            return two, lines
        return size, (label,)

    def label_height(self, spot: Spot) -> int:
        size, lines = self.label_lines(spot)
        return kit.font(size).get_linesize() * len(lines)

    def tag_size(self, box: NumberBox) -> int:
        h = box.rows["come"].h
        return max(12, min(int(18 * self.s), int(h * 0.8 / 0.6875)))

    def tag_width(self, box: NumberBox) -> int:
        return kit.font(self.tag_size(box)).size("DC")[0] + max(4, int(5 * self.s))
