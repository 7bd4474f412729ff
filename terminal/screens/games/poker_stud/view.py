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
and the last hands (terminal/screens/games/poker_stud/players.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from games.poker.evaluator import category, evaluate
from games.poker_stud.hands import QUALIFIER
from games.records import Bet
from terminal.screens import kit
from terminal.screens.app import Target
from terminal.screens.games.poker_stud.draw import COIN, coin, hand_row, label_in
from terminal.screens.pads.base import Key, ring, size_within
from terminal.screens.views.cards import CardView

if TYPE_CHECKING:
    from terminal.screens.croupier.table import TableScreen

ANTE, CALL, CARROUSEL = "ante", "call", "carrousel"  # the bet families (docs/bets.md)
BANK = "bank"
CARDS = 5
COLUMNS = 3  # boxes in a row: two rows of three for the regulation's six


@dataclass
class BoxShown:
    """One box as the view shows it."""

    n: int
    antes: list[dict[str, Any]] = field(default_factory=list)  # the antes on it, as journaled
    coin: dict[str, Any] | None = None  # its carrousel coin
    cards: list[str] = field(default_factory=list)
    decision: str | None = None  # "call" or "fold", once made
    calls: int = 0  # the call stakes made
    net: int | None = None  # at the result: what the box's antes and calls won (lost < 0)
    jackpot: int = 0  # at the result: what its coin won of the pool

    @property
    def staked(self) -> int:
        return sum(bet["stake"] for bet in self.antes)

    @property
    def hand(self) -> str | None:
        """Its hand's category once it holds five cards."""
        return category(evaluate(self.cards)) if len(self.cards) == CARDS else None


@dataclass
class Shown:
    """The table as the view shows it: the stage ("open", "deal", "result", "idle"), the boxes,
    the bank's cards (and how many of them are face down), the pool."""

    stage: str
    boxes: dict[int, BoxShown]
    bank: list[str] = field(default_factory=list)
    hidden: int = 0
    coins: int = 0  # coins in this coup
    jackpots: list[tuple[int, str, int]] = field(default_factory=list)  # (box, hand, amount)


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
        if bet is None or _family(bet) != ANTE:
            return [bet_id]
        if any(b["code"] == bet["code"] and b["id"] != bet_id for b in bets):
            return [bet_id]  # other antes stay on the box, and its coin with them
        box = _box(bet["code"])
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
            self._bets_on(boxes, shown, self.current_bets())
            return shown
        if st.round_status == "closed":
            shown = Shown("deal", boxes)
            self._bets_on(boxes, shown, [bet.to_json() for bet in st.round_bets])
            coup = self.coup()
            if coup is not None:
                for place in coup.boxes:
                    boxes[_box(place)].cards = list(coup.hand(place))
                for place, decision in zip(coup.boxes, coup.decisions):
                    boxes[_box(place)].decision = decision
                for call in coup.calls:
                    boxes[_box(call.code)].calls += call.stake
                shown.bank = list(coup.hand(BANK))
                shown.hidden = min(len(shown.bank), CARDS - 1)
            return shown
        if last is not None and last.result is not None:
            return self._result(boxes, last.result)
        return Shown("idle", boxes)

    def _bets_on(self, boxes: dict[int, BoxShown], shown: Shown, bets: list[dict]) -> None:
        for bet in bets:
            family, _, n = bet["code"].partition(":")
            box = boxes.get(int(n)) if n.isdigit() else None
            if box is None:
                continue
            if family == ANTE:
                box.antes.append(bet)
            elif family == CARROUSEL:
                box.coin = bet
                shown.coins += 1

    def _result(self, boxes: dict[int, BoxShown], result: dict[str, Any]) -> Shown:
        shown = Shown("result", boxes)
        outcome = result["outcome"]
        shown.bank = list(outcome.get(BANK, []))
        for n, cards in outcome.get("boxes", {}).items():
            if int(n) in boxes:
                boxes[int(n)].cards = list(cards)
        settled = {entry["id"]: entry for entry in result.get("settlement", [])}
        self._bets_on(boxes, shown, [b for b in result.get("bets", []) if _family(b) != CALL])
        for bet in result.get("bets", []):
            box = boxes.get(_box(bet["code"]))
            if box is None:
                continue
            entry = settled.get(bet["id"], {})
            money = entry.get("paid", 0) + entry.get("returned", 0)
            if _family(bet) == CARROUSEL:
                if entry.get("result") == "win":
                    box.jackpot += entry.get("paid", 0)
                continue
            if _family(bet) == CALL:
                box.calls += bet["stake"]
                box.decision = "call"
            box.net = (box.net or 0) + money - bet["stake"]
        for box in boxes.values():
            if box.antes and box.decision is None:
                box.decision = "fold"  # a box without a call folded (docs/bets.md)
            if box.jackpot:
                shown.jackpots.append((box.n, box.hand or "", box.jackpot))
        return shown

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
        targets += self._boxes(surface, area, shown, need)
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

    def _boxes(self, surface: pygame.Surface, area: pygame.Rect, shown: Shown, need):
        s = self.app.s
        n = len(shown.boxes)
        columns = min(COLUMNS, n)
        rows = -(-n // columns)
        cells = kit.grid(area, columns, rows, int(6 * s))
        refused = self.app.fresh_refusal()
        refused_code = None if refused is None else refused.code
        asked = None if need is None or need.kind == "settle" else need.place
        targets: list[Target] = []
        for cell, box in zip(cells, shown.boxes.values()):
            targets += self._box(surface, cell, box, shown, asked, refused_code)
        return targets

    def _box(
        self,
        surface: pygame.Surface,
        cell: pygame.Rect,
        box: BoxShown,
        shown: Shown,
        asked: str | None,
        refused: str | None,
    ) -> list[Target]:
        """One box: its number, its antes by seat and its coin slot while bets are open (each a
        target), else its cards, its decision and, at the result, its hand and money."""
        app, s = self.app, self.app.s
        pad = int(6 * s)
        if shown.stage == "open" and not app.demo:
            coin_w = max(kit.MIN_TARGET, int(56 * s))
            ante = pygame.Rect(cell.x, cell.y, cell.w - coin_w - pad, cell.h)
            slot = pygame.Rect(ante.right + pad, cell.y, coin_w, cell.h)
            keys = [
                Key(
                    ante,
                    "",
                    _bet(self, f"{ANTE}:{box.n}"),
                    name=f"{ANTE}:{box.n}",
                    face=lambda sf, r: self._antes(sf, r, box),
                ),
                Key(
                    slot,
                    "",
                    _bet(self, f"{CARROUSEL}:{box.n}"),
                    name=f"{CARROUSEL}:{box.n}",
                    face=lambda sf, r: self._slot(sf, r, box),
                ),
            ]
            for key in keys:
                key.draw(surface)
                if refused == key.name:  # the bet the table refused: its place outlined
                    pygame.draw.rect(surface, kit.BAD, key.rect, width=4, border_radius=8)
            return list(keys)
        played = bool(box.antes)
        kit.panel(surface, cell, colour=kit.FELT if played else kit.PANEL)
        inner = cell.inflate(-2 * pad, -2 * pad)
        header_h = int(24 * s)
        head = pygame.Rect(inner.x, inner.y, inner.w, header_h)
        self._header(surface, head, box)
        line_h = int(22 * s) if played else 0
        cards = pygame.Rect(inner.x, head.bottom + int(2 * s), inner.w, 0)
        cards.h = inner.bottom - line_h - cards.y
        if played:
            hand_row(surface, cards, box.cards, gap=int(4 * s))
            self._footer(surface, pygame.Rect(inner.x, inner.bottom - line_h, inner.w, line_h), box)
        if asked == f"box:{box.n}":
            ring(surface, cell.inflate(int(6 * s), int(6 * s)))
        return []

    def _header(self, surface: pygame.Surface, rect: pygame.Rect, box: BoxShown) -> None:
        """The box's number, its coin and its decision."""
        s, t = self.app.s, self.app.texts
        size = int(20 * s)
        played = bool(box.antes)
        name = label_in(
            surface,
            t("poker_box", n=box.n),
            rect,
            size=size,
            colour=kit.TEXT if played else kit.DIM,
        )
        x = name.right + int(6 * s)
        if box.coin is not None:
            d = rect.h - 2
            coin(surface, (x + d // 2, rect.centery), d, lit=True)
            x += d + int(4 * s)
            if box.jackpot:  # what the coin won of the pool, beside it
                won = f"+{self.app.money(box.jackpot)}"
                x = label_in(
                    surface,
                    won,
                    pygame.Rect(x, rect.y, rect.right - x, rect.h),
                    size=size,
                    colour=COIN,
                ).right + int(6 * s)
        if box.decision is not None:
            went = box.decision == "call"
            badge = t("poker_went_on") if went else t("poker_folded")
            label_in(
                surface,
                badge,
                pygame.Rect(x, rect.y, rect.right - x, rect.h),
                size=size,
                colour=kit.GOOD if went else kit.DIM,
                align="right",
            )

    def _footer(self, surface: pygame.Surface, rect: pygame.Rect, box: BoxShown) -> None:
        """Under the cards: the antes and the call made, or at the result the hand named and
        what the box won or lost (and its coin's jackpot)."""
        app, s, t = self.app, self.app.s, self.app.texts
        size = int(18 * s)
        if box.net is None:
            left = t("poker_antes", amount=app.money(box.staked))
            right = f"+{app.money(box.calls)}" if box.calls else ""
            colour = kit.DIM
        else:
            left = t(f"poker_hand_{box.hand}") if box.hand else ""
            if box.net > 0:
                right, colour = f"+{app.money(box.net)}", kit.GOOD
            elif box.net < 0:
                right, colour = f"−{app.money(-box.net)}", kit.BAD
            else:
                right, colour = t("poker_push"), kit.TEXT
        drawn = label_in(surface, right, rect, size=size, colour=colour, align="right")
        room = pygame.Rect(rect.x, rect.y, max(1, drawn.x - rect.x - int(6 * s)), rect.h)
        label_in(
            surface, left, room, size=size, colour=kit.ACCENT if box.net is not None else kit.TEXT
        )

    def _antes(self, surface: pygame.Surface, rect: pygame.Rect, box: BoxShown) -> None:
        """An open box's face: its number, then each ante by seat (a hint while it has none)."""
        s, t = self.app.s, self.app.texts
        pad = int(6 * s)
        inner = rect.inflate(-2 * pad, -2 * pad)
        head = pygame.Rect(inner.x, inner.y, inner.w, int(24 * s))
        label_in(surface, t("poker_box", n=box.n), head, size=int(20 * s))
        y = head.bottom + int(2 * s)
        most = self.app.table.rules.bets_per_box
        step = (inner.bottom - y) // most  # the box's most bets, one a line
        size = min(int(22 * s), size_within(step))
        for i, bet in enumerate(box.antes[:most]):
            line = f"{t('seat_short', n=bet['seat'])}  {self.app.money(bet['stake'])}"
            label_in(surface, line, pygame.Rect(inner.x, y + i * step, inner.w, step), size=size)

    def _slot(self, surface: pygame.Surface, rect: pygame.Rect, box: BoxShown) -> None:
        """An open box's coin slot: the coin in it (and whose), or the empty slot."""
        s, t = self.app.s, self.app.texts
        d = min(rect.w - int(12 * s), rect.h // 2)
        centre = (rect.centerx, rect.y + int(8 * s) + d // 2)
        coin(surface, centre, d, lit=box.coin is not None)
        below = pygame.Rect(rect.x + 2, centre[1] + d // 2 + int(2 * s), rect.w - 4, int(22 * s))
        said = t("poker_coin") if box.coin is None else t("seat_short", n=box.coin["seat"])
        label_in(surface, said, below, size=int(16 * s), colour=kit.DIM, align="center")

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
                message = t("poker_next_card", n=_box(place))
            colour = kit.ACCENT
        elif shown.stage == "deal" and need is not None and need.kind == "decision":
            box = shown.boxes[_box(need.place or "")]
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


def _box(code_or_place: str) -> int:
    """The box of a bet code ("ante:3") or a place ("box:3")."""
    return int(code_or_place.partition(":")[2])


def _family(bet: dict[str, Any]) -> str:
    return str(bet["code"]).partition(":")[0]


def _bet(view: StudView, code: str):
    return lambda: view.screen.bet(code)


def _decide(view: StudView, place: str, action: str):
    return lambda: view.decide(place, action)
