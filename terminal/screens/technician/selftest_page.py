"""The self-test on the technician's screen: the table's own open devices and its host checked
on a worker thread (the wheel's own test takes up to five minutes), each check shown as it
comes; the report journaled as `selftest.report` through the table, by the technician."""

from __future__ import annotations

from typing import Any

import pygame

from terminal.screens import kit
from terminal.screens.app import Target
from terminal.screens.technician.checklist import Row
from terminal.screens.technician.page import JobPage, action, below_action, report_rows, say
from terminal.selftest.table import selftest_of_table


class SelftestPage(JobPage):
    name = "selftest"
    label = "tab_selftest"

    def run(self) -> None:
        table = self.app.table
        self.start(lambda step: selftest_of_table(table, progress=step))

    def rows(self) -> list[Row]:
        if self.report is not None:
            return report_rows(self.report)
        return [] if self.job is None else list(self.job.seen())

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        app, s, t = self.app, self.app.s, self.app.texts
        size = int(22 * s)
        targets: list[Target] = []
        if not self.busy:
            targets.append(action(app, surface, rect, t("run_selftest"), self.run, "run_selftest"))
        body = below_action(app, rect)
        summary, colour = self._summary()
        kit.text(
            surface,
            summary,
            (rect.x, (rect.y + body.y) // 2 - kit.font(size).get_height() // 2),
            size=size,
            colour=colour,
            width=rect.w - int(280 * s),
        )
        if self.job is None:
            say(app, surface, body, t("selftest_about"), kit.DIM)
            return targets
        if self.stopped(surface, body):
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
