"""The correction of the last round: the right outcome (a card game's coup card by card), a
reason, the pit boss's PIN."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from games.cards.cards import FRENCH
from games.game import COUP, SpinGame
from terminal.runtime.staffed.session import Correction, Signature
from terminal.screens import kit
from terminal.screens.app import Target
from terminal.screens.croupier.dialog import Dialog, pad_targets
from terminal.screens.croupier.outcome import outcome_pad, place_text, short_outcome
from terminal.screens.pads import PersonPad
from terminal.screens.pads.base import WHITE, key
from terminal.screens.pads.cards import DeckPad, card_label, cards_label, spent_cards, suit_colour

if TYPE_CHECKING:
    from terminal.screens.app import CroupierApp

REASONS = ("reason_wrong_entry", "reason_misread", "reason_dealer_error")
COUP_REASONS = ("reason_wrong_card", "reason_misread", "reason_dealer_error")


class CorrectionDialog(Dialog):
    """The last round's outcome corrected: the right outcome, a reason, the pit boss's PIN. At
    a card game the outcome is the coup's cards in the order dealt: each shown with its place,
    tapped to change it on the card pad; a card added at the end, or the last taken off."""

    name = "correction"

    def __init__(self, app: CroupierApp):
        super().__init__(app)
        last = app.model.last_result
        assert last is not None and last.result is not None
        self.round = last.number
        self.corrections = len(last.corrections)
        self.was = last.result  # the result corrected, said in the screen's language
        self.outcome: dict | None = None
        self.picked: Any = None  # the pocket or the dice picked on the pad (not at a coup)
        self.reason: str | None = None
        self.posted = False
        self.pad = outcome_pad(app, self._picked)
        self.person = PersonPad(
            app.people("table_head", "games_director"),
            app.texts("pit_boss_signs"),
            on_done=self._authorised,
            subject=self._subject,
        )
        self.coup = app.table.game.kind == COUP
        self.deck = app.table.rules.deck if self.coup else FRENCH  # a coup's shoe's deck kind
        # a coup: its cards as the money that stands has them (the last correction's, or as
        # dealt), with their places; `cards` as the croupier corrects them
        dealt = _dealt(last)
        self.places = [place for place, _ in dealt]
        self.journaled = [card for _, card in dealt]
        self.cards = list(self.journaled)
        self.editing: int | None = None  # the card on the pad (len(cards): one added)

    def _picked(self, value: Any) -> None:
        table = self.app.table
        if self.coup:
            self._card(value)
            return
        self.picked = value
        if isinstance(table.game, SpinGame):
            self.outcome = table.game.outcome(table.rules, value)
        else:
            self.outcome = {"dice": list(value)}
        self.outcome = {**self.outcome, "source": "manual", "entered_by": self.app.croupier}

    # -- a coup's cards ----------------------------------------------------------------------
    def _card(self, card: str) -> None:
        """The card picked on the pad, in the place being changed (or added at the end)."""
        at = self.editing
        assert at is not None, "a card is picked only while one is changed"
        if at < len(self.cards):
            self.cards[at] = card
        else:
            self.cards.append(card)
        self._stop_editing()

    def _edit(self, at: int):
        return lambda: setattr(self, "editing", at)

    def _add(self) -> None:
        self.editing = len(self.cards)

    def _remove(self) -> None:
        if self.cards:
            self.cards.pop()

    def _stop_editing(self) -> None:
        self.editing = None
        self.pad.clear()

    def _cards_done(self) -> None:
        self.outcome = {
            "cards": list(self.cards),
            "source": "manual",
            "entered_by": self.app.croupier,
        }

    def _place(self, at: int) -> str:
        """The place card `at` went to as journaled ("+": a card added)."""
        if at >= len(self.places):
            return "+"
        return place_text(self.app.texts, self.places[at])

    def _cards_body(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        app, s, t = self.app, self.app.s, self.app.texts
        gap = int(8 * s)
        row_h = max(kit.MIN_TARGET, int(52 * s))
        line_h = int(30 * s)
        bottom = pygame.Rect(rect.x, rect.bottom - row_h, rect.w, row_h)
        if self.editing is not None:
            n = self.editing + 1
            kit.text(surface, t("pads_card_n", n=n), (rect.x, rect.y), size=int(22 * s))
            area = pygame.Rect(rect.x, rect.y + line_h, rect.w, bottom.y - gap - rect.y - line_h)
            if isinstance(self.pad, DeckPad):  # the cards the shoe cannot have given, greyed
                held = [card for at, card in enumerate(self.cards) if at != self.editing]
                own: Any = app.model.state.own  # a card game's fold: its shoe
                self.pad.spent = spent_cards(own.shoe, self.journaled, held)
            targets: list[Target] = pad_targets(self.pad, surface, area, app)
            cancel = kit.Button(
                pygame.Rect(bottom.right - int(220 * s), bottom.y, int(220 * s), row_h),
                t("cancel"),
                self._stop_editing,
                size=int(22 * s),
                name="cancel_card",
            )
            cancel.draw(surface)
            return [*targets, cancel]
        kit.text(surface, t("pads_cards_dealt"), (rect.x, rect.y), size=int(22 * s), width=rect.w)
        area = pygame.Rect(rect.x, rect.y + line_h, rect.w, bottom.y - gap - rect.y - line_h)
        targets = []
        for at, (cell, card) in enumerate(zip(_card_cells(area, len(self.cards), s), self.cards)):
            changed = at >= len(self.journaled) or card != self.journaled[at]
            button = key(
                cell,
                self._label(card, t),
                self._edit(at),
                f"card:{at + 1}",
                colour=WHITE,
                label_colour=suit_colour(card[1], self.deck),
                corner=self._place(at),
                selected=changed,
                share=0.45,
            )
            button.draw(surface)
            targets.append(button)
        actions = (
            ("pads_add_card", "add_card", self._add, True, kit.BUTTON),
            ("pads_remove_card", "remove_card", self._remove, bool(self.cards), kit.BUTTON),
            (
                "pads_cards_done",
                "cards_done",
                self._cards_done,
                bool(self.cards) and self.cards != self.journaled,
                kit.PRIMARY,
            ),
        )
        for cell, (text, name, action, enabled, colour) in zip(
            kit.grid(bottom, len(actions), 1, gap), actions, strict=True
        ):
            act = kit.Button(
                cell, t(text), action, enabled=enabled, colour=colour, size=int(22 * s), name=name
            )
            act.draw(surface)
            targets.append(act)
        return targets

    def _label(self, card: str, texts) -> str:
        return card_label(card, self.deck, texts)

    # -- what the pit boss authorises -------------------------------------------------------
    def _subject(self, texts) -> list[str]:
        """What the PIN signs, in the game's words: the outcome as it stood and as corrected
        ("20 (Negre) → 17 (Roig)", the dice; at a coup, each card changed, added or taken
        off), and why."""
        if self.outcome is None:
            return []
        lines = [self._card_changes(texts) if self.coup else self._change(texts)]
        if self.reason is not None:
            lines.append(f"{texts('reason_pick')}: {texts(self.reason)}")
        return lines

    def _said(self, value: Any, texts) -> str:
        """A pocket or the dice as the outcome's confirmation shows them, its colour named."""
        shown = self.pad.shown(value, texts)
        return f"{shown.text} ({shown.note})" if shown.note else shown.text

    def _change(self, texts) -> str:
        outcome, game = self.was["outcome"], self.app.table.game
        was: Any = None  # a card game's coup: said as the game says it
        try:
            if isinstance(game, SpinGame):
                was = game.pocket(outcome)
            elif "dice" in outcome:
                was = tuple(outcome["dice"])
            before = self._said(was, texts)
        except (KeyError, TypeError, ValueError):  # not a pocket of the pad: as the game says it
            before = short_outcome(self.app, self.was)
        return f"{before} → {self._said(self.picked, texts)}"

    def _card_changes(self, texts) -> str:
        changes = []
        for at in range(max(len(self.journaled), len(self.cards))):
            was = self.journaled[at] if at < len(self.journaled) else None
            now = self.cards[at] if at < len(self.cards) else None
            if was == now:
                continue
            n = at + 1
            if was is None and now is not None:
                changes.append(texts("pads_card_added", n=n, card=self._label(now, texts)))
            elif was is not None and now is None:
                place = self._place(at)
                removed = self._label(was, texts)
                changes.append(texts("pads_card_removed", n=n, place=place, card=removed))
            elif was is not None and now is not None:
                changes.append(
                    texts(
                        "pads_card_changed",
                        n=n,
                        place=self._place(at),
                        was=self._label(was, texts),
                        now=self._label(now, texts),
                    )
                )
        return " · ".join(changes)

    # -- the steps -------------------------------------------------------------------------
    def _authorised(self, person: str, pin: str) -> None:
        assert self.outcome is not None and self.reason is not None
        reason = self.reason.removeprefix("reason_")  # journaled as its key (Texts)
        self.posted = True
        self.app.post(Correction(self.outcome, reason, Signature(person, pin)))

    def done(self) -> bool:
        last = self.app.model.last_result
        return (
            self.closed
            or last is None
            or last.number != self.round
            or len(last.corrections) > self.corrections
        )

    def title(self) -> str:
        t = self.app.texts
        was = t("correction_was", outcome=short_outcome(self.app, self.was))
        return f"{t('correction_title', n=self.round)} · {was}"

    def _shown(self, outcome: dict) -> str:
        if self.coup:
            return cards_label(outcome["cards"], self.deck, self.app.texts)
        return self.app.table.game.result_text(outcome)

    def body(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        app, s, t = self.app, self.app.s, self.app.texts
        if self.outcome is None:
            if self.coup:
                return self._cards_body(surface, rect)
            return pad_targets(self.pad, surface, rect, app)
        if self.reason is None:
            kit.text(
                surface,
                self._shown(self.outcome),
                (rect.x, rect.y),
                size=int(40 * s),
                colour=kit.ACCENT,
                width=rect.w,
            )
            area = pygame.Rect(rect.x, rect.y + int(70 * s), rect.w, rect.h - int(70 * s))
            buttons: list[Target] = []
            reasons = COUP_REASONS if self.coup else REASONS
            for cell, key_ in zip(
                kit.grid(area, 1, len(reasons) + 1, int(8 * s)), (*reasons, "back"), strict=True
            ):
                action = self._reason(key_) if key_ != "back" else self._again
                button = kit.Button(cell, t(key_), action, size=int(24 * s), name=key_)
                button.draw(surface)
                buttons.append(button)
            return buttons
        refusal = self.refused("correction")
        if refusal is not None and self.posted:
            self.posted = False
            self.person.refuse(refusal.reason)
        if self.posted:
            return self.waiting(surface, rect)
        return pad_targets(self.person, surface, rect, app)

    def _reason(self, key: str):
        return lambda: setattr(self, "reason", key)

    def _again(self) -> None:
        self.outcome = None


def _dealt(last) -> list[tuple[str, str]]:
    """The last round's cards with their places, in the order dealt, as the money that stands
    has them: its last correction's coup, else the cards drawn (none at a wheel or the dice)."""
    for correction in reversed(last.corrections):
        if "moves" in correction:
            return [(place, card) for move, place, card in correction["moves"] if move == "card"]
    return list(last.cards)


def _card_cells(area: pygame.Rect, n: int, s: float) -> list[pygame.Rect]:
    """`n` cells for the cards, row by row: as many rows as fit at the least target height,
    the columns that take them (seven at least), no taller than a card needs."""
    gap = int(6 * s)
    fit = max(1, (area.h + gap) // (kit.MIN_TARGET + gap))
    columns = max(7, -(-n // fit))
    rows = max(2, -(-n // columns))
    h = min(int(96 * s), (area.h - gap * (rows - 1)) // rows)
    return kit.grid(
        pygame.Rect(area.x, area.y, area.w, rows * h + (rows - 1) * gap), columns, rows, gap
    )[:n]
