"""The trente et quarante cloth as section 05 II.2 draws it: a shield of four fields, the two
large ones "negre" and "roig" on either side, the central band "color" between them and, below
it, the triangle of "invers". Each field is a target of its own (a tap bets on it) and shows
the bets on it by seat: the stake, ½ when the player takes half back on a refait, a shield when
it is insured, a padlock and the value in prison for a prisoner; after a coup, the winning
fields lit and their bets amber, the bets lost dimmed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

import pygame

from terminal.screens import kit
from terminal.screens.cloths.base import PILL, PRISON, diamond
from terminal.screens.pads.base import centred, size_for
from terminal.screens.texts import Texts

FIELDS = ("noir", "couleur", "inverse", "rouge")  # left to right, the central band's two stacked
SHIELD_MARK = (236, 190, 24)  # the insurance's plaque on the stake (section 05 V.1: "senyal")


@dataclass(frozen=True)
class Pill:
    """One seat's chips on a field. `state`: "placed" (the coup to come), "won", "lost",
    "returned" (a push: a void coup, an insured bet on a refait, a prisoner freed), "half" (half
    back on a refait), "prison" (`amount` its value now, `zeros` the refaits it met)."""

    seat: int
    amount: int | Fraction
    state: str = "placed"
    insured: bool = False
    half: bool = False  # the player's choice on a refait is half back
    zeros: int = 0


def merged(pills: Sequence[Pill]) -> list[Pill]:
    """A seat's pills of one kind on a field as one, their amounts summed, in the order the
    seats came."""
    out: dict[tuple, Pill] = {}
    for pill in pills:
        key = (pill.seat, pill.state, pill.insured, pill.half, pill.zeros)
        had = out.get(key)
        out[key] = (
            pill
            if had is None
            else Pill(
                pill.seat, had.amount + pill.amount, pill.state, pill.insured, pill.half, pill.zeros
            )
        )
    return list(out.values())


class Shield:
    """The cloth laid out on `rect` at the screen's scale `s`: `fields` maps each chance to the
    rect a tap on it takes (the triangle's the rect it stands in)."""

    def __init__(self, rect: pygame.Rect, s: float):
        self.rect, self.s = pygame.Rect(rect), s
        gap = max(4, int(6 * s))
        side = rect.w * 30 // 100
        middle = rect.w - 2 * side - 2 * gap
        half = (rect.h - gap) * 2 // 5  # the band of colour; the triangle below it larger
        noir = pygame.Rect(rect.x, rect.y, side, rect.h)
        rouge = pygame.Rect(rect.right - side, rect.y, side, rect.h)
        couleur = pygame.Rect(noir.right + gap, rect.y, middle, half)
        inverse = pygame.Rect(
            couleur.x, couleur.bottom + gap, middle, rect.bottom - half - gap - rect.y
        )
        self.fields = {"noir": noir, "couleur": couleur, "inverse": inverse, "rouge": rouge}

    def draw(
        self,
        surface: pygame.Surface,
        texts: Texts,
        pills: Mapping[str, Sequence[Pill]],
        *,
        lit: frozenset[str] = frozenset(),
        refused: str | None = None,
    ) -> None:
        s = self.s
        pygame.draw.rect(surface, kit.FELT, self.rect.inflate(4, 4), border_radius=10)
        for code, box in self.fields.items():
            self._field(surface, code, box, texts, lit=code in lit)
            area = self._pill_area(code, box)
            size = max(int(19 * s), min(int(28 * s), self.fields["noir"].w // 9))
            _pills(
                surface, area, merged(pills.get(code, ())), texts, size, centre=code == "inverse"
            )
            if code == refused:
                width = max(3, int(3 * s))
                pygame.draw.rect(surface, kit.TEXT, box, width=width + 2, border_radius=8)
                pygame.draw.rect(
                    surface, kit.BAD, box.inflate(-2, -2), width=width, border_radius=8
                )

    def _title_h(self, box: pygame.Rect) -> int:
        return max(int(26 * self.s), min(box.h // 4, int(40 * self.s)))

    def _edge(self) -> int:
        """The width of a lit field's amber edge (its contents stay inside it)."""
        return max(4, int(4 * self.s))

    def _field(
        self, surface: pygame.Surface, code: str, box: pygame.Rect, texts: Texts, *, lit: bool
    ) -> None:
        """The field of `code`: its colour, its edge (amber when it won), its name."""
        edge = self._edge()
        title = pygame.Rect(box.x, box.y + edge, box.w, self._title_h(box))
        line = kit.ACCENT if lit else kit.FELT_LINE
        width = edge if lit else max(2, int(2 * self.s))
        if code == "inverse":
            points = [(box.x, box.y), (box.right - 1, box.y), (box.centerx, box.bottom - 1)]
            pygame.draw.polygon(surface, (0, 104, 60), points)
            pygame.draw.polygon(surface, line, points, width=width)
        else:
            fill = {"noir": kit.BLACK, "rouge": kit.RED}.get(code, (0, 104, 60))
            pygame.draw.rect(surface, fill, box, border_radius=8)
            pygame.draw.rect(surface, line, box, width=width, border_radius=8)
        label = texts(f"tq_{code}")
        if code == "couleur":  # the band of colour: a red and a black lozenge beside its name
            half = (max(6, title.h // 4), max(8, title.h // 3))
            words = kit.font(_size(label, title, self.s)).size(label)[0]
            for n, fill in enumerate((kit.RED, kit.BLACK)):
                x = title.centerx + (-1 if n == 0 else 1) * (words // 2 + 2 * half[0])
                if box.x + half[0] < x < box.right - half[0]:
                    diamond(surface, (x, title.centery), half, fill)
        centred(surface, label, title.inflate(-12, -4), share=0.72, colour=kit.TEXT)

    def _pill_area(self, code: str, box: pygame.Rect) -> pygame.Rect:
        """Where the field's bets are drawn: under its name; in the triangle, its wide part."""
        edge = self._edge()
        top = box.y + edge + self._title_h(box) + 2
        if code == "inverse":  # as wide as the triangle is at the area's foot
            h = (box.bottom - top) * 9 // 20
            w = box.w * (box.bottom - top - h) // max(1, box.h) - 2 * edge
            return pygame.Rect(box.centerx - w // 2, top, w, h)
        inset = edge + 4
        return pygame.Rect(box.x + inset, top, box.w - 2 * inset, box.bottom - top - inset)


def _size(label: str, rect: pygame.Rect, s: float) -> int:
    return size_for(label, rect.inflate(-12, -4), 0.72)


def _pills(
    surface: pygame.Surface,
    area: pygame.Rect,
    pills: list[Pill],
    texts: Texts,
    size: int,
    *,
    centre: bool = False,
) -> None:
    """The pills in text of `size`, left to right and row by row in `area` (each row centred
    when `centre`); those that do not fit counted on a last one ("+3")."""
    if not pills or area.w <= 0 or area.h <= 0:
        return
    h = kit.font(size).get_height() + max(6, size // 3)
    gap = max(3, size // 5)
    lines = max(1, (area.h + gap) // (h + gap))
    placed: list[tuple[pygame.Rect, Pill]] = []
    x, line = area.x, 0
    for pill in pills:
        w = min(_pill_width(pill, texts, size, h), area.w)
        if x + w > area.right and x > area.x:
            line, x = line + 1, area.x
        if line >= lines:
            break
        placed.append((pygame.Rect(x, area.y + line * (h + gap), w, h), pill))
        x += w + gap
    more: pygame.Rect | None = None
    if len(placed) < len(pills):  # room for the count of the rest after the last one shown
        more_w = kit.font(size).size("+99")[0] + h // 2
        while placed:
            last = placed[-1][0]
            if last.right + gap + more_w <= area.right:
                more = pygame.Rect(last.right + gap, last.y, more_w, h)
                break
            placed.pop()
        if more is None:
            more = pygame.Rect(area.x, area.y, more_w, h)
    if centre:  # each row moved to the middle of the area
        shown = [rect for rect, _ in placed] + ([more] if more is not None else [])
        for y in {rect.y for rect in shown}:
            row = [rect for rect in shown if rect.y == y]
            shift = (area.right - max(r.right for r in row)) // 2
            for rect in row:
                rect.x += shift
    for rect, pill in placed:
        _pill(surface, rect, pill, texts, size)
    if more is not None:
        pygame.draw.rect(surface, PILL, more, border_radius=h // 3)
        centred(surface, f"+{len(pills) - len(placed)}", more, size=size, colour=kit.TEXT)


def _label(pill: Pill, texts: Texts) -> str:
    label = f"{texts('seat_short', n=pill.seat)} {texts.money(pill.amount, short=True)}"
    return f"{label} ½" if pill.half else label


def _pill_width(pill: Pill, texts: Texts, size: int, h: int) -> int:
    icons = (h if pill.state == "prison" else 0) + (h * 3 // 4 if pill.insured else 0)
    return kit.font(size).size(_label(pill, texts))[0] + h // 2 + icons


def _pill(surface: pygame.Surface, rect: pygame.Rect, pill: Pill, texts: Texts, size: int) -> None:
    fill, ink, edge = {
        "won": (kit.ACCENT, kit.ACCENT_TEXT, kit.ACCENT),
        "lost": (kit.PANEL, kit.DIM, kit.PANEL_EDGE),
        "prison": (PILL, kit.TEXT, PRISON),
        "returned": (PILL, kit.GOOD, kit.GOOD),
        "half": (PILL, kit.WARNING, kit.WARNING),
    }.get(pill.state, (PILL, kit.TEXT, kit.FELT_LINE))
    h = rect.h
    pygame.draw.rect(surface, fill, rect, border_radius=h // 3)
    pygame.draw.rect(surface, edge, rect, width=2, border_radius=h // 3)
    x = rect.x + h // 4
    if pill.state == "prison":
        padlock(surface, pygame.Rect(x, rect.y, h * 3 // 4, h), PRISON)
        x += h
    label = _label(pill, texts)
    top = rect.centery - kit.font(size).get_height() // 2
    kit.text(surface, label, (x, top), size=size, colour=ink)
    if pill.insured:
        w = h * 3 // 5
        shield(surface, pygame.Rect(rect.right - h // 4 - w, rect.y + 4, w, h - 8), SHIELD_MARK)


def padlock(surface: pygame.Surface, rect: pygame.Rect, colour) -> None:
    """A padlock in `rect`: a bet in prison."""
    body = pygame.Rect(rect.x, rect.y + rect.h // 2 - 1, rect.w, rect.h // 2 - 3)
    shackle = pygame.Rect(0, 0, body.w * 2 // 3, rect.h // 2 + 2)
    shackle.midtop = (body.centerx, rect.y + 3)
    pygame.draw.ellipse(surface, colour, shackle, width=max(2, rect.h // 10))
    pygame.draw.rect(surface, colour, body, border_radius=2)
    pygame.draw.circle(surface, PILL, body.center, max(1, rect.h // 12))


def shield(surface: pygame.Surface, rect: pygame.Rect, colour) -> None:
    """A small shield in `rect`: an insured bet."""
    x, y, w, h = rect
    points = [
        (x, y),
        (x + w, y),
        (x + w, y + h * 11 // 20),
        (x + w // 2, y + h),
        (x, y + h * 11 // 20),
    ]
    pygame.draw.polygon(surface, colour, points)
    pygame.draw.polygon(surface, PILL, points, width=1)
