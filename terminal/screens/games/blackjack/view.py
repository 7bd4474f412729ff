"""Blackjack's view on the table screen (section 03): the dealer's line across the top, the
boxes (up to seven) from the croupier's left to his right, each with its bets (the seat that
sits at it and the players behind it, four bets at most), its hands as the coup deals them
(a split's hands apart), their totals and marks, the insurances taken; and along the bottom
what the coup waits for: the card for a place (as the shoe reads it or entered by hand), or
the decision of the box whose turn it is, with only the options the rules allow it at that
moment (games/blackjack/engine.py `need`).

Where the croupier enters the shoe by hand (`screen://`), the new shoe is said loaded between
coups, on this bar (before the bets, once the cut card's coup is over), and its burnt cards
counted there, face down (a count, not cards); the coup's cards and decisions are entered on
the deal screen (deal.py), which opens by itself when the bets close.

A tap on a box while bets are open bets the chosen stake for the chosen seat on it; a tap on a
decision enters it for the box (`post_decision`), which the table takes or refuses with the
reason in the status line. Everything shown comes from the journal (the coup is played again
by the pure engine from its journaled cards and decisions, views/cards.py), never from the
table's thread. Once the coup is over the boxes show how each hand ended, or, after a void
coup (a misdeal), the stakes it returned as journaled.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from games.blackjack.bet import BlackjackBet
from games.cards.coup import replay
from games.cards.fold import ShoeFold
from terminal.screens import kit
from terminal.screens.app import Target
from terminal.screens.games.blackjack.deal import DECISIONS, DealDialog, burn_buttons
from terminal.screens.games.blackjack.draw import (
    PastCoup,
    draw_box,
    draw_dealer,
    draw_past_coups,
    total_label,
)
from terminal.screens.games.blackjack.hands import (
    DEALER,
    CoupShown,
    of_bets,
    of_coup,
    of_result,
    of_void,
)
from terminal.screens.pads.base import size_within
from terminal.screens.views.cards import CardView

if TYPE_CHECKING:
    from terminal.screens.croupier.table import TableScreen

__all__ = ["DECISIONS", "BlackjackView"]


class BlackjackView(CardView):
    def __init__(self, screen: TableScreen):
        super().__init__(screen)
        self.players_body = self._players_body  # the players' display: the last coups
        self.last_shoe = False  # the closing's last shoe was announced this session
        self._shown: tuple[Any, CoupShown] | None = None
        self.burn_count: int | None = None  # the burnt cards counted (None: all still to burn)
        self._deal_due = False  # the bets closed: the deal screen opens at the next frame
        self.app.model.listeners.append(self._heard)

    def _heard(self, event: dict[str, Any]) -> None:
        kind = event["kind"]
        if kind == "table.open":
            self.last_shoe = False
        elif kind == "announcement" and event["data"].get("key") == "last_shoe":
            self.last_shoe = True
        elif kind == "round.closed":
            self._deal_due = True
        elif kind in ("round.result", "round.void"):
            self._deal_due = False

    def outcome_dialog(self) -> DealDialog | None:
        """The coup entered by hand on the deal screen (deal.py)."""
        return DealDialog(self.app, self)

    def _open_deal(self) -> None:
        """The deal screen, by itself once the bets closed, where the croupier enters the cards
        and nothing else is open."""
        app = self.app
        if not self._deal_due or app.dialog is not None:
            return
        self._deal_due = False
        if app.model.state.round_status == "closed" and app.can_enter_outcome():
            app.open(DealDialog(app, self))

    # -- the shoe, between coups -----------------------------------------------------------
    def shoe_over(self) -> bool:
        """Whether a new shoe is to be loaded before the next coup: none yet, or the cut card
        came out (its coup is over)."""
        shoe = getattr(self.app.model.state.own, "shoe", None)
        return shoe is None or shoe.cut_out

    def shoe_loaded(self) -> None:
        """A new shoe is in (the croupier shuffled, cut and loaded it), with the rules' decks."""
        table = self.app.table
        self.burn_count = None
        self.app.hand.loaded(table.rules.decks, by=self.app.croupier)

    def burning(self) -> int:
        """The new shoe's cards still to burn (0: none)."""
        shoe = getattr(self.app.model.state.own, "shoe", None)
        if shoe is None or not shoe.burning:
            return 0
        return shoe.burn - shoe.drawn

    def _burn_change(self, count: int) -> None:
        self.burn_count = max(1, min(count, self.burning()))

    def _burnt(self) -> None:
        """The cards counted put aside face down, to the shoe's hand."""
        left = self.burning()
        count = min(self.burn_count or left, left)
        self.burn_count = None
        if count:
            self.app.hand.burnt(count, by=self.app.croupier)

    def burn_entry(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        """The burnt cards as a count: "−", the count, "+", and the button that says them."""
        left = self.burning()
        count = min(self.burn_count or left, left)
        s = self.app.s
        row = pygame.Rect(
            rect.x, rect.centery - int(34 * s), rect.w, max(kit.MIN_TARGET + 8, int(68 * s))
        )
        row = row.clip(rect) if row.h > rect.h else row
        return burn_buttons(surface, row, self.app, count, left, self._burn_change, self._burnt)

    def _between_coups(self) -> bool:
        """Whether the shoe is said loaded, or its burnt cards counted, on the bar now: entered
        by hand, no coup being dealt."""
        app = self.app
        return (
            not app.demo
            and app.model.state.session_open
            and app.model.state.round_status != "closed"
            and app.can_enter_outcome()
        )

    # -- entries ---------------------------------------------------------------------------
    def bet(self, code: str) -> BlackjackBet:
        screen = self.screen
        return BlackjackBet(screen.next_bet_id(), screen.seat, code, screen.chip)

    def tap_code(self, code: str) -> None:
        """Tap the box `code` ("box:3") names: its column, while bets are open."""
        if code not in self.app.names():
            raise KeyError(f"no box {code!r} to tap on the table now")
        self.app.press(code)

    @property
    def boxes(self) -> int:
        return int(self.app.table.rules.boxes)

    def place_name(self, place: str) -> str:
        """A place as the croupier calls it: "Casella 3", "Casella 3.2", "Banca"."""
        if place == DEALER:
            return self.app.texts("bj_dealer")
        return self.app.texts("bj_box", n=place.partition(":")[2])

    # -- what is shown ---------------------------------------------------------------------
    def shown(self) -> CoupShown:
        """The table as the journal has it now (worked out once per event the model takes)."""
        model = self.app.model
        key = (model.version, model.state.round)
        if self._shown is None or self._shown[0] != key:
            self._shown = (key, self._worked_out())
        return self._shown[1]

    def _worked_out(self) -> CoupShown:
        app = self.app
        st, current = app.model.state, app.model.current
        if st.round_status == "open":
            return of_bets(self.current_bets())
        if st.round_status == "closed":
            coup = self.coup()
            if coup is None:
                return of_bets(st.round_bets)
            return of_coup(coup, app.engine.need(coup), st.round_bets)
        if current is not None and current.result is not None:
            return of_result(current.result, current.bets)
        if current is not None and current.void is not None:
            return of_void(current.void, self._void_coup(), current.bets)
        return CoupShown("idle")

    def _void_coup(self) -> Any | None:
        """The void coup as far as it was dealt: played again from its journaled moves."""
        app = self.app
        current, own = app.model.current, app.model.state.own
        if current is None or not current.bets or not isinstance(own, ShoeFold):
            return None
        bets = [BlackjackBet.from_json(bet) for bet in current.bets]
        try:
            return replay(app.engine, own.engine_state(), bets, list(own.moves))
        except ValueError:  # the journal and the engine disagree: the stakes as journaled
            return None

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        app, s = self.app, self.app.s
        self._open_deal()
        shown = self.shown()
        pygame.draw.rect(surface, kit.FELT, rect, border_radius=10)
        pad = int(6 * s)
        inner = rect.inflate(-2 * pad, -2 * pad)
        dealer_h = max(56, int(64 * s))
        bar_h = max(kit.MIN_TARGET + 8, int(60 * s))
        dealer = pygame.Rect(inner.x, inner.y, inner.w, dealer_h)
        bar = pygame.Rect(inner.x, inner.bottom - bar_h, inner.w, bar_h)
        area = pygame.Rect(inner.x, dealer.bottom + pad, inner.w, bar.y - dealer.bottom - 2 * pad)
        lit = shown.due or (shown.asked.place if shown.asked is not None else None)
        if self._preparing():
            lit = None  # the shoe is loaded, or its first cards burnt: nothing is dealt yet
        right = draw_dealer(surface, dealer, shown, app.texts, s, lit=lit == DEALER)
        self._notes(surface, pygame.Rect(right, dealer.y, dealer.right - right, dealer.h), shown)
        pygame.draw.line(
            surface,
            kit.FELT_LINE,
            (inner.x, dealer.bottom + pad // 2),
            (inner.right, dealer.bottom + pad // 2),
        )
        targets = self._boxes(surface, area, shown, lit)
        targets += self._bar(surface, bar, shown)
        return targets

    def _boxes(
        self, surface: pygame.Surface, area: pygame.Rect, shown: CoupShown, lit: str | None
    ) -> list[Target]:
        app, s = self.app, self.app.s
        st = app.model.state
        betting = st.round_status == "open" and not app.demo
        if shown.phase in ("bets", "idle") or not shown.boxes:
            numbers = list(range(1, self.boxes + 1))
        else:
            numbers = [box.box for box in shown.boxes]
        refusal = app.fresh_refusal() if betting else None
        refused = refusal.code if refusal is not None else None
        asked = shown.asked.place if shown.asked is not None else None
        gap = max(4, int(6 * s))
        targets: list[Target] = []
        settled = shown.phase in ("result", "void")
        # a box takes room for each of its hands: a split's hands stand side by side
        weights = [len(b.hands) if (b := shown.box(n)) and not betting else 1 for n in numbers]
        for number, cell in zip(numbers, _columns(area, weights, gap)):
            place = f"box:{number}"
            outlined = None
            if refused == place:
                outlined = kit.WARNING
            elif asked is not None and asked.partition(".")[0] == place:
                outlined = kit.ACCENT
            draw_box(
                surface,
                cell,
                number,
                shown.box(number),
                app.texts,
                s,
                settled=settled,
                lit_place=lit,
                outlined=outlined,
                seat_label=lambda seat: app.texts("seat_short", n=seat),
            )
            if betting:
                targets.append(
                    kit.Button(cell, app.texts("bj_box", n=number), self._bet_on(place), name=place)
                )
        return targets

    def _bet_on(self, place: str):
        return lambda: self.screen.bet(place)

    def _notes(self, surface: pygame.Surface, rect: pygame.Rect, shown: CoupShown) -> None:
        """At the dealer's line's right: the closing's last shoe, the cut card out, the shoe."""
        app, s, t = self.app, self.app.s, self.app.texts
        shoe = getattr(app.model.state.own, "shoe", None)
        notes: list[tuple[str, tuple[int, int, int]]] = []
        if shown.asked is not None and "insurance" in shown.asked.options:
            notes.append((t("bj_insurance_offer"), kit.ACCENT))
        if self.last_shoe:
            notes.append((t("bj_last_shoe"), kit.ACCENT))
        if shoe is not None and shoe.cut_out:
            notes.append((t("bj_cut_out"), kit.ACCENT))
        elif shoe is not None:
            notes.append((t("bj_shoe", n=shoe.left), kit.DIM))
        size = max(16, int(20 * s))
        step = kit.font(size).get_linesize()
        shown_notes = notes[: max(1, rect.h // step)]
        y = rect.centery - step * len(shown_notes) // 2
        for note, colour in shown_notes:
            kit.text(
                surface,
                note,
                (rect.right - int(6 * s), y),
                size=size,
                colour=colour,
                align="right",
                width=rect.w - int(10 * s),
            )
            y += step

    def _bar(self, surface: pygame.Surface, rect: pygame.Rect, shown: CoupShown) -> list[Target]:
        """Along the bottom: the decision asked and its options, else what the coup waits for."""
        app, s, t = self.app, self.app.s, self.app.texts
        if shown.asked is not None and shown.asked.place is not None and not app.demo:
            return self._decisions(surface, rect, shown)
        st = app.model.state
        shoe = getattr(st.own, "shoe", None)
        if self._between_coups() and self.burning():
            return self.burn_entry(surface, rect)
        lines: list[tuple[str, tuple[int, int, int]]] = []
        targets: list[Target] = []
        if self._between_coups() and self.shoe_over():
            button_w = int(rect.w * 0.42)
            cell = pygame.Rect(rect.right - button_w, rect.y, button_w, rect.h)
            button = kit.Button(
                cell,
                t("bj_new_shoe_loaded"),
                self.shoe_loaded,
                colour=kit.PRIMARY,
                size=max(18, int(22 * s)),
                name="new_shoe",
            )
            button.draw(surface)
            targets.append(button)
            rect = pygame.Rect(rect.x, rect.y, rect.w - button_w - int(6 * s), rect.h)
            if st.round_status != "open":
                lines.append((t("bj_new_shoe"), kit.ACCENT))
        if self._preparing() and (shoe is None or not shoe.burning):
            lines.append((t("bj_new_shoe"), kit.ACCENT))
        elif self._preparing() and shoe is not None:
            lines.append((t("bj_burn_count", n=shoe.burn - shoe.drawn), kit.ACCENT))
        elif shown.due is not None:
            if shown.due == DEALER:
                lines.append((t("bj_card_dealer"), kit.ACCENT))
            else:
                lines.append((t("bj_card_for", place=self.place_name(shown.due)), kit.ACCENT))
                hand = shown.hand(shown.due)
                if hand is not None and hand.doubled:
                    lines.append((t("bj_ace_counts_one"), kit.WARNING))
        elif st.round_status == "open" and not app.demo:
            seat = t("seat", n=self.screen.seat)
            lines.append((t("bj_tap_box", seat=seat, chip=app.money(self.screen.chip)), kit.TEXT))
        elif shown.phase == "result" and shown.announcement:
            said = shown.announcement.get("text", {}).get(t.language, "")
            lines.append((said, kit.ACCENT))
        elif shown.phase == "void" and shown.returned:
            amount = sum(int(bet["stake"]) for bet in shown.returned)
            lines.append((t("bj_void", amount=app.money(amount)), kit.WARNING))
        elif st.round_status == "closed" and not st.round_bets:
            lines.append((t("bj_no_bets"), kit.DIM))
        size = size_within(rect.h / max(1, len(lines)) * 0.8)
        size = min(size, max(20, int(28 * s)))
        step = kit.font(size).get_linesize()
        wrapped = [(part, c) for line, c in lines for part in kit.wrap(line, size, rect.w - 16)]
        wrapped = wrapped[: max(1, rect.h // step)]
        y = rect.centery - step * len(wrapped) // 2
        for line, colour in wrapped:
            kit.text(
                surface,
                line,
                (rect.x + int(8 * s), y),
                size=size,
                colour=colour,
                width=rect.w - int(16 * s),
            )
            y += step
        return targets

    def _preparing(self) -> bool:
        """The coup waits for a new shoe to be loaded, or for its first cards to be burnt."""
        app = self.app
        if app.model.state.round_status != "closed":
            return False
        if app.table.waiting == "shoe":
            return True
        own = app.model.state.own
        return (
            isinstance(own, ShoeFold)
            and own.shoe is not None
            and own.shoe.burning
            and not own.moves
        )

    def _decisions(
        self, surface: pygame.Surface, rect: pygame.Rect, shown: CoupShown
    ) -> list[Target]:
        """The box whose decision is asked, and a button for each option the rules allow it."""
        s, t = self.app.s, self.app.texts
        asked = shown.asked
        assert asked is not None and asked.place is not None
        place = self.place_name(asked.place)
        if "insurance" in asked.options:
            label = t("bj_asks_insurance", place=place)
        else:
            hand = shown.hand(asked.place)
            said = total_label(hand, t, final=False)[0] if hand is not None else ""
            label = t("bj_asks", place=place, total=said)
        options = [action for action in DECISIONS if action in asked.options]
        gap = int(6 * s)
        label_w = int(rect.w * 0.3)
        size = max(18, int(22 * s))
        lines = kit.wrap(label, size, label_w - gap)[:2]
        step = kit.font(size).get_linesize()
        y = rect.centery - step * len(lines) // 2
        for line in lines:
            kit.text(surface, line, (rect.x + gap, y), size=size, colour=kit.ACCENT)
            y += step
        area = pygame.Rect(rect.x + label_w, rect.y, rect.w - label_w, rect.h)
        buttons: list[Target] = []
        for cell, action in zip(kit.grid(area, len(options), 1, gap), options):
            button = kit.Button(
                cell,
                t(f"bj_decide_{action}"),
                self.decision(asked.place, action),
                colour=kit.PRIMARY,
                size=max(18, int(22 * s)),
                name=f"decide:{action}",
            )
            button.draw(surface)
            buttons.append(button)
        return buttons

    def decision(self, place: str, action: str):
        """What a tap on `place`'s decision `action` does: enter it."""
        return lambda: self.decide(place, action)

    # -- the players' display --------------------------------------------------------------
    def _players_body(self, surface: pygame.Surface, rect: pygame.Rect, s: float) -> None:
        """The last coups, newest first: the dealer's cards and score, each hand's total and
        whether it won (a void coup said so)."""
        coups: list[PastCoup] = []
        for round_ in reversed(self.app.model.history):
            if round_.result is not None:
                coups.append(PastCoup(round_.number, of_result(round_.result, round_.bets)))
            elif round_.void is not None and round_.void.get("returned"):
                coups.append(PastCoup(round_.number, None))
        draw_past_coups(surface, rect, coups, self.app.texts, s)


def _columns(area: pygame.Rect, weights: list[int], gap: int) -> list[pygame.Rect]:
    """Side by side across `area`, each as wide as its weight says."""
    unit = (area.w - gap * (len(weights) - 1)) / max(1, sum(weights))
    cells, x = [], float(area.x)
    for weight in weights:
        w = unit * max(1, weight)
        cells.append(pygame.Rect(round(x), area.y, round(x + w) - round(x), area.h))
        x += w + gap
    return cells
