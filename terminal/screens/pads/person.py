"""Who signs: the people who may sign as big buttons (in pages when there are many), then
that person's PIN on a masked digit pad. The role the signature is for is the title."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import pygame

from terminal.screens import kit
from terminal.screens.pads.base import WORDS, Key, Pad, centred, key, title, title_and_body
from terminal.screens.pads.digits import DigitPad
from terminal.screens.texts import Texts

PIN_DIGITS = (4, 8)  # docs/staff.md: a PIN is 4 to 8 digits
ROW = 64  # the least height of a person's button at 800x480


class PersonPad(Pad):
    """`people` (id, name) who may sign; `title` the role ("Games director signs the opening
    advance"), a string or made from the texts. A tap on a person (key "person:<id>") asks
    for their PIN; OK calls `on_done(person_id, pin)` and forgets the PIN. A single person
    is asked for the PIN at once. The screen checks the PIN: `refuse(reason)` says why it did
    not do (in the screen's language: `Texts.refusal`) and asks again; `reset()` goes back to
    the people."""

    def __init__(
        self,
        people: Sequence[tuple[str, str]],
        title: str | Callable[[Texts], str],
        on_done: Callable[[str, str], object],
    ):
        super().__init__()
        self.people = list(people)
        self.title, self.on_done = title, on_done
        self.page = 0
        self.reason = ""
        self.why: Any = None
        self.digits = DigitPad(
            self._signed, masked=True, min_digits=PIN_DIGITS[0], max_digits=PIN_DIGITS[1]
        )
        self.person: str | None = None
        self.reset()

    @property
    def pin(self) -> str:
        return self.digits.value

    def name(self, person: str) -> str:
        return dict(self.people).get(person, person)

    def choose(self, person: str) -> None:
        self.person, self.reason = person, ""
        self.digits.set("")

    def reset(self) -> None:
        """Back to the people (straight to the PIN when only one may sign)."""
        self.person = self.people[0][0] if len(self.people) == 1 else None
        self.reason = ""
        self.digits.set("")

    def refuse(self, reason: str, why: Any = None) -> None:
        """The PIN was refused for `reason` (with its journaled `why`, if any): shown, and the
        PIN asked again."""
        self.reason, self.why = reason, why
        self.digits.set("")

    def _signed(self, pin: str) -> None:
        person = self.person
        self.digits.set("")
        if person is not None:
            self.on_done(person, pin)

    def _title(self, texts: Texts) -> str:
        return self.title if isinstance(self.title, str) else self.title(texts)

    # the list of people

    def _per_page(self, body: pygame.Rect) -> tuple[int, int]:
        columns = 2 if body.w >= 480 else 1
        rows = max(1, min(4, (body.h + 8) // (ROW + 8)))
        return columns, rows

    def _pages(self, body: pygame.Rect) -> int:
        columns, rows = self._per_page(body)
        return max(1, -(-len(self.people) // (columns * rows)))

    def _list_areas(self, body: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect | None]:
        columns, rows = self._per_page(body)
        if len(self.people) <= columns * rows:
            return body, None
        nav_h = max(kit.MIN_TARGET, body.h // 6)
        people = pygame.Rect(body.x, body.y, body.w, body.h - nav_h - 10)
        return people, pygame.Rect(body.x, body.bottom - nav_h, body.w, nav_h)

    def _turn(self, by: int, pages: int) -> None:
        self.page = max(0, min(pages - 1, self.page + by))

    def _list(self, body: pygame.Rect, texts: Texts) -> list[Key]:
        area, nav = self._list_areas(body)
        columns, rows = self._per_page(body)
        pages = self._pages(body)
        self.page = min(self.page, pages - 1)
        shown = self.people[self.page * columns * rows :][: columns * rows]
        cells = kit.grid(area, columns, rows, gap=10)
        keys = [
            key(
                cell,
                name,
                partial(self.choose, person),
                f"person:{person}",
                size=max(24, min(40, cell.h // 2)),
            )
            for cell, (person, name) in zip(cells, shown)
        ]
        if nav is not None:
            back, _, forward = kit.grid(nav, 3, 1, gap=10)
            keys += [
                key(
                    back,
                    "◀ " + texts("pads_previous"),
                    lambda: self._turn(-1, pages),
                    "previous",
                    enabled=self.page > 0,
                    share=WORDS,
                ),
                key(
                    forward,
                    texts("pads_next") + " ▶",
                    lambda: self._turn(1, pages),
                    "next",
                    enabled=self.page < pages - 1,
                    share=WORDS,
                ),
            ]
        return keys

    # the PIN

    def _pin_areas(self, body: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """Who (name, prompt, reason), the button back to the people, the digit pad."""
        pad_w = max(body.w * 48 // 100, 240)
        pad = pygame.Rect(body.right - pad_w, body.y, pad_w, body.h)
        left = pygame.Rect(body.x, body.y, body.w - pad_w - 16, body.h)
        back_h = max(kit.MIN_TARGET + 8, body.h // 6)
        back = pygame.Rect(
            left.x, left.bottom - back_h, max(left.w * 3 // 4, kit.MIN_TARGET), back_h
        )
        who = pygame.Rect(left.x, left.y, left.w, left.h - back_h - 10)
        return who, back, pad

    def layout(self, rect: pygame.Rect, texts: Texts) -> list[Key]:
        _, body = title_and_body(rect)
        if self.person is None:
            return self._list(body, texts)
        _, back, pad = self._pin_areas(body)
        keys = self.digits.layout(pad, texts)
        if len(self.people) > 1:
            keys.append(
                key(
                    back,
                    texts("pads_someone_else"),
                    self.reset,
                    "back",
                    share=WORDS,
                )
            )
        return keys

    def paint(self, surface: pygame.Surface, rect: pygame.Rect, texts: Texts) -> None:
        line, body = title_and_body(rect)
        title(surface, self._title(texts), line)
        if self.person is None:
            if not self.people:
                centred(surface, texts("pads_nobody"), body, share=0.12, colour=kit.WARNING)
                return
            area, nav = self._list_areas(body)
            if nav is not None:
                page = texts("pads_page", n=self.page + 1, of=self._pages(body))
                centred(surface, page, kit.grid(nav, 3, 1, gap=10)[1], share=0.4, colour=kit.DIM)
            return
        who, _, pad = self._pin_areas(body)
        self.digits.paint(surface, pad, texts)
        step = who.h // 4
        rows = [
            (self.name(self.person), kit.ACCENT, 0.5),
            (texts("pads_enter_pin"), kit.TEXT, 0.38),
        ]
        if self.reason:
            rows.append((texts.refusal(self.reason, self.why), kit.BAD, 0.34))
        for n, (string, colour, share) in enumerate(rows):
            lines = kit.wrap(string, int(step * share / 0.5), who.w)[:2]
            y = who.y + n * step
            for line_text in lines:
                size = int(step * share / 0.5)
                kit.text(surface, line_text, (who.x, y), size=size, colour=colour, width=who.w)
                y += kit.font(size).get_linesize()
