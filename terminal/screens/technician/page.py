"""What the technician's pages share: work run as a `Job` (the screen never waits on it) that
ends in a report, journaled as `selftest.report` through the table as soon as it comes, whatever
page shows then (the screen follows every page at each frame)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from terminal.common.draw import lines
from terminal.runtime.staffed.technician import SelftestDone
from terminal.screens import kit
from terminal.screens.technician.checklist import CheckList, Row
from terminal.screens.technician.job import Job
from terminal.selftest.report import Report

if TYPE_CHECKING:
    from terminal.screens.app import CroupierApp


def action(
    app: CroupierApp,
    surface: pygame.Surface,
    rect: pygame.Rect,
    label: str,
    run: Callable[[], None],
    name: str,
) -> kit.Button:
    """A page's one action, drawn top right of its `rect` (see `below_action`)."""
    s = app.s
    height = max(kit.MIN_TARGET, int(50 * s))
    button = kit.Button(
        pygame.Rect(rect.right - int(260 * s), rect.y, int(260 * s), height),
        label,
        run,
        colour=kit.PRIMARY,
        size=int(22 * s),
        name=name,
    )
    button.draw(surface)
    return button


def below_action(app: CroupierApp, rect: pygame.Rect) -> pygame.Rect:
    """What is left of a page's `rect` under its action's row."""
    height = max(kit.MIN_TARGET, int(50 * app.s)) + int(10 * app.s)
    return pygame.Rect(rect.x, rect.y + height, rect.w, rect.h - height)


def say(app: CroupierApp, surface: pygame.Surface, rect: pygame.Rect, text: str, colour) -> None:
    """A page's sentence (what it does, what it waits for, why it stopped), wrapped in `rect`."""
    lines(surface, rect, [(text, colour)], size=int(20 * app.s))


def report_rows(report: Report) -> list[Row]:
    return [(section.name, check) for section in report.sections for check in section.checks]


class JobPage:
    name = "page"
    label = ""  # its tab's text key

    def __init__(self, app: CroupierApp):
        self.app = app
        self.job: Job | None = None
        self.report: Report | None = None
        self.list = CheckList(self.name)

    def start(self, work: Callable[[Callable[[Any], None]], Any]) -> None:
        self.report = None
        self.list.reset()
        self.job = Job(work, self.name)

    @property
    def busy(self) -> bool:
        """Its work under way: the technician cannot sign out (the table would play while a
        device is still under test)."""
        return self.job is not None and not self.job.finished

    def follow(self) -> None:
        job = self.job
        if job is None or not job.finished or self.report is not None or job.error is not None:
            return
        self.report = self.reported(job.result)
        self.app.post(SelftestDone(self.report.data))

    def reported(self, result: Any) -> Report:
        """The report of what the work returned."""
        return result

    def leave(self) -> None:
        """Work under way goes on to its end (a wheel's own test cannot be cut short)."""

    def stopped(self, surface: pygame.Surface, rect: pygame.Rect) -> bool:
        """Whether the work raised: then it says why in `rect`."""
        if self.job is None or self.job.error is None:
            return False
        error = str(self.job.error)
        say(self.app, surface, rect, self.app.texts("selftest_stopped", error=error), kit.BAD)
        return True
