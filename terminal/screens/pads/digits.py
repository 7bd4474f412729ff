"""The digit pad: PINs, amounts and counts typed with 0-9, delete, clear and OK."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from terminal.screens import kit
from terminal.screens.pads.base import WORDS, Key, Pad, centred, key
from terminal.screens.texts import Texts

DOT = "●"
DELETE = "⌫"
DISPLAY_LEAST = 36  # the display's least height, px


def key_gap(width: int) -> int:
    """The gap between the keys of a pad `width` px wide."""
    return max(6, width // 60)


def keys_height(width: int) -> int:
    """The height the pad's four rows of keys need to be a finger's size (kit.MIN_TARGET)."""
    return 4 * kit.MIN_TARGET + 3 * key_gap(width)


class DigitPad(Pad):
    """Digits typed into `value` (a string of digits, "" when none): up to `max_digits`, OK
    enabled from `min_digits` on and calling `on_ok(value)`. `masked` (a PIN) shows a dot for
    each digit, never the digits. `shown` writes the value on the pad's display (e.g. as an
    amount); `show_value=False` leaves the display out (a count sheet shows the value in its
    row); `on_change(value)` follows every change.

    `set(value, overwrite=True)` shows a value that the next digit typed replaces, as a
    spreadsheet's cell does (delete edits it instead)."""

    def __init__(
        self,
        on_ok: Callable[[str], object] | None = None,
        *,
        masked: bool = False,
        min_digits: int = 1,
        max_digits: int = 8,
        value: str = "",
        show_value: bool = True,
        shown: Callable[[str], str] | None = None,
        on_change: Callable[[str], object] | None = None,
    ):
        super().__init__()
        if not 0 <= min_digits <= max_digits or max_digits < 1:
            raise ValueError(f"digits from {min_digits} to {max_digits}: not a pad")
        self.on_ok, self.on_change = on_ok, on_change
        self.masked, self.min_digits, self.max_digits = masked, min_digits, max_digits
        self.show_value, self.shown = show_value, shown
        self.value = ""
        self.overwrite = False
        self.set(value)

    @property
    def number(self) -> int:
        """The value as a number (0 when empty)."""
        return int(self.value or 0)

    def set(self, value: str, *, overwrite: bool = False) -> None:
        if value and not (value.isdigit() and len(value) <= self.max_digits):
            raise ValueError(f"{value!r}: not up to {self.max_digits} digits")
        self.value, self.overwrite = value, overwrite and bool(value)

    def _changed(self, value: str) -> None:
        self.value, self.overwrite = value, False
        if self.on_change is not None:
            self.on_change(value)

    def press(self, digit: str) -> None:
        if self.overwrite:
            self._changed(digit)
        elif len(self.value) < self.max_digits:
            self._changed(self.value + digit)

    def delete(self) -> None:
        self._changed(self.value[:-1])

    def clear(self) -> None:
        self._changed("")

    @property
    def complete(self) -> bool:
        return len(self.value) >= self.min_digits

    def ok(self) -> None:
        if self.complete and self.on_ok is not None:
            self.on_ok(self.value)

    def _areas(self, rect: pygame.Rect) -> tuple[pygame.Rect | None, pygame.Rect]:
        """The display (a fifth of the pad, less where the keys need it) and the keys."""
        if not self.show_value:
            return None, rect
        h = max(DISPLAY_LEAST, min(rect.h // 5, rect.h - 8 - keys_height(rect.w)))
        return pygame.Rect(rect.x, rect.y, rect.w, h), pygame.Rect(
            rect.x, rect.y + h + 8, rect.w, rect.h - h - 8
        )

    def layout(self, rect: pygame.Rect, texts: Texts) -> list[Key]:
        _, area = self._areas(rect)
        cells = kit.grid(area, 4, 4, gap=key_gap(area.w))
        full = not self.overwrite and len(self.value) >= self.max_digits
        keys = []
        for n, digit in enumerate("789456123"):
            keys.append(
                key(
                    cells[(n // 3) * 4 + n % 3],
                    digit,
                    partial(self.press, digit),
                    share=0.5,
                    repeats=True,
                )
            )
        zero = partial(self.press, "0")
        keys.append(key(cells[12].union(cells[14]), "0", zero, share=0.5, repeats=True))
        for each in keys:
            each.enabled = not full
        keys.append(
            key(cells[3], DELETE, self.delete, "delete", enabled=bool(self.value), repeats=True)
        )
        keys.append(
            key(
                cells[7],
                texts("clear"),
                self.clear,
                "clear",
                enabled=bool(self.value),
                share=WORDS,
            )
        )
        ok = cells[11].union(cells[15])
        keys.append(
            key(
                ok,
                texts("ok"),
                self.ok,
                "ok",
                enabled=self.complete,
                colour=kit.PRIMARY,
                share=WORDS / 2,  # of a key two rows tall
            )
        )
        return keys

    def display(self) -> str:
        """The value as the pad shows it: dots for a PIN."""
        if self.masked:
            return " ".join(DOT * len(self.value))
        return self.shown(self.value) if self.shown is not None else self.value

    def paint(self, surface: pygame.Surface, rect: pygame.Rect, texts: Texts) -> None:
        shown, _ = self._areas(rect)
        if shown is None:
            return
        kit.panel(surface, shown, kit.BACKGROUND)
        inner = shown.inflate(-24, -8)
        if not self.value:
            hint = texts("pads_pin") if self.masked else (self.display() or "0")
            centred(surface, hint, inner, share=0.45, colour=kit.DIM)
        elif self.masked:
            centred(surface, self.display(), inner, share=0.4, colour=kit.ACCENT)
        else:
            string = self.display()
            size = max(12, min(int(inner.h * 0.9), 80))
            while size > 12 and kit.font(size).size(string)[0] > inner.w:
                size -= 2
            top = inner.centery - kit.font(size).get_height() // 2
            kit.text(surface, string, (inner.right, top), size=size, align="right")
