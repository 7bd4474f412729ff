"""Punto banco's view on the croupier's table screen, and its players' display.

The table: the two hands, punt and banca, as the journal has the coup (each card where it was
dealt, the player's and the banker's third cards laid sideways, the slot of the card the coup
needs next, the totals, the winner), which of the third-card rules applied (the player on 0-5
or 6-7, the banker against the player's third card, his row of the table: the profile's
`drawing`, games/punto_banco/drawing.py), and the three chances where the croupier bets: punt,
empat, banca, each a large target, with the seats' stakes on it and, once the coup is
settled, what each seat is paid, the banker's commission shown on each banker payout. Above
them, the shoe (the hand, the cards left, the cut card out) and the closing's «les últimes
cinc mans».

The players' display: the big road of the shoe's coups and the counts of banker, player and
tie (terminal/screens/games/punto_banco/road.py), with the last hand.

What the coup needs next is the engine's, asked from the journaled moves (views/cards.py); the
rules applied are read from the cards by the profile's own drawing table
(deal.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import pygame

from games.calls import last_hands
from terminal.common.draw import fitting_size
from terminal.screens import kit
from terminal.screens.app import Target
from terminal.screens.games.punto_banco.deal import (
    BANKER,
    PLAYER,
    TIE,
    Hands,
    Said,
    rules_applied,
)
from terminal.screens.games.punto_banco.road import ROAD_COLOURS, ShoeRoad, counts, draw_road
from terminal.screens.pads.base import INK, WHITE, size_for
from terminal.screens.pads.cards import card_label, suit_colour
from terminal.screens.views.cards import CardView

if TYPE_CHECKING:
    from terminal.screens.croupier.table import TableScreen

CHANCES = (PLAYER, TIE, BANKER)  # the betting boxes as laid out, left to right
# each chance's colour: the hand's header, the box's title (banker red, player blue)
HEADS = {PLAYER: (34, 88, 200), BANKER: (186, 22, 36), TIE: (0, 122, 62)}
FELT_DARK = (0, 62, 36)  # the hands' felt, darker than the boxes'
LOST = (150, 178, 160)  # a lost bet's line, dimmer than the rest on the felt
NAMES = {PLAYER: "pb_player", BANKER: "pb_banker", TIE: "pb_tie"}
RULE_SIZE, LINE_SIZE = 21, 21  # the rules' lines, the boxes' lines (at 800x480)
CARD_SHAPE = 0.7  # a card's width over its height


@dataclass
class SeatLine:
    """One seat's bets on one chance, added up: its stake and, once settled, what it was
    handed (winnings `paid`, `returned`), its result and the banker's commission kept."""

    seat: int
    stake: int = 0
    paid: int = 0
    returned: int = 0
    result: str | None = None
    commission: Fraction = Fraction(0)


