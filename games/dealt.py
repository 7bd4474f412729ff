"""What the card banking games whose coup is dealt to its end without a player's decision share
(punto banco, trente et quarante): the coup as the cards dealt to each place, the deal card by
card through the protocol of games/cards/coup.py, and the decision steps of that protocol,
which these games never reach.

A game says where the next card goes (`_next_place`, None once the deal is over), what a card
offered when none is due means (`misdeal`: "discard" or "void"), what a coup's bets must hold
together (`_coup_refusal`) and how a dealt coup is settled (`_settle`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from games.banking import BankingEngine
from games.cards.cards import check_card
from games.cards.coup import CoupResult, Misdeal, Need
from games.records import Bet


@dataclass(frozen=True)
class DealtCoup:
    """A coup in progress: the table state it started from, its bets as placed, and the cards
    dealt so far with the place each went to, in the order dealt."""

    state: Any
    bets: tuple[Bet, ...]
    dealt: tuple[tuple[str, str], ...] = ()  # (place, card)

    def hand(self, place: str) -> tuple[str, ...]:
        """The cards dealt so far to `place`, in order."""
        return tuple(card for at, card in self.dealt if at == place)


class DealtEngine(BankingEngine):
    game: str
    misdeal: str  # Misdeal.handling of a card offered when none is due

    def start(self, state: Any, bets: Sequence[Bet]) -> DealtCoup:
        """A coup for the placed `bets`: BetRefused for a bet the table cannot take, ValueError
        when the bets do not hold together."""
        accepted: list[Bet] = []
        for bet in bets:
            accepted.append(self.place(bet, accepted, state=state))
        if (reason := self._coup_refusal(accepted)) is not None:
            raise ValueError(reason)
        return DealtCoup(state, tuple(accepted))

    def need(self, coup: DealtCoup) -> Need:
        """A card for the place whose turn it is, or "settle" once the deal is over."""
        place = self._next_place(coup)
        return Need("settle") if place is None else Need("card", place)

    def card(self, coup: DealtCoup, card: str) -> DealtCoup:
        """The coup with `card` dealt where it is due; NotACard for a string that is no card;
        Misdeal, the coup unchanged, when the deal is over."""
        check_card(card)
        place = self._next_place(coup)
        if place is None:
            raise Misdeal(f"no card is due: the coup is dealt ({card} offered)", self.misdeal)
        return replace(coup, dealt=(*coup.dealt, (place, card)))

    def decide(self, coup: DealtCoup, place: str, action: str) -> DealtCoup:
        raise ValueError(f"{self.game} has no decisions: no {action!r} from {place}")

    def strategy(self, coup: DealtCoup, place: str, options: Sequence[str]) -> str:
        """Never called: the coup never needs a decision (kept for the protocol's sake)."""
        raise ValueError(f"{self.game} has no decisions to make for {place}")

    def staked(self, coup: DealtCoup) -> tuple[Bet, ...]:
        """Every stake of the coup as it stands: its bets as placed (nobody adds to them)."""
        return coup.bets

    def settle(self, coup: DealtCoup, *, last_round: bool = False) -> CoupResult:
        """The dealt coup's outcome and every bet settled; ValueError while cards are due."""
        if (place := self._next_place(coup)) is not None:
            raise ValueError(f"the coup cannot be settled yet: a card is due for {place}")
        return self._settle(coup, last_round)

    def _next_place(self, coup: DealtCoup) -> str | None:
        raise NotImplementedError

    def _coup_refusal(self, bets: Sequence[Bet]) -> str | None:
        return None

    def _settle(self, coup: DealtCoup, last_round: bool) -> CoupResult:
        raise NotImplementedError
