"""The rules of play of a blackjack hand (section 03 V.1, docs/rulings.md), on card values: a hand's
total, blackjack, when it may double or split, and when the dealer draws.

The engine asks these questions of the cards dealt and the strategy's exact recursion of the
values it follows, so they are answered once, here, on values: the ace 1, tens and faces 10
(`games.cards.cards.pips`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

from games.cards.cards import pips

ACE = 1
TEN = 10
TWENTY_ONE = 21
DEALER_STANDS = 17
DEALER_BLACKJACK_TAKES = ("all", "original")


def points(hard: int, ace: bool, *, doubled: bool = False) -> tuple[int, bool]:
    """A hand's total and whether it is soft, from its total with every ace 1 (`hard`) and
    whether it holds an ace. An ace counts 11 when that keeps the hand at 21 or less, except in
    a doubled hand, where every ace counts 1 (section 03 V.1.d)."""
    if ace and not doubled and hard + 10 <= TWENTY_ONE:
        return hard + 10, True
    return hard, False


def total(values: Sequence[int], *, doubled: bool = False) -> tuple[int, bool]:
    """The total of a hand of `values` and whether it is soft."""
    return points(sum(values), ACE in values, doubled=doubled)


def is_blackjack(values: Sequence[int], *, split: bool = False) -> bool:
    """21 with the first two cards; after a split it is a plain 21 (section 03 V.1.c)."""
    return not split and len(values) == 2 and total(values)[0] == TWENTY_ONE


class Played:
    """What a hand's cards make, for any hand that has `cards`, `doubled` and `split` (the
    engine's, the screens'): written once, worked out once per hand."""

    cards: tuple[str, ...]
    doubled: bool
    split: bool

    @cached_property
    def values(self) -> tuple[int, ...]:
        return tuple(pips(card) for card in self.cards)

    @cached_property
    def total(self) -> int:
        return total(self.values, doubled=self.doubled)[0]

    @cached_property
    def soft(self) -> bool:
        """An ace counted 11 (the hand could still count it 1)."""
        return total(self.values, doubled=self.doubled)[1]

    @cached_property
    def blackjack(self) -> bool:
        return is_blackjack(self.values, split=self.split)

    @property
    def bust(self) -> bool:
        return self.total > TWENTY_ONE


@dataclass(frozen=True)
class Cards(Played):
    """A hand that is only its cards (the dealer's)."""

    cards: tuple[str, ...]
    doubled: bool = False
    split: bool = False


@dataclass(frozen=True)
class PlayRules:
    """What a profile decides about the play of a hand, and the payouts the play depends on:
    what the basic strategy and its house edge are computed from."""

    payout: Fraction  # an ordinary win, per unit staked
    blackjack: Fraction  # a player's blackjack (3 to 2)
    double_totals: frozenset[int]  # two cards without an ace may double on these totals (9, 10, 11)
    double_with_ace: frozenset[int]  # an ace and one of these may double (8, 9)
    split_hands: int  # the most hands a box may split into (6)
    resplit_aces: bool  # a split ace that draws an ace may be split again
    dealer_hits_soft_17: bool  # False: the dealer stands on every 17 (section 03 V.1.a)
    dealer_blackjack_takes: (
        str  # "all": doubled and split stakes are lost too; "original": only the bet
    )

    def may_double(self, values: Sequence[int]) -> bool:
        """Whether a hand of these two cards may double (section 03 V.1.d)."""
        if len(values) != 2:
            return False
        if ACE in values:
            return sum(values) - ACE in self.double_with_ace
        return sum(values) in self.double_totals

    def may_split(self, values: Sequence[int], hands: int, *, split_ace: bool = False) -> bool:
        """Whether two cards of the same value may become two hands, the box having `hands`
        already; `split_ace`: the hand is itself an ace from a split (section 03 V.1.c)."""
        if len(values) != 2 or values[0] != values[1] or hands >= self.split_hands:
            return False
        return values[0] != ACE or not split_ace or self.resplit_aces

    def dealer_draws(self, dealer_total: int, soft: bool) -> bool:
        """The dealer draws below 17, counting an ace 11 when that makes 17 to 21."""
        if dealer_total == DEALER_STANDS and soft:
            return self.dealer_hits_soft_17
        return dealer_total < DEALER_STANDS
