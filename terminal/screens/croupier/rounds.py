"""The round's dialogs: the outcome entered by hand (shown large, settled only once confirmed),
the payouts seat by seat, the correction of the last round with the pit boss's PIN (a card
game's coup card by card), the last ten rounds in full, and the payout calculator."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from games.cards.coup import Need
from games.game import COUP, SpinGame
from games.records import sentences
from terminal.runtime.payments import Payment
from terminal.runtime.session import Correction, Signature
from terminal.screens import kit, pads
from terminal.screens.app import Target
from terminal.screens.croupier.dialog import Dialog, pad_targets
from terminal.screens.pads import Confirmation, PersonPad
from terminal.screens.pads.base import WHITE, key
from terminal.screens.pads.cards import card_label, suit_colour
from terminal.screens.payouts import PayoutCalculator, round_sheet
from terminal.screens.payouts_draw import draw_calculator, draw_payouts
from terminal.screens.views.cards import CardView

if TYPE_CHECKING:
    from terminal.screens.app import CroupierApp

REASONS = ("reason_wrong_entry", "reason_misread", "reason_dealer_error")
COUP_REASONS = ("reason_wrong_card", "reason_misread", "reason_dealer_error")
# a coup's places as the correction's cards name them (the part of the place before ":")
PLACES = {
    "player": "pads_place_player",
    "banker": "pads_place_banker",
    "noir": "pads_place_noir",
    "rouge": "pads_place_rouge",
    "dealer": "pads_place_dealer",
    "bank": "pads_place_bank",
    "box": "pads_place_box",
    "burn": "pads_place_burn",
}


def place_text(texts, place: str) -> str:
    """A coup's place ("box:3.2", "banker", "burn") as the croupier calls it."""
    kind, _, n = place.partition(":")
    if kind not in PLACES:
        return place
    return texts(PLACES[kind], n=n) if n else texts(PLACES[kind])


def outcome_pad(app: CroupierApp, on_pick):
    """The pad of the table's device: the numbers as the cloth lays them out, the dice, a card."""
    return pads.outcome_pad(app.table.game, app.table.rules, on_pick)


def enter(app: CroupierApp, value: Any) -> None:
    """A confirmed outcome to the table's hand device, as entered by the croupier."""
    hand = app.hand
    if isinstance(value, tuple):
        hand.enter(*value, by=app.croupier)
    else:
        hand.enter(value, by=app.croupier)


