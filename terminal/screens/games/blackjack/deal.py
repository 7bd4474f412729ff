"""A blackjack coup entered by hand (`screen://`) on one screen, in as few taps as the deal
takes: it opens by itself when the bets close and stays until the coup is settled or void.

- Across the top, the coup as it stands: the dealer's cards, then each hand's, with their
  totals; the place whose card is due lit, the cards picked and not yet confirmed framed.
- A card is one tap on the whole deck (pads/cards.py `DeckPad`: a suit a row); it goes to the
  place the rules deal it to next (the pure engine plays the coup on with it), so the cards of
  a deal are tapped in a row, the dealer's too, and confirmed together (one tap): nothing is
  journaled before it is confirmed, as the rulings want of an outcome entered by hand. Undo
  takes the last card picked back. A card the shoe can no longer give (out as often as its
  decks hold it) is a disabled key.
- The batch ends where the coup asks a decision (or is over): the cards picked are then shown
  large, to be confirmed; once journaled, the decision's buttons take the keys' place, only
  those the rules allow the box (one tap each: "stand" too), and the next card after them.
- The cut card is picked among the cards, in the order it comes out (before the card it
  precedes), and goes to the shoe with them.
- A new shoe asked for after the bets (the croupier did not say it was loaded between coups,
  on the table, view.py) and its burnt cards, counted face down: a count, not cards.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from games.cards.coup import Misdeal, Need
from games.cards.shoe import Shoe, ShoeFault
from terminal.screens import kit
from terminal.screens.app import Target
from terminal.screens.croupier import chrome
from terminal.screens.croupier.dialog import Dialog, pad_targets
from terminal.screens.games.blackjack.draw import draw_card, total_label
from terminal.screens.games.blackjack.hands import DEALER, CoupShown, of_coup
from terminal.screens.pads.base import centred, size_within
from terminal.screens.pads.cards import DeckPad

if TYPE_CHECKING:
    from terminal.screens.app import CroupierApp
    from terminal.screens.games.blackjack.view import BlackjackView

CUT = "cut"  # the cut card among the cards picked
# the decisions in the order their buttons stand (the engine gives a box only those it may take)
DECISIONS = ("hit", "stand", "double", "split", "insurance", "no_insurance")


@dataclass(frozen=True)
class Projected:
    """The coup as it stands with the cards picked and not yet confirmed: `shown` (the hands,
    the dealer's cards), `need` (what it needs after them), `spent` (the cards the shoe can no
    longer give), `picked` (each card picked and the place it goes to)."""

    shown: CoupShown
    need: Need | None
    spent: frozenset[str]
    picked: tuple[tuple[str, str], ...]


def _spent(shoe: Shoe) -> frozenset[str]:
    return frozenset(card for card, n in shoe.seen.items() if n >= shoe.decks)


class DealDialog(Dialog):
    """The coup's cards and decisions, entered by hand (the module's docstring)."""

    name = "deal"

    def __init__(self, app: CroupierApp, view: BlackjackView):
        super().__init__(app)
        self.view = view
        self.round = app.model.state.round
        self.picked: list[str] = []  # cards (and the cut card) picked, not yet confirmed
        self.pad = DeckPad(self._pick)
        self._cache: tuple[Any, Projected | None] | None = None

    # -- what the coup needs, the cards picked counted in ----------------------------------
    def projected(self) -> Projected | None:
        """The coup played on by the engine with the cards picked (None before the deal)."""
        key = (self.app.model.version, tuple(self.picked))
        if self._cache is None or self._cache[0] != key:
            self._cache = (key, self._projected())
        return self._cache[1]

    def _projected(self) -> Projected | None:
        coup = self.view.coup()
        shoe = getattr(self.app.model.state.own, "shoe", None)
        if coup is None or shoe is None:
            return None
        engine = self.app.engine
        placed: list[tuple[str, str]] = []
        for card in self.picked:
            if card == CUT:
                continue
            need = engine.need(coup)
            coup = engine.card(coup, card)  # the pick was played on when it was taken
            shoe = shoe.draw(card)
            placed.append((need.place or "", card))
        need = engine.need(coup)
        shown = of_coup(coup, need, self.app.model.state.round_bets)
        return Projected(shown, need, _spent(shoe), tuple(placed))

    def _pick(self, card: str) -> None:
        """A card tapped: picked if the coup takes it next (the engine plays on with it) and
        the shoe can have held it; otherwise nothing changes."""
        projected = self.projected()
        if projected is None or projected.need is None or projected.need.kind != "card":
            return
        try:
            self.picked.append(card)
            self._projected()  # raises if the engine or the shoe cannot take it
        except (Misdeal, ShoeFault, ValueError):
            self.picked.pop()

    def _cut(self) -> None:
        if CUT not in self.picked and not self._cut_out():
            self.picked.append(CUT)

    def _cut_out(self) -> bool:
        shoe = getattr(self.app.model.state.own, "shoe", None)
        return shoe is not None and shoe.cut_out

    def _undo(self) -> None:
        if self.picked:
            self.picked.pop()

    def confirm(self) -> None:
        """The cards picked to the shoe's hand, in order (the cut card where it came out): the
        table takes each as the deal asks for it, and journals it."""
        hand, by = self.app.hand, self.app.croupier
        picked, self.picked = self.picked, []
        for card in picked:
            if card == CUT:
                hand.cut(by=by)
            else:
                hand.enter(card, by=by)

    # -- the dialog ------------------------------------------------------------------------
    def done(self) -> bool:
        st = self.app.model.state
        return self.closed or st.round != self.round or st.round_status is None

    def draw(self, surface: pygame.Surface, area: pygame.Rect) -> list[Target]:
        """No title line: the coup's row is the head, Back at its right."""
        app, s = self.app, self.app.s
        inside, targets = chrome.frame(app, surface, area)
        head_h = max(kit.MIN_TARGET + 8, int(68 * s))
        head = pygame.Rect(inside.x, inside.y, inside.w, head_h)
        back_w = int(124 * s)
        back = kit.Button(
            pygame.Rect(head.right - back_w - int(4 * s), head.y + 4, back_w, head.h - 8),
            app.texts("back"),
            self.close,
            size=int(22 * s),
            name="back",
        )
        back.draw(surface)
        targets.append(back)
        projected = self.projected()
        strip = pygame.Rect(head.x, head.y, back.rect.x - head.x - int(6 * s), head.h)
        if projected is not None:
            self._strip(surface, strip, projected)
        body = pygame.Rect(inside.x, head.bottom, inside.w, inside.bottom - head.bottom)
        targets += self.body(surface, body.inflate(-int(12 * s), -int(8 * s)))
        return targets

    def body(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        app = self.app
        waiting = app.table.waiting
        shoe = getattr(app.model.state.own, "shoe", None)
        if waiting == "shoe":
            return shoe_loaded(surface, rect, self.view)
        own = app.model.state.own
        if shoe is not None and shoe.burning and not getattr(own, "moves", None):
            return self.view.burn_entry(surface, rect)
        projected = self.projected()
        if projected is None or projected.need is None:
            return []
        need = projected.need
        if need.kind == "decision" and not self.picked:
            return self._decisions(surface, rect, projected)
        if need.kind == "card":
            return self._cards(surface, rect, projected)
        return self._to_confirm(surface, rect, projected)

    # -- the parts -------------------------------------------------------------------------
    def _cards(self, surface: pygame.Surface, rect: pygame.Rect, projected: Projected) -> list:
        """The deck, and under it what the card goes to, Undo, the cut card, Confirm."""
        app, s, t = self.app, self.app.s, self.app.texts
        row_h = max(kit.MIN_TARGET + 4, int(56 * s))
        gap = int(6 * s)
        deck = pygame.Rect(rect.x, rect.y, rect.w, rect.h - row_h - gap)
        self.pad.spent = projected.spent
        targets = pad_targets(self.pad, surface, deck, app)
        row = pygame.Rect(rect.x, deck.bottom + gap, rect.w, row_h)
        label_w = int(row.w * 0.34)
        self._due(surface, pygame.Rect(row.x, row.y, label_w, row.h), projected)
        buttons = pygame.Rect(row.x + label_w, row.y, row.w - label_w, row.h)
        n = sum(1 for card in self.picked if card != CUT)
        actions = [
            (t("bj_undo"), "undo", self._undo, bool(self.picked), kit.BUTTON),
            (t("cut_card"), "cut_card", self._cut, CUT not in self.picked, kit.BUTTON),
            (t("bj_confirm_n", n=n), "confirm", self.confirm, bool(self.picked), kit.PRIMARY),
        ]
        for cell, (label, name, do, enabled, colour) in zip(
            kit.grid(buttons, len(actions), 1, gap), actions, strict=True
        ):
            button = kit.Button(
                cell, label, do, enabled=enabled, colour=colour, size=int(22 * s), name=name
            )
            button.draw(surface)
            targets.append(button)
        return targets

    def _due(self, surface: pygame.Surface, rect: pygame.Rect, projected: Projected) -> None:
        """Where the next card goes, and a doubled hand's ace counting one."""
        t, s = self.app.texts, self.app.s
        need = projected.need
        place = need.place if need is not None else None
        lines: list[tuple[str, tuple[int, int, int]]] = []
        if place == DEALER:
            lines.append((t("bj_card_dealer"), kit.ACCENT))
        elif place is not None:
            lines.append((t("bj_card_for", place=self.view.place_name(place)), kit.ACCENT))
            hand = projected.shown.hand(place)
            if hand is not None and hand.doubled:
                lines.append((t("bj_ace_counts_one"), kit.WARNING))
        size = max(16, int(20 * s))
        step = kit.font(size).get_linesize()
        wrapped = [(part, c) for line, c in lines for part in kit.wrap(line, size, rect.w - 8)]
        wrapped = wrapped[: max(1, rect.h // step)]
        y = rect.centery - step * len(wrapped) // 2
        for line, colour in wrapped:
            kit.text(surface, line, (rect.x + 4, y), size=size, colour=colour, width=rect.w - 8)
            y += step

    def _to_confirm(
        self, surface: pygame.Surface, rect: pygame.Rect, projected: Projected
    ) -> list[Target]:
        """The cards picked before a decision (or the coup's end), large, each with its place;
        Undo and Confirm on the half away from the last tap."""
        app, s, t = self.app, self.app.s, self.app.texts
        gap = int(8 * s)
        row_h = max(kit.MIN_TARGET + 16, int(72 * s))
        show = pygame.Rect(rect.x, rect.y, rect.w, rect.h - row_h - gap)
        picked = projected.picked
        if picked:
            per = min(int(120 * s), (show.w - gap * (len(picked) - 1)) // len(picked))
            card_h = min(show.h - int(40 * s), int(per * 1.4))
            card_w = int(card_h / 1.4)
            x = show.centerx - (len(picked) * (per + gap) - gap) // 2
            size = max(16, int(20 * s))
            for place, card in picked:
                cell = pygame.Rect(x, show.y, per, show.h)
                label = t("bj_dealer") if place == DEALER else self._short(place)
                kit.text(surface, label, (cell.centerx, cell.y), size=size, align="center")
                draw_card(
                    surface,
                    pygame.Rect(cell.centerx - card_w // 2, cell.y + int(32 * s), card_w, card_h),
                    card,
                )
                x += per + gap
        last = app.last_tap
        row = pygame.Rect(rect.x, rect.bottom - row_h, rect.w, row_h)
        half_w = row.w // 2 - gap // 2
        left = last is not None and last[0] > rect.centerx
        half = pygame.Rect(row.x if left else row.x + row.w - half_w, row.y, half_w, row.h)
        undo, confirm = kit.grid(half, 2, 1, gap)
        targets: list[Target] = []
        n = sum(1 for card in self.picked if card != CUT)
        for cell, label, name, do, colour in (
            (undo, t("bj_undo"), "undo", self._undo, kit.BUTTON),
            (confirm, t("bj_confirm_n", n=n), "confirm", self.confirm, kit.PRIMARY),
        ):
            button = kit.Button(cell, label, do, colour=colour, size=int(24 * s), name=name)
            button.draw(surface)
            targets.append(button)
        return targets

    def _short(self, place: str) -> str:
        return self.app.texts("bj_box_short", n=place.partition(":")[2])

    def _decisions(
        self, surface: pygame.Surface, rect: pygame.Rect, projected: Projected
    ) -> list[Target]:
        """The box whose decision is asked, and a large button for each option it has."""
        s, t = self.app.s, self.app.texts
        need = projected.need
        assert need is not None and need.place is not None
        place = self.view.place_name(need.place)
        if "insurance" in need.options:
            label = t("bj_asks_insurance", place=place)
        else:
            hand = projected.shown.hand(need.place)
            said = total_label(hand, t, final=False)[0] if hand is not None else ""
            label = t("bj_asks", place=place, total=said)
        size = max(20, int(28 * s))
        line_h = kit.font(size).get_linesize() + int(10 * s)
        kit.text(surface, label, (rect.x + 4, rect.y), size=size, colour=kit.ACCENT, width=rect.w)
        area = pygame.Rect(rect.x, rect.y + line_h, rect.w, rect.h - line_h)
        options = [action for action in DECISIONS if action in need.options]
        targets: list[Target] = []
        for cell, action in zip(kit.grid(area, len(options), 1, int(10 * s)), options, strict=True):
            button = kit.Button(
                cell,
                t(f"bj_decide_{action}"),
                self.view.decision(need.place, action),
                colour=kit.PRIMARY,
                size=max(22, int(30 * s)),
                name=f"decide:{action}",
            )
            button.draw(surface)
            targets.append(button)
        return targets

    def _strip(self, surface: pygame.Surface, rect: pygame.Rect, projected: Projected) -> None:
        """The coup in a row: the dealer, then each hand, its cards and total; the place due
        lit, the cards picked and not confirmed framed."""
        s, t = self.app.s, self.app.texts
        shown, need = projected.shown, projected.need
        due = need.place if need is not None else None
        picked: dict[str, int] = {}
        for place, _ in projected.picked:
            picked[place] = picked.get(place, 0) + 1
        parts: list[tuple[str, str, tuple[str, ...], str, tuple[int, int, int]]] = []
        if shown.dealer or due == DEALER:
            total = str(shown.dealer_hand.total) if shown.dealer else ""
            parts.append((DEALER, t("bj_dealer"), shown.dealer, total, kit.TEXT))
        for box in shown.boxes:
            for hand in box.hands:
                said, colour = total_label(hand, t, final=hand.stood or hand.doubled)
                parts.append((hand.place, self._short(hand.place), hand.cards, said, colour))
        if not parts:
            return
        gap = max(4, int(6 * s))
        card_h = rect.h - int(26 * s)
        card_w = int(card_h / 1.4)
        room = rect.w - gap * (len(parts) - 1)
        size = max(16, int(18 * s))
        while True:  # the heads whole; the cards side by side, or overlapping where they must
            heads = [kit.font(size).size(f"{p[1]} {p[3]}".strip())[0] + 2 * gap for p in parts]
            fanned = [2 * gap + card_w + max(0, len(p[2]) - 1) * (card_w + 2) for p in parts]
            least = [2 * gap + card_w + max(0, len(p[2]) - 1) * card_w // 3 for p in parts]
            floor = [max(h, n) for h, n in zip(heads, least, strict=True)]
            if sum(floor) <= room or size <= 14:
                break
            size -= 2
        want = [max(h, f) for h, f in zip(heads, fanned, strict=True)]
        spare = room - sum(floor)
        extra = sum(w - f for w, f in zip(want, floor, strict=True))
        share = 1.0 if extra <= spare else max(0.0, spare / max(1, extra))
        widths = [int(f + (w - f) * share) for w, f in zip(want, floor, strict=True)]
        x = rect.x
        clip = surface.get_clip()
        for (place, label, cards, said, colour), width in zip(parts, widths, strict=True):
            cell = pygame.Rect(x, rect.y, width, rect.h)
            surface.set_clip(cell.clip(clip))
            lit = place == due
            kit.panel(surface, cell)
            if lit:
                pygame.draw.rect(surface, kit.ACCENT, cell, width=3, border_radius=6)
            head = f"{label} {said}".strip()
            kit.text(
                surface,
                head,
                (cell.x + gap, cell.y + 2),
                size=size,
                colour=kit.ACCENT if lit else colour,
                width=cell.w - 2 * gap,
            )
            n_cards = len(cards)
            free = cell.w - 2 * gap - card_w
            card_step = min(card_w + 2, free // max(1, n_cards - 1))
            for k, card in enumerate(cards):
                card_rect = pygame.Rect(
                    cell.x + gap + k * card_step, rect.bottom - card_h - 2, card_w, card_h
                )
                draw_card(surface, card_rect, card)
                if k >= n_cards - picked.get(place, 0):  # picked, not yet confirmed
                    pygame.draw.rect(surface, kit.ACCENT, card_rect, width=2, border_radius=4)
            x = cell.right + gap
        surface.set_clip(clip)


def shoe_loaded(surface: pygame.Surface, rect: pygame.Rect, view: BlackjackView) -> list[Target]:
    """The new shoe asked for: what to do, and the button that says it is done."""
    s, t = view.app.s, view.app.texts
    h = max(kit.MIN_TARGET + 8, int(64 * s))
    size = size_within(min(rect.h - h, int(60 * s)) * 0.6)
    text = pygame.Rect(rect.x, rect.y, rect.w, rect.h - h - int(8 * s))
    for n, line in enumerate(kit.wrap(t("bj_new_shoe"), size, rect.w)[:2]):
        line_rect = pygame.Rect(text.x, text.y + n * kit.font(size).get_linesize(), text.w, 40)
        centred(surface, line, line_rect, size=size, colour=kit.ACCENT)
    button = kit.Button(
        pygame.Rect(rect.centerx - rect.w // 4, rect.bottom - h, rect.w // 2, h),
        t("bj_new_shoe_loaded"),
        view.shoe_loaded,
        colour=kit.PRIMARY,
        size=int(24 * s),
        name="new_shoe",
    )
    button.draw(surface)
    return [button]


def burn_buttons(
    surface: pygame.Surface,
    rect: pygame.Rect,
    app: CroupierApp,
    count: int,
    left: int,
    change: Callable[[int], None],
    burnt: Callable[[], None],
) -> list[Target]:
    """The burnt cards as a count: what to do (`left` still to burn), "−" and "+" around the
    count (1 to `left`), and the button that says they are put aside; across `rect`."""
    s, t = app.s, app.texts
    gap = int(6 * s)
    label_w = int(rect.w * 0.36)
    size = max(16, int(20 * s))
    step = kit.font(size).get_linesize()
    lines = kit.wrap(t("bj_burn_count", n=left), size, label_w - gap)[:2]
    y = rect.centery - step * len(lines) // 2
    for line in lines:
        kit.text(surface, line, (rect.x + 4, y), size=size, colour=kit.ACCENT, width=label_w)
        y += step
    cells = kit.grid(pygame.Rect(rect.x + label_w, rect.y, rect.w - label_w, rect.h), 4, 1, gap)
    less, shown, more, done = cells
    targets: list[Target] = []
    for cell, label, do, enabled, name in (
        (less, "−", lambda: change(count - 1), count > 1, "burn:less"),
        (more, "+", lambda: change(count + 1), count < left, "burn:more"),
    ):
        button = kit.Button(cell, label, do, enabled=enabled, size=int(30 * s), name=name)
        button.draw(surface)
        targets.append(button)
    kit.panel(surface, shown)
    centred(surface, str(count), shown, colour=kit.TEXT, size=int(30 * s))
    button = kit.Button(
        done,
        t("bj_burnt", n=count),
        burnt,
        colour=kit.PRIMARY,
        size=int(22 * s),
        name="burnt",
    )
    button.draw(surface)
    targets.append(button)
    return targets
