"""The technician's screen, shown while a technician is at the table (`technician.in` until
`technician.out`, folded from the journal): a page per tool down the left (the self-test, the
guided wheel test and the wheel's own records where the table's wheel has them), the page on
the right, and Sign out, which gives the table back to the croupier."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import pygame

from terminal.runtime.staffed.technician import TechnicianOut
from terminal.screens import kit
from terminal.screens.app import Target
from terminal.screens.croupier.dialog import Dialog
from terminal.screens.technician.guided_page import GuidedPage, has_pocket_test
from terminal.screens.technician.power_page import PowerPage, can_power_on
from terminal.screens.technician.records_page import RecordsPage
from terminal.screens.technician.selftest_page import SelftestPage
from terminal.selftest.wheel_records import has_records

if TYPE_CHECKING:
    from terminal.screens.app import CroupierApp


class Page(Protocol):
    name: str
    label: str  # its tab's text key

    @property
    def busy(self) -> bool:
        """Its work is under way: the technician cannot sign out meanwhile."""

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]: ...

    def follow(self) -> None:
        """At every frame, whichever page shows: what came of its work taken (a report
        journaled, the wheel told of the next drop)."""

    def leave(self) -> None:
        """The technician goes to another page or signs out: stop what needs stopping."""


def pages_for(app: CroupierApp) -> list[Page]:
    """The tools this table's devices have: the guided test for a wheel with sensors, the
    records for a wheel that keeps its own, its power for a wheel the terminal switches on."""
    pages: list[Page] = [SelftestPage(app)]
    wheel = app.table.tested_device
    if has_pocket_test(wheel):
        pages.append(GuidedPage(app))
    if has_records(wheel):
        pages.append(RecordsPage(app))
    if can_power_on(wheel):
        pages.append(PowerPage(app))
    return pages


class TechnicianScreen(Dialog):
    name = "technician"
    closable = False  # the technician leaves by signing out

    def __init__(self, app: CroupierApp):
        super().__init__(app)
        self.person = app.model.state.technician
        self.pages = pages_for(app)
        self.page = self.pages[0]
        self.signing_out = False

    def title(self) -> str:
        return self.app.texts("technician_title", person=self._name())

    def _name(self) -> str:
        return dict(self.app.people("technician")).get(self.person or "", self.person or "")

    def show(self, page: Page) -> None:
        if page is not self.page:
            self.page.leave()
            self.page = page

    def _shows(self, page: Page) -> Callable[[], None]:
        return lambda: self.show(page)

    def sign_out(self) -> None:
        self.page.leave()
        self.signing_out = True
        self.app.post(TechnicianOut())

    def body(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        s, t = self.app.s, self.app.texts
        if self.signing_out:
            return self.waiting(surface, rect)
        for page in self.pages:
            page.follow()
        tabs_w = int(rect.w * 0.24)
        tabs = pygame.Rect(rect.x, rect.y, tabs_w, rect.h)
        rows = max(len(self.pages) + 1, 5)
        cells = kit.grid(tabs, 1, rows, int(8 * s))
        targets: list[Target] = []
        for cell, page in zip(cells, self.pages, strict=False):
            button = kit.Button(
                cell,
                t(page.label),
                self._shows(page),
                colour=kit.PRIMARY if page is self.page else kit.BUTTON,
                size=int(20 * s),
                name=f"page:{page.name}",
            )
            button.draw(surface)
            targets.append(button)
        out = kit.Button(
            cells[-1],
            t("sign_out"),
            self.sign_out,
            enabled=not any(page.busy for page in self.pages),
            size=int(20 * s),
            name="sign_out",
        )
        out.draw(surface)
        targets.append(out)
        area = pygame.Rect(tabs.right + int(12 * s), rect.y, rect.w - tabs_w - int(12 * s), rect.h)
        kit.panel(surface, area)
        targets += self.page.draw(surface, area.inflate(-int(20 * s), -int(16 * s)))
        return targets
