"""The guided wheel test on the technician's screen: the pocket asked for in large type (and
which way to turn the rotor), every pocket of the wheel in its order coloured by what it did,
the coverage and the rotor; then the verdict, journaled as a `selftest.report` of the wheel.

The wheel's calls (the pocket test's start, each drop asked, its end) are made on a thread of their
own (`Commands`); its readings come through the table (terminal/runtime/staffed/technician.py),
drained at each frame: the screen waits on neither."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import pygame

from terminal.common.draw import fit_block, line_step, lines
from terminal.runtime.staffed.technician import SelftestDone
from terminal.screens import kit
from terminal.screens.app import Target
from terminal.screens.technician.checklist import CheckList
from terminal.screens.technician.job import Commands
from terminal.screens.technician.page import action, below_action, report_rows, say
from terminal.selftest.guided import ASKED, HEARD, SKIPPED, WRONG, BallInPocket, GuidedWheelTest
from terminal.selftest.report import Report, Section

if TYPE_CHECKING:
    from terminal.screens.app import CroupierApp

COLUMNS = 13  # pockets a row: 37 or 38 of them in three rows
COLOURS = {ASKED: kit.ACCENT, HEARD: kit.GOOD, WRONG: kit.ALARM, SKIPPED: kit.WARNING}


def has_pocket_test(wheel: Any) -> bool:
    return getattr(wheel, "no_pocket_test", "no wheel") is None


class GuidedPage:
    name = "guided"
    label = "tab_guided"

    def __init__(self, app: CroupierApp):
        self.app = app
        self.test: GuidedWheelTest | None = None
        self.commands: Commands | None = None
        self.asked: Any = None  # the drop the wheel was last told of
        # when it was asked (monotonic ns): a drop sensed before is of a pocket skipped meanwhile
        self.asked_ns = 0
        self.verdict: Report | None = None
        self.list = CheckList("verdict")

    @property
    def wheel(self) -> Any:
        return self.app.table.tested_device

    # -- what the technician does ------------------------------------------------------------
    def start(self) -> None:
        self._drain()  # what the wheel said before the test is not the test's
        self.test, self.verdict, self.asked = GuidedWheelTest(self.wheel.order), None, None
        self.list.reset()
        self.commands = Commands("pocket-test")
        self.commands.do(lambda: self.wheel.pocket_test(True))

    def skip(self) -> None:
        if self.test is not None:
            self.test.skip()

    def finish(self) -> None:
        """The verdict, as far as the test went, journaled; the wheel's pocket test ended."""
        test = self.test
        if test is None or self.verdict is not None:
            return
        wheel = self.wheel
        unheard = getattr(wheel, "pocket_test_silence", None)  # a Cammegh that ignored *I 4
        checks = tuple(test.verdict(unheard))
        section = Section("wheel", wheel.url, wheel.url.startswith("sim://"), checks)
        self.verdict = Report((section,))
        self.app.post(SelftestDone(self.verdict.data))
        self._end()

    def leave(self) -> None:
        """Leaving the page ends the wheel's pocket test (nothing journaled, unless finished)."""
        self._end()

    def _end(self) -> None:
        if self.commands is not None:
            self.commands.do(lambda: self.wheel.pocket_test(False))
            self.commands.end()
            self.commands = None

    # -- one frame ---------------------------------------------------------------------------
    def _drain(self) -> None:
        readings = self.app.table.technician.readings
        while not readings.empty():
            event = readings.get_nowait()
            late = isinstance(event, BallInPocket) and event.t_ns < self.asked_ns
            if self.test is not None and self.verdict is None and not late:
                self.test.heard(event)

    busy = False  # leaving ends the wheel's pocket test: nothing to wait for

    def follow(self) -> None:
        """The readings that came taken; the wheel told of the next drop; the verdict once every
        pocket is done."""
        self._drain()
        test = self.test
        if test is None or self.verdict is not None or self.commands is None:
            return
        if test.done:
            self.finish()
            return
        ask = test.asked
        if ask is not None and ask != self.asked:
            self.asked, self.asked_ns = ask, time.monotonic_ns()
            wheel, pocket, rotor = self.wheel, ask.pocket, ask.rotor
            self.commands.do(lambda: wheel.ask_drop(pocket, rotor))

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        app, s, t = self.app, self.app.s, self.app.texts
        button_h = max(kit.MIN_TARGET, int(50 * s))
        size = int(20 * s)
        if self.test is None or self.verdict is not None:
            label = t("guided_start") if self.test is None else t("guided_again")
            start = action(app, surface, rect, label, self.start, "guided_start")
            body = below_action(app, rect)
            if self.verdict is None:
                say(app, surface, body, t("guided_about"), kit.DIM)
                return [start]
            return [start, *self.list.draw(app, surface, body, report_rows(self.verdict))]
        test = self.test
        ask = test.asked
        head = int(32 * s)
        if self.commands is not None and self.commands.busy and not self.wheel.pocket_testing:
            said = t("guided_starting")
        elif ask is not None:
            said = f"{t('guided_drop', number=ask.number)} · {t(f'rotor_{ask.rotor}')}"
        else:
            said = ""
        # what to do, whole, on two lines at most: the largest type that fits
        size_said, said_lines = fit_block(
            said, head, rect.w, 2 * line_step(head), floor=int(20 * s)
        )
        y = rect.y
        for line in said_lines:
            kit.text(surface, line, (rect.x, y), size=size_said, colour=kit.ACCENT)
            y += line_step(size_said)
        y = self._pockets(surface, pygame.Rect(rect.x, y + int(6 * s), rect.w, int(rect.h * 0.4)))
        marks = test.marks()
        reported = sum(m.state in (HEARD, WRONG) for m in marks)
        seen = test.rotor_seen
        facts = [
            (t("guided_coverage", n=reported, total=len(marks)), kit.TEXT),
            (
                t(
                    "guided_rotor",
                    cw=t("seen") if "cw" in seen else t("not_seen"),
                    ccw=t("seen") if "ccw" in seen else t("not_seen"),
                ),
                kit.TEXT,
            ),
        ]
        errors = [] if self.commands is None else self.commands.errors
        facts += [(str(error), kit.BAD) for error in errors[-2:]]
        bottom = rect.bottom - button_h
        lines(
            surface,
            pygame.Rect(rect.x, y + int(6 * s), rect.w, bottom - y - int(10 * s)),
            facts,
            size=size,
        )
        cells = kit.grid(pygame.Rect(rect.x, bottom, rect.w, button_h), 2, 1, int(10 * s))
        buttons = [
            kit.Button(
                cells[0],
                t("guided_skip"),
                self.skip,
                enabled=ask is not None,
                size=size,
                name="guided_skip",
            ),
            kit.Button(
                cells[1],
                t("guided_finish"),
                self.finish,
                colour=kit.PRIMARY,
                size=size,
                name="guided_finish",
            ),
        ]
        for button in buttons:
            button.draw(surface)
        return list(buttons)

    def _pockets(self, surface: pygame.Surface, area: pygame.Rect) -> int:
        """Every pocket in the wheel's order, coloured by what it did; the y below them."""
        assert self.test is not None
        marks = self.test.marks()
        rows = -(-len(marks) // COLUMNS)
        gap = max(2, int(4 * self.app.s))
        cells = kit.grid(area, COLUMNS, rows, gap)
        size = int(min(cells[0].h * 0.5, cells[0].w * 0.45))
        for cell, mark in zip(cells, marks, strict=False):
            colour = COLOURS.get(mark.state, kit.BUTTON)
            pygame.draw.rect(surface, colour, cell, border_radius=5)
            text_colour = kit.ACCENT_TEXT if mark.state == ASKED else kit.TEXT
            number = self.app.table.game.result_text({"number": mark.number})
            kit.centred(
                surface,
                number,
                cell,
                size=size,
                colour=text_colour,
                width=cell.w - 2,
            )
        return area.bottom
