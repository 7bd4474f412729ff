"""Basic strategy for a profile's rules of play, and the box's exact house edge under it.

Both come from one exact recursion over an infinite deck: every card is drawn with its share of
a full deck (each value 1/13, tens 4/13) whatever has been dealt, so what a hand can expect
depends on its total, whether it is soft and what it may still do, not on the cards it is made
of, and every value is an exact Fraction. Each decision of the chart is the one with the best
expected value; a pair is split when splitting (and splitting again whenever a split hand draws
the same value, up to the profile's hands) is worth more than playing it as a total.

The dealer has no hole card: he draws his second card after the players, so the expected values
count his blackjack against every stake on the layout at that moment (doubles and splits
included under `dealer_blackjack_takes = "all"`, the box's own bet only under "original"),
which keeps doubles and splits against his ten or ace rarer than in a hole-card game's chart.

A 6-deck shoe is not an infinite deck: the cards dealt are not replaced, which helps the player
a little, so the house edge from a real shoe is lower than this one by a few hundredths of a
percent of the stake; a seeded simulation over a 6-deck shoe (tests/games) agrees with this
figure within its statistical tolerance.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from types import MappingProxyType
from typing import Final, Literal

from games.blackjack.hands import ACE, TEN, TWENTY_ONE, PlayRules, is_blackjack, points, total

VALUES = tuple(range(ACE, TEN + 1))
CHANCE = {value: Fraction(4 if value == TEN else 1, 13) for value in VALUES}  # of each value, drawn
BUST: Final = "bust"
BLACKJACK: Final = "blackjack"
End = int | Literal["bust", "blackjack"]  # how the dealer ends: 17 to 21, BUST or BLACKJACK
FIRST, SPLIT = "first", "split"  # the box's own bet, and a bet a split added
HAND_ACTIONS = ("stand", "hit", "double")  # in this order where two are worth the same


@dataclass(frozen=True)
class Value:
    """What a hand (or a box) can expect: `ev` the winnings per unit of the box's bet (a loss
    negative), `win` the probability that the box's own bet wins."""

    ev: Fraction = Fraction(0)
    win: Fraction = Fraction(0)

    def __add__(self, other: Value) -> Value:
        return Value(self.ev + other.ev, self.win + other.win)

    def __mul__(self, chance: Fraction) -> Value:
        return Value(self.ev * chance, self.win * chance)


Key = tuple[str, bool, int, bool, int]  # role, soft, total, may double, the dealer's card


@dataclass(frozen=True)
class Strategy:
    """The chart: what a hand does against the dealer's card, and which pairs are split; and
    the box's house edge when every hand follows it (per unit of the box's bet, doubles and
    splits included, the player never insuring)."""

    hands: Mapping[Key, str]  # -> "stand", "hit" or "double"
    pairs: frozenset[tuple[int, int]]  # (the pair's value, the dealer's card) split
    starts: Mapping[
        tuple[int, int, int], Fraction
    ]  # the box's first two cards, the dealer's -> expected winnings
    house_edge: Fraction
    win: Fraction  # the probability that the box's own bet wins

    def action(
        self, role: str, soft: bool, hand_total: int, may_double: bool, dealer_card: int
    ) -> str:
        return self.hands[(role, soft, hand_total, may_double, dealer_card)]

    def splits(self, value: int, dealer_card: int) -> bool:
        return (value, dealer_card) in self.pairs


@cache
def basic_strategy(rules: PlayRules) -> Strategy:
    """The chart for `rules` and the house edge under it (a few tenths of a second; cached)."""
    hands: dict[Key, str] = {}
    pairs: set[tuple[int, int]] = set()
    starts: dict[tuple[int, int, int], Fraction] = {}
    box = Value()
    for up in VALUES:
        against = _Against(rules, up)
        for role in (FIRST, SPLIT):
            for hard in range(4, TWENTY_ONE):  # every hard total a decision is asked on
                hands[(role, False, hard, False, up)] = against.play(hard, False, role)[0]
            for soft in range(12, TWENTY_ONE):
                hands[(role, True, soft, False, up)] = against.play(soft - 10, True, role)[0]
            for first in VALUES:
                for second in VALUES:
                    if rules.may_double((first, second)):
                        hand_total, soft = total((first, second))
                        hands[(role, soft, hand_total, True, up)] = against.two_cards(
                            (first, second), role
                        )[0]
        dealt = Value()
        for first in VALUES:
            for second in VALUES:
                value = against.dealt((first, second))
                if rules.may_split((first, second), 1):
                    split = against.split(first)
                    if split.ev > value.ev:
                        pairs.add((first, up))
                        value = split
                starts[(first, second, up)] = value.ev
                dealt += value * (CHANCE[first] * CHANCE[second])
        box += dealt * CHANCE[up]
    return Strategy(
        MappingProxyType(hands), frozenset(pairs), MappingProxyType(starts), -box.ev, box.win
    )


