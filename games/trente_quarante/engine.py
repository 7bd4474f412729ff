"""The trente et quarante engine: the coup dealt card by card (games/cards/coup.py), then
settled, with the bets in prison carried from coup to coup.

Pure: the cards come from the shoe, one `Need` at a time, to the noir row and then the rouge
row (games.trente_quarante.rows); nobody decides anything. A winning chance pays its payout.
Equal totals void the coup: every bet of the coup is returned, and a bet in prison stays as it
is (its result is "prison" again, docs/bets.md, but it has met no refait). On a refait (31
each) an insured bet is returned, and every other bet, a bet in prison included, is an even
chance caught by a roulette zero (games.prison: half back or prison, the player's
`zero_choice`). An insured bet's premium is a bet of its own (`insurance`,
`covers` its id) that always ends lost. A bet in prison is returned at its value when its
chance wins the next coup that decides, lost when it loses.

The losing bets are collected first, then the winners paid chance by chance in the profile's
payment order (section 05 V.3: colour or inverse first, then noir and rouge). A card offered
once both rows are dealt is put aside: the rows decide the coup and the card belongs to
neither.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.banking import WHY as STAKES
from games.banking import (
    VoidResult,
    collected_then_paid,
    ended_totals,
    stake_refusal,
    win,
)
from games.cards.coup import CoupResult
from games.dealt import DealtCoup, DealtEngine
from games.money import entered, money
from games.prison import ZERO_CHOICES, on_zero, released
from games.reasons import reason
from games.records import Announcement, Bet, Limits, Settlement, another_game
from games.trente_quarante.announcements import announce
from games.trente_quarante.bet import TrenteQuaranteBet
from games.trente_quarante.rows import Decision, decide, next_row
from games.trente_quarante.rules import INSURANCE, TrenteQuaranteRules

# What voids a coup besides equal totals: section 05 V.3.
VOID_CAUSES = {"red_card": "the red card came out: the coup in progress is void"}


@dataclass(frozen=True)
class TrenteQuaranteState:
    """What a coup leaves for the next: the bets in prison, each with `prison` = the refaits
    it has met and its `zero_choice` for a further one (a player who changes it between coups
    is recorded by replacing the bet here)."""

    prison: tuple[TrenteQuaranteBet, ...] = ()


@dataclass(frozen=True)
class CoupVoid(VoidResult):
    """A void coup: `returned` the coup's bets, `kept` the bets in prison, and `collected` the
    insurance premiums of the coup, which the house keeps even in a void coup (docs/bets.md)."""

    collected: tuple[Bet, ...] = ()


# why a trente et quarante bet is refused (games/reasons.py); the bet id's and the stake's
# refusals are every game's (games/banking.py)
WHY = {
    "tq_new_bet_in_prison": "a new bet is placed plain: not in prison",
    "tq_refait_choice_unknown": "the choice on a refait is prison or half, not {choice}",
    "tq_covers_only_insurance": "only an insurance bet covers another bet",
    "tq_insured_no_half": "an insured bet is returned on a refait: it takes no choice of half back",
    "tq_insurance_threshold": "insurance is open to stakes of {threshold} or more, not {stake}",
    "tq_premium_not_chips": "the premium ({share} of {stake}: {premium}) is no whole number "
    "of chips of {unit}",
    "tq_insurance_plain": "an insurance bet is placed plain: it is neither insured nor "
    "given a choice on a refait",
    "tq_insurance_names_bet": "an insurance bet names the bet it insures (covers)",
    "tq_insurance_no_bet": "no bet {id} in this coup to insure: place it first",
    "tq_not_insured_chance": "bet {id} is not an insured chance (insured: true)",
    "tq_premium_other_seat": "bet {id} is seat {seat}'s: its premium is paid by the same seat",
    "tq_insured_already": "bet {id} is insured already",
    "tq_premium_wrong": "the premium of bet {id} is {premium} ({share} of {stake}), not {entered}",
}


class TrenteQuaranteEngine(DealtEngine):
    game = "trente_quarante"
    misdeal = "discard"

    def __init__(self, rules: TrenteQuaranteRules, limits: Limits):
        self.rules = rules
        self.limits = limits
        self._rank = {chance: i for i, chance in enumerate(rules.payment_order)}

    # --- placing --------------------------------------------------------------------------

    def check(
        self, bet: Bet, accepted: Sequence[Bet] = (), *, state: TrenteQuaranteState | None = None
    ) -> str | None:
        """None if `bet` (a TrenteQuaranteBet) may join the `accepted` bets of the next coup of
        `state` (no bet in prison when None), else why not. An insurance bet follows the bet it
        covers."""
        state = state or self.new_state()
        if any(other.id == bet.id for other in (*state.prison, *accepted)):
            return reason(STAKES, "bet_id_taken", id=bet.id)
        codes = self.rules.codes()
        if bet.code not in codes:
            if bet.code.lower() in codes:
                return f"{bet.code!r}: bet codes are lowercase, write {bet.code.lower()}"
            # a code the screen never builds
            return f"{bet.code!r}: unknown bet (bets of trente et quarante: {', '.join(codes)})"
        if type(bet) is not TrenteQuaranteBet:
            return (
                "a trente et quarante bet holds its choice on a refait and its insurance "
                f"({another_game(bet, TrenteQuaranteBet)})"
            )
        if bet.prison:
            return reason(WHY, "tq_new_bet_in_prison")
        if bet.zero_choice not in ZERO_CHOICES:
            return reason(WHY, "tq_refait_choice_unknown", choice=repr(bet.zero_choice))
        if bet.code == INSURANCE:
            return self._premium_refusal(bet, accepted)
        if bet.covers is not None:
            return reason(WHY, "tq_covers_only_insurance")
        if (refusal := stake_refusal(bet, accepted, self.limits)) is not None:
            return refusal
        return self._insured_refusal(bet) if bet.insured else None

    def _insured_refusal(self, bet: TrenteQuaranteBet) -> str | None:
        """Section 05 V.1 and docs/rulings.md: insurance is open to stakes of the table minimum x
        the profile's multiple, for a premium (a share of the stake) paid in chips."""
        if bet.zero_choice != "prison":
            return reason(WHY, "tq_insured_no_half")
        threshold = self.rules.insurance_threshold(self.limits.min)
        if bet.stake < threshold:
            return reason(
                WHY, "tq_insurance_threshold", threshold=money(threshold), stake=money(bet.stake)
            )
        premium = self.rules.premium_of(bet.stake)
        unit = self.limits.chip_unit
        if premium.denominator != 1 or premium % unit:
            return reason(
                WHY,
                "tq_premium_not_chips",
                share=str(self.rules.premium),
                stake=money(bet.stake),
                premium=money(premium),
                unit=money(unit),
            )
        return None

    def _premium_refusal(self, bet: TrenteQuaranteBet, accepted: Sequence[Bet]) -> str | None:
        if bet.insured or bet.zero_choice != "prison":
            return reason(WHY, "tq_insurance_plain")
        if bet.covers is None:
            return reason(WHY, "tq_insurance_names_bet")
        placed = TrenteQuaranteBet.narrowed(accepted)
        covered = next((other for other in placed if other.id == bet.covers), None)
        if covered is None:
            return reason(WHY, "tq_insurance_no_bet", id=bet.covers)
        if not covered.insured or covered.code == INSURANCE:
            return reason(WHY, "tq_not_insured_chance", id=covered.id)
        if covered.seat != bet.seat:
            return reason(WHY, "tq_premium_other_seat", id=covered.id, seat=covered.seat)
        if any(other.covers == covered.id for other in placed):
            return reason(WHY, "tq_insured_already", id=covered.id)
        premium = self.rules.premium_of(covered.stake)
        if bet.stake != premium:
            return reason(
                WHY,
                "tq_premium_wrong",
                id=covered.id,
                premium=money(premium),
                share=str(self.rules.premium),
                stake=money(covered.stake),
                entered=entered(bet.stake),
            )
        return None

    def _coup_refusal(self, bets: Sequence[Bet]) -> str | None:
        placed = TrenteQuaranteBet.narrowed(bets)
        covered = {bet.covers for bet in placed if bet.code == INSURANCE}
        unpaid = [bet.id for bet in placed if bet.insured and bet.id not in covered]
        if unpaid:
            return (
                f"bet {unpaid[0]} is insured but no insurance bet covers it: its premium was not "
                "placed"
            )
        return None

    # --- the coup -------------------------------------------------------------------------

    def new_state(self) -> TrenteQuaranteState:
        return TrenteQuaranteState()

    def must_play_on(self, state: TrenteQuaranteState) -> bool:
        """After the session's last coup: whether the table must deal another (announced as the
        last coup, `last_coup`) because bets are still in prison. Only a void coup leaves them:
        a decided coup ends them, and the last coup's refait forces half back."""
        return bool(state.prison)

    def _next_place(self, coup: DealtCoup) -> str | None:
        return next_row(coup.hand("noir"), coup.hand("rouge"))

    def _settle(self, coup: DealtCoup, last_round: bool) -> CoupResult:
        """The rows' totals called and every bet settled, the bets in prison first. On the
        session's last coup (`last_round`) a refait forces half back."""
        noir, rouge = coup.hand("noir"), coup.hand("rouge")
        decision = decide(noir, rouge)
        bets = (*coup.state.prison, *TrenteQuaranteBet.narrowed(coup.bets))
        entries = [self._settle_bet(bet, decision, last_round) for bet in bets]
        prison = tuple(
            bet.imprisoned(bet.prison + 1) if decision.refait else bet
            for bet, entry in zip(bets, entries)
            if entry.result == "prison"
        )
        return CoupResult(
            state=TrenteQuaranteState(prison),
            outcome={
                "noir": list(noir),
                "rouge": list(rouge),
                "noir_total": decision.noir_total,
                "rouge_total": decision.rouge_total,
            },
            announcement=self._call(decision),
            bets=bets,
            settlement=collected_then_paid(bets, entries, lambda bet: self._rank.get(bet.code, 0)),
            totals=ended_totals(bets, entries),
        )

    def _settle_bet(
        self, bet: TrenteQuaranteBet, decision: Decision, last_round: bool
    ) -> Settlement:
        if bet.code == INSURANCE:
            return Settlement(bet.id, "lose")
        if decision.refait and not bet.insured:
            return on_zero(bet, self.limits.min, self.limits.chip_unit, last_round=last_round)
        if decision.equal:  # equal totals, or a refait for an insured bet
            return (
                Settlement(bet.id, "prison")
                if bet.prison
                else Settlement(bet.id, "push", returned=bet.stake)
            )
        if bet.prison:
            return released(bet, bet.code in decision.winners, self.limits.chip_unit)
        if bet.code in decision.winners:
            return win(bet, self.rules.payouts[bet.code], self.limits.chip_unit)
        return Settlement(bet.id, "lose")

    def _call(self, decision: Decision) -> Announcement:
        if decision.refait:
            return announce("refait")
        if decision.equal:
            return announce("equal", total=decision.noir_total)
        colour = "couleur" if "couleur" in decision.winners else "inverse"
        return announce(
            "result", noir=decision.noir_total, rouge=decision.rouge_total, colour=colour
        )

    def void(
        self, state: TrenteQuaranteState, bets: Sequence[Bet], reason: str | None = None
    ) -> CoupVoid:
        """A void coup (`reason` "red_card", section 05 V.3; None for a coup the table gave up,
        the terminal restarted): the coup's bets go back as placed, but for the insurance
        premiums, which are collected; the bets in prison stay as they are."""
        if reason is not None and reason not in VOID_CAUSES:
            raise ValueError(f"no void coup cause {reason!r} (known: {', '.join(VOID_CAUSES)})")
        premiums = tuple(bet for bet in bets if bet.code == INSURANCE)
        returned = tuple(bet for bet in bets if bet.code != INSURANCE)
        return CoupVoid(state, announce(reason or "void_coup"), returned, state.prison, premiums)

    def announcement(self, key: str, **params: int | str) -> Announcement:
        return announce(key, **params)
