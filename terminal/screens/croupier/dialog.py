"""A dialog over the table: a title, a body a subclass draws, a Back button, and the pads
(terminal/screens/pads/) whose buttons become the screen's targets."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from terminal.screens import kit
from terminal.screens.app import Screen, Target
from terminal.screens.croupier import chrome

if TYPE_CHECKING:
    from terminal.screens.app import CroupierApp


class Dialog(Screen):
    """`title()` across the top under the bar; `body(surface, rect)` returns its targets;
    `closed` ends it (the app then shows the table again)."""

    closable = True  # a Back button (not on a step the session cannot go back from)

    def __init__(self, app: CroupierApp):
        super().__init__(app)
        self.closed = False

    def done(self) -> bool:
        return self.closed

    def close(self) -> None:
        self.closed = True

    def title(self) -> str:
        return ""

    def refused(self, what: str):
        """The table's refusal of this dialog's entry (`what`: "sign", "opening"...) that came
        since the dialog last asked, once; None when there is none."""
        app = self.app
        refusal = app.fresh_refusal()
        if refusal is None or refusal.what != what or app.refusal_acted_on():
            return None
        app.forget_refusal_for_screen()
        return refusal

    def waiting(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        """What a dialog shows while the table takes its entry (a PIN checked, a count)."""
        s = self.app.s
        kit.text(
            surface,
            self.app.texts("waiting"),
            (rect.centerx, rect.centery),
            size=int(30 * s),
            colour=kit.DIM,
            align="center",
        )
        return []

    def body(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        raise NotImplementedError

    def draw(self, surface: pygame.Surface, area: pygame.Rect) -> list[Target]:
        app, s = self.app, self.app.s
        inside, targets = chrome.frame(app, surface, area)
        head = max(kit.MIN_TARGET + 4, int(52 * s))  # the Back button inside it: 48 px at least
        title = pygame.Rect(inside.x, inside.y, inside.w, head)
        size = int(26 * s)
        kit.text(
            surface,
            self.title(),
            (title.x + int(12 * s), title.centery - kit.font(size).get_height() // 2),
            size=size,
            colour=kit.ACCENT,
            width=title.w - int(150 * s),
        )
        if self.closable:
            back = kit.Button(
                pygame.Rect(title.right - int(130 * s), title.y + 2, int(124 * s), head - 4),
                app.texts("back"),
                self.close,
                size=int(22 * s),
                name="back",
            )
            back.draw(surface)
            targets.append(back)
        body = pygame.Rect(inside.x, title.bottom, inside.w, inside.bottom - title.bottom)
        targets += self.body(surface, body.inflate(-int(12 * s), -int(8 * s)))
        return targets


def pad_targets(pad: Any, surface: pygame.Surface, rect: pygame.Rect, app: CroupierApp) -> list:
    """Draw `pad` in `rect`; its buttons as targets."""
    pad.draw(surface, rect, app.texts)
    return list(pad.targets())