@cache
def dealer_outcomes(rules: PlayRules, up: int) -> Mapping[End, Fraction]:
    """How the dealer ends from his card `up`: a total of 17 to 21, BUST or BLACKJACK, with
    the chance of each."""

    @cache
    def ends(hard: int, ace: bool, cards: int) -> dict[End, Fraction]:
        hand_total, soft = points(hard, ace)
        if cards == 2 and hand_total == TWENTY_ONE:
            return {BLACKJACK: Fraction(1)}
        if hand_total > TWENTY_ONE:
            return {BUST: Fraction(1)}
        if cards >= 2 and not rules.dealer_draws(hand_total, soft):
            return {hand_total: Fraction(1)}
        out: dict[End, Fraction] = {}
        for value, chance in CHANCE.items():
            for end, p in ends(hard + value, ace or value == ACE, min(cards + 1, 3)).items():
                out[end] = out.get(end, Fraction(0)) + chance * p
        return out

    return MappingProxyType(ends(up, up == ACE, 1))


class _Against:
    """The values of the player's hands against one card of the dealer's (each computed once)."""

    def __init__(self, rules: PlayRules, up: int):
        self.rules = rules
        self.dealer = dealer_outcomes(rules, up)
        self.stand = cache(self._stand)
        self.play = cache(self._play)
        self.double = cache(self._double)
        self.two_cards = cache(self._two_cards)

    def _stand(self, hand_total: int, stake: int, role: str) -> Value:
        """A hand standing on `hand_total` with `stake` units on it (2 when doubled)."""
        if hand_total > TWENTY_ONE:
            return Value(Fraction(-stake))
        payout = self.rules.payout
        ev = win = Fraction(0)
        for end, chance in self.dealer.items():
            if end == BLACKJACK:
                takes_all = self.rules.dealer_blackjack_takes == "all"
                ev -= chance * (stake if takes_all else 1 if role == FIRST else 0)
            elif end == BUST or hand_total > end:
                ev += chance * stake * payout
                win += chance
            elif hand_total < end:
                ev -= chance * stake
        return Value(ev, win)

    def _play(self, hard: int, ace: bool, role: str) -> tuple[str, Value]:
        """The better of standing and hitting (a hand that may not double), and its value. A
        hand of 21 stands: the engine asks nothing more of it."""
        hand_total, _ = points(hard, ace)
        if hand_total >= TWENTY_ONE:
            return "stand", self.stand(hand_total, 1, role)
        hit = Value()
        for value, chance in CHANCE.items():
            hit += self.play(hard + value, ace or value == ACE, role)[1] * chance
        return _best({"stand": self.stand(hand_total, 1, role), "hit": hit})

    def _double(self, hard: int, role: str) -> Value:
        """Doubling: one card, every ace counting 1."""
        doubled = Value()
        for value, chance in CHANCE.items():
            doubled += self.stand(hard + value, 2, role) * chance
        return doubled

    def _two_cards(self, values: tuple[int, int], role: str) -> tuple[str, Value]:
        """The best play of a hand of two cards that is not blackjack and is not split."""
        action, value = self.play(sum(values), ACE in values, role)
        if not self.rules.may_double(values):
            return action, value
        return _best({action: value, "double": self.double(sum(values), role)})

    def dealt(self, values: tuple[int, int]) -> Value:
        """The box's first two cards, played as a total (or paid as blackjack)."""
        if is_blackjack(values):
            no_blackjack = 1 - self.dealer.get(BLACKJACK, Fraction(0))
            return Value(no_blackjack * self.rules.blackjack, no_blackjack)
        return self.two_cards(values, FIRST)[1]

    def split(self, value: int) -> Value:
        """Splitting a pair of `value`, and splitting again every hand that draws `value`
        while the box may have another hand. The hands are played in turn, the box's own
        first; each takes its second card when its turn comes."""

        @cache
        def ending(first: bool, resplits: bool) -> Value:
            """A hand's second card, over the cards that end its splitting, and what it then
            makes; the box's own bet is on the first hand only, so only its win counts."""
            role = FIRST if first else SPLIT
            expected = Value()
            for drawn, chance in CHANCE.items():
                if not (resplits and drawn == value):
                    played = self._split_hand(value, drawn, role)
                    expected += (played if first else Value(played.ev)) * chance
            return expected

        @cache
        def hands(waiting: int, made: int, first: bool) -> Value:
            if not waiting:
                return Value()
            resplits = self.rules.may_split((value, value), made, split_ace=value == ACE)
            again = CHANCE[value] if resplits else Fraction(0)
            expected = ending(first, resplits) + hands(waiting - 1, made, False) * (1 - again)
            if resplits:
                expected += hands(waiting + 1, made + 1, first) * again
            return expected

        return hands(2, 2, True)

    def _split_hand(self, value: int, drawn: int, role: str) -> Value:
        """A hand of a split once it has its second card; a split ace takes that one only."""
        if value == ACE:
            return self.stand(total((value, drawn))[0], 1, role)
        return self.two_cards((value, drawn), role)[1]


def _best(values: dict[str, Value]) -> tuple[str, Value]:
    """The action worth most, the first of HAND_ACTIONS among equals."""
    action = max(values, key=lambda a: (values[a].ev, -HAND_ACTIONS.index(a)))
    return action, values[action]
