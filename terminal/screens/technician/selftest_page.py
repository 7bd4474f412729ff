"""The self-test on the technician's screen: the table's own open devices and its host checked
on a worker thread (the wheel's own test takes up to five minutes), each check shown as it
comes; the report journaled as `selftest.report` through the table, by the technician."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from terminal.common.draw import lines
from terminal.runtime.technician import SelftestDone
from terminal.screens import kit
from terminal.screens.app import Target
from terminal.screens.technician.checklist import CheckList, Row
from terminal.screens.technician.job import Job
from terminal.selftest.table import selftest_of_table

if TYPE_CHECKING:
    from terminal.screens.app import CroupierApp
    from terminal.selftest.report import Report


class SelftestPage:
    name = "selftest"
    label = "tab_selftest"

    def __init__(self, app: CroupierApp):
        self.app = app
        self.job: Job | None = None
        self.report: Report | None = None
        self.list = CheckList("checks")

    def run(self) -> None:
        table = self.app.table
        self.report = None
        self.list.reset()
        self.job = Job(lambda step: selftest_of_table(table, progress=step), "selftest")

    def leave(self) -> None:
        """A self-test under way goes on to its end (a wheel's test cannot be cut short): its
        report is journaled when it comes, whatever page shows."""

    def _take_report(self) -> None:
        job = self.job
        if job is None or not job.finished or self.report is not None or job.error is not None:
            return
        self.report = job.result
        self.app.post(SelftestDone(self.report.data))

    def rows(self) -> list[Row]:
        if self.report is not None:
            return [
                (section.name, check)
                for section in self.report.sections
                for check in section.checks
            ]
        return [] if self.job is None else list(self.job.seen())

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        app, s, t = self.app, self.app.s, self.app.texts
        self._take_report()
        size = int(22 * s)
        head_h = max(kit.MIN_TARGET, int(50 * s))
        head = pygame.Rect(rect.x, rect.y, rect.w, head_h)
        targets: list[Target] = []
        running = self.job is not None and not self.job.finished
        if not running:
            run = kit.Button(
                pygame.Rect(head.right - int(260 * s), head.y, int(260 * s), head_h),
                t("run_selftest"),
                self.run,
                colour=kit.PRIMARY,
                size=size,
                name="run_selftest",
            )
            run.draw(surface)
            targets.append(run)
        summary, colour = self._summary()
        kit.text(
            surface,
            summary,
            (head.x, head.centery - kit.font(size).get_height() // 2),
            size=size,
            colour=colour,
            width=head.w - int(280 * s),
        )
        body = pygame.Rect(rect.x, head.bottom + int(10 * s), rect.w, rect.h - head_h - int(10 * s))
        if self.job is None:
            lines(surface, body, [(t("selftest_about"), kit.DIM)], size=int(20 * s))
            return targets
        if self.job.error is not None:
            lines(
                surface,
                body,
                [(t("selftest_stopped", error=str(self.job.error)), kit.BAD)],
                size=int(20 * s),
            )
            return targets
        return targets + self.list.draw(app, surface, body, self.rows())

    def _summary(self) -> tuple[str, Any]:
        t = self.app.texts
        if self.job is None:
            return "", kit.TEXT
        if self.report is None:
            return t("selftest_running", n=len(self.job.seen())), kit.ACCENT
        failed = sum(not c.ok for section in self.report.sections for c in section.checks)
        simulated = [section.name for section in self.report.sections if section.simulated]
        said = t("selftest_passed")
        if failed:
            said = t("selftest_failed_one") if failed == 1 else t("selftest_failed", n=failed)
        if simulated:
            said += " · " + t("selftest_simulated", devices=", ".join(simulated))
        return said, kit.BAD if failed else kit.GOOD
