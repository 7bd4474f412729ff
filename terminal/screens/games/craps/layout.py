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

Geometry and drawing only: what a tap does is the view's (view.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

import pygame

from games.craps.dice import POINTS
from terminal.common.draw import fitting_size
from terminal.screens import kit
from terminal.screens.texts import Texts

RGB = tuple[int, int, int]
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
DARK_FELT = (0, 62, 34)  # the Don't bars
LIT = (0, 132, 74)  # a field whose bets the last roll won
BAR = (12, 40, 26)
CHIP = (236, 230, 214)  # a value chip, ivory
CHIP_SPOTS = (0, 84, 160)
INK = (20, 20, 22)
PUCK_ON = (246, 246, 240)
PUCK_OFF = (18, 18, 20)


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
        self._background: pygame.Surface | None = None
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

    # -- drawing -----------------------------------------------------------------------------
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

    def background(self) -> pygame.Surface:
        """The layout without chips, painted once for its rect."""
        if self._background is None:
            whole = pygame.Surface((self.rect.right, self.rect.bottom))
            whole.fill(kit.BACKGROUND)
            for name in self.fields:
                self._paint_field(whole, self.spots[name], lit=False)
            for box in self.numbers.values():
                self._paint_number(whole, box, lit=False, point=False)
            self._background = whole.subsurface(self.rect).copy()
            if pygame.display.get_init() and pygame.display.get_surface() is not None:
                self._background = self._background.convert()
        return self._background

    def _pad(self) -> int:
        return max(3, int(5 * self.s))

    def label_lines(self, spot: Spot) -> tuple[int, tuple[str, ...]]:
        """The size and the lines a field's name is printed in: one line, or its two words
        one above the other where that prints them larger in a narrow field."""
        if spot.name not in self._labels:
            self._labels[spot.name] = self._label_lines(spot.name, spot.rect.w, spot.rect.h)
        return self._labels[spot.name]

    def _label_lines(self, name: str, w: int, h: int) -> tuple[int, tuple[str, ...]]:
        label, _ = self.label(name)
        width = w - 2 * self._pad()
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

    def _paint_field(self, surface: pygame.Surface, spot: Spot, lit: bool) -> None:
        s, rect, pad = self.s, spot.rect, self._pad()
        dont = spot.name in ("dontpass", "dontcome", "odds:dontpass")
        colour = LIT if lit else DARK_FELT if dont else kit.FELT
        radius = max(3, int(5 * s))
        pygame.draw.rect(surface, colour, rect, border_radius=radius)
        edge = kit.ACCENT if lit else kit.FELT_LINE
        pygame.draw.rect(surface, edge, rect, width=max(1, int(2 * s)), border_radius=radius)
        size, lines = self.label_lines(spot)
        step = kit.font(size).get_linesize()
        end = rect.x
        for n, line in enumerate(lines):
            end = kit.text(
                surface,
                kit.fit(line, size, rect.w - 2 * pad),
                (rect.x + pad, rect.y + pad // 2 + n * step),
                size=size,
            ).right
        _, under = self.label(spot.name)
        if under:  # the Field's numbers, beside its name where they fit, else left out
            small = max(12, int(size * 0.75))
            face = kit.font(small)
            if end + pad + face.size(under)[0] <= rect.right - pad:
                top = rect.y + pad // 2 + kit.font(size).get_ascent() - face.get_ascent()
                kit.text(surface, under, (end + pad, top), size=small, colour=kit.FELT_LINE)

    def _paint_number(
        self, surface: pygame.Surface, box: NumberBox, *, lit: bool, point: bool
    ) -> None:
        """A number's box: its Don't Come bar, the number (lit when just thrown; with the puck
        beside it when it is the point), its rows' tags."""
        s = self.s
        radius = max(3, int(5 * s))
        pygame.draw.rect(surface, kit.FELT, box.rect, border_radius=radius)
        bar = box.rows["dontcome"]
        pygame.draw.rect(
            surface, DARK_FELT, bar, border_top_left_radius=radius, border_top_right_radius=radius
        )
        if lit:
            pygame.draw.rect(surface, LIT, box.head)
        line = max(1, int(s))
        for row in ("place", "lay"):
            y = box.rows[row].y
            pygame.draw.line(surface, BAR, (box.rect.x + 2, y), (box.rect.right - 3, y), line)
        for y in (box.head.y, box.head.bottom):
            pygame.draw.line(surface, kit.FELT_LINE, (box.rect.x, y), (box.rect.right - 1, y), line)
        edge = kit.ACCENT if lit else kit.FELT_LINE
        pygame.draw.rect(surface, edge, box.rect, width=max(1, int(2 * s)), border_radius=radius)
        label = str(box.number)
        head = box.head
        if point:  # the puck on the right, the number in what is left
            puck_r = self.puck_radius(head)
            self.puck(surface, (head.right - puck_r - 3, head.centery), puck_r, on=True)
            head = pygame.Rect(head.x, head.y, head.w - 2 * puck_r - 6, head.h)
        size = fitting_size(label, int(head.h / 0.6875 * 0.9), head.w - 6, 12)
        face = kit.font(size)
        kit.text(
            surface,
            label,
            (head.centerx, head.centery - face.get_height() // 2),
            size=size,
            align="center",
        )
        tag_size = self.tag_size(box)
        for row in ROWS:
            cell = box.rows[row]
            kit.text(
                surface,
                self.texts(f"craps_row_{row}"),
                (cell.x + max(2, int(3 * s)), cell.centery - kit.font(tag_size).get_height() // 2),
                size=tag_size,
                colour=kit.FELT_LINE if row != "dontcome" else kit.DIM,
            )

    def puck_radius(self, head: pygame.Rect) -> int:
        return max(8, min(head.h // 2 - 3, head.w // 5))

    def tag_size(self, box: NumberBox) -> int:
        h = box.rows["come"].h
        return max(12, min(int(18 * self.s), int(h * 0.8 / 0.6875)))

    def tag_width(self, box: NumberBox) -> int:
        return kit.font(self.tag_size(box)).size("DC")[0] + max(4, int(5 * self.s))

    def draw(
        self,
        surface: pygame.Surface,
        stakes: Mapping[str, Sequence[Token]],
        *,
        point: int | None,
        lit: frozenset[str] = frozenset(),
        thrown: int | None = None,
        refused: str | None = None,
        owed: bool = False,
        notes: Mapping[str, str] | None = None,
    ) -> None:
        """The layout with `stakes` (spot name -> its tokens), the puck on `point`, the fields
        `lit` (the bets the last roll won, spot names), the box of the total `thrown` lit, the
        bet just `refused` outlined in red, the line bets `owed` by the shooter outlined in
        amber, and `notes` (spot name -> a short line: an odds bet's limit) in its field."""
        surface.blit(self.background(), self.rect)
        for name in lit:
            if name in self.fields:
                self._paint_field(surface, self.spots[name], lit=True)
        for box in self.numbers.values():
            if box.number in (thrown, point):
                self._paint_number(
                    surface, box, lit=box.number == thrown, point=box.number == point
                )
        for name, text in (notes or {}).items():
            if name in self.fields:
                self._note(surface, self.spots[name], text)
        for name, tokens in stakes.items():
            if tokens:
                self._tokens(surface, name, tokens)
        if owed:
            for name in ("pass", "dontpass"):
                self._outline(surface, self.spots[name].rect, kit.ACCENT)
        if refused is not None:
            try:
                rect, _ = self.chips_spot(refused)
            except KeyError:
                return
            self._outline(surface, rect, kit.BAD)

    def _outline(self, surface: pygame.Surface, rect: pygame.Rect, colour: RGB) -> None:
        width = max(3, int(3 * self.s))
        pygame.draw.rect(surface, kit.TEXT, rect, width=width + 2, border_radius=4)
        pygame.draw.rect(surface, colour, rect.inflate(-2, -2), width=width, border_radius=4)

    def _note(self, surface: pygame.Surface, spot: Spot, text: str) -> None:
        """A short line at the right of a field, under its name (an odds bet's room)."""
        size, _ = self.label_lines(spot)
        small = max(12, int(size * 0.75))
        rect, pad = spot.rect, self._pad()
        kit.text(
            surface,
            kit.fit(text, small, rect.w - 2 * pad),
            (rect.right - pad, rect.y + pad // 2 + self.label_height(spot)),
            size=small,
            colour=kit.ACCENT,
            align="right",
        )

    def puck(self, surface: pygame.Surface, centre: tuple[int, int], radius: int, on: bool) -> None:
        """The puck ("la placa"): white ON on the point, black OFF on a come-out."""
        fill, ink = (PUCK_ON, INK) if on else (PUCK_OFF, kit.TEXT)
        pygame.draw.circle(surface, kit.ACCENT if on else kit.PANEL_EDGE, centre, radius + 2)
        pygame.draw.circle(surface, fill, centre, radius)
        label = self.texts("craps_puck_on" if on else "craps_puck_off")
        size = fitting_size(label, max(12, int(radius / 0.6875)), int(radius * 1.6), 8)
        face = kit.font(size)
        kit.text(
            surface,
            label,
            (centre[0], centre[1] - face.get_height() // 2),
            size=size,
            colour=ink,
            align="center",
        )

    # -- chips -------------------------------------------------------------------------------
    def _tokens(self, surface: pygame.Surface, name: str, tokens: Sequence[Token]) -> None:
        if name.startswith("number:"):
            return
        rect, row = self.chips_spot(name)
        pad = self._pad()
        if row:
            box = self.numbers[int(name.rsplit(":", 1)[1])]
            tag_w = self.tag_width(box)
            area = pygame.Rect(rect.x + tag_w, rect.y + 1, rect.w - tag_w - 3, rect.h - 2)
        else:
            spot = self.spots[name]
            label_h = self.label_height(spot)
            area = pygame.Rect(
                rect.x + pad, rect.y + label_h, rect.w - 2 * pad, rect.h - label_h - 2
            )
            if area.h < 16:  # no room under the name: beside it
                size, lines = self.label_lines(spot)
                name_w = max(kit.font(size).size(line)[0] for line in lines)
                area = pygame.Rect(
                    rect.x + 2 * pad + name_w, rect.y + 2, rect.w - name_w - 3 * pad, rect.h - 4
                )
        self.flow(surface, area, tokens)

    def chip_radius(self, area: pygame.Rect) -> int:
        return min(area.h // 2 - 1, int(12 * self.s))

    def flow(self, surface: pygame.Surface, area: pygame.Rect, tokens: Sequence[Token]) -> None:
        """Each seat's chips as a disc bearing the seat's number and its amount beside it
        (its odds after a "+"), left to right, as many rows as `area` holds, "+n" for the seats
        left over; where a disc would be too small to read (a number's row at 800x480), the
        seat and its amount as text, or the total."""
        if area.w <= 0 or area.h <= 0:
            return
        radius = self.chip_radius(area)
        if radius < 8:
            self._as_text(surface, area, tokens)
            return
        size = max(12, min(int(radius * 2 / 0.6875 * 0.85), int(20 * self.s)))
        face = kit.font(size)
        space = max(4, int(6 * self.s))
        line_h = 2 * radius + 2
        lines = max(1, (area.h + 1) // line_h)
        top = area.y + (area.h - line_h * lines) // 2
        widths = [2 * radius + 3 + face.size(_said(t, self.texts))[0] for t in tokens]
        placed = _placed(widths, area.w, lines, space, lambda n: face.size(f"+{n}")[0])
        if placed is None:  # not even one seat's chips fit: said as text
            self._as_text(surface, area, tokens)
            return
        spots, rest = placed
        for token, (x, line) in zip(tokens, spots):
            x, y = area.x + x, top + line * line_h
            self._chip(surface, (x + radius, y + radius + 1), radius, token.seat)
            kit.text(
                surface,
                _said(token, self.texts),
                (x + 2 * radius + 3, y + radius + 1 - face.get_height() // 2),
                size=size,
            )
        if rest is not None:
            x, line = rest
            y = top + line * line_h + radius + 1 - face.get_height() // 2
            kit.text(
                surface,
                f"+{len(tokens) - len(spots)}",
                (area.x + x, y),
                size=size,
                colour=kit.ACCENT,
            )

    def _as_text(self, surface: pygame.Surface, area: pygame.Rect, tokens: Sequence[Token]) -> None:
        """The chips of a spot too small for discs: "S3 5+4" for one seat, else the total and
        how many seats ("10 ×2")."""
        largest = max(12, int(area.h / 0.6875 * 0.95))
        if len(tokens) == 1:
            said = f"{self.texts('seat_short', n=tokens[0].seat)} {_said(tokens[0], self.texts)}"
            size = fitting_size(said, largest, area.w, 16)
            if kit.font(size).size(said)[0] <= area.w:
                self._text_in(surface, area, said, size)
                return
        total = Token(0, sum(t.amount for t in tokens), sum(t.odds for t in tokens))
        said = _said(total, self.texts) + (f" ×{len(tokens)}" if len(tokens) > 1 else "")
        self._text_in(surface, area, said, fitting_size(said, largest, area.w, 10))

    def _text_in(self, surface: pygame.Surface, area: pygame.Rect, said: str, size: int) -> None:
        face = kit.font(size)
        kit.text(
            surface,
            kit.fit(said, size, area.w),
            (area.x, area.centery - face.get_height() // 2),
            size=size,
            colour=kit.ACCENT,
        )

    def _chip(self, surface: pygame.Surface, centre: tuple[int, int], radius: int, seat: int):
        pygame.draw.circle(surface, INK, centre, radius + 1)
        pygame.draw.circle(surface, CHIP, centre, radius)
        pygame.draw.circle(surface, CHIP_SPOTS, centre, radius, width=max(2, radius // 4))
        label = str(seat)
        size = fitting_size(label, max(10, int(radius * 1.3 / 0.6875)), int(radius * 1.5), 8)
        face = kit.font(size)
        kit.text(
            surface,
            label,
            (centre[0], centre[1] - face.get_height() // 2),
            size=size,
            colour=INK,
            align="center",
        )


def _placed(
    widths: Sequence[int], room: int, lines: int, space: int, more: Callable[[int], int]
) -> tuple[list[tuple[int, int]], tuple[int, int] | None] | None:
    """Where tokens of `widths` go, left to right on up to `lines` lines of `room` pixels:
    each token's (x, line), and where the "+n" of the tokens left over goes (None: all fit);
    None when not even the first fits."""
    spots: list[tuple[int, int]] = []
    x = line = 0
    for w in widths:
        if x and x + w > room:
            x, line = 0, line + 1
        if line >= lines or w > room:
            break
        spots.append((x, line))
        x += w + space
    if len(spots) == len(widths):
        return spots, None
    # some are left over: room for their "+n" after the last shown, dropping the last if not
    while spots:
        left = len(widths) - len(spots)
        x, line = spots[-1]
        end = x + widths[len(spots) - 1] + space
        if end + more(left) <= room:
            return spots, (end, line)
        if line + 1 < lines and more(left) <= room:
            return spots, (0, line + 1)
        spots.pop()
    return None


def _said(token: Token, texts: Texts) -> str:
    """A token's stake (and its odds) as its chips say them: "10", "10+20"."""
    stake = texts.money(token.amount, short=True)
    return stake + (f"+{texts.money(token.odds, short=True)}" if token.odds else "")
