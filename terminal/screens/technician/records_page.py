"""The wheel's own records on the technician's screen: its game log reconciled with the
journal, its statistics beside the table's (every number's wins, one cell each, red where the
two differ), its clock against the terminal's; read on a worker thread (a Cammegh powers itself
idle to give its log pages) and journaled as a `selftest.report` of the wheel."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from terminal.screens import kit
from terminal.screens.app import Target
from terminal.screens.technician.page import JobPage, action, below_action, report_rows, say
from terminal.selftest.report import Report, Section
from terminal.selftest.wheel_records import Figures, WheelRecords, checks_of, read_records

if TYPE_CHECKING:
    pass

COLUMNS = 13


def _read(table: Any) -> WheelRecords:
    return read_records(table.tested_device, table.journal.events())


class RecordsPage(JobPage):
    name = "records"
    label = "tab_records"

    def read(self) -> None:
        table = self.app.table
        self.start(lambda step: _read(table))

    def reported(self, result: WheelRecords) -> Report:
        wheel = self.app.table.tested_device
        return Report((Section("wheel", wheel.url, False, tuple(checks_of(result))),))

    @property
    def records(self) -> WheelRecords | None:
        return None if self.job is None or not self.job.finished else self.job.result

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        app, s, t = self.app, self.app.s, self.app.texts
        targets: list[Target] = []
        if not self.busy:
            targets.append(action(app, surface, rect, t("records_read"), self.read, "records_read"))
        body = below_action(app, rect)
        if self.job is None:
            say(app, surface, body, t("records_about"), kit.DIM)
            return targets
        if self.busy:
            say(app, surface, body, t("records_reading"), kit.ACCENT)
            return targets
        if self.stopped(surface, body):
            return targets
        assert self.records is not None and self.report is not None
        grid_h = int(body.h * 0.36)
        figures = pygame.Rect(body.x, body.y, body.w, grid_h)
        self._figures(surface, figures, self.records)
        checks = pygame.Rect(
            body.x, figures.bottom + int(10 * s), body.w, body.bottom - figures.bottom - int(10 * s)
        )
        return targets + self.list.draw(app, surface, checks, report_rows(self.report))

    def _figures(self, surface: pygame.Surface, area: pygame.Rect, records: WheelRecords) -> None:
        """A summary line per side, then each number's wins: wheel / table."""
        s, t = self.app.s, self.app.texts
        size = int(17 * s)
        step = kit.font(size).get_linesize() + 2
        y = area.y
        for label, side in (
            (t("records_wheel"), records.wheel),
            (t("records_table"), records.journal),
        ):
            kit.text(
                surface,
                _summary(t, label, side),
                (area.x, y),
                size=size,
                colour=kit.DIM,
                width=area.w,
            )
            y += step
        wheel, table = records.wheel, records.journal
        numbers = len(table.wins)
        rows = -(-numbers // COLUMNS)
        cells = kit.grid(
            pygame.Rect(area.x, y + 2, area.w, area.bottom - y - 2),
            COLUMNS,
            rows,
            max(2, int(3 * s)),
        )
        small = max(10, int(min(cells[0].h * 0.42, 15 * s)))
        for number, cell in enumerate(cells[:numbers]):
            ours = table.wins[number]
            theirs = None if wheel is None else wheel.wins[number]
            differ = theirs is not None and theirs != ours
            pygame.draw.rect(surface, kit.ALARM if differ else kit.BUTTON, cell, border_radius=4)
            shown = self.app.table.game.result_text({"number": number})
            said = f"{shown}: {'?' if theirs is None else theirs}/{ours}"
            kit.centred(
                surface,
                said,
                cell,
                size=small,
                width=cell.w - 2,
            )


def _summary(t: Any, label: str, side: Figures | None) -> str:
    if side is None:
        return t("records_unread", side=label)
    return t(
        "records_figures",
        side=label,
        games=side.games,
        misfires=side.misfires,
        chi=f"{side.chi_squared:.1f}",
        percent=f"{side.percent:.0f}",
    )
