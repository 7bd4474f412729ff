"""Monte on the croupier's table screen (section 13): the cloth as croupiers know it (board.py)
with the coup's four places and their cards, every box with its price now and the seats' chips
on it, the boxes the phase does not take dimmed (Segones: the row that stays, no Salto, pair or
Vis); above it the phase, the coup and its pack; below it the cards drawn since "no more bets",
in order, and what each Primeres bet left open for Segones waits for.

The layout shows as it is dealt (the `card.drawn` before its `monte.layout`), the place the next
card is for marked. A tap on a box bets the chosen stake for the chosen seat; where a place's
boxes are too small for a finger (800x480) a tap on the place opens its five bets large. At a
table whose shoe is the screen (`screen://`) each card, the layout's and the phase's, is entered
on the Spanish pack's pad and confirmed (dialogs.py).

What the cloth shows is read from the screen's model (shown.py); prices and what a box takes
are the screens' own engine's (pure), asked with the phase's state as the journal folded it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from games.monte.announcements import announce
from games.monte.codes import CODES, covers
from games.monte.layout import PLACES
from games.records import Bet
from terminal.common.draw import least_size
from terminal.screens import kit
from terminal.screens.app import Target
from terminal.screens.cloths.base import payout_text
from terminal.screens.games.monte.board import Board, paint_box
from terminal.screens.games.monte.dialogs import CardDialog, PlaceBets
from terminal.screens.games.monte.faces import row_of_cards, slot, stack
from terminal.screens.games.monte.players import draw_body
from terminal.screens.games.monte.shown import Shown, open_bets, shown
from terminal.screens.views.cards import CardView

if TYPE_CHECKING:
    from terminal.screens.app import Screen
    from terminal.screens.croupier.table import TableScreen

PLACE_DIM = (10, 24, 16, 150)  # over a place out of play (Segones' other row)
BOARD_FELT = (0, 62, 36)


class MonteView(CardView):
    def __init__(self, screen: TableScreen):
        super().__init__(screen)
        self.players_body = self.draw_players
        self._board: Board | None = None
        self._seen: tuple[Any, ...] = ()  # the model's version and what the round waits for
        self._shown = Shown()
        self._taking: frozenset[str] = frozenset()
        self._prices: dict[str, str] = {}

    # -- what the cloth shows ----------------------------------------------------------------
    def shown(self) -> Shown:
        """The cloth as the journal has it now (worked out once a change)."""
        key = (self.app.model.version, self.app.table.waiting)
        if key != self._seen:
            self._seen = key
            self._shown = shown(self.app.model, self.app.table.waiting)
            self._taking, self._prices = self._boxes(self._shown)
        return self._shown

    def _boxes(self, shown: Shown) -> tuple[frozenset[str], dict[str, str]]:
        """What the phase shown takes (a probe of the least stake through the engine's check)
        and each code's price now."""
        state = shown.state
        if state is None or state.layout is None:
            return frozenset(), {}
        engine, least = self.app.engine, self._limits().min
        taking = frozenset(
            code for code in CODES if engine.check(Bet("?", 0, code, least), state=state) is None
        )
        return taking, {code: payout_text(engine.price(code, state)) for code in CODES}

    def _limits(self):
        return self.app.model.state.limits or self.app.table.setup.limits

    def taking(self) -> frozenset[str]:
        self.shown()
        return self._taking

    def price_text(self, code: str) -> str:
        self.shown()
        return self._prices.get(code, "")

    def board_codes(self, place: int) -> list[str]:
        assert self._board is not None, "the table screen was not drawn yet"
        return self._board.place_codes(place)

    def direct(self) -> bool:
        """Whether each box of the cloth drawn last takes a tap by itself (else a place's
        boxes are opened large from the place)."""
        return self._board is not None and self._board.direct

    def card_due(self) -> str | None:
        """What card the croupier enters now: "layout" (the next of a layout being dealt),
        "draw" (the next of a phase), or None."""
        app = self.app
        if not app.can_enter_outcome():
            return None
        st, current = app.model.state, app.model.current
        if st.round_status == "closed":
            return "draw" if current is not None and not current.over else None
        laying = self.shown().phase == "laying" and app.table.waiting == "card"
        return "layout" if st.round_status is None and laying else None

    def card_prompt(self) -> str:
        """The card pad's title: whose card it is."""
        t, shown = self.app.texts, self.shown()
        coup = t("mo_coup", n=shown.coup)
        if shown.phase == "laying":
            return t("mo_card_due", coup=coup, place=shown.due or "")
        return t("mo_draw_due", coup=coup, phase=t(f"mo_{shown.phase}"), n=len(shown.drawn) + 1)

    # -- entries -----------------------------------------------------------------------------
    def outcome_dialog(self) -> Screen | None:
        return CardDialog(self.app, self)

    def tap_code(self, code: str) -> None:
        """Tap the box of `code`; where a place's boxes are too small, the place, then the bet
        on its dialog."""
        board = self._board
        assert board is not None, "the table screen was not drawn yet"
        if code not in board.boxes:
            raise KeyError(f"no box of {code!r} on the monte cloth")
        family = covers(code).family
        if board.direct or family in ("card", "pair"):
            if not self.app.tap(board.boxes[code].center):
                raise KeyError(f"the box of {code!r} did not take the tap")
            return
        self.app.press(f"place:{covers(code).place}")
        self.app.draw(pygame.Surface(self.app.size))
        self.app.press(code)

    def _bet(self, code: str):
        return lambda: self.screen.bet(code)

    def _open_place(self, place: int):
        return lambda: self.app.open(PlaceBets(self.app, self.screen, self, place))

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        app, s = self.app, self.app.s
        shown = self.shown()
        gap = max(4, int(5 * s))
        head_h = kit.font(int(20 * s)).get_linesize() + int(4 * s)
        foot_h = int(30 * s) + kit.font(int(18 * s)).get_linesize() + gap
        head = pygame.Rect(rect.x, rect.y, rect.w, head_h)
        cloth = pygame.Rect(rect.x, head.bottom + gap, rect.w, rect.h - head_h - foot_h - 2 * gap)
        foot = pygame.Rect(rect.x, cloth.bottom + gap, rect.w, foot_h)
        if self._board is None or self._board.rect != cloth:
            self._board = Board(cloth, s)
        board = self._board
        self._head(surface, head, shown)
        pygame.draw.rect(surface, BOARD_FELT, cloth.inflate(6, 6), border_radius=10)
        for place in PLACES:
            self._place(surface, board, place, shown)
        self._paint_boxes(surface, board, shown)
        self._burnt(surface, board, shown)
        self._foot(surface, foot, shown)
        if app.model.state.round_status != "open" or app.demo:
            return []
        targets: list[Target] = []
        for code, box in board.boxes.items():
            if board.direct or covers(code).family in ("card", "pair"):
                taking = code in self._taking
                targets.append(
                    kit.Button(box, "", self._bet(code), enabled=taking, name=f"bet:{code}")
                )
        if not board.direct:
            for place in PLACES:
                area = board.places[place].area
                targets.append(kit.Button(area, "", self._open_place(place), name=f"place:{place}"))
        return targets

    def _head(self, surface: pygame.Surface, rect: pygame.Rect, shown: Shown) -> None:
        """The phase, the coup and its pack; the closing's «les últimes cinc mans»."""
        t, s, st = self.app.texts, self.app.s, self.app.model.state
        size = int(20 * s)
        parts = [t("mo_laying" if shown.phase == "laying" else f"mo_{shown.phase}")]
        if shown.phase == "segones":
            parts.append(t("mo_row", row="-".join(map(str, shown.row))))
        if shown.coup:
            parts.append(t("mo_coup", n=shown.coup))
        if shown.pack:
            parts.append(t(f"mo_pack_{shown.pack}"))
        right = rect.right
        if st.last_rounds_left:
            notice = announce("last_rounds", n=st.last_rounds_left).text[t.language]
            w = min(kit.font(size).size(notice)[0] + int(16 * s), rect.w // 2)
            badge = pygame.Rect(rect.right - w, rect.y, w, rect.h)
            pygame.draw.rect(surface, kit.ACCENT, badge, border_radius=6)
            kit.centred(surface, notice, badge, size=size, colour=kit.ACCENT_TEXT, width=w - 8)
            right = badge.x - int(8 * s)
        x = kit.text(
            surface,
            parts[0],
            (rect.x, rect.y + 2),
            size=size,
            colour=kit.ACCENT,
            width=right - rect.x,
        ).right
        rest = " · " + " · ".join(parts[1:]) if parts[1:] else ""
        if rest:
            kit.text(surface, rest, (x, rect.y + 2), size=size, colour=kit.TEXT, width=right - x)

    def _place(self, surface: pygame.Surface, board: Board, place: int, shown: Shown) -> None:
        """A place's cards (or the slot of the card it waits for), its number, lit when its card
        won, dimmed when out of play."""
        t, s = self.app.texts, self.app.s
        spot = board.places[place]
        cards = () if shown.layout is None else shown.layout.places[place]
        x, y = spot.cards
        if cards:
            down = shown.pack if place in shown.down else None
            drawn = stack(surface, (x, y), spot.card_h, cards, t, down=down)
        else:
            w = int(spot.card_h * 0.68)
            drawn = pygame.Rect(x, y, w, spot.card_h)
            if shown.due == place:
                slot(surface, drawn, s)
            else:
                pygame.draw.rect(surface, kit.FELT_LINE, drawn, width=1, border_radius=6)
                kit.centred(surface, str(place), drawn, size=int(26 * s), colour=kit.FELT_LINE)
        winner = shown.winner
        if winner is not None and winner["place"] == place:
            pygame.draw.rect(
                surface, kit.ACCENT, drawn.inflate(8, 8), width=max(3, int(4 * s)), border_radius=8
            )
        if place not in shown.row:
            veil = pygame.Surface(spot.area.size, pygame.SRCALPHA)
            veil.fill(PLACE_DIM)
            surface.blit(veil, spot.area.topleft)

    def _paint_boxes(self, surface: pygame.Surface, board: Board, shown: Shown) -> None:
        t, s = self.app.texts, self.app.s
        refusal = self.app.fresh_refusal()
        refused = None if refusal is None else refusal.code
        for code, box in board.boxes.items():
            chips = shown.chips.get(code, ())
            family, _, named = code.partition(":")
            label = t(f"mo_box_{family}") if family not in ("card", "pair") else named
            paint_box(
                surface,
                box,
                label,
                self._prices.get(code, ""),
                chips,
                t,
                s,
                taking=code in self._taking,
                lit=any(c.state == "win" for c in chips),
                refused=code == refused,
            )

    def _burnt(self, surface: pygame.Surface, board: Board, shown: Shown) -> None:
        """The burnt cards aside, between the columns' boxes."""
        if shown.layout is None or not shown.layout.burnt:
            return
        t, s = self.app.texts, self.app.s
        rect = board.burnt
        size = int(16 * s)
        label = kit.text(
            surface,
            t("mo_burnt"),
            (rect.centerx, rect.y),
            size=size,
            colour=kit.FELT_LINE,
            width=rect.w,
            align="center",
        )
        cards = pygame.Rect(rect.x + 2, label.bottom, rect.w - 4, rect.bottom - label.bottom)
        row_of_cards(surface, cards, shown.layout.burnt, t)

    def _foot(self, surface: pygame.Surface, rect: pygame.Rect, shown: Shown) -> None:
        """The cards drawn in the phase, in order; then what the open bets wait for, or the
        10% of a first card's win."""
        t, s = self.app.texts, self.app.s
        size = int(18 * s)
        cards_h = int(30 * s)
        line = self._note(shown, size, rect.w)
        if shown.phase == "laying":  # no phase yet: the pack to load, if it is
            if line is not None:
                kit.text(surface, line[0], rect.topleft, size=size, colour=line[1], width=rect.w)
            return
        label = kit.text(
            surface,
            t("mo_drawn"),
            (rect.x, rect.y + (cards_h - kit.font(size).get_height()) // 2),
            size=size,
            colour=kit.DIM,
        )
        row = pygame.Rect(
            label.right + int(8 * s), rect.y, rect.right - label.right - int(8 * s), cards_h
        )
        if shown.drawn:
            row_of_cards(surface, row, shown.drawn, t)
        else:
            kit.text(surface, t("mo_none_drawn"), (row.x, label.y), size=size, colour=kit.DIM)
        if line is not None:
            said, colour = line
            kit.text(
                surface,
                said,
                (rect.x, rect.y + cards_h + int(2 * s)),
                size=size,
                colour=colour,
                width=rect.w,
            )

    def _note(self, shown: Shown, size: int, width: int) -> tuple[str, tuple[int, int, int]] | None:
        """The footer's line: the new pack to load, the 10% of a first card's win, or what the
        bets open for Segones wait for (without their seats where that is too long)."""
        t = self.app.texts
        if self.app.table.waiting == "shoe":
            return t("mo_load_pack"), kit.ACCENT
        if shown.winner is not None and shown.winner.get("first"):
            rate = f"{float(self.app.table.rules.deduction * 100):g}%"
            return t("mo_first_card", rate=rate), kit.ACCENT
        waiting = open_bets(shown)
        if not waiting or shown.layout is None:
            return None
        layout, long, short = shown.layout, [], []
        for code, chips in waiting.items():
            covered = covers(code)
            fields = {
                "bet": t.bet(code),
                "wins": self._rank(layout.rank_of(covered.side[0])),
                "loses": self._rank(layout.rank_of(covered.against[0])),
            }
            seats = ", ".join(f"{t('seat_short', n=c.seat)} {t.money(c.stake)}" for c in chips)
            long.append(t("mo_open_bet", seats=seats, **fields))
            short.append(t("mo_open_short", **fields))
        said = " · ".join(long)
        if kit.font(least_size(size)).size(said)[0] > width:
            said = " · ".join(short)
        return said, kit.ACCENT

    def _rank(self, rank: str) -> str:
        t = self.app.texts
        return t(f"mo_rank_{rank}") if rank in "1SCR" else t("mo_rank_n", n=rank)

    # -- the players' display ----------------------------------------------------------------
    def draw_players(self, surface: pygame.Surface, rect: pygame.Rect, s: float) -> None:
        draw_body(surface, rect, s, self.shown(), self.app.model.outcomes, self.app.texts)
