"""The roulettes' view: the wheel games' cloth view, and American roulette's colour chips
(section 02): the colour button, each colour player's chips drawn in its colour, and the dialog
in which a seat takes a colour, plays value chips or gives its colour back."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from games.roulette.colours import ColourChips
from games.roulette.entries import ColourAssign, ColourRelease, ValueChips
from terminal.screens import kit
from terminal.screens.app import Target
from terminal.screens.croupier.dialog import Dialog
from terminal.screens.views.base import Action, stake_options
from terminal.screens.views.cloth import ClothView

if TYPE_CHECKING:
    from terminal.screens.app import CroupierApp

# American roulette's colour chips as drawn (a table's colours are names in its table file)
COLOUR_RGB = {
    "red": (200, 30, 40),
    "green": (30, 150, 70),
    "blue": (40, 90, 210),
    "yellow": (230, 200, 30),
    "violet": (140, 60, 190),
    "white": (235, 235, 235),
    "orange": (235, 130, 20),
    "pink": (235, 120, 170),
    "brown": (130, 80, 40),
    "grey": (140, 140, 140),
}


class RouletteView(ClothView):
    def buttons(self) -> list[Action]:
        app = self.app
        buttons = super().buttons()
        if self.colour_chips() is not None and not app.demo and app.model.state.session_open:
            colour = (
                app.texts("colour"),
                "colour",
                lambda: app.open(ColourDialog(app, self)),
                True,
            )
            buttons.insert(0, colour)
        return buttons

    def colour_chips(self) -> ColourChips | None:
        """American roulette's colour chips, as journaled; None at a table without them."""
        own: Any = self.app.model.state.own
        return getattr(own, "colours", None)

    def seat_colours(self) -> dict[int, tuple[int, int, int]]:
        """American roulette's colour chips' seats, as their buttons and chips are drawn."""
        chips = self.colour_chips()
        if chips is None:
            return {}
        return {seat: COLOUR_RGB.get(colour.name, kit.DIM) for seat, colour in chips.seats.items()}


class ColourDialog(Dialog):
    """American roulette (section 02): the chosen seat takes a free colour at the value its
    marker by the wheel will show, plays value chips, or gives its colour back."""

    name = "colour_chips"

    def __init__(self, app: CroupierApp, view: RouletteView):
        super().__init__(app)
        self.view = view
        self.seat = view.screen.seat
        self.unit = app.table.setup.limits.min
        self.version = app.model.version

    def done(self) -> bool:
        return self.closed or self._answered()

    def _answered(self) -> bool:
        """A colour event of the seat's since the dialog opened."""
        current = self.app.model
        return current.version != self.version and current.last_colour_seat == self.seat

    def title(self) -> str:
        """The seat, and the colour and value it plays already (which the seat's button shows
        only as a band)."""
        title = f"{self.app.texts('colour')} · {self.app.texts('seat', n=self.seat)}"
        chips = self.view.colour_chips()
        playing = None if chips is None else chips.seats.get(self.seat)
        if playing is None:
            return title
        return f"{title} · {playing.name} {self.app.money(playing.unit)}"

    def body(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        app, s, t = self.app, self.app.s, self.app.texts
        chips = self.view.colour_chips()
        targets: list[Target] = []
        gap = int(8 * s)
        third = (rect.h - 2 * gap) // 3
        rows = [pygame.Rect(rect.x, rect.y + n * (third + gap), rect.w, third) for n in range(3)]
        free = chips.free() if chips is not None else ()
        for cell, colour in zip(kit.grid(rows[0], max(len(free), 1), 1, gap), free, strict=False):
            button = kit.Button(
                cell,
                colour,
                self._assign(colour),
                colour=COLOUR_RGB.get(colour, kit.BUTTON),
                size=int(22 * s),
                name=f"colour:{colour}",
            )
            button.draw(surface)
            targets.append(button)
        limits = app.model.state.limits or app.table.setup.limits
        units = stake_options(app.table.setup.chips, limits)
        for cell, unit in zip(kit.grid(rows[1], len(units), 1, gap), units, strict=False):
            chosen = unit == self.unit
            button = kit.Button(
                cell,
                app.money(unit),
                self._set_unit(unit),
                colour=kit.ACCENT if chosen else kit.BUTTON,
                size=int(20 * s),
                name=f"unit:{unit}",
            )
            button.draw(surface)
            targets.append(button)
        actions = (
            (t("value_chips"), "value_chips", lambda: app.post(ValueChips(self.seat))),
            (t("release_colour"), "release_colour", lambda: app.post(ColourRelease(self.seat))),
        )
        for cell, (label, name, action) in zip(kit.grid(rows[2], 2, 1, gap), actions, strict=True):
            button = kit.Button(cell, label, action, size=int(22 * s), name=name)
            button.draw(surface)
            targets.append(button)
        return targets

    def _set_unit(self, unit: int):
        return lambda: setattr(self, "unit", unit)

    def _assign(self, colour: str):
        return lambda: self.app.post(ColourAssign(self.seat, colour, self.unit))