class OutcomeDialog(Dialog):
    """The outcome on its pad; once picked, shown large until confirmed (or cancelled)."""

    name = "outcome"

    def __init__(self, app: CroupierApp):
        super().__init__(app)
        self.round = app.model.state.round
        self.pad = outcome_pad(app, self._picked)
        self.confirmation: Confirmation | None = None

    def _picked(self, value: Any) -> None:
        self.confirmation = self.pad.confirmation(
            self._confirmed, self._cancelled, away=self.app.last_tap
        )

    def _confirmed(self, value: Any) -> None:
        enter(self.app, value)
        self.confirmation = None
        self.pad.clear()
        if self.app.table.game.kind != COUP:  # a coup's cards are entered one after another
            self.close()

    def _cancelled(self) -> None:
        self.confirmation = None

    def _need(self) -> Need | None:
        """What a coup needs next, as the journal has it (None: not a card game's coup)."""
        view = self.app.screens.table.view
        return view.need() if isinstance(view, CardView) else None

    def done(self) -> bool:
        """Over once the round is; at a card game, also when the coup asks a player's decision:
        the croupier takes it on the table, then opens the pad again for the next card."""
        st = self.app.model.state
        if self.closed or st.round != self.round or st.round_status is None:
            return True
        need = self._need() if self.confirmation is None else None
        return need is not None and need.kind == "decision"

    def title(self) -> str:
        need = self._need()
        if need is not None and need.kind == "card" and need.place:
            place = place_text(self.app.texts, need.place)
            return self.app.texts("outcome_card_for", n=self.round, place=place)
        return self.app.texts("outcome_title", n=self.round)

    def body(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        if self.confirmation is not None:
            return pad_targets(self.confirmation, surface, rect, self.app)
        if self.app.table.game.kind != COUP:
            return pad_targets(self.pad, surface, rect, self.app)
        # a card game: the cut card comes out among the cards
        app, s = self.app, self.app.s
        h = max(kit.MIN_TARGET, int(52 * s))
        pad_rect = pygame.Rect(rect.x, rect.y, rect.w, rect.h - h - int(8 * s))
        targets = pad_targets(self.pad, surface, pad_rect, app)
        cut = kit.Button(
            pygame.Rect(rect.right - int(220 * s), rect.bottom - h, int(220 * s), h),
            app.texts("cut_card"),
            lambda: app.hand.cut(by=app.croupier),
            size=int(22 * s),
            name="cut_card",
        )
        cut.draw(surface)
        return [*targets, cut]


class PayoutsDialog(Dialog):
    """The last round's payouts: the losing bets collected first, then seat by seat in the
    regulation's order; each seat's payment journaled (`Payment`), and read back from the
    journal, so that a correction or a restart shows what each seat is still owed."""

    name = "payouts"

    def __init__(self, app: CroupierApp):
        super().__init__(app)
        last = app.model.last_result
        assert last is not None and last.result is not None
        self.round = last.number
        self.page, self.collected = 0, False
        self.pending: dict[int, int] = {}  # seat -> its payments' count when tapped
        self.sheet = self._sheet(last)
        self.heading = outcome_words(app, last.result)

    def _sheet(self, last: Any):
        table = self.app.table
        sheet = round_sheet(last, table.setup.game, table.rules)
        sheet.page, sheet.collected = self.page, self.collected or sheet.collected
        return sheet

    def done(self) -> bool:
        last = self.app.model.last_result
        return self.closed or last is None or last.number != self.round

    def title(self) -> str:
        return f"{self.app.texts('payouts')} · {self.app.texts('round', n=self.round)}"

    def _pay(self, seat: int, amount: int) -> None:
        self.pending[seat] = len(self.sheet.payments.get(seat, ()))
        self.app.post(Payment(seat, amount, self.app.croupier))

    def _undo(self, seat: int, seq: int) -> None:
        self.pending[seat] = len(self.sheet.payments.get(seat, ()))
        self.app.post(Payment(seat, 0, self.app.croupier, undo=seq))

    def body(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        self.page, self.collected = self.sheet.page, self.sheet.collected
        last = self.app.model.last_result
        if last is not None and last.number == self.round and last.result is not None:
            self.sheet = self._sheet(last)  # as the journal has it now (a payment, a correction)
            self.heading = outcome_words(self.app, last.result)
        if self.refused("payment") is not None:
            self.pending.clear()  # the status line says why; the sheet shows the journal's
        self.pending = {
            seat: n
            for seat, n in self.pending.items()
            if len(self.sheet.payments.get(seat, ())) == n
        }
        return list(
            draw_payouts(
                surface,
                rect,
                self.sheet,
                self.app.texts,
                heading=self.heading,
                on_pay=self._pay,
                on_undo=self._undo,
                pending=set(self.pending),
            )
        )


def outcome_words(app: CroupierApp, result: dict[str, Any]) -> str:
    """A round's outcome as the croupier called it, in the screen's language (the journaled
    announcement), else as the game writes it."""
    said = result.get("announcement", {}).get("text", {}).get(app.texts.language)
    return said or app.table.game.result_text(result["outcome"])


def short_outcome(app: CroupierApp, result: dict[str, Any]) -> str:
    """A round's outcome in a few characters (17, 3-4); a card game's, the first sentence of
    the croupier's call in the screen's language (its short text names places in English; the
    carrousel's boxes follow in the round's detail)."""
    if app.table.game.kind == COUP:
        return sentences(outcome_words(app, result))[0]
    return app.table.game.result_text(result["outcome"])


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
                card_label(card),
                self._edit(at),
                f"card:{at + 1}",
                colour=WHITE,
                label_colour=suit_colour(card[1]),
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
                changes.append(texts("pads_card_added", n=n, card=card_label(now)))
            elif was is not None and now is None:
                place = self._place(at)
                changes.append(texts("pads_card_removed", n=n, place=place, card=card_label(was)))
            elif was is not None and now is not None:
                changes.append(
                    texts(
                        "pads_card_changed",
                        n=n,
                        place=self._place(at),
                        was=card_label(was),
                        now=card_label(now),
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
            return " ".join(card_label(card) for card in outcome["cards"])
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


class CalculatorDialog(Dialog):
    """For a table whose bets are not entered: one player's winning chips on the number."""

    name = "calculator"

    def __init__(self, app: CroupierApp):
        super().__init__(app)
        outcome = app.model.state.last_outcome or {}
        table = app.table
        self.calculator = PayoutCalculator(
            table.setup.game, table.rules, table.setup.limits, outcome, chips=table.setup.chips
        )

    def title(self) -> str:
        return self.app.texts("calculator")

    def body(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        return list(draw_calculator(surface, rect, self.calculator, self.app.texts))
