"""The screen of a terminal whose table cannot start: for its configuration (a table file that
cannot be read or is not valid, an unknown game, a device URL that cannot be parsed, a rulebook
or staff file at fault), or for a device that cannot be opened (unplugged, switched off). The
error full screen in large type for casino light, and what to do, in Catalan, Spanish and
English, since the table's language is in the file at fault.

The terminal shows it as a service that is up: READY=1 with the error as its STATUS once it is
drawn, the watchdog pinged while this screen's loop turns; so systemd never restarts it in a
loop for what a restart cannot fix (docs/running.md). A configuration error stays until the
terminal is stopped; a device's, until the device opens (the terminal tries again meanwhile).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from terminal.common.draw import REFERENCE, fit_block, line_step, wrap_words
from terminal.common.flag import Flag
from terminal.runtime.loop.systemd import Beat, Watchdog
from terminal.screens import kit
from terminal.screens.display import Display

TITLES = ("Error de configuració", "Error de configuración", "Configuration error")
WHAT_TO_DO = (
    "Aviseu el tècnic: cal corregir el fitxer i reiniciar el terminal.",
    "Avise al técnico: hay que corregir el archivo y reiniciar el terminal.",
    "Call the technician: the file must be fixed and the terminal restarted.",
)
RETRY_S = 5  # a device that cannot be opened is tried again this often


@dataclass(frozen=True)
class Trouble:
    """What kept the table from starting: its titles and what to do, in the three languages."""

    name: str  # what STATUS= calls it
    titles: tuple[str, str, str]
    what_to_do: tuple[str, str, str]


CONFIGURATION = Trouble("configuration error", TITLES, WHAT_TO_DO)
DEVICE = Trouble(
    "device not available",
    ("Dispositiu no disponible", "Dispositivo no disponible", "Device not available"),
    (
        f"El terminal ho torna a provar cada {RETRY_S} s: comproveu el cable i l'alimentació.",
        f"El terminal lo vuelve a intentar cada {RETRY_S} s: compruebe el cable y la alimentación.",
        f"The terminal tries again every {RETRY_S} s: check the device's cable and power.",
    ),
)
FLOOR = 22  # the smallest text size, at the 7-inch display (scaled with the display)
# the error's smallest size while it fits: a word too long for a line (a deep path) is broken
# rather than the whole error made smaller
ERROR_FLOOR = 30
TURNS_PER_S = 2  # the screen shown again and the watchdog's beat, twice a second


def draw_boot_error(
    surface: pygame.Surface, error: str, trouble: Trouble = CONFIGURATION
) -> list[tuple[str, pygame.Rect]]:
    """The error on all of `surface`: the titles on a red band, the error on a panel, what to
    do in amber below; every line drawn, with its place."""
    w, h = surface.get_size()
    s = kit.scale((w, h))
    margin, floor, error_floor = round(14 * s), round(FLOOR * s), round(ERROR_FLOOR * s)
    surface.fill(kit.BACKGROUND)
    band = pygame.Rect(0, 0, w, round(h * 0.34))
    pygame.draw.rect(surface, kit.ALARM, band)
    drawn = _centred(surface, trouble.titles, band.inflate(-2 * margin, -margin), kit.TEXT, floor)
    todo = pygame.Rect(margin, round(h * 0.76), w - 2 * margin, h - round(h * 0.76) - margin)
    drawn += _centred(surface, trouble.what_to_do, todo, kit.ACCENT, floor)
    body = pygame.Rect(
        margin, band.bottom + margin, w - 2 * margin, todo.y - band.bottom - 2 * margin
    )
    kit.panel(surface, body)
    inside = body.inflate(-2 * margin, -margin)
    size, lines = fit_block(error, round(64 * s), inside.w, inside.h, floor=error_floor)
    if len(lines) * line_step(size) > inside.h:  # a long one: smaller, down to the floor
        size, lines = fit_block(error, error_floor, inside.w, inside.h, floor=floor)
    step = line_step(size)
    y = inside.y + max(0, (inside.h - step * len(lines)) // 2)
    for line in lines:
        if y + step > inside.bottom + margin // 2:  # too long even at the floor: cut
            break
        drawn.append((line, kit.text(surface, line, (inside.x, y), size=size, colour=kit.TEXT)))
        y += step
    return drawn


def _centred(
    surface: pygame.Surface, strings: Sequence[str], area: pygame.Rect, colour, floor: int
) -> list[tuple[str, pygame.Rect]]:
    """`strings` one under the other, centred in `area`, all at the largest size at which each
    fits its share of it, on one line or wrapped (a narrow portrait display)."""
    share = area.h // len(strings)
    start = max(floor, int(REFERENCE * (share - 2) / kit.font(REFERENCE).get_linesize()))
    size = min(fit_block(string, start, area.w, share, floor=floor)[0] for string in strings)
    lines = [line for string in strings for line in wrap_words(string, size, area.w)]
    step = line_step(size)
    y = area.y + max(0, (area.h - step * len(lines)) // 2)
    drawn = []
    for line in lines:
        rect = kit.text(surface, line, (area.centerx, y), size=size, colour=colour, align="center")
        drawn.append((line, rect))
        y += step
    return drawn


def show_boot_error(
    display: Display,
    error: str,
    stopped: Flag,
    trouble: Trouble = CONFIGURATION,
    over: Callable[[], bool] = lambda: False,
) -> None:
    """`error` on `display` until `stopped` is set (a signal), its window is closed or `over()`
    (looked at each turn: it must not wait); READY=1 with STATUS= the error once it is shown,
    WATCHDOG=1 while this loop turns."""
    beat = Beat(f"the {trouble.name}'s screen")
    watchdog = Watchdog(
        (beat,), ready=f"{trouble.name}: {error}", stopping=f"stopping ({trouble.name})"
    )
    watchdog.start()
    clock = pygame.time.Clock()
    try:
        draw_boot_error(display.surface, error, trouble)
        while not stopped.is_set() and not over():
            if any(event.type == pygame.QUIT for event in pygame.event.get()):
                return
            display.show()
            beat()
            clock.tick(TURNS_PER_S)
    finally:
        watchdog.stop(stopping=not over())
        display.close()
