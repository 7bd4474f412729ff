"""The last ten rounds in a dialog the croupier's menu opens, each in full on a tap."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from terminal.screens import kit
from terminal.screens.app import Target
from terminal.screens.croupier.dialog import Dialog
from terminal.screens.croupier.outcome import outcome_words, short_outcome

if TYPE_CHECKING:
    from terminal.screens.app import CroupierApp


class HistoryDialog(Dialog):
    """The last ten rounds, each in full on a tap: bets, outcome, settlement."""

    name = "history"

    def __init__(self, app: CroupierApp):
        super().__init__(app)
        self.chosen: int | None = None

    def title(self) -> str:
        return self.app.texts("history")

    def body(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        app, s, t = self.app, self.app.s, self.app.texts
        rounds = list(reversed(app.model.history))
        if not rounds:
            kit.text(surface, t("history_empty"), (rect.x, rect.y), size=int(24 * s))
            return []
        list_w = int(rect.w * 0.34)
        area = pygame.Rect(rect.x, rect.y, list_w, rect.h)
        gap = int(4 * s)
        fit = max(1, (area.h + gap) // (kit.MIN_TARGET + gap))  # rows a finger's size
        columns = 1 if len(rounds) <= fit else 2  # ten rounds at 800x480: two columns
        rows = max(-(-len(rounds) // columns), 5)
        buttons: list[Target] = []
        for cell, round_ in zip(kit.grid(area, columns, rows, gap), rounds, strict=False):
            label = t("round", n=round_.number)
            if round_.result is not None:
                label += f": {short_outcome(app, round_.result)}"
            elif round_.void is not None:
                label += ": —"
            chosen = self.chosen == round_.number
            button = kit.Button(
                cell,
                label,
                _choose(self, round_.number),
                colour=kit.PRIMARY if chosen else kit.BUTTON,
                size=int(20 * s),
                name=f"round:{round_.number}",
            )
            button.draw(surface)
            buttons.append(button)
        shown = next((r for r in rounds if r.number == self.chosen), rounds[0])
        detail = pygame.Rect(
            area.right + int(12 * s), rect.y, rect.w - list_w - int(12 * s), rect.h
        )
        kit.panel(surface, detail)
        _detail(app, surface, detail.inflate(-int(16 * s), -int(12 * s)), shown)
        return buttons


def _choose(dialog: HistoryDialog, number: int):
    return lambda: setattr(dialog, "chosen", number)


def _detail(app: CroupierApp, surface: pygame.Surface, rect: pygame.Rect, round_) -> None:
    s, t = app.s, app.texts
    size = int(19 * s)
    step = kit.font(size).get_linesize()
    y = rect.y
    lines: list[tuple[str, tuple]] = [(t("round", n=round_.number), kit.ACCENT)]
    if round_.void is not None:
        lines.append((t.void(round_.void), kit.WARNING))
    result = round_.result
    if result is not None:
        lines.append((outcome_words(app, result), kit.TEXT))
        for correction in round_.corrections:
            lines.append(
                (
                    f"{t('corrected', by=correction['by'])}: "
                    f"{t.correction_reason(correction['reason'])}",
                    kit.WARNING,
                )
            )
        settled = {e["id"]: e for e in result.get("settlement", [])}
        for bet in result.get("bets", []):
            entry = settled.get(bet["id"], {})
            money = entry.get("paid", 0) + entry.get("returned", 0)
            lines.append((t.bet_line(bet, entry), kit.GOOD if money else kit.DIM))
        totals = result.get("totals", {})
        if totals:
            lines.append(
                (
                    f"{t('staked', amount=app.money(totals['staked']))} · "
                    f"{t('house_net', amount=app.money(totals['house_net']))}",
                    kit.TEXT,
                )
            )
    else:
        for bet in round_.bets:
            lines.append((t.bet_line(bet), kit.TEXT))
    for said, colour in lines:  # each wrapped to the detail's width, as many as it holds
        for line in kit.wrap(said, size, rect.w):
            if y + step > rect.bottom:
                return
            kit.text(surface, line, (rect.x, y), size=size, colour=colour, width=rect.w)
            y += step
