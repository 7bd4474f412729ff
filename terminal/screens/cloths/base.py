"""What every cloth (the "tapet", the bet layout of a wheel game) is on the croupier's screen:
where a tap places a chip (`code_at`), where a bet's chips are drawn (`anchor`, its inverse),
and the drawing of the cloth with the round's stakes, the winning number and every bet it wins,
the prisoners and the bet just refused.

A cloth is laid out once for its rect; its felt, lines and fields are painted once into a
surface of their own and blitted each frame (a Pi's software blitting is slow): a frame then
paints only what changes, the lit fields and the chips.

Codes are the game's (docs/bets.md): a cloth returns none its rules do not list.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Any

import pygame

from games.game import Game
from terminal.common.draw import fitting_size
from terminal.screens import kit
from terminal.screens.texts import Texts

RGB = tuple[int, int, int]
VALUE_CHIP = (236, 230, 214)  # a value chip: ivory, its edge spots blue
VALUE_SPOTS = (0, 84, 160)
COLOUR_SPOTS = (250, 250, 246)
CHIP_EDGE = (20, 20, 22)
PILL = (12, 12, 14)  # under a stack's total
PRISON = (190, 196, 206)  # the padlock of a bet in prison
STACK_SHOWN = 4  # at most this many discs of a stack are drawn
NO_PRISONERS: Mapping[str, int] = MappingProxyType({})


@dataclass(frozen=True)
class Chip:
    """One player's chips on a bet: `amount` in minor units; `colour` the seat's colour chips
    (American roulette, section 02), None for value chips."""

    seat: int
    amount: int
    colour: RGB | None = None


def payout_text(payout: Fraction | int) -> str:
    """Winnings per unit staked as the cloth prints them: 1 is "1:1", 45 "45:1", 1/2 "1:2"."""
    exact = Fraction(payout)
    return f"{exact.numerator}:{exact.denominator}"


def cap_height(size: int) -> int:
    """How tall a capital or a digit stands in text of `size` (kit's sizes), px."""
    metrics = kit.font(size).metrics("H")[0]
    return metrics[3] if metrics else size // 2


def centred(
    surface: pygame.Surface, string: str, centre: tuple[int, int], size: int, colour: Any
) -> pygame.Rect:
    """`string` drawn with the middle of its capitals and digits at `centre`."""
    top = centre[1] - kit.font(size).get_ascent() + (cap_height(size) + 1) // 2
    return kit.text(surface, string, (centre[0], top), size=size, colour=colour, align="center")


def size_for(string: str, width: int, height: int, largest: int = 300) -> int:
    """The largest text size (kit's sizes) at which `string` fits `width` pixels across, its
    capitals and digits `height` pixels tall."""
    size = max(8, min(largest, int(height / cap_height(100) * 100)))
    return fitting_size(string, size, width, 8)


def diamond(surface: pygame.Surface, centre: tuple[int, int], half: tuple[int, int], fill: RGB):
    """The red or black lozenge that stands for a colour on a cloth, edged for the felt."""
    x, y = centre
    w, h = half
    points = [(x, y - h), (x + w, y), (x, y + h), (x - w, y)]
    pygame.draw.polygon(surface, fill, points)
    pygame.draw.polygon(surface, kit.FELT_LINE, points, width=max(1, min(w, h) // 10))


class Cloth:
    """The cloth of a wheel game laid out on `rect` of the screen.

    `code_at(pos)` is the bet a chip placed at `pos` makes, as on a real cloth; `anchor(code)`
    is where that bet's chips are drawn, and `code_at(anchor(code)) == code` for every code of
    the game. `straight_target()` is the smaller side, in pixels, of the smallest zone a tap
    on a single number gets; `hit_targets_ok(min_px)` says whether it is at least `min_px`.
    """

    def __init__(self, game: Game, rules: Any, rect: pygame.Rect, *, texts: Texts | None = None):
        self.game, self.rules = game, rules
        self.rect = pygame.Rect(rect)
        self.texts = texts or Texts()
        self.codes: tuple[str, ...] = tuple(rules.codes())
        self.boxes: dict[str, pygame.Rect] = {}  # the bets with a field of their own
        self.line = max(2, min(self.rect.w, self.rect.h) // 160)  # the cloth's lines, px
        self._background: pygame.Surface | None = None
        self.layout()

    # --- what each cloth says ---------------------------------------------------------------
    def layout(self) -> None:
        """The geometry for `self.rect`; fills `self.boxes`."""
        raise NotImplementedError

    def code_at(self, pos: tuple[int, int]) -> str | None:
        """The bet a chip placed at `pos` makes; None off every bet."""
        raise NotImplementedError

    def anchor(self, code: str) -> tuple[int, int]:
        """Where the chips of `code` are drawn (KeyError for a code not of this cloth)."""
        box = self.boxes[code]
        return box.center

    def covers(self, code: str) -> frozenset[int]:
        """What `code` wins on: the numbers (the wheel of fortune: the segments)."""
        raise NotImplementedError

    def straight_target(self) -> int:
        """The smaller side, px, of the smallest zone a tap on a single number gets."""
        raise NotImplementedError

    def chip_radius(self) -> int:
        raise NotImplementedError

    def paint_felt(self, surface: pygame.Surface) -> None:
        """The cloth under its fields."""
        pygame.draw.rect(surface, kit.FELT, self.rect, border_radius=max(4, self.line * 3))

    def paint_box(self, surface: pygame.Surface, code: str, lit: bool) -> None:
        """The field of `code`, lit (the winning number, a winning bet) or not."""
        raise NotImplementedError

    def prison_spot(self, code: str) -> tuple[int, int]:
        """Where the padlock of `code`'s prisoners is drawn (centre): the field's lower part."""
        box = self.boxes[code]
        return (box.centerx, box.bottom - max(8, box.h // 6))

    # --- shared -----------------------------------------------------------------------------
    def hit_targets_ok(self, min_px: int = kit.MIN_TARGET) -> bool:
        """Whether a tap on a single number has a zone at least `min_px` on both sides."""
        return self.straight_target() >= min_px

    def winning_codes(self, winning: int | None) -> frozenset[str]:
        """The bets `winning` (a number; the wheel of fortune: a segment) wins."""
        if winning is None:
            return frozenset()
        return frozenset(code for code in self.codes if winning in self.covers(code))

    def background(self) -> pygame.Surface:
        """The cloth without stakes, painted once: a surface of `rect`'s size."""
        if self._background is None:
            whole = pygame.Surface((self.rect.right, self.rect.bottom))
            whole.fill(kit.BACKGROUND)
            self.paint_felt(whole)
            for code in self.boxes:
                self.paint_box(whole, code, lit=False)
            self._background = whole.subsurface(self.rect).copy()
            if pygame.display.get_init() and pygame.display.get_surface() is not None:
                self._background = self._background.convert()
        return self._background

    def draw(
        self,
        surface: pygame.Surface,
        stakes: Mapping[str, Sequence[Chip]],
        *,
        winning: int | None = None,
        prisoners: Mapping[str, int] = NO_PRISONERS,
        refused: str | None = None,
    ) -> None:
        """The cloth with `stakes` (code -> the chips on it) at their anchors, `winning` and
        every box it wins lit (and the stacks it wins ringed), `prisoners` (code -> the value
        in prison) padlocked on their chances, and `refused` outlined in red."""
        surface.blit(self.background(), self.rect)
        won = self.winning_codes(winning)
        for code in self.boxes:
            if code in won:
                self.paint_box(surface, code, lit=True)
        for code, amount in prisoners.items():
            if code in self.boxes and amount:
                self._padlock(surface, self.prison_spot(code), amount)
        for code, chips in stakes.items():
            if chips and code in self.codes:
                self._stack(surface, self.anchor(code), chips, lit=code in won)
        if refused is not None and refused in self.codes:
            self._refusal(surface, refused)

    def _stack(
        self, surface: pygame.Surface, centre: tuple[int, int], chips: Sequence[Chip], lit: bool
    ) -> None:
        """A stack of chips, one disc per seat (its colour, or a value chip), and its total."""
        radius = self.chip_radius()
        discs = _by_seat(chips)[-STACK_SHOWN:]
        step = max(2, radius // 4)
        x, y = centre
        y += step * (len(discs) - 1) // 2
        if lit:
            lift = step * (len(discs) - 1)
            ring = pygame.Rect(0, 0, 2 * radius + 8, 2 * radius + 8 + lift)
            ring.center = (x, y - lift // 2)
            pygame.draw.ellipse(surface, kit.ACCENT, ring)
        for n, colour in enumerate(discs):
            _disc(surface, (x, y - n * step), radius, colour)
        top = (x, y - (len(discs) - 1) * step)
        total = self.texts.money(sum(chip.amount for chip in chips), short=True)
        size = size_for(total, 4 * radius, max(8, min(26, radius * 3 // 4)))
        face = kit.font(size)
        w, h = face.size(total)[0] + 8, cap_height(size) + 8
        pill = pygame.Rect(0, 0, max(w, h), h)
        pill.center = top
        pygame.draw.rect(surface, kit.ACCENT if lit else PILL, pill, border_radius=h // 3)
        centred(surface, total, pill.center, size, kit.ACCENT_TEXT if lit else kit.TEXT)

    def _padlock(self, surface: pygame.Surface, centre: tuple[int, int], amount: int) -> None:
        """A padlock and the value in prison, on the even chance."""
        label = self.texts.money(amount, short=True)
        size = size_for(label, 6 * self.chip_radius(), max(8, min(24, self.chip_radius() * 3 // 4)))
        face = kit.font(size)
        h = cap_height(size) + 10
        lock_w = h * 3 // 4
        w = lock_w + face.size(label)[0] + 14
        pill = pygame.Rect(0, 0, w, h)
        pill.center = centre
        pill.clamp_ip(self.rect)
        pygame.draw.rect(surface, PILL, pill, border_radius=h // 3)
        pygame.draw.rect(surface, PRISON, pill, width=2, border_radius=h // 3)
        body = pygame.Rect(pill.x + 5, pill.y + h // 2 - 1, lock_w - 2, h // 2 - 3)
        shackle = pygame.Rect(0, 0, body.w * 2 // 3, h // 2 + 2)
        shackle.midtop = (body.centerx, pill.y + 3)
        pygame.draw.ellipse(surface, PRISON, shackle, width=max(2, h // 10))
        pygame.draw.rect(surface, PRISON, body, border_radius=2)
        pygame.draw.circle(surface, PILL, (body.centerx, body.centery), max(1, h // 12))
        centred(
            surface,
            label,
            (body.right + 4 + face.size(label)[0] // 2, pill.centery),
            size,
            kit.TEXT,
        )

    def _refusal(self, surface: pygame.Surface, code: str) -> None:
        """The bet just refused, outlined in red, edged white to show on red and black."""
        width = max(3, self.line + 1)
        if code in self.boxes:
            box = self.boxes[code]
            pygame.draw.rect(surface, kit.TEXT, box, width=width + 2)
            pygame.draw.rect(surface, kit.BAD, box.inflate(-2, -2), width=width)
        else:
            radius = self.chip_radius() + width + 3
            pygame.draw.circle(surface, kit.TEXT, self.anchor(code), radius + 1, width=width + 2)
            pygame.draw.circle(surface, kit.BAD, self.anchor(code), radius, width=width)


def _by_seat(chips: Iterable[Chip]) -> list[RGB | None]:
    """The disc of each seat on a bet, in the order they came."""
    seen: dict[int, RGB | None] = {}
    for chip in chips:
        seen.setdefault(chip.seat, chip.colour)
    return list(seen.values())


def _disc(surface: pygame.Surface, centre: tuple[int, int], radius: int, colour: RGB | None):
    """One chip seen from above: its colour, six spots round its edge, an inner ring."""
    fill = VALUE_CHIP if colour is None else colour
    spots = VALUE_SPOTS if colour is None else COLOUR_SPOTS
    pygame.draw.circle(surface, CHIP_EDGE, centre, radius + 1)
    pygame.draw.circle(surface, fill, centre, radius)
    ring = pygame.Rect(0, 0, 2 * radius, 2 * radius)
    ring.center = centre
    thick = max(2, radius // 4)
    for n in range(6):
        start = n * 1.0472 + 0.26
        pygame.draw.arc(surface, spots, ring, start, start + 0.52, thick)
    pygame.draw.circle(surface, spots, centre, max(2, radius * 2 // 3), width=max(1, radius // 10))
