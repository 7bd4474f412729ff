"""The oval table of chemin de fer as the croupier sees it from his place at its foot: the numbered
places round it from his right (l. 780: place 1 at his right, then round the table to his left),
each a finger's target; what each place stakes, seated or standing behind it; the banker's place
and who holds the cards; the places lost; the bank's chips at the croupier's left.

Pure geometry (`place_centres`) and drawing; what is shown is given (`Seat`)."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from terminal.screens import kit

GAP_DEGREES = 34  # the croupier's place at the foot of the oval, left free of places
SEAT_FILL = (18, 64, 40)
LOST_FILL = (40, 42, 46)
BANKER_FILL = (120, 86, 10)


@dataclass(frozen=True)
class Seat:
    """One place as the table shows it now."""

    number: int
    stakes: tuple[str, ...] = ()  # what its player and those behind it stake, in words
    banker: bool = False  # holds the bank (or is its associate: `associate`)
    associate: bool = False
    holds_cards: bool = False
    offered: bool = False  # the bank is offered to it now
    lost: bool = False
    chosen: bool = False  # the place the croupier's stake buttons act for


def place_centres(oval: pygame.Rect, places: int, radius: int) -> dict[int, tuple[int, int]]:
    """Where each place's centre lies on the oval's rim: from the croupier's right (place 1)
    round to his left, the croupier at the foot (the bottom of the screen, facing up)."""
    a = oval.w / 2 - radius
    b = oval.h / 2 - radius
    span = 360 - 2 * GAP_DEGREES
    step = span / max(1, places - 1)
    out = {}
    for n in range(1, places + 1):
        theta = math.radians(90 - GAP_DEGREES - (n - 1) * step)
        out[n] = (
            round(oval.centerx + a * math.cos(theta)),
            round(oval.centery + b * math.sin(theta)),
        )
    return out


def draw_oval(surface: pygame.Surface, oval: pygame.Rect, s: float) -> None:
    pygame.draw.ellipse(surface, kit.FELT, oval)
    pygame.draw.ellipse(surface, kit.FELT_LINE, oval, width=max(2, int(2 * s)))


def draw_seat(
    surface: pygame.Surface,
    centre: tuple[int, int],
    radius: int,
    seat: Seat,
    toward: tuple[int, int],
    s: float,
    lost_word: str,
) -> pygame.Rect:
    """A place's disc and number, its rings (offered, holding the cards, chosen) and its
    stakes in a label on the side of the oval's centre; returns the disc's square."""
    fill = LOST_FILL if seat.lost else BANKER_FILL if seat.banker or seat.associate else SEAT_FILL
    pygame.draw.circle(surface, fill, centre, radius)
    edge = kit.ACCENT if seat.offered or seat.chosen else kit.FELT_LINE
    pygame.draw.circle(
        surface, edge, centre, radius, width=max(2, int((4 if seat.chosen else 2) * s))
    )
    square = pygame.Rect(0, 0, 2 * radius, 2 * radius)
    square.center = centre
    label = f"B{seat.number}" if seat.banker else str(seat.number)
    kit.centred(surface, label, square, size=int(24 * s), colour=kit.DIM if seat.lost else kit.TEXT)
    if seat.holds_cards:
        pygame.draw.circle(
            surface, kit.ACCENT, centre, radius + int(5 * s), width=max(3, int(4 * s))
        )
    lines = list(seat.stakes) or ([lost_word] if seat.lost else [])
    if not lines:
        return square
    size = int(16 * s)
    font = kit.font(size)
    w = max(font.size(line)[0] for line in lines) + int(10 * s)
    h = len(lines) * font.get_linesize() + int(4 * s)
    dx, dy = toward[0] - centre[0], toward[1] - centre[1]
    length = math.hypot(dx, dy) or 1.0
    reach = radius + int(6 * s)
    cx = centre[0] + dx / length * (reach + w / 2 * abs(dx) / length)
    cy = centre[1] + dy / length * (reach + h / 2 * abs(dy) / length)
    box = pygame.Rect(0, 0, w, h)
    box.center = (round(cx), round(cy))
    pygame.draw.rect(surface, kit.PANEL, box, border_radius=6)
    for n, line in enumerate(lines):
        kit.text(
            surface,
            line,
            (box.centerx, box.y + int(2 * s) + n * font.get_linesize()),
            size=size,
            colour=kit.ACCENT if seat.holds_cards else kit.TEXT,
            align="center",
        )
    return square
