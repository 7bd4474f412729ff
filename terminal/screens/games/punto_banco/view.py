"""Punto banco's view on the croupier's table screen, and its players' display.

The table: the two hands, punt and banca, as the journal has the coup (each card where it was
dealt, the player's and the banker's third cards laid sideways, the slot of the card the coup
needs next, the totals, the winner: draw.py), which of the third-card rules applied (the player
on 0-5 or 6-7, the banker against the player's third card, his row of the table: the profile's
`drawing`, games/punto_banco/drawing.py), and the three chances where the croupier bets
(boxes.py). Above them, the shoe (the hand, the cards left, the cut card out) and the closing's
«les últimes cinc mans».

The players' display (players.py): the big road of the shoe's coups and the counts of banker,
player and tie (road.py), with the last hand.

What the coup needs next is the engine's, asked from the journaled moves (views/cards.py); the
rules applied are read from the cards by the profile's own drawing table (deal.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from games.calls import last_hands
from terminal.screens import kit
from terminal.screens.app import Target
from terminal.screens.games.punto_banco.boxes import draw_chances
from terminal.screens.games.punto_banco.deal import BANKER, PLAYER, Hands, Said, rules_applied
from terminal.screens.games.punto_banco.draw import hand_panel
from terminal.screens.games.punto_banco.players import draw_body
from terminal.screens.games.punto_banco.road import ShoeRoad
from terminal.screens.pads.cards import card_label
from terminal.screens.views.cards import CardView

if TYPE_CHECKING:
    from terminal.screens.croupier.table import TableScreen

RULE_SIZE = 21  # the rules' lines (at 800x480)


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
            hand_panel(surface, panel, place, hands, next_place, result, s, self.app.texts)
        self._rules(surface, rules, hands, result, void, next_place)
        targets, self._boxes = draw_chances(self, surface, boxes, result)
        return targets

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

    # -- the players' display --------------------------------------------------------------
    def draw_players_body(self, surface: pygame.Surface, rect: pygame.Rect, s: float) -> None:
        """The big road of the shoe's coups, the counts of banker, player and tie, the last
        hand (players.py)."""
        draw_body(self.road, self.app.texts, surface, rect, s)
