"""The single-zero roulette engine: checks bets, settles a spin, handles a void spin.

One engine for every single-zero roulette; the rules profile says which game it is. French
roulette (roulette_fr) and American single-zero roulette (roulette_us1) share the cloth, the
wheel and the bets, and differ only in profile values: the zero rule, the maxima and the
payment order.

Pure: it takes the state left by the previous spin, the round's bets and the number the wheel
gave, and returns the new state with the records of the round. Even chances caught by zero
follow the profile's zero rule: the regulation's prison (section 01 IV.1.B.b, as ruled in
docs/rulings.md) or half lost (section 02 IV).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.banking import (
    BankingEngine,
    SpinResult,
    VoidResult,
    collected_then_paid,
    duplicate_id,
    ended_totals,
    stake_refusal,
    win,
)
from games.prison import ZERO_CHOICES, PrisonBet, on_zero, released
from games.reasons import reason
from games.records import Announcement, Bet, Limits, Settlement, another_game
from games.roulette.announcements import announce
from games.roulette.layout import EVEN_CHANCES, NUMBERS, covers, parse_code
from games.roulette.rules import RouletteRules

# why a roulette bet is refused (games/reasons.py)
WHY = {
    "zero_choice_unknown": "the choice on zero is prison or half, not {choice}",
    "half_back_even_chances_only": "half back on zero is a choice of the even chances only",
    "new_bet_in_prison": "a new bet cannot be in prison",
}


@dataclass(frozen=True)
class RouletteState:
    """What a spin leaves for the next. A bet in prison meets a further zero with its own
    `zero_choice`; a player who changes that choice between spins is recorded by replacing the
    bet in `prison` (dataclasses.replace) before the next spin."""

    prison: tuple[PrisonBet, ...] = ()  # bets in prison, each with bet.prison = zeros met
    last_number: int | None = None


# SpinResult and VoidResult are the banking games' records (games.banking): a spin's `bets` are
# the imprisoned bets (as they were before the spin), then the new ones; its settlement has the
# losing bets first, then the profile's payment order; its totals count a bet sent to prison
# when it ends. A void spin keeps the bets in prison (`kept`) and leaves the state unchanged.


class RouletteEngine(BankingEngine):
    def __init__(self, rules: RouletteRules, limits: Limits):
        self.game = rules.game
        self.rules = rules
        self.limits = limits

    def check(
        self, bet: Bet, accepted: Sequence[Bet] = (), *, state: RouletteState | None = None
    ) -> str | None:
        """None if `bet` (a PrisonBet) may join the `accepted` bets of this round, else why not."""
        if (taken := duplicate_id(bet, accepted)) is not None:
            return taken
        try:
            parse_code(bet.code)
        except ValueError as e:
            return str(e)  # a code the screen never builds: said as the layout says it
        if type(bet) is not PrisonBet:
            return f"a {self.game} bet holds its choice on zero ({another_game(bet, PrisonBet)})"
        if bet.zero_choice not in ZERO_CHOICES:
            return reason(WHY, "zero_choice_unknown", choice=repr(bet.zero_choice))
        if bet.zero_choice == "half" and bet.family not in EVEN_CHANCES:
            return reason(WHY, "half_back_even_chances_only")
        if bet.prison:
            return reason(WHY, "new_bet_in_prison")
        return stake_refusal(bet, accepted, self.limits)

    def new_state(self) -> RouletteState:
        return RouletteState()

    def settle(
        self,
        state: RouletteState,
        bets: Sequence[Bet],
        outcome: Mapping[str, Any],
        *,
        last_round: bool = False,
    ) -> SpinResult:
        """The entry every engine has (runtime, audit, simulation): the outcome as journaled."""
        return self.spin(state, bets, outcome["number"], last_round=last_round)

    def spin(
        self, state: RouletteState, bets: Sequence[Bet], number: int, *, last_round: bool = False
    ) -> SpinResult:
        """Settle the bets in prison and the round's new `bets` (already placed: PrisonBets,
        TypeError for another game's) on `number`."""
        if number not in NUMBERS:
            raise ValueError(f"no pocket {number!r} on the wheel (0-36)")
        taking_part = (*state.prison, *PrisonBet.narrowed(bets))
        entries = [self._settle(bet, number, last_round) for bet in taking_part]
        prison = tuple(
            bet.imprisoned(bet.prison + 1)
            for bet, entry in zip(taking_part, entries)
            if entry.result == "prison"
        )
        return SpinResult(
            state=RouletteState(prison=prison, last_number=number),
            outcome={"number": number},
            announcement=self.announcement("result", number=number),
            bets=taking_part,
            settlement=self._in_payment_order(taking_part, entries),
            totals=ended_totals(taking_part, entries),
        )

    def void(self, state: RouletteState, bets: Sequence[Bet]) -> VoidResult:
        """A void spin ("tirada nul·la"): the round's bets go back, the prison stays as it is."""
        return VoidResult(state, self.announcement("void_spin"), tuple(bets), state.prison)

    def announcement(self, key: str, **params: int) -> Announcement:
        return announce(key, **params)

    def _settle(self, bet: PrisonBet, number: int, last_round: bool) -> Settlement:
        covered = number in covers(bet.code)
        if number == 0 and bet.family in EVEN_CHANCES:
            return self._on_zero(bet, last_round)
        if bet.prison:
            return released(bet, covered, self.limits.chip_unit)
        if not covered:
            return Settlement(bet.id, "lose")
        return win(bet, self.rules.payouts[bet.family], self.limits.chip_unit)

    def _on_zero(self, bet: PrisonBet, last_round: bool) -> Settlement:
        """An even chance caught by its k-th zero in a row: half back or prison (games/prison.py);
        half back is forced where the profile has no prison, as on the last spin."""
        return on_zero(
            bet,
            self.limits.min,
            self.limits.chip_unit,
            last_round=last_round or self.rules.zero_rule != "prison",
        )

    def _in_payment_order(
        self, bets: Sequence[Bet], entries: Sequence[Settlement]
    ) -> tuple[Settlement, ...]:
        """Section 01 IV.3.c: losing bets are collected first, then the rest are paid family by
        family in the profile's order; within a family, in the order the bets took part.

        Section 02 III.b (`seat_paid_at_once`): a player with several winning bets is paid them
        all at once, at the turn of the first of them in the order."""
        rank = {family: i for i, family in enumerate(self.rules.payment_order)}
        return collected_then_paid(
            bets, entries, lambda bet: rank[bet.family], seat_at_once=self.rules.seat_paid_at_once
        )
