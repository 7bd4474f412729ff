"""Chemin de fer's body on the players' display: the bank as the table has it (who holds it, its
amount, the garage), the ponte minimum and what the bank leaves to stake, and the last coups of
the shoe (the two totals and who won), newest first, as the journal gave them (`Coups`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import pygame

from terminal.screens import kit

if TYPE_CHECKING:
    from games.chemin_de_fer.engine import ChemState
    from terminal.screens.app import CroupierApp

SHOWN = 8  # the last coups listed
WINNERS = {"ponte": "cdf_ponte", "bank": "cdf_bank", "tie": "cdf_tie"}


class Coups:
    """The shoe's coups as the journal gives them: a correction replaces its coup's outcome."""

    def __init__(self) -> None:
        self.outcomes: dict[int, Mapping[str, Any]] = {}

    def heard(self, event: Mapping[str, Any]) -> None:
        kind = event["kind"]
        if kind == "shoe.loaded":
            self.outcomes = {}
        elif kind == "round.result" or (
            kind == "round.correction" and event["round"] in self.outcomes
        ):
            self.outcomes[event["round"]] = event["data"]["outcome"]


def draw_body(
    app: CroupierApp,
    coups: Coups,
    state: ChemState,
    surface: pygame.Surface,
    rect: pygame.Rect,
    s: float,
) -> None:
    t = app.texts
    y = rect.y
    bank = state.bank.bank
    if bank is not None:
        line = t(
            "cdf_bank_line",
            place=bank.banker,
            amount=app.money(bank.amount),
            garage=app.money(bank.garage),
        )
        y = kit.text(surface, line, (rect.centerx, y), size=int(44 * s), align="center").bottom
    y += int(12 * s)
    y = kit.text(
        surface, t("cdf_last_coups"), (rect.x, y), size=int(28 * s), colour=kit.DIM
    ).bottom + int(6 * s)
    size = int(34 * s)
    step = kit.font(size).get_linesize()
    for outcome in list(reversed(coups.outcomes.values()))[:SHOWN]:
        if y + step > rect.bottom:
            break
        winner = str(outcome["winner"])
        text = f"{t('cdf_ponte')} {outcome['ponte_total']} · {t('cdf_bank')} "
        text += f"{outcome['banker_total']} — {t(WINNERS[winner])}"
        colour = kit.ACCENT if winner == "bank" else kit.TEXT
        kit.text(surface, text, (rect.x, y), size=size, colour=colour, width=rect.w)
        y += step
