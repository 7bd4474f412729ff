"""Who signs: the people who may sign as big buttons (in pages when there are many), then
that person's PIN on a masked digit pad. The role the signature is for is the title; what is
signed (the subject: "20 (Negre) → 17 (Roig)", "Reposició 75.000,00") stands above the people
and beside the PIN, large, so that the signer reads what their PIN puts their name to."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache, partial
from typing import Any

import pygame

from terminal.common.draw import READABLE, REFERENCE, fit_block, fitting_size, line_step
from terminal.screens import kit
from terminal.screens.pads.base import (
    WORDS,
    Key,
    Pad,
    centred,
    key,
    size_within,
    title,
    title_and_body,
)
from terminal.screens.pads.digits import DigitPad
from terminal.screens.texts import Texts

PIN_DIGITS = (4, 8)  # docs/staff.md: a PIN is 4 to 8 digits
ROW = 64  # the least height of a person's button at 800x480
SUBJECT_LEAST = 26  # what is signed is never drawn smaller (21 px): read under a casino's light
SUBJECT_PAD = 8  # px between the subject's panel and its text
SUBJECT_GAP = 10  # px between the subject's panel and what is beneath it
LIST_SUBJECT = 0.4  # the share of the body the subject takes above the people, at most
PIN_SUBJECT = 0.55  # ... and above the name beside the PIN
UNBROKEN = 0.7  # a change's parts each on one line, unless it takes them under this share
Subject = Sequence[str] | Callable[[Texts], Sequence[str]]
Block = tuple[tuple[int, tuple[str, ...]], ...]  # each line of a subject: its size, wrapped


def _line_size(n: int, size: int) -> int:
    """The size of a subject's line `n`: the first (the change itself) at `size`, the others
    (its reason, who counted) four fifths of it."""
    return size if n == 0 else max(SUBJECT_LEAST, size * 4 // 5 // 2 * 2)


def block_height(block: Block) -> int:
    return sum(len(lines) * line_step(size) for size, lines in block)


def _parts(line: str, size: int, width: int) -> list[str]:
    """`line` as the pieces it is wrapped in: whole when it holds on one line at `size`, else
    broken between its parts (" · ") and then at its arrow, which begins the next piece."""
    if kit.font(size).size(line)[0] <= width:
        return [line]
    if " · " in line:
        return [piece for part in line.split(" · ") for piece in _parts(part, size, width)]
    if " → " in line:
        before, after = line.split(" → ", 1)
        return [*_parts(before, size, width), *_parts(f"→ {after}", size, width)]
    return [line]


def _wrapped(line: str, size: int, width: int) -> tuple[int, tuple[str, ...]]:
    """`line` wrapped to `width` from `size` down, every word whole, and broken where it reads
    best ("Mín. 5,00 → 10,00" over "Màx. 150,00 → 300,00"; "20 (Negre)" over "→ 17 (Roig)"),
    all its lines at one size."""
    pieces = _parts(line, size, width)
    least = min(fit_block(piece, size, width, floor=SUBJECT_LEAST)[0] for piece in pieces)
    lines = tuple(
        each for piece in pieces for each in fit_block(piece, least, width, floor=least)[1]
    )
    return least, lines


@lru_cache(maxsize=512)
def fit_subject(subject: tuple[str, ...], width: int, height: int, start: int) -> Block:
    """The subject's lines wrapped to `width`, every word whole, as large as `start` allows
    them all within `height`; each part of the first line (the change, its parts between
    " · ") on one line rather than broken at its arrow, unless that takes it under
    UNBROKEN of the size it would have broken; at SUBJECT_LEAST when no size fits (the caller
    gives it room)."""
    largest: Block | None = None
    for size in range(max(start, SUBJECT_LEAST), SUBJECT_LEAST - 1, -2):
        block = tuple(_wrapped(line, _line_size(n, size), width) for n, line in enumerate(subject))
        if block_height(block) > height:
            continue
        largest = largest or block
        if largest[0][0] * UNBROKEN > block[0][0]:
            return largest
        if len(block[0][1]) == len(subject[0].split(" · ")):
            return block
    if largest is not None:
        return largest
    return tuple(_wrapped(line, SUBJECT_LEAST, width) for line in subject)


class PersonPad(Pad):
    """`people` (id, name) who may sign; `title` the role ("Games director signs the opening
    advance"), a string or made from the texts. A tap on a person (key "person:<id>") asks
    for their PIN; OK calls `on_done(person_id, pin)` and forgets the PIN. A single person
    is asked for the PIN at once. The screen checks the PIN: `refuse(reason)` says why it did
    not do (in the screen's language: `Texts.refusal`) and asks again; `reset()` goes back to
    the people. `subject`: what is signed, in lines (or made from the texts when drawn): the
    first, the change itself, the largest and in amber; none, a pad without one."""

    def __init__(
        self,
        people: Sequence[tuple[str, str]],
        title: str | Callable[[Texts], str],
        on_done: Callable[[str, str], object],
        *,
        subject: Subject = (),
    ):
        super().__init__()
        self.people = list(people)
        self.title, self.on_done = title, on_done
        self.subject = subject
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

    # what is signed

    def subject_lines(self, texts: Texts) -> tuple[str, ...]:
        """What is signed, its empty lines left out."""
        lines = self.subject if isinstance(self.subject, Sequence) else self.subject(texts)
        return tuple(line for line in lines if line)

    def _split(
        self, area: pygame.Rect, texts: Texts, share: float, start: int
    ) -> tuple[pygame.Rect | None, Block, pygame.Rect]:
        """`area` as the subject's panel on top, as tall as its lines need up to `share` of
        `area` (taller when even their least size needs it), the lines fitted in it, and the
        rest of `area` beneath (no panel: no subject)."""
        subject = self.subject_lines(texts)
        if not subject:
            return None, (), area
        inner_w = area.w - 2 * SUBJECT_PAD
        block = fit_subject(subject, inner_w, int(area.h * share) - 2 * SUBJECT_PAD, start)
        panel = pygame.Rect(area.x, area.y, area.w, block_height(block) + 2 * SUBJECT_PAD)
        if panel.h > area.h * share:  # even at its least size: said, for the fit to be mended
            kit.overflowed(" ".join(subject), inner_w)
        top = panel.bottom + SUBJECT_GAP
        return panel, block, pygame.Rect(area.x, top, area.w, max(0, area.bottom - top))

    def _paint_subject(
        self, surface: pygame.Surface, panel: pygame.Rect | None, block: Block
    ) -> None:
        """The subject in its panel: the first line (the change itself) in amber."""
        if panel is None:
            return
        kit.panel(surface, panel)
        x, y, w = panel.x + SUBJECT_PAD, panel.y + SUBJECT_PAD, panel.w - 2 * SUBJECT_PAD
        for n, (size, lines) in enumerate(block):
            colour = kit.ACCENT if n == 0 else kit.TEXT
            for line in lines:
                kit.text(surface, line, (x, y), size=size, colour=colour, width=w)
                y += line_step(size)

    # the list of people

    def _people_area(
        self, body: pygame.Rect, texts: Texts
    ) -> tuple[pygame.Rect | None, Block, pygame.Rect]:
        """The subject above the people (its first line a sixth of the body tall, at most),
        and where the people go."""
        return self._split(body, texts, LIST_SUBJECT, size_within(body.h / 6))

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
        """Who (the subject, name, prompt, reason), the button back to the people, the digit
        pad."""
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
            _, _, people = self._people_area(body, texts)
            return self._list(people, texts)
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
            panel, block, people = self._people_area(body, texts)
            self._paint_subject(surface, panel, block)
            if not self.people:
                centred(surface, texts("pads_nobody"), people, share=0.12, colour=kit.WARNING)
                return
            area, nav = self._list_areas(people)
            if nav is not None:
                page = texts("pads_page", n=self.page + 1, of=self._pages(people))
                centred(surface, page, kit.grid(nav, 3, 1, gap=10)[1], share=0.4, colour=kit.DIM)
            return
        who, _, pad = self._pin_areas(body)
        self.digits.paint(surface, pad, texts)
        # what is signed on top, in amber, and nothing beneath it larger than its first line
        panel, block, who = self._split(who, texts, PIN_SUBJECT, size_within(who.h / 6))
        self._paint_subject(surface, panel, block)
        largest = block[0][0] if block else None
        rows = [  # (what, its colour, its share of a row, the rows it takes)
            (self.name(self.person), kit.ACCENT if panel is None else kit.TEXT, 0.5, 1),
            (texts("pads_enter_pin"), kit.TEXT, 0.38, 1),
        ]
        if self.reason:
            refusal = texts.refusal(self.reason, self.why)
            if panel is None:
                rows.append((refusal, kit.BAD, 0.34, 1))
            else:  # beneath a subject, the refusal asks again in the prompt's place, larger
                rows[1] = (refusal, kit.BAD, 0.5, 2)
        step = who.h // (4 if panel is None else sum(row[3] for row in rows))
        y = who.y
        for string, colour, share, taken in rows:
            # as large as its share of the row, every word whole within the row's width
            longest = max(string.split(), key=lambda word: kit.font(REFERENCE).size(word)[0])
            start = fitting_size(longest, int(step * share / 0.5), who.w, READABLE)
            if largest is not None:
                start = max(READABLE, min(start, largest))
            size, lines = fit_block(string, start, who.w, step * taken, floor=READABLE)
            line_y = y
            for line_text in lines:
                kit.text(surface, line_text, (who.x, line_y), size=size, colour=colour, width=who.w)
                line_y += line_step(size)
            y += step * taken
