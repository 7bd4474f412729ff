"""Poker sense descart's view (section 11): the bank and its cards, the carrousel's pool, the
boxes with their antes by seat and their coins, each box going on ("hi vaig") or folding
("passe") as the croupier enters it, and every hand named at the result.

- Bets open: a tap on a box is an ante of the chosen stake for the chosen seat (the seated
  player's, or one betting behind him: four bets a box at most, IV.2); a tap on its coin slot
  is the seat's carrousel coin (one coin, the profile's). The table checks each, as the engine
  does: a refused one outlines its box and the status line says why.
- The deal: the cards as the journal has them, each box's face up (the croupier entered them),
  the bank's four first face down and its last face up (V.4); the bar under the boxes says
  where the next card goes.
- The decisions: the box asked is ringed and the bar offers "Hi vaig" with the call's stake
  (twice the box's antes) and "Passe"; the table takes the one tapped, or says why not.
- The result: the bank's hand shown, whether it plays (ace-king or better), every box's hand
  named with what the box won or lost, the carrousel's jackpot when a coin won it.

What the coup needs next is asked of the engine from the journaled moves (views/cards.py),
never of the table thread. The players' display (`players_body`) shows the carrousel's pool
and the last hands (players.py). What the table shows is read from the journal (shown.py); its
boxes are drawn by boxes.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from games.poker.evaluator import category, evaluate
from games.poker_stud.hands import QUALIFIER
from games.records import Bet
from terminal.screens import kit
from terminal.screens.app import Target
from terminal.screens.games.poker_stud.boxes import draw_boxes
from terminal.screens.games.poker_stud.draw import hand_row, label_in
from terminal.screens.games.poker_stud.shown import (
    ANTE,
    BANK,
    CARDS,
    CARROUSEL,
    BoxShown,
    Shown,
    bets_on,
    box_of,
    family_of,
    result_shown,
)
from terminal.screens.pads.base import ring
from terminal.screens.views.cards import CardView

if TYPE_CHECKING:
    from terminal.screens.croupier.table import TableScreen


class StudView(CardView):
    def __init__(self, screen: TableScreen):
        super().__init__(screen)
        self.players_body = self._players_body  # the players' display: the pool, the last hands

    # -- entries ---------------------------------------------------------------------------
    def bet(self, code: str) -> Bet:
        """An ante of the chosen stake, or the carrousel's one coin, for the chosen seat."""
        screen = self.screen
        family = code.partition(":")[0]
        stake = self.app.table.rules.coin if family == CARROUSEL else screen.chip
        return Bet(screen.next_bet_id(), screen.seat, code, stake)

    def taken_back(self, bet_id: str) -> list[str]:
        """The box's last ante taken back takes its carrousel coin with it, first: a coin goes
        with a hand that is dealt, and a coin left without an ante would void the coup."""
        bets = self.current_bets()
        bet = next((b for b in bets if b["id"] == bet_id), None)
        if bet is None or family_of(bet) != ANTE:
            return [bet_id]
        if any(b["code"] == bet["code"] and b["id"] != bet_id for b in bets):
            return [bet_id]  # other antes stay on the box, and its coin with them
        box = box_of(bet["code"])
        coins = [b["id"] for b in bets if b["code"] == f"{CARROUSEL}:{box}"]
        return [*coins, bet_id]

    def tap_code(self, code: str) -> None:
        """Tap the box (`ante:B`) or its coin slot (`carrousel:B`)."""
        if code not in self.app.names():
            raise KeyError(f"nothing on the table takes a tap on {code!r} now")
        self.app.press(code)

    # -- what the journal says -------------------------------------------------------------
    def shown(self) -> Shown:
        """The table now: the round's bets while open, the coup as far as it was dealt, the
        last coup's result until the next opens."""
        rules = self.app.table.rules
        boxes = {n: BoxShown(n) for n in range(1, rules.boxes + 1)}
        st = self.app.model.state
        last = self.app.model.last_result
        if st.round_status == "open":
            shown = Shown("open", boxes)
            bets_on(boxes, shown, self.current_bets())
            return shown
        if st.round_status == "closed":
            shown = Shown("deal", boxes)
            bets_on(boxes, shown, [bet.to_json() for bet in st.round_bets])
            coup = self.coup()
            if coup is not None:
                for place in coup.boxes:
                    boxes[box_of(place)].cards = list(coup.hand(place))
                for place, decision in zip(coup.boxes, coup.decisions):
                    boxes[box_of(place)].decision = decision
                for call in coup.calls:
                    boxes[box_of(call.code)].calls += call.stake
                shown.bank = list(coup.hand(BANK))
                shown.hidden = min(len(shown.bank), CARDS - 1)
            return shown
        if last is not None and last.result is not None:
            return result_shown(boxes, last.result)
        return Shown("idle", boxes)

    def pool(self) -> int:
        """The carrousel's pool as this table last saw it (the casino's, or the table's own)."""
        return int(getattr(self.app.model.state.own, "pool", 0))

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        s = self.app.s
        shown = self.shown()
        need = self.need() if shown.stage == "deal" else None
        gap = int(6 * s)
        bar_h = max(kit.MIN_TARGET + 8, int(56 * s))
        bank_h = max(int(rect.h * 0.28), int(84 * s))
        bank = pygame.Rect(rect.x, rect.y, rect.w, bank_h)
        bar = pygame.Rect(rect.x, rect.bottom - bar_h, rect.w, bar_h)
        area = pygame.Rect(rect.x, bank.bottom + gap, rect.w, bar.y - gap - bank.bottom - gap)
        targets: list[Target] = []
        self._bank(surface, bank, shown, need)
        targets += draw_boxes(self, surface, area, shown, need)
        targets += self._bar(surface, bar, shown, need)
        return targets

    def _bank(self, surface: pygame.Surface, rect: pygame.Rect, shown: Shown, need) -> None:
        """The bank's hand across the left, the carrousel's pool on the right."""
        app, s, t = self.app, self.app.s, self.app.texts
        kit.panel(surface, rect, colour=kit.FELT)
        pad = int(8 * s)
        inner = rect.inflate(-2 * pad, -2 * pad)
        pool_w = int(inner.w * 0.34)
        pool = pygame.Rect(inner.right - pool_w, inner.y, pool_w, inner.h)
        left = pygame.Rect(inner.x, inner.y, pool.x - pad - inner.x, inner.h)
        line_h = int(26 * s)
        title = t("poker_bank")
        shown_all = shown.stage == "result" and len(shown.bank) == CARDS
        if shown_all:
            title += f" · {t('poker_hand_' + category(evaluate(shown.bank)))}"
        label_in(
            surface,
            title,
            pygame.Rect(left.x, left.y, left.w, line_h),
            size=int(22 * s),
            colour=kit.ACCENT if shown_all else kit.TEXT,
        )
        cards = pygame.Rect(left.x, left.y + line_h, left.w, left.h - line_h)
        drawn = hand_row(
            surface, cards, shown.bank, hidden=0 if shown_all else shown.hidden, gap=int(5 * s)
        )
        if need is not None and need.kind == "card" and need.place == BANK:
            ring(surface, drawn.inflate(int(8 * s), int(8 * s)))
        # the pool
        kit.panel(surface, pool)
        third = pool.h // 3
        label_in(
            surface,
            t("poker_pool"),
            pygame.Rect(pool.x + pad, pool.y, pool.w - 2 * pad, third),
            size=int(20 * s),
            colour=kit.DIM,
        )
        label_in(
            surface,
            app.money(self.pool()),
            pygame.Rect(pool.x + pad, pool.y + third, pool.w - 2 * pad, third),
            size=int(34 * s),
            colour=kit.ACCENT,
        )
        if shown.coins and shown.stage in ("open", "deal"):
            coins = t("poker_one_coin") if shown.coins == 1 else t("poker_coins", n=shown.coins)
            label_in(
                surface,
                coins,
                pygame.Rect(pool.x + pad, pool.y + 2 * third, pool.w - 2 * pad, third),
                size=int(18 * s),
            )

    def _bar(self, surface: pygame.Surface, rect: pygame.Rect, shown: Shown, need) -> list[Target]:
        """Under the boxes: what the round waits for, the decision asked with its two buttons,
        or what the result was."""
        app, s, t = self.app, self.app.s, self.app.texts
        kit.panel(surface, rect)
        pad = int(8 * s)
        inner = rect.inflate(-2 * pad, -int(4 * s))
        size = int(24 * s)
        targets: list[Target] = []
        message, colour = "", kit.TEXT
        left = app.model.state.last_rounds_left
        if shown.stage == "open":
            if left is not None:  # "les últimes cinc mans"
                total = max(left, self.app.table.rules.closing_rounds)
                message = (
                    t("poker_closing_last")
                    if left == 1
                    else t("poker_closing", n=total - left + 1, of=total)
                )
                colour = kit.ACCENT
            else:
                message = t("poker_open_hint", coin=app.money(self.app.table.rules.coin))
                colour = kit.DIM
        elif shown.stage == "deal" and need is not None and need.kind == "card":
            place = need.place or ""
            if place == BANK:
                up = len(shown.bank) == CARDS - 1
                message = t("poker_next_up") if up else t("poker_next_bank")
            else:
                message = t("poker_next_card", n=box_of(place))
            colour = kit.ACCENT
        elif shown.stage == "deal" and need is not None and need.kind == "decision":
            box = shown.boxes[box_of(need.place or "")]
            multiple = app.table.rules.call_multiple  # the call: twice the antes (V.4)
            buttons = [
                (
                    t("poker_call", amount=app.money(multiple * box.staked)),
                    "decide:call",
                    "call",
                    kit.GOOD,
                ),
                (t("poker_fold"), "decide:fold", "fold", kit.BUTTON),
            ]
            call_w = int(inner.w * 0.36)
            fold_w = int(inner.w * 0.2)
            x = inner.right
            for (label, name, action, colour_), w in zip(reversed(buttons), (fold_w, call_w)):
                x -= w
                button = kit.Button(
                    pygame.Rect(x, rect.y + 2, w, rect.h - 4),
                    label,
                    _decide(self, need.place or "", action),
                    colour=colour_,
                    size=int(22 * s),
                    name=name,
                )
                button.draw(surface)
                targets.append(button)
                x -= pad
            message, colour = t("poker_asks", n=box.n), kit.ACCENT
            inner = pygame.Rect(inner.x, inner.y, x - inner.x, inner.h)
        elif shown.stage == "result" and len(shown.bank) == CARDS:
            plays = evaluate(shown.bank) >= QUALIFIER
            message = t("poker_plays") if plays else t("poker_not_playing")
            message += f": {t('poker_hand_' + category(evaluate(shown.bank))).lower()}"
            for box_n, _hand, amount in shown.jackpots:
                said = t("poker_jackpot", amount=app.money(amount))
                message += f" · {t('poker_box', n=box_n)}: {said}"
            colour = kit.ACCENT
        if message:
            label_in(surface, message, inner, size=size, colour=colour)
        return targets

    # -- the players' display ----------------------------------------------------------------
    def _players_body(self, surface: pygame.Surface, rect: pygame.Rect, s: float) -> None:
        from terminal.screens.games.poker_stud.players import draw_body

        draw_body(self, surface, rect, s)


def _decide(view: StudView, place: str, action: str):
    return lambda: view.decide(place, action)
