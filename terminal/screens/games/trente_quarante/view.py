"""Trente et quarante on the croupier's table screen (section 05): the two rows over the cloth.

- The rows (rows.py): the noir row over the rouge row as the cards come,
  each with its total, the card the deal waits for, then what they decided (the row and colour
  or inverse that won, a refait, equal totals, the red card).
- The cloth (cloth.py): rouge, noir, couleur and inverse, tapped to bet
  the chosen stake for the chosen seat, with every bet on it by seat and the prisoners with
  their padlock and value.
- For the next bets, the player's choice on a refait (prison or half back, per bet, as at French
  roulette's zero) and the insurance (section 05 V.1: a premium of 1% of the stake, paid with
  the bet, offered where the stake reaches the rulebook's threshold): an insured bet is two
  bets, the chance `insured` and its premium on `insurance` that `covers` it (docs/bets.md),
  posted together and taken back together.
- While a coup is dealt from a shoe the croupier enters by hand (`screen://`), the card pad
  takes the cloth's place, titled with the row the card goes to; each card is shown large and
  confirmed before it goes to the shoe's hand, as the outcome dialog does; the red card too.

What the coup needs next is asked of the engine, from the journaled cards (views/cards.py).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

import pygame

from games.trente_quarante.bet import TrenteQuaranteBet
from games.trente_quarante.rules import INSURANCE
from terminal.screens import kit
from terminal.screens.app import Target
from terminal.screens.croupier.dialog import pad_targets
from terminal.screens.games.trente_quarante.cloth import FIELDS, Pill, Shield
from terminal.screens.games.trente_quarante.players import draw_last_coups
from terminal.screens.games.trente_quarante.rows import Rows, Shown, Verdict, draw_rows
from terminal.screens.pads.base import title, title_and_body
from terminal.screens.pads.cards import CardPad
from terminal.screens.pads.outcome import Confirmation
from terminal.screens.texts import Texts
from terminal.screens.views.cards import CardView

if TYPE_CHECKING:
    from terminal.screens.croupier.table import TableScreen

# a settled bet's result -> how its pill shows it ("prison": the prisoners are drawn apart)
SETTLED = {"win": "won", "lose": "lost", "push": "returned", "half": "half"}


class RowCardPad(CardPad):
    """The card pad titled with the row the card goes to."""

    row = "noir"

    def paint(self, surface: pygame.Surface, rect: pygame.Rect, texts: Texts) -> None:
        line, _ = title_and_body(rect)
        title(surface, texts(f"tq_next_{self.row}"), line)


class TrenteQuaranteView(CardView):
    def __init__(self, screen: TableScreen):
        super().__init__(screen)
        self.zero_choice = "prison"  # the choice on a refait of the next bets: prison or half
        self.insure = False  # whether the next bets are insured, where the stake allows it
        self.pad = RowCardPad(self._picked)
        self.confirmation: Confirmation[str] | None = None
        self._entry: tuple[int, str | None] | None = None  # the round the pad's entry is for
        self.players_body = self.draw_players

    # -- the bets ------------------------------------------------------------------------------
    def _limits(self):
        return self.app.model.state.limits or self.app.table.setup.limits

    def insurable(self, stake: int | None = None) -> bool:
        """Whether a bet of `stake` (the chosen chip's) may be insured: at least the rulebook's
        threshold, its premium whole chips."""
        rules, limits = self.app.table.rules, self._limits()
        stake = self.screen.chip if stake is None else stake
        if stake < rules.insurance_threshold(limits.min):
            return False
        premium = rules.premium_of(stake)
        return premium.denominator == 1 and premium % limits.chip_unit == 0

    def insuring(self) -> bool:
        return self.insure and self.insurable()

    def bet(self, code: str) -> TrenteQuaranteBet:
        """The bet a tap on `code` makes: insured when the insurance is on and the stake allows
        it (an insured bet is returned on a refait: it takes no half back), else with the
        player's choice on a refait."""
        screen = self.screen
        insured = self.insuring()
        return TrenteQuaranteBet(
            screen.next_bet_id(),
            screen.seat,
            code,
            screen.chip,
            zero_choice="prison" if insured else self.zero_choice,
            insured=insured,
        )

    def place(self, code: str) -> None:
        """The bet on `code` to the table; an insured bet's premium right after it."""
        screen = self.screen
        bet = self.bet(code)
        screen.post_bet(bet)
        if bet.insured:
            premium = self.app.table.rules.premium_of(bet.stake)
            screen.post_bet(
                TrenteQuaranteBet(
                    screen.next_bet_id(), bet.seat, INSURANCE, int(premium), covers=bet.id
                )
            )

    def tap_code(self, code: str) -> None:
        if code not in FIELDS:
            raise KeyError(f"no field {code!r} on the trente et quarante cloth")
        self.app.press(f"chance:{code}")

    def taken_back(self, bet_id: str) -> list[str]:
        """An insured bet and its premium are taken back together, the premium first."""
        bets = self.current_bets()
        bet = next((b for b in bets if b["id"] == bet_id), None)
        if bet is None:
            return [bet_id]
        if bet["code"] == INSURANCE and bet.get("covers"):
            return [bet_id, bet["covers"]]
        premiums = [b["id"] for b in bets if b.get("covers") == bet_id]
        return [*premiums, bet_id]

    def _flip_zero(self) -> None:
        self.zero_choice = "half" if self.zero_choice == "prison" else "prison"

    def _flip_insure(self) -> None:
        self.insure = not self.insure

    # -- what the coup shows -------------------------------------------------------------------
    def shown(self) -> Shown:
        """The rows to show: the coup's as far as dealt, or settled; before its first card, the
        previous coup's (dimmed)."""
        model = self.app.model
        status = model.state.round_status
        history = list(model.history)
        current = history[-1] if history else None
        if current is not None:
            if current.result is not None:
                rows = Rows.of(current.result["outcome"])
                return Shown(rows, verdict=rows.verdict())
            if current.cards or (status == "closed" and current.void is None):
                rows = Rows.dealt(current.cards)
                if current.void is not None:
                    return Shown(rows, verdict=self._void())
                need = self.need()
                waiting = need.place if need is not None and need.kind == "card" else None
                return Shown(rows, waiting=waiting)
        for earlier in reversed(history[:-1]):
            if earlier.result is not None:
                rows = Rows.of(earlier.result["outcome"])
                return Shown(rows, verdict=rows.verdict(), previous=True)
            if earlier.cards:
                return Shown(Rows.dealt(earlier.cards), verdict=self._void(), previous=True)
        return Shown(Rows())

    def _void(self) -> Verdict:
        """A void coup: the red card's (the shoe's red card is out since), or another."""
        shoe = getattr(self.app.model.state.own, "shoe", None)
        return Verdict("red_card" if shoe is not None and shoe.cut_out else "void")

    def entering(self) -> bool:
        """Whether the croupier enters the coup's next card here: a coup dealt from a shoe the
        screen's hand is (or whose reader is out of order), a card due from a shoe the journal
        says is loaded (not one awaited)."""
        app = self.app
        if app.model.state.round_status != "closed" or not app.can_enter_outcome():
            return False
        if app.table.waiting == "shoe":
            return False
        shoe = getattr(app.model.state.own, "shoe", None)
        if shoe is None or shoe.cut_out:  # a new shoe is to be loaded before the first card
            return False
        need = self.need()
        return need is not None and need.kind == "card"

    def pills(self) -> dict[str, list[Pill]]:
        """The bets on each field: the prisoners, then the round's (as placed, or settled)."""
        pills: dict[str, list[Pill]] = {code: [] for code in FIELDS}
        for bet in self.app.model.state.carried:
            if isinstance(bet, TrenteQuaranteBet) and bet.code in pills:
                pills[bet.code].append(
                    Pill(bet.seat, bet.value, "prison", bet.insured, _half(bet), bet.prison)
                )
        current = self.app.model.current
        if current is None:
            return pills
        if current.result is not None and self.app.model.state.round_status is None:
            result = current.result
            settled = {e["id"]: e["result"] for e in result.get("settlement", [])}
            self._add(pills, result.get("bets", []), settled)
        elif current.void is not None:
            void = current.void
            self._add(pills, [*void.get("returned", []), *void.get("collected", [])], {})
        elif not current.over:
            self._add(pills, current.bets, None)
        return pills

    def _add(self, pills: dict[str, list[Pill]], bets: list[dict], settled) -> None:
        """`bets` (journaled) on their fields; `settled` their results (None: in play, {}:
        returned), the prisoners left out (drawn from the table's state), the premiums drawn as
        the shield on the bet they insure."""
        for bet in bets:
            code = bet["code"]
            if code not in pills:
                continue
            if settled is None:
                state = "placed"
            else:
                result = settled.get(bet["id"], "push")
                if result == "prison":
                    continue
                state = SETTLED.get(result, "returned")
            pills[code].append(
                Pill(bet["seat"], bet["stake"], state, bool(bet.get("insured")), _half(bet))
            )

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        app, s = self.app, self.app.s
        st = app.model.state
        self._new_entry()
        gap = max(4, int(6 * s))
        portrait = rect.h > rect.w
        rows_h = int(rect.h * (0.34 if portrait else 0.38))
        rows = pygame.Rect(rect.x, rect.y, rect.w, rows_h)
        below = pygame.Rect(rect.x, rows.bottom + gap, rect.w, rect.bottom - rows.bottom - gap)
        shown = self.shown()
        draw_rows(surface, rows, shown, app.texts, s)
        if self.entering():
            return self._card_entry(surface, below)
        targets: list[Target] = []
        betting = st.round_status == "open" and not app.demo
        band_h = max(kit.MIN_TARGET + 4, int(52 * s))
        cloth = below
        if betting:
            cloth = pygame.Rect(below.x, below.y, below.w, below.h - band_h - gap)
            band = pygame.Rect(below.x, cloth.bottom + gap, below.w, band_h)
            targets += self._choices(surface, band)
        elif st.round_status == "closed" and app.table.waiting == "shoe":
            cloth = pygame.Rect(below.x, below.y, below.w, below.h - band_h - gap)
            band = pygame.Rect(below.x, cloth.bottom + gap, below.w, band_h)
            kit.panel(surface, band, (70, 56, 10))
            kit.centred(
                surface,
                app.texts("tq_new_shoe"),
                band,
                size=int(20 * s),
                width=band.w - 16,
            )
        shield = Shield(cloth, s)
        verdict = shown.verdict if st.round_status is None else None
        lit = verdict.winners if verdict is not None and verdict.kind == "win" else frozenset()
        refused = app.fresh_refusal()
        shield.draw(
            surface,
            app.texts,
            self.pills(),
            lit=lit,
            refused=None if refused is None else refused.code,
        )
        if betting:
            targets += [
                kit.Button(box, app.texts(f"tq_{code}"), self._placer(code), name=f"chance:{code}")
                for code, box in shield.fields.items()
            ]
        return targets

    def _placer(self, code: str):
        return lambda: self.place(code)

    def _choices(self, surface: pygame.Surface, band: pygame.Rect) -> list[Target]:
        """The choice on a refait and the insurance of the next bets, a button each."""
        app, s, t = self.app, self.app.s, self.app.texts
        rules, limits = app.table.rules, self._limits()
        share = _percent(rules.premium)
        if not self.insurable():
            self.insure = False  # a stake too small for it: the next insurable one starts without
        insuring = self.insuring()
        if insuring:
            zero_label = t("tq_zero_insured")
        else:
            zero_label = t("tq_zero_half" if self.zero_choice == "half" else "tq_zero_prison")
        if self.insurable():
            insure_label = t("tq_insure_on" if self.insure else "tq_insure_off", share=share)
        else:
            threshold = app.money(rules.insurance_threshold(limits.min))
            insure_label = t("tq_insure_from", amount=threshold)
        left, right = kit.grid(band, 2, 1, max(6, int(8 * s)))
        buttons = [
            kit.Button(
                left,
                zero_label,
                self._flip_zero,
                enabled=not insuring,
                colour=(120, 80, 10) if self.zero_choice == "half" and not insuring else kit.BUTTON,
                size=int(20 * s),
                name="zero_choice",
            ),
            kit.Button(
                right,
                insure_label,
                self._flip_insure,
                enabled=self.insurable(),
                colour=kit.PRIMARY if insuring else kit.BUTTON,
                size=int(20 * s),
                name="insure",
            ),
        ]
        for button in buttons:
            button.draw(surface)
        return list(buttons)

    # -- a card entered by hand ----------------------------------------------------------------
    def _new_entry(self) -> None:
        """A new coup (or the deal over): the pad starts afresh."""
        st = self.app.model.state
        entry = (st.round, st.round_status)
        if entry != self._entry:
            self._entry = entry
            self.confirmation = None
            self.pad.clear()

    def _picked(self, card: str) -> None:
        self.confirmation = self.pad.confirmation(
            self._confirmed, self._cancelled, away=self.app.last_tap
        )

    def _confirmed(self, card: str) -> None:
        """The card confirmed goes to the shoe's hand, as the croupier entered it."""
        self.app.hand.enter(card, by=self.app.croupier)
        self.confirmation = None
        self.pad.clear()

    def _cancelled(self) -> None:
        self.confirmation = None
        self.pad.clear()

    def _red_card(self) -> None:
        """The red card came out of the shoe (section 05 V.3): the coup in progress is void."""
        self.app.hand.cut(by=self.app.croupier)
        self.confirmation = None
        self.pad.clear()

    def _card_entry(self, surface: pygame.Surface, area: pygame.Rect) -> list[Target]:
        """The card pad (or the card picked, large, to confirm) and the red card."""
        app, s = self.app, self.app.s
        gap = max(6, int(8 * s))
        side_w = max(int(120 * s), area.w * 22 // 100)
        pad = pygame.Rect(area.x, area.y, area.w - side_w - gap, area.h)
        need = self.need()
        if need is not None and need.place is not None:
            self.pad.row = need.place
        if self.confirmation is not None:
            targets: list[Target] = list(pad_targets(self.confirmation, surface, pad, app))
        else:
            targets = list(pad_targets(self.pad, surface, pad, app))
        column = pygame.Rect(pad.right + gap, area.y, side_w, area.h)
        button_h = max(kit.MIN_TARGET + 8, int(64 * s))
        button = kit.Button(
            pygame.Rect(column.x, column.bottom - button_h, column.w, button_h),
            app.texts("tq_red_card"),
            self._red_card,
            size=int(20 * s),
            name="cut_card",
        )
        icon_h = min(column.h - button_h - gap, int(96 * s))
        if icon_h > 24:
            icon = pygame.Rect(0, 0, icon_h * 5 // 7, icon_h)
            icon.midbottom = (column.centerx, button.rect.y - gap)
            pygame.draw.rect(surface, kit.RED, icon, border_radius=6)
            pygame.draw.rect(surface, kit.TEXT, icon, width=2, border_radius=6)
        button.draw(surface)
        return [*targets, button]

    # -- the players' display ------------------------------------------------------------------
    def draw_players(self, surface: pygame.Surface, rect: pygame.Rect, s: float) -> None:
        """The players' display's body: the session's last coups and their shares."""
        draw_last_coups(surface, rect, s, self.app.model.outcomes, self.app.texts)


def _half(bet: Any) -> bool:
    choice = bet.get("zero_choice") if isinstance(bet, dict) else bet.zero_choice
    return choice == "half"


def _percent(share: Fraction) -> str:
    """1/100 is "1%"."""
    percent = share * 100
    if percent.denominator == 1:
        return f"{percent.numerator}%"
    return f"{float(percent):g}%"