class PuntoBancoView(CardView):
    def __init__(self, screen: TableScreen):
        super().__init__(screen)
        self.road = ShoeRoad()  # the shoe's coups, as the journal gives them
        self.app.model.listeners.append(self.road.heard)
        self.players_body = self.draw_players_body
        self._boxes: dict[str, pygame.Rect] = {}

    # -- entries ---------------------------------------------------------------------------
    def tap_code(self, code: str) -> None:
        """Tap the box of `code` (player, tie, banker) where its chips go."""
        rect = self._boxes.get(code)
        if rect is None or not self.app.tap(rect.center):
            raise KeyError(f"no box of {code!r} takes a tap now")

    def _bet(self, code: str):
        return lambda: self.screen.bet(code)

    # -- what the coup is ------------------------------------------------------------------
    def _shown(self) -> tuple[Hands, dict[str, Any] | None, dict[str, Any] | None]:
        """The hands to show (the coup in play, else the last one), its result (None while
        it is dealt) and, for a void coup, its void."""
        current = self.app.model.current
        if current is None:
            return Hands(), None, None
        if current.result is not None:
            return Hands.of(current.result["outcome"]), current.result, None
        return Hands.dealt(current.cards), None, current.void

    def _lines(self, result: dict[str, Any] | None) -> dict[str, list[SeatLine]]:
        """Each chance's seats (added up), as the coup in play or the last settled one has
        them."""
        rules = self.app.table.rules
        current = self.app.model.current
        if result is not None:
            bets = result.get("bets", [])
            settled = {e["id"]: e for e in result.get("settlement", [])}
        elif current is not None and current.void is not None:  # every stake returned
            bets = current.void.get("returned", [])
            settled = {b["id"]: {"result": "push", "returned": b["stake"]} for b in bets}
        else:
            bets = [] if current is None else current.bets
            settled = {}
        lines: dict[str, dict[int, SeatLine]] = {code: {} for code in CHANCES}
        for bet in bets:
            if bet["code"] not in lines:
                continue
            line = lines[bet["code"]].setdefault(bet["seat"], SeatLine(bet["seat"]))
            line.stake += bet["stake"]
            entry = settled.get(bet["id"])
            if entry is None:
                continue
            line.paid += entry.get("paid", 0)
            line.returned += entry.get("returned", 0)
            line.result = entry["result"]
            if bet["code"] == BANKER and entry["result"] == "win":
                gross = bet["stake"] * rules.payouts[BANKER]
                line.commission += gross * rules.banker_commission
        return {code: [seats[n] for n in sorted(seats)] for code, seats in lines.items()}

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        s = self.app.s
        gap = int(6 * s)
        hands, result, void = self._shown()
        info_h = kit.font(int(20 * s)).get_linesize() + int(4 * s)
        rules_h = 3 * kit.font(int(RULE_SIZE * s)).get_linesize() + int(6 * s)
        room = rect.h - info_h - rules_h - 3 * gap
        hands_h = max(int(90 * s), min(int(room * 0.46), int(rect.w * 0.32)))
        info = pygame.Rect(rect.x, rect.y, rect.w, info_h)
        hands_rect = pygame.Rect(rect.x, info.bottom + gap, rect.w, hands_h)
        rules = pygame.Rect(rect.x, hands_rect.bottom + gap, rect.w, rules_h)
        boxes = pygame.Rect(rect.x, rules.bottom + gap, rect.w, rect.bottom - rules.bottom - gap)
        self._info(surface, info, result)
        need = self.need()
        next_place = need.place if need is not None and need.kind == "card" else None
        half = (hands_rect.w - gap) // 2
        for n, place in enumerate((PLAYER, BANKER)):
            panel = pygame.Rect(hands_rect.x + n * (half + gap), hands_rect.y, half, hands_h)
            self._hand(surface, panel, place, hands, next_place, result)
        self._rules(surface, rules, hands, result, void, next_place)
        return self._chances(surface, boxes, result)

    def _info(self, surface: pygame.Surface, rect: pygame.Rect, result) -> None:
        """The shoe (the hand of it, the cards left), and the closing or the cut card."""
        app, s, t = self.app, self.app.s, self.app.texts
        size = int(20 * s)
        st = app.model.state
        shoe = getattr(st.own, "shoe", None)
        if shoe is None:
            said = t("pb_shoe_new")
        else:
            dealing = st.round_status is not None and result is None
            said = t("pb_shoe_left", n=len(self.road.coups) + int(dealing), left=shoe.left)
        right = rect.right
        notice = None
        if st.last_rounds_left:
            notice = t("pb_closing", call=last_hands(st.last_rounds_left)[t.language])
        elif self.road.cut_out:
            notice = t("pb_cut_out")
        if notice is not None:
            w = min(kit.font(size).size(notice)[0] + int(16 * s), rect.w * 2 // 3)
            badge = pygame.Rect(rect.right - w, rect.y, w, rect.h)
            pygame.draw.rect(surface, kit.ACCENT, badge, border_radius=6)
            kit.text(
                surface,
                notice,
                (badge.centerx, badge.y + int(2 * s)),
                size=size,
                colour=kit.ACCENT_TEXT,
                align="center",
                width=badge.w - int(8 * s),
            )
            right = badge.x - int(8 * s)
        kit.text(
            surface,
            said,
            (rect.x, rect.y + int(2 * s)),
            size=size,
            colour=kit.DIM,
            width=right - rect.x,
        )

    def _hand(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        place: str,
        hands: Hands,
        next_place: str | None,
        result: dict[str, Any] | None,
    ) -> None:
        """A hand's panel: its name and total, its cards, the next card's slot, the winner."""
        s, t = self.app.s, self.app.texts
        won = result is not None and hands.winner() in (place, TIE)
        kit.panel(surface, rect, FELT_DARK)
        head_h = kit.font(int(26 * s)).get_linesize() + int(6 * s)
        head = pygame.Rect(rect.x, rect.y, rect.w, head_h)
        pygame.draw.rect(
            surface, HEADS[place], head, border_top_left_radius=10, border_top_right_radius=10
        )
        pad = int(8 * s)
        name = kit.text(
            surface, t(NAMES[place]), (head.x + pad, head.y + int(3 * s)), size=int(26 * s)
        )
        cards = hands.hand(place)
        right = head.right - pad
        if cards:
            right = kit.text(
                surface,
                str(hands.total(place)),
                (right, head.y + int(1 * s)),
                size=int(30 * s),
                align="right",
            ).left
        tags = []
        if result is not None and hands.natural(place):
            tags.append(t("pb_natural"))
        if won:
            tags.append(t("pb_tie") if hands.winner() == TIE else t("pb_wins"))
        if tags:  # between the name and the total
            tag = " · ".join(tags)
            size = int(18 * s)
            w = min(kit.font(size).size(tag)[0] + int(12 * s), right - name.right - 2 * pad)
            box = pygame.Rect(right - pad - w, head.y + int(5 * s), w, head_h - int(10 * s))
            pygame.draw.rect(surface, kit.ACCENT, box, border_radius=6)
            kit.centred(
                surface,
                tag,
                box,
                size=size,
                colour=kit.ACCENT_TEXT,
                width=box.w - int(4 * s),
            )
        body = pygame.Rect(
            rect.x + pad, head.bottom + pad, rect.w - 2 * pad, rect.bottom - head.bottom - 2 * pad
        )
        # two cards upright and the third sideways, across the panel at most
        card_w = int(min(body.h * CARD_SHAPE, (body.w - 2 * pad) / (2 + 1 / CARD_SHAPE)))
        card_h = int(card_w / CARD_SHAPE)
        slots = list(cards)
        due = next_place == place
        x = body.x
        for n in range(len(slots) + int(due)):
            third = n == 2  # the third card lies sideways, as it is dealt
            w, h = (card_h, card_w) if third else (card_w, card_h)
            box = pygame.Rect(x, body.y + (body.h - h) // 2, w, h)
            if n < len(slots):
                _card(surface, box, slots[n])
            else:  # the card the coup needs next
                pygame.draw.rect(
                    surface, kit.ACCENT, box, width=max(2, int(3 * s)), border_radius=6
                )
                kit.centred(
                    surface,
                    "?",
                    box,
                    size=int(30 * s),
                    colour=kit.ACCENT,
                )
            x = box.right + pad
        if won:
            pygame.draw.rect(surface, kit.ACCENT, rect, width=max(3, int(4 * s)), border_radius=10)

    def _rules(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        hands: Hands,
        result: dict[str, Any] | None,
        void: dict[str, Any] | None,
        next_place: str | None,
    ) -> None:
        """The call of a settled coup, the third-card rules as they applied, what comes next."""
        app, s, t = self.app, self.app.s, self.app.texts
        size = int(RULE_SIZE * s)
        step = kit.font(size).get_linesize()
        rows: list[tuple[str, tuple[int, int, int]]] = []
        if result is not None:
            call = result.get("announcement", {}).get("text", {}).get(t.language)
            if call:
                rows.append((call, kit.ACCENT))
        if void is not None:
            rows.append((t("pb_void"), kit.WARNING))
        for said in rules_applied(hands, app.table.rules.drawing):
            rows.append((self._say(said), kit.TEXT))
        if next_place is not None:
            key = "pb_next_player" if next_place == PLAYER else "pb_next_banker"
            rows.append((t(key), kit.ACCENT))
        elif app.model.state.round_status == "open":
            rows.append((t("pb_waiting_bets"), kit.DIM))
        if len(rows) > 3 and result is not None:  # the call says the totals: the rules first
            rows = rows[1:]
        for n, (line, colour) in enumerate(rows[:3]):
            kit.text(
                surface,
                line,
                (rect.x + int(4 * s), rect.y + n * step),
                size=size,
                colour=colour,
                width=rect.w - int(8 * s),
            )

    def _say(self, said: Said) -> str:
        fields = dict(said.fields)
        if "card" in fields:
            card = fields["card"]
            label = card_label(card)
            worth = fields.get("third")
            fields["card"] = label if label[:-1] == str(worth) else f"{label} ({worth})"
        return self.app.texts(said.key, **fields)

    def _chances(
        self, surface: pygame.Surface, rect: pygame.Rect, result: dict[str, Any] | None
    ) -> list[Target]:
        """The three boxes, the seats' stakes on them; targets while bets are open."""
        app, s = self.app, self.app.s
        st = app.model.state
        gap = int(8 * s)
        lines = self._lines(result)
        refused = app.fresh_refusal()
        refused_code = refused.code if refused is not None else None
        winner = Hands.of(result["outcome"]).winner() if result is not None else None
        widths = {PLAYER: 3, TIE: 2, BANKER: 3}  # the even chances wider than the tie
        unit = (rect.w - 2 * gap) / sum(widths.values())
        x = rect.x
        targets: list[Target] = []
        self._boxes = {}
        taking = st.round_status == "open" and not app.demo
        for code in CHANCES:
            w = int(unit * widths[code]) if code != BANKER else rect.right - x
            box = pygame.Rect(x, rect.y, w, rect.h)
            x = box.right + gap
            self._boxes[code] = box
            self._box(surface, box, code, lines[code], winner, refused_code == code)
            if taking:
                targets.append(kit.Button(box, "", self._bet(code), name=f"bet:{code}"))
        return targets

    def _box(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        code: str,
        lines: list[SeatLine],
        winner: str | None,
        refused: bool,
    ) -> None:
        s, t = self.app.s, self.app.texts
        kit.panel(surface, rect, kit.FELT)
        head_h = kit.font(int(24 * s)).get_linesize() + int(4 * s)
        head = pygame.Rect(rect.x, rect.y, rect.w, head_h)
        pygame.draw.rect(
            surface, HEADS[code], head, border_top_left_radius=10, border_top_right_radius=10
        )
        kit.text(
            surface,
            t(NAMES[code]),
            (head.centerx, head.y + int(2 * s)),
            size=int(24 * s),
            align="center",
            width=head.w - int(8 * s),
        )
        pad = int(6 * s)
        small = int(18 * s)
        y = head.bottom + int(2 * s)
        kit.text(
            surface,
            self._odds(code),
            (rect.centerx, y),
            size=small,
            colour=kit.FELT_LINE,
            align="center",
            width=rect.w - 2 * pad,
        )
        y += kit.font(small).get_linesize() + int(2 * s)
        size = int(LINE_SIZE * s)
        step = kit.font(size).get_linesize()
        total = sum(line.stake for line in lines)
        foot = rect.bottom - pad - step
        rows: list[tuple[str, tuple[int, int, int]]] = []
        for line in lines:
            rows += self._seat_rows(line)
        if not rows:
            kit.text(
                surface,
                t("pb_no_bets"),
                (rect.centerx, y + int(4 * s)),
                size=size,
                colour=kit.FELT_LINE,
                align="center",
            )
        fits = max(0, (foot - y) // step)
        if len(rows) > fits:
            rows = rows[: max(0, fits - 1)] + [
                (t("pb_more", n=len(rows) - fits + 1), kit.FELT_LINE)
            ]
        for string, colour in rows:  # a line a little too long for the box: a little smaller
            fitted = fitting_size(string, size, rect.w - 2 * pad, size * 4 // 5)
            kit.text(
                surface,
                string,
                (rect.x + pad, y),
                size=fitted,
                colour=colour,
                width=rect.w - 2 * pad,
            )
            y += step
        if total:
            kit.text(
                surface,
                t("pb_box_total", amount=t.money(total)),
                (rect.centerx, foot),
                size=size,
                align="center",
                width=rect.w - 2 * pad,
            )
        if refused:
            pygame.draw.rect(surface, kit.BAD, rect, width=max(3, int(4 * s)), border_radius=10)
        elif winner == code:
            pygame.draw.rect(surface, kit.ACCENT, rect, width=max(3, int(4 * s)), border_radius=10)

    def _seat_rows(self, line: SeatLine) -> list[tuple[str, tuple[int, int, int]]]:
        t = self.app.texts
        seat, stake = t("seat_short", n=line.seat), t.money(line.stake)
        if line.result == "win":
            rows = [(t("pb_bet_wins", seat=seat, stake=stake, paid=t.money(line.paid)), kit.ACCENT)]
            if line.commission:
                rate = _percent(self.app.table.rules.banker_commission)
                rows.append(
                    (
                        "  " + t("pb_commission", rate=rate, amount=t.money(line.commission)),
                        kit.TEXT,
                    )
                )
            return rows
        if line.result == "push":
            return [(t("pb_bet_push", seat=seat, stake=stake), kit.TEXT)]
        if line.result is not None:
            return [(t("pb_bet_lost", seat=seat, stake=stake), LOST)]
        return [(f"{seat}  {stake}", kit.TEXT)]

    def _odds(self, code: str) -> str:
        t, rules = self.app.texts, self.app.table.rules
        n = _number(rules.payouts[code])
        if code == BANKER and rules.banker_commission:
            return t("pb_odds_less", n=n, rate=_percent(rules.banker_commission))
        return t("pb_odds", n=n)

    # -- the players' display --------------------------------------------------------------
    def draw_players_body(self, surface: pygame.Surface, rect: pygame.Rect, s: float) -> None:
        """The big road of the shoe's coups, the counts of banker, player and tie, the last
        hand (terminal/screens/players.py draws the table's header and footer around it)."""
        t = self.app.texts
        results = self.road.results
        gap = round(10 * s)
        portrait = rect.h > rect.w
        title_size = round(22 * s)
        title_h = kit.font(title_size).get_linesize() + round(6 * s)
        if portrait:
            road_h = min(rect.h // 2, title_h + 6 * (rect.w // 13))
        else:
            road_h = round(rect.h * 0.64)
        road = pygame.Rect(rect.x, rect.y, rect.w, road_h)
        kit.panel(surface, road)
        pad = round(8 * s)
        hands = len(results)
        said = (
            t("pb_road_empty")
            if not hands
            else t("pb_road_one_hand")
            if hands == 1
            else t("pb_road_hands", n=hands)
        )
        kit.text(
            surface,
            t("pb_road"),
            (road.x + pad, road.y + round(4 * s)),
            size=title_size,
            colour=kit.ACCENT,
        )
        kit.text(
            surface,
            said,
            (road.right - pad, road.y + round(4 * s)),
            size=title_size,
            colour=kit.DIM,
            align="right",
        )
        if self.road.cut_out:
            kit.text(
                surface,
                t("pb_cut_out"),
                (road.centerx, road.y + round(4 * s)),
                size=title_size,
                colour=kit.ACCENT,
                align="center",
            )
        grid = pygame.Rect(
            road.x + pad, road.y + title_h, road.w - 2 * pad, road.bottom - pad - road.y - title_h
        )
        draw_road(surface, grid, results)
        below = pygame.Rect(rect.x, road.bottom + gap, rect.w, rect.bottom - road.bottom - gap)
        if portrait:
            last = pygame.Rect(below.x, below.y, below.w, below.h // 2 - gap // 2)
            tally = pygame.Rect(
                below.x, last.bottom + gap, below.w, below.bottom - last.bottom - gap
            )
        else:
            last = pygame.Rect(below.x, below.y, below.w * 11 // 20, below.h)
            tally = pygame.Rect(last.right + gap, below.y, below.right - last.right - gap, below.h)
        self._last_hand(surface, last, s)
        self._tally(surface, tally, results, s)

    def _last_hand(self, surface: pygame.Surface, rect: pygame.Rect, s: float) -> None:
        t = self.app.texts
        kit.panel(surface, rect)
        pad = round(8 * s)
        size = round(20 * s)
        kit.text(
            surface,
            t("pb_last_hand"),
            (rect.x + pad, rect.y + round(4 * s)),
            size=size,
            colour=kit.DIM,
        )
        hands = self.road.last
        if hands is None:
            return
        top = rect.y + kit.font(size).get_linesize() + round(6 * s)
        winner = hands.winner()
        half = (rect.w - 3 * pad) // 2
        for n, place in enumerate((PLAYER, BANKER)):
            part = pygame.Rect(rect.x + pad + n * (half + pad), top, half, rect.bottom - pad - top)
            lit = winner in (place, TIE)
            name_size = round(22 * s)
            name = f"{t(NAMES[place])} {hands.total(place)}"
            kit.text(
                surface,
                name,
                (part.x, part.y),
                size=name_size,
                colour=ROAD_COLOURS[place] if lit else kit.DIM,
                width=part.w,
            )
            cards = pygame.Rect(
                part.x, part.y + kit.font(name_size).get_linesize() + round(2 * s), part.w, 0
            )
            cards.h = part.bottom - cards.y
            gap = round(4 * s)
            w = int(min(cards.h * CARD_SHAPE, (cards.w - 2 * gap) / 3))
            h = int(w / CARD_SHAPE)
            x = cards.x
            for card in hands.hand(place):
                box = pygame.Rect(x, cards.y, w, h)
                _card(surface, box, card)
                x += w + gap

    def _tally(
        self, surface: pygame.Surface, rect: pygame.Rect, results: list[str], s: float
    ) -> None:
        t = self.app.texts
        kit.panel(surface, rect)
        tally = counts(results)
        pad = round(8 * s)
        cells = kit.grid(rect.inflate(-2 * pad, -2 * pad), 3, 1, pad)
        for cell, side in zip(cells, (BANKER, PLAYER, TIE), strict=True):
            name_size = round(20 * s)
            kit.text(
                surface,
                t(NAMES[side]),
                (cell.centerx, cell.y),
                size=name_size,
                colour=ROAD_COLOURS[side],
                align="center",
                width=cell.w,
            )
            number = str(tally[side])
            name_h = kit.font(name_size).get_linesize()
            room = pygame.Rect(cell.x, cell.y + name_h, cell.w, min(cell.h - name_h, cell.w))
            size = size_for(number, room, 0.6)
            kit.centred(
                surface,
                number,
                room,
                size=size,
                colour=kit.TEXT,
            )


def _card(surface: pygame.Surface, rect: pygame.Rect, card: str) -> None:
    """A card face: its rank over its suit, in the suit's colour on white."""
    pygame.draw.rect(surface, WHITE, rect, border_radius=max(4, rect.w // 10))
    pygame.draw.rect(surface, INK, rect, width=1, border_radius=max(4, rect.w // 10))
    label = card_label(card)
    rank, suit = label[:-1], label[-1]
    colour = suit_colour(card[1])
    if rect.w > rect.h:  # sideways: rank and suit side by side
        size = size_for(label, rect, 0.55)
        kit.centred(
            surface,
            label,
            rect,
            size=size,
            colour=colour,
        )
        return
    half = pygame.Rect(rect.x, rect.y, rect.w, rect.h // 2)
    size = size_for("10", half, 0.75)
    face = kit.font(size)
    kit.text(
        surface,
        rank,
        (rect.centerx, rect.y + rect.h // 2 - face.get_height() + face.get_height() // 8),
        size=size,
        colour=colour,
        align="center",
    )
    kit.text(
        surface,
        suit,
        (rect.centerx, rect.y + rect.h // 2 - face.get_height() // 8),
        size=size,
        colour=colour,
        align="center",
    )


def _number(value: Fraction) -> str:
    value = Fraction(value)
    return (
        str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    )


def _percent(share: Fraction) -> str:
    """5/100 as "5%", 1/80 as "1.25%"."""
    return f"{float(Fraction(share) * 100):g}%"
