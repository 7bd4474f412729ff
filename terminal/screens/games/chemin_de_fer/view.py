"""Chemin de fer's view on the croupier's table screen, and its players' display.

The table (oval.py): the places round the oval from the croupier's right, what each stakes,
seated or standing behind it, the banker's place, who holds the cards, the places lost; in its
middle the coup, the ponte's hand and the bank's as dealt (views/baccarat.py), or, between coups,
how the bank is being awarded. Above it the bank (its holder, amount, garage), the rest its
stakes leave uncovered, the shoe, and the cagnotte's running total with the last coup's cut.

Under it a row of what the croupier enters now, as the table asks for it:
- between coups, the bank offered: the player takes it (for an amount, on a pad) or declines;
  at an auction, each bid of the chosen place, then the award (no bid at all is one too);
- a bank held, before the bets: the banker passes it, garages winnings, adds to it, an
  associate joins (the chosen place);
- bets open: a tap on a place stakes the chosen chip as a ponte of that place (or of a player
  standing behind it: "Dret"); "Banc" stakes the whole rest (suivi by the player who has the
  right, in association with the pontes already on), "Amb la taula" half the bank, "Últim
  complet" the rest after it;
- the coup: the call a side is asked for, "carta" or "no", and the banker's "quadre" (his table,
  which he follows from then on); a call a total makes by itself is made by the engine.

Everything shown comes from the journal: the bank from the table's fold (the `bank.*` events),
the coup played again by the pure engine from its journaled stakes, cards and calls.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from games.cards.baccarat import count, value
from games.chemin_de_fer.drawing import CARTA, NO
from games.chemin_de_fer.engine import TABLE, ChemState
from games.chemin_de_fer.entries import (
    CloseAuction,
    DeclineBank,
    GarageBank,
    JoinBank,
    PassBank,
    ResumeTable,
    TakeBank,
)
from games.circle import CircleBet, position
from terminal.screens import kit
from terminal.screens.app import Target
from terminal.screens.games.chemin_de_fer.dialogs import AmountDialog, ErrorsDialog
from terminal.screens.games.chemin_de_fer.oval import Seat, draw_oval, draw_seat, place_centres
from terminal.screens.games.chemin_de_fer.players import Coups, draw_body
from terminal.screens.views.baccarat import hand_panel
from terminal.screens.views.base import Action
from terminal.screens.views.cards import CardView

if TYPE_CHECKING:
    from terminal.screens.croupier.table import TableScreen

SIDES = {"ponte": ((34, 88, 200), "cdf_ponte"), "banker": ((186, 22, 36), "cdf_bank")}
CALLS = {CARTA: "cdf_carta", NO: "cdf_no", TABLE: "cdf_table"}


class ChemView(CardView):
    def __init__(self, screen: TableScreen):
        super().__init__(screen)
        self.standing = False  # the next stakes are of a player standing behind the place
        self.bids: list[tuple[str, int]] = []  # the auction's bids entered so far
        self.players_body = self.draw_players_body
        self.coups = Coups()  # the shoe's coups, for the players' display
        self.app.model.listeners.append(self.coups.heard)
        self.errors = 0  # the game.error events heard: what the errors dialog waits for
        self.app.model.listeners.append(self._heard)
        self._places: dict[str, pygame.Rect] = {}

    # -- what the table is -----------------------------------------------------------------
    def _heard(self, event: dict[str, Any]) -> None:
        if event["kind"] == "game.error":
            self.errors += 1

    def buttons(self) -> list[Action]:
        """The misdeal, and the errors of the coup, behind the inspector's PIN."""
        app = self.app
        own = super().buttons()
        if not own:
            return own
        errors = (app.texts("cdf_errors"), "errors", self._open_errors, True)
        return [*own, errors]

    def _open_errors(self) -> None:
        self.app.open(ErrorsDialog(self.app, lambda: self.errors))

    def table_state(self) -> ChemState:
        own = self.app.model.state.own
        return own.engine_state() if own is not None else ChemState()

    def waiting(self) -> str | None:
        """What the bank waits for between coups: "offer", "auction", "paused"; None: held."""
        if not self.app.model.state.session_open:
            return None
        return self.app.engine.waiting(self.table_state())

    def chosen(self) -> str:
        """The position the croupier's stake and bank buttons act for: the chosen seat, or the
        player standing behind it."""
        seat = self.screen.seat
        return f"s{seat}" if self.standing else str(seat)

    def place_name(self, where: str) -> str:
        """A position as the croupier calls it: "plaça 3", "dret 3" (behind place 3)."""
        at = position(where)
        return self.app.texts("cdf_place_standing" if at.standing else "cdf_place", n=at.seat)

    def rest(self) -> int:
        """What the bank leaves uncovered by the stakes on it."""
        bank = self.table_state().bank.bank
        if bank is None:
            return 0
        return bank.amount - sum(int(b["stake"]) for b in self.current_bets())

    # -- entries ---------------------------------------------------------------------------
    def bet(self, code: str) -> CircleBet:
        """A ponte of the chosen chip at the position `code` names (`ponte:3`, `ponte:s3`)."""
        return self._stake(code, self.screen.chip)

    def _stake(self, code: str, stake: int, **extra: Any) -> CircleBet:
        at = position(code.partition(":")[2])
        return CircleBet(self.screen.next_bet_id(), at.seat, code, stake, at.standing, **extra)

    def tap_code(self, code: str) -> None:
        """Tap the place of the position `code` names, while bets are open."""
        where = code.partition(":")[2]
        rect = self._places.get(str(position(where).seat))
        self.standing = position(where).standing
        if rect is None or not self.app.tap(rect.center):
            raise KeyError(f"no place of {code!r} takes a tap now")

    def _tap_place(self, seat: int):
        def tap() -> None:
            self.screen.seat = seat
            if self.betting_by_hand():
                self._post(self.bet(f"ponte:{self.chosen()}"))

        return tap

    def _post(self, bet: CircleBet) -> None:
        """A stake to the table; "Dret" holds for the one stake it was pressed for."""
        self.standing = False
        self.screen.post_bet(bet)

    def _banco(self) -> None:
        """The whole rest: suivi by the player who has the right, in association with the
        pontes on already."""
        at = self.chosen()
        partners = tuple(str(b["id"]) for b in self.current_bets())
        suivi = self.table_state().suivi == at
        self._post(self._stake(f"banco:{at}", self.rest(), partners=partners, suivi=suivi))

    def _avec_table(self) -> None:
        bank = self.table_state().bank.bank
        assert bank is not None
        unit = self.app.table.setup.limits.chip_unit
        half = bank.amount // 2 // unit * unit
        self._post(self._stake(f"avec_table:{self.chosen()}", half))

    def _complete(self) -> None:
        self._post(self._stake(f"complete:{self.chosen()}", self.rest()))

    def _toggle_standing(self) -> None:
        self.standing = not self.standing

    def _amount(self, key: str, then, least: int | None = None, **fields: Any) -> None:
        self.app.open(AmountDialog(self.app, self.app.texts(key, **fields), then, least))

    def _take(self) -> None:
        bank = self.table_state().bank
        offered = bank.offer or ""
        least = self.app.engine.bank.least(bank)
        self._amount(
            "cdf_amount_take",
            lambda amount: self.app.post(TakeBank(offered, amount)),
            least,
            place=offered,
        )

    def _bid(self) -> None:
        at = self.chosen()
        least = self.app.engine.bank.minimum
        self._amount(
            "cdf_amount_bid",
            lambda amount: self.bids.append((at, amount)),
            least,
            place=self.place_name(at),
        )

    def _award(self) -> None:
        bids, self.bids = tuple(self.bids), []
        self.app.post(CloseAuction(bids))

    def _pass(self) -> None:
        bank = self.table_state().bank.bank
        assert bank is not None
        self.app.post(PassBank(bank.banker))

    def _garage(self) -> None:
        self._amount("cdf_amount_garage", lambda amount: self.app.post(GarageBank(amount)))

    def _add(self) -> None:
        self._amount("cdf_amount_add", lambda amount: self.app.post(JoinBank(amount)))

    def _associate(self) -> None:
        at = self.chosen()
        self._amount(
            "cdf_amount_associate",
            lambda amount: self.app.post(JoinBank(amount, at)),
            place=self.place_name(at),
        )

    # -- the row of what the croupier enters now -----------------------------------------------
    def actions(self) -> list[tuple[str, str, Any, bool]]:
        app, t = self.app, self.app.texts
        st = app.model.state
        if app.demo or not st.session_open:
            return []
        state = self.table_state()
        waiting = self.waiting()
        if waiting == "offer" and state.bank.offer is not None:
            return [
                (t("cdf_take"), "bank_take", self._take, True),
                (
                    t("cdf_decline"),
                    "bank_decline",
                    lambda: app.post(DeclineBank(state.bank.offer or "")),
                    True,
                ),
            ]
        if waiting == "paused":
            return [(t("cdf_resume"), "resume", lambda: app.post(ResumeTable(app.croupier)), True)]
        if waiting == "auction":
            return [
                (t("cdf_bid", place=self.place_name(self.chosen())), "bank_bid", self._bid, True),
                (t("cdf_close_auction"), "bank_award", self._award, True),
            ]
        bank = state.bank.bank
        if bank is None or bank.lost:  # a lost bank passes by itself before the next coup
            return []
        if st.round_status is None:
            held = {who for who, _ in bank.holders}
            return [
                (t("cdf_pass"), "bank_pass", self._pass, True),
                (t("cdf_garage"), "bank_garage", self._garage, True),
                (t("cdf_add"), "bank_add", self._add, True),
                (
                    t("cdf_associate", place=self.place_name(self.chosen())),
                    "bank_associate",
                    self._associate,
                    self.chosen() not in held,
                ),
            ]
        if st.round_status == "open":
            rest = self.rest()
            stakes = {str(b["code"]).partition(":")[0] for b in self.current_bets()}
            suivi = state.suivi == self.chosen()
            return [
                (t("cdf_standing"), "standing", self._toggle_standing, True),
                (t("cdf_suivi") if suivi else t("cdf_banco"), "banco", self._banco, rest > 0),
                (t("cdf_avec_table"), "avec_table", self._avec_table, not stakes),
                (
                    t("cdf_complete"),
                    "complete",
                    self._complete,
                    "avec_table" in stakes and "complete" not in stakes,
                ),
            ]
        need = self.need()
        if need is not None and need.kind == "decision":
            return [
                (t(CALLS[option]), f"call:{option}", self._call(need.place or "", option), True)
                for option in need.options
            ]
        return []

    def _call(self, side: str, option: str):
        return lambda: self.decide(side, option)

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        s = self.app.s
        gap = int(6 * s)
        info_h = kit.font(int(20 * s)).get_linesize() + int(4 * s)
        line_h = kit.font(int(20 * s)).get_linesize() + int(2 * s)
        actions = self.actions()
        row_h = max(kit.MIN_TARGET, int(50 * s)) if actions else 0
        info = pygame.Rect(rect.x, rect.y, rect.w, info_h)
        row = pygame.Rect(rect.x, rect.bottom - row_h, rect.w, row_h)
        said = pygame.Rect(rect.x, row.y - gap - line_h, rect.w, line_h)
        oval = pygame.Rect(rect.x, info.bottom + gap, rect.w, said.y - info.bottom - 2 * gap)
        self._info(surface, info)
        targets = self._table(surface, oval)
        self._say(surface, said)
        if actions:
            cells = kit.grid(row, len(actions), 1, gap)
            for cell, (label, name, do, enabled) in zip(cells, actions, strict=True):
                on = name == "standing" and self.standing  # held for the next stake
                colour = kit.PRIMARY if on else kit.BUTTON
                button = kit.Button(
                    cell, label, do, enabled=enabled, colour=colour, size=int(20 * s), name=name
                )
                button.draw(surface)
                targets.append(button)
        return targets

    def _info(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The bank, its rest, the shoe; the cagnotte's running total at the right."""
        app, s, t = self.app, self.app.s, self.app.texts
        size = int(20 * s)
        badge_text = t("cdf_cagnotte", amount=app.money(app.model.state.cagnotte))
        w = kit.font(size).size(badge_text)[0] + int(16 * s)
        badge = pygame.Rect(rect.right - w, rect.y, w, rect.h)
        pygame.draw.rect(surface, kit.ACCENT, badge, border_radius=6)
        kit.centred(surface, badge_text, badge, size=size, colour=kit.ACCENT_TEXT)
        bank = self.table_state().bank.bank
        parts = []
        if bank is not None and bank.lost:
            parts.append(t("cdf_bank_lost", place=bank.banker))
        elif bank is not None:
            parts.append(
                t(
                    "cdf_bank_line",
                    place=bank.banker,
                    amount=app.money(bank.amount),
                    garage=app.money(bank.garage),
                )
            )
            if app.model.state.round_status == "open":
                parts.append(t("cdf_rest", amount=app.money(self.rest())))
        shoe = getattr(app.model.state.own, "shoe", None)
        parts.append(t("cdf_shoe_new") if shoe is None else t("cdf_shoe", left=shoe.left))
        kit.text(
            surface,
            " · ".join(parts),
            (rect.x, rect.y + int(2 * s)),
            size=size,
            colour=kit.TEXT,
            width=badge.x - rect.x - int(8 * s),
        )

    def _seats(self) -> list[Seat]:
        state = self.table_state()
        bank = state.bank
        held = bank.bank
        holders = {who for who, _ in held.holders} if held is not None else set()
        coup = self.coup()
        holder = str(coup.holder.position.seat) if coup is not None else None
        stakes: dict[int, list[str]] = {}
        t = self.app.texts
        awarding = self.waiting() is not None  # the last coup's stakes gone with its hands
        for bet in [] if awarding else self._shown_bets():
            family, _, where = str(bet["code"]).partition(":")
            if family == "bank":
                continue
            at = position(where)
            word = t(f"bet_{family}") if family != "ponte" else ""
            money = t.money(int(bet["stake"]), short=True)
            line = f"{word} {money}".strip()
            stakes.setdefault(at.seat, []).append(
                t("cdf_place_standing", n=line) if at.standing else line
            )
        places = self.app.table.rules.places
        return [
            Seat(
                n,
                tuple(stakes.get(n, ())),
                banker=held is not None and held.banker == str(n),
                associate=str(n) in holders and (held is None or held.banker != str(n)),
                holds_cards=holder == str(n),
                offered=bank.offer == str(n) and held is None,
                lost=n in bank.lost_places,
                chosen=n == self.screen.seat,
            )
            for n in range(1, places + 1)
        ]

    def _shown_bets(self) -> list[dict[str, Any]]:
        """The stakes of the coup in play, else of the last coup, as journaled."""
        current = self.app.model.current
        return [] if current is None else list(current.bets)

    def _table(self, surface: pygame.Surface, oval: pygame.Rect) -> list[Target]:
        app, s, t = self.app, self.app.s, self.app.texts
        radius = max(kit.MIN_TARGET // 2, int(26 * s))
        draw_oval(surface, oval, s)
        centres = place_centres(oval, app.table.rules.places, radius)
        foot = pygame.Rect(0, 0, int(oval.w * 0.3), int(22 * s))
        foot.midbottom = (oval.centerx, oval.bottom - int(4 * s))
        kit.centred(surface, t("cdf_croupier"), foot, size=int(18 * s), colour=kit.DIM)
        middle = pygame.Rect(0, 0, int(oval.w * 0.58), int(oval.h * 0.46))
        middle.center = (oval.centerx, oval.centery + int(oval.h * 0.03))
        self._middle(surface, middle)
        targets: list[Target] = []
        self._places = {}
        for seat in self._seats():  # over the middle: a place's stakes are never hidden
            centre = centres[seat.number]
            square = draw_seat(surface, centre, radius, seat, oval.center, s, t("cdf_lost_place"))
            button = kit.Button(
                square, str(seat.number), self._tap_place(seat.number), name=f"place:{seat.number}"
            )
            self._places[str(seat.number)] = square
            targets.append(button)
        return targets

    def _middle(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The coup's two hands, or how the bank is awarded between coups."""
        s, t = self.app.s, self.app.texts
        # while the bank is awarded, how: the last coup's hands gone from the felt
        hands = None if self.waiting() is not None else self._hands()
        if hands is None:
            kit.text(
                surface,
                self._between(),
                (rect.centerx, rect.centery - int(12 * s)),
                size=int(22 * s),
                colour=kit.ACCENT,
                align="center",
                width=rect.w,
            )
            return
        cards, due, result = hands
        gap = int(6 * s)
        half = (rect.w - gap) // 2
        winner = None if result is None else result["outcome"]["winner"]
        natural = None if result is None else result["outcome"]["natural"]
        for n, side in enumerate(("ponte", "banker")):
            colour, key = SIDES[side]
            won = winner in ({"ponte": "ponte", "banker": "bank"}[side], "tie")
            tags = []  # one tag: the panel is narrow; its ring says it won
            if natural in (side, "both"):
                tags.append(t("cdf_natural"))
            elif won:
                tags.append(t("cdf_tie") if winner == "tie" else t("cdf_wins"))
            panel = pygame.Rect(rect.x + n * (half + gap), rect.y, half, rect.h)
            shown = cards[side]
            hand_panel(
                surface,
                panel,
                name=t(key),
                colour=colour,
                cards=shown,
                total=_total(shown) if shown else None,
                due=due == side,
                tags=tags,
                won=won,
                s=s,
            )

    def _hands(self) -> tuple[dict[str, list[str]], str | None, dict[str, Any] | None] | None:
        """The coup's cards by side, the side the next card goes to, its result; None when
        no coup is dealt or shown."""
        current = self.app.model.current
        if current is None:
            return None
        if current.result is not None:
            outcome = current.result["outcome"]
            return {"ponte": outcome["ponte"], "banker": outcome["banker"]}, None, current.result
        if self.app.model.state.round_status != "closed":
            return None
        coup = self.coup()
        if coup is None:
            return {"ponte": [], "banker": []}, None, None
        need = self.app.engine.need(coup)
        due = need.place if need.kind == "card" else None
        return {"ponte": list(coup.ponte), "banker": list(coup.banker)}, due, None

    def _between(self) -> str:
        app, t = self.app, self.app.texts
        state = self.table_state()
        waiting = self.waiting()
        if waiting == "offer" and state.bank.offer is not None:
            least = app.money(app.engine.bank.least(state.bank))
            return t("cdf_offered", place=state.bank.offer, least=least)
        if waiting == "auction":
            bids = ", ".join(f"{who} {app.money(n)}" for who, n in self.bids) or t("cdf_no_bids")
            return t("cdf_auction", bids=bids)
        if waiting == "paused":
            return t("cdf_paused")
        if app.model.state.round_status == "open":
            return t("cdf_stakes_hint")
        return ""

    def _say(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The coup's call, or the calls asked and made, or the last coup's cut."""
        app, s, t = self.app, self.app.s, self.app.texts
        line, colour = "", kit.TEXT
        current = app.model.current
        if current is not None and current.result is not None:
            line = current.result.get("announcement", {}).get("text", {}).get(t.language, "")
            bank = current.result["outcome"]["bank"]
            if float(bank["cut"]):
                rate = f"{float(app.engine.rules.cut_rate * 100):g}%"
                cut = app.money(current.result["totals"]["house_net"])
                line = f"{line} · {t('cdf_cut', rate=rate, amount=cut)}"
            colour = kit.ACCENT
        elif app.model.state.round_status == "closed" and (coup := self.coup()) is not None:
            need = app.engine.need(coup)
            side = t(SIDES.get(need.place or "", (None, "cdf_ponte"))[1])
            if need.kind == "decision":
                total = coup.total(need.place or "ponte")
                line, colour = t("cdf_asks", side=side, total=total), kit.ACCENT
            elif need.kind == "card":
                line, colour = t("cdf_next_card", side=side), kit.ACCENT
            if coup.table_used:
                line = f"{line} · {t('cdf_table_used')}"
        kit.text(
            surface,
            line,
            (rect.x + int(4 * s), rect.y),
            size=int(20 * s),
            colour=colour,
            width=rect.w - int(8 * s),
        )

    # -- the players' display --------------------------------------------------------------
    def draw_players_body(self, surface: pygame.Surface, rect: pygame.Rect, s: float) -> None:
        draw_body(self.app, self.coups, self.table_state(), surface, rect, s)


def _total(cards: list[str]) -> int:
    return count([value(card) for card in cards])
