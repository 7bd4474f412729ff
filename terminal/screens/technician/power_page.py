"""The wheel's power on the technician's screen, for a wheel the terminal can switch on (a
Cammegh): a wheel that powered down (a permanent fault, or switched off at its panel) stays off
until a person switches it on, here or at its panel. The button posts `WheelPowerOn` to the
table, which switches it on on its own thread and clears the fault saying who, or refuses
saying what to do (the refusal shows like any other)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from terminal.runtime.rounds.spin import WheelPowerOn
from terminal.screens import kit
from terminal.screens.app import Target
from terminal.screens.technician.page import action, below_action, say

if TYPE_CHECKING:
    from terminal.screens.app import CroupierApp

POWERED_DOWN = "powered_down"


def can_power_on(wheel: Any) -> bool:
    return bool(getattr(wheel, "can_power_on", False))


class PowerPage:
    name = "power"
    label = "tab_power"

    def __init__(self, app: CroupierApp):
        self.app = app
        self.asked = False  # switched on from here, and the table has not said so yet

    @property
    def busy(self) -> bool:
        return False

    @property
    def off(self) -> bool:
        device = self.app.table.game.device
        return f"{device}/{POWERED_DOWN}" in self.app.model.state.faults

    def switch_on(self) -> None:
        self.asked = True
        self.app.post(WheelPowerOn(by=self.app.model.state.technician))

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        app, t = self.app, self.app.texts
        targets: list[Target] = []
        if not self.off:
            self.asked = False
            say(app, surface, rect, t("power_on_already"), kit.GOOD)
            return targets
        targets.append(action(app, surface, rect, t("power_switch_on"), self.switch_on, "power_on"))
        said = t("power_asked") if self.asked else t("power_off_about")
        say(app, surface, below_action(app, rect), said, kit.ACCENT if self.asked else kit.BAD)
        return targets

    def follow(self) -> None:
        """Nothing runs here: the table switches the wheel on."""

    def leave(self) -> None:
        self.asked = False
