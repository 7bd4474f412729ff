"""The discs of the players' display: a result in its colour (the cloth's, boule's yellow 5,
a colour per symbol of the wheel of fortune), its number or symbol on it, the newest ringed.
"""

from __future__ import annotations

import math

import pygame

from terminal.screens import kit
from terminal.screens.stats import BLACK, GREEN, RED, YELLOW, Result

Colour = tuple[int, int, int]

# The results' colours: the cloth's red, black and green zero, boule's yellow 5 (section 04 II),
# and for the wheel of fortune a colour per symbol (the regulation paints none: ours).
COLOURS: dict[str, Colour] = {
    RED: kit.RED,
    BLACK: kit.BLACK,
    GREEN: kit.GREEN,
    YELLOW: (242, 196, 24),
    **kit.SYMBOL_COLOURS,
}
JOKER_STAR = (236, 178, 20)
RIM = (225, 232, 225)  # round every disc: a black one stands out from the background
DARK_INK = (16, 16, 18)


def ink(colour: Colour) -> Colour:
    """Text that reads on `colour`: dark on the light ones, light on the rest."""
    r, g, b = colour
    return DARK_INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else kit.TEXT


def centred(
    surface: pygame.Surface, string: str, centre: tuple[int, int], size: int, colour: Colour
) -> None:
    """`string` with its ink (not its line) centred on `centre`."""
    face = kit.font(size)
    metrics = [m for m in face.metrics(string) if m is not None]
    ascent = face.get_ascent()
    if metrics:
        top = ascent - max(m[3] for m in metrics)
        bottom = ascent - min(m[2] for m in metrics)
    else:
        top, bottom = 0, face.get_height()
    kit.text(
        surface,
        string,
        (centre[0], centre[1] - (top + bottom) // 2),
        size=size,
        colour=colour,
        align="center",
    )


def _label_size(string: str, width: float, height: float) -> int:
    """The largest text size (of the kit's) at which `string` fits `width` x `height` of ink."""
    size = max(8, int(height / 0.6875 / 0.74))
    while size > 8 and kit.font(size).size(string)[0] > width:
        size = max(8, int(size * 0.9))
    return size


def _star(centre: tuple[int, int], outer: float) -> list[tuple[float, float]]:
    inner = outer * 0.45
    return [
        (
            centre[0] + (outer if k % 2 == 0 else inner) * math.sin(k * math.pi / 5),
            centre[1] - (outer if k % 2 == 0 else inner) * math.cos(k * math.pi / 5),
        )
        for k in range(10)
    ]


def disc(
    surface: pygame.Surface,
    centre: tuple[int, int],
    diameter: int,
    result: Result,
    newest: bool = False,
) -> pygame.Rect:
    """A result as a disc in its colour, its number (symbol) on it; the newest ringed in amber.
    The wheel of fortune's jokers bear a star."""
    radius = diameter // 2
    fill = COLOURS[result.colour]
    if newest:
        pygame.draw.circle(surface, kit.ACCENT, centre, radius + max(3, diameter // 14))
        pygame.draw.circle(surface, kit.BACKGROUND, centre, radius + max(1, diameter // 40))
    pygame.draw.circle(surface, fill, centre, radius)
    pygame.draw.circle(surface, RIM, centre, radius, width=max(2, diameter // 32))
    if result.label.startswith("J"):  # a joker: a star bearing its number
        pygame.draw.polygon(surface, JOKER_STAR, _star(centre, radius * 0.78))
        label = result.label[1:]
        size = _label_size(label, radius * 0.5, radius * 0.42)
        centred(surface, label, (centre[0], centre[1] + radius // 12), size, DARK_INK)
    else:
        size = _label_size(result.label, diameter * 0.72, diameter * 0.44)
        centred(surface, result.label, centre, size, ink(fill))
    return pygame.Rect(centre[0] - radius, centre[1] - radius, 2 * radius, 2 * radius)
