"""What the outcome pads share: the outcome picked (`value`, `on_pick`), the outcome as shown
large (`Shown`), and the confirmation that shows it before it counts.

The rulings (docs/rulings.md, "At the croupier's screen"): an outcome entered by hand is shown
large and settled only once the croupier confirms it. A pad picks; the screen then opens the
pad's `confirmation`, whose Confirm hands the value on and whose Cancel goes back to the pad.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

import pygame

from terminal.screens import kit
from terminal.screens.pads.base import Colour, Key, Pad, centred, key, size_for
from terminal.screens.texts import Texts

V = TypeVar("V")


@dataclass(frozen=True)
class Shown:
    """An outcome as the confirmation shows it: `text` ("17", "5 + 2 = 7", "K♥") in
    `text_colour` on `colour` (the number's colour, a card's white), and a smaller `note`
    beneath it (its colour named, a wheel segment's number)."""

    text: str
    colour: Colour = kit.PANEL
    text_colour: Colour = kit.TEXT
    note: str = ""


class OutcomePad(Pad, Generic[V]):
    """A pad the croupier enters an outcome on: `value` once one is picked (None before),
    `on_pick(value)` called each time a tap completes one."""

    def __init__(self, on_pick: Callable[[V], object] | None = None):
        super().__init__()
        self.on_pick = on_pick
        self.value: V | None = None

    def _picked(self, value: V) -> None:
        self.value = value
        if self.on_pick is not None:
            self.on_pick(value)

    def clear(self) -> None:
        """Nothing picked (the next round's entry)."""
        self.value = None

    def shown(self, value: V, texts: Texts) -> Shown:
        """`value` as the confirmation shows it."""
        raise NotImplementedError

    def confirmation(
        self,
        on_confirm: Callable[[V], object],
        on_cancel: Callable[[], object],
        *,
        away: tuple[int, int] | None = None,
    ) -> Confirmation[V]:
        """The confirmation of the value picked; its buttons away from `away` (the tap that
        picked it)."""
        if self.value is None:
            raise ValueError("nothing picked to confirm")
        value = self.value
        return Confirmation(
            value, lambda texts: self.shown(value, texts), on_confirm, on_cancel, away=away
        )


class Confirmation(Pad, Generic[V]):
    """`value` shown large, with Cancel and Confirm (keys "cancel" and "confirm"):
    `on_confirm(value)` or `on_cancel()`.

    The buttons come on the half of the pad away from `away`, the tap that picked the value: a
    finger that taps twice on a number never lands on Confirm (nor Cancel) with its second tap.
    """

    def __init__(
        self,
        value: V,
        shown: Callable[[Texts], Shown],
        on_confirm: Callable[[V], object],
        on_cancel: Callable[[], object],
        *,
        away: tuple[int, int] | None = None,
    ):
        super().__init__()
        self.value, self.shown = value, shown
        self.on_confirm, self.on_cancel = on_confirm, on_cancel
        self.away = away

    def _areas(self, rect: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        gap = 8
        title_h = max(30, rect.h // 9)
        buttons_h = max(kit.MIN_TARGET + 16, rect.h // 5)
        big_h = rect.h - title_h - buttons_h - 2 * gap
        if self.away is not None and self.away[1] >= rect.centery:  # picked low: buttons high
            buttons = pygame.Rect(rect.x, rect.y, rect.w, buttons_h)
            title = pygame.Rect(rect.x, buttons.bottom + gap, rect.w, title_h)
        else:
            title = pygame.Rect(rect.x, rect.y, rect.w, title_h)
            buttons = pygame.Rect(rect.x, rect.bottom - buttons_h, rect.w, buttons_h)
        big = pygame.Rect(rect.x, title.bottom + gap, rect.w, big_h)
        return title, big, buttons

    def layout(self, rect: pygame.Rect, texts: Texts) -> list[Key]:
        _, _, buttons = self._areas(rect)
        cancel, confirm = kit.grid(buttons, 2, 1, gap=max(12, rect.w // 20))
        return [
            key(cancel, texts("cancel"), self.on_cancel, "cancel", share=0.4),
            key(
                confirm,
                texts("confirm"),
                lambda: self.on_confirm(self.value),
                "confirm",
                colour=kit.PRIMARY,
                share=0.4,
            ),
        ]

    def paint(self, surface: pygame.Surface, rect: pygame.Rect, texts: Texts) -> None:
        title, big, _ = self._areas(rect)
        centred(surface, texts("pads_confirm_title"), title, share=0.55, colour=kit.ACCENT)
        shown = self.shown(texts)
        note_h = big.h // 5 if shown.note else 0
        value_h = big.h - note_h
        size = size_for(shown.text, pygame.Rect(0, 0, big.w - 48, value_h), 0.62)
        width = min(big.w, max(int(big.h * 1.6), kit.font(size).size(shown.text)[0] + 96))
        card = pygame.Rect(0, 0, width, big.h)
        card.center = big.center
        pygame.draw.rect(surface, shown.colour, card, border_radius=16)
        pygame.draw.rect(surface, kit.TEXT, card, width=4, border_radius=16)
        value = pygame.Rect(card.x, card.y, card.w, value_h)
        if shown.note:
            note = pygame.Rect(card.x, value.bottom - 6, card.w, note_h)
            centred(surface, shown.note, note, share=0.6, colour=shown.text_colour)
        centred(surface, shown.text, value, size=size, colour=shown.text_colour)
