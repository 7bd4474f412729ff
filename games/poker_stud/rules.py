"""A poker sense descart rulebook profile, validated: payouts, limits, the carrousel, house edges.

The values are data (config/rulebooks/<profile>/poker_stud.toml); the game's rules are section
11 of the Valencian catalogue as docs/rulings.md reads it: one 52-card deck, a fresh one each coup;
the bank plays with ace-king or better (games.poker_stud.hands).

The strategy the simulated players and the simulator follow decides on the box's own hand:
a box goes on ("hi vaig") when going on loses less than folding on average over every bank
hand the other 47 cards can make. With the Valencian payouts that is ace-king-jack-eight-three
or better: `call_from`, worked out from the profile's payouts, is the weakest hand class the
strategy goes on with. The edges of `odds` are exact under that strategy, from the counts of
games.poker_stud.showdowns.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from math import comb, lcm
from types import MappingProxyType
from typing import Any, ClassVar

from games.banking import NO_STEPS, LeastStake, TableRules
from games.cards.cards import FRENCH
from games.money import money
from games.odds import BetOdds
from games.poker.evaluator import CATEGORIES, category, ranks
from games.poker_stud.layout import ANTE, CALL, CARROUSEL, FAMILIES, all_codes
from games.poker_stud.showdowns import BANK_HANDS, showdowns
from games.profile import (
    RulebookError,
    Section,
    flag,
    game_id,
    parse_payout,
    positive_int,
    refuse_player_edges,
    text,
)
from games.records import Limits

_KEYS = ("game", "source", "advance_multiple", "closing_rounds", "boxes", "bets_per_box", "bets")
_BET_KEYS = {
    ANTE: ("payout", "max_multiple", "allow_player_edge"),
    CALL: ("payout", "stake_multiple", "allow_player_edge"),
    CARROUSEL: ("coin", "straight_flush_percent", "allow_player_edge"),
}
# Section 11 V.3: the bands of the initial bet all run from a minimum to 25 times it.
ANTE_MAX_MULTIPLE = 25
DECK = 52
HANDS = comb(DECK, 5)
# The hands the carrousel pays, and their chance in one deal.
_JACKPOT_CHANCE = {"royal_flush": Fraction(4, HANDS), "straight_flush": Fraction(36, HANDS)}


@dataclass(frozen=True)
class PokerStudRules(TableRules):
    regulation: str  # the profile's `source`: the text and section it implements
    boxes: int  # boxes on the cloth (section 11 IV.1: six at most)
    bets_per_box: int  # antes one box takes, the seated player's and others' (IV.2: four)
    ante_payout: Fraction  # when the bank does not play, and when the box beats it
    call_multiple: int  # the call's stake, in antes ("doblar l'aposta inicial")
    call_payouts: Mapping[str, Fraction]  # by the category of the box's hand (V.1)
    coin: int  # the carrousel's coin, in minor units
    straight_flush_share: Fraction  # of the carrousel pool, paid to a straight flush
    max_multiple: Mapping[str, int]  # ante and call, in table minimums
    advance_multiple: int
    closing_rounds: int  # "les últimes cinc mans"
    allow_player_edge: frozenset[str]
    call_from: int  # the weakest hand class the strategy goes on with
    # The shoe: one deck (section 11 II.1), no burnt card, and no cut card: the deck is
    # shuffled afresh for every coup.
    decks: ClassVar[int] = 1
    burn: ClassVar[int] = 0
    cut_reserve: ClassVar[int] = 0
    deck: ClassVar[str] = FRENCH
    unstepped: ClassVar[Mapping[str, str]] = MappingProxyType(
        {
            CALL: "the call is a multiple of the ante, made by going on (section 11 V.4)",
            CARROUSEL: "the carrousel takes one coin",
        }
    )

    @classmethod
    def from_dict(cls, d: Mapping[str, Any], source: str) -> PokerStudRules:
        """The rules of a profile read from `source` (named in every error)."""
        profile = Section(d, source)
        profile.refuse_unknown_keys(_KEYS)
        profile.read("game", game_id("poker_stud"), default="poker_stud")
        bets = profile.section("bets")
        bets.refuse_unknown_keys(FAMILIES)
        sections = {family: bets.section(family) for family in FAMILIES}
        for family, bet in sections.items():
            bet.refuse_unknown_keys(_BET_KEYS[family])
        ante, call, carrousel = sections[ANTE], sections[CALL], sections[CARROUSEL]
        ante_max = ante.read("max_multiple", _ante_max)
        call_multiple = call.read("stake_multiple", positive_int)
        ante_payout = ante.read("payout", parse_payout)
        call_payouts = MappingProxyType(call.read("payout", _call_payouts))
        rules = cls(
            regulation=profile.read("source", text),
            boxes=profile.read("boxes", _boxes),
            bets_per_box=profile.read("bets_per_box", positive_int),
            ante_payout=ante_payout,
            call_multiple=call_multiple,
            call_payouts=call_payouts,
            coin=carrousel.read("coin", positive_int),
            straight_flush_share=Fraction(carrousel.read("straight_flush_percent", _percent), 100),
            max_multiple=MappingProxyType({ANTE: ante_max, CALL: ante_max * call_multiple}),
            advance_multiple=profile.read("advance_multiple", positive_int),
            closing_rounds=profile.read("closing_rounds", positive_int),
            allow_player_edge=frozenset(
                f
                for f, bet in sections.items()
                if bet.read("allow_player_edge", flag, default=False)
            ),
            call_from=_call_from(ante_payout, call_multiple, call_payouts),
        )
        refuse_player_edges(rules.odds(), rules.allow_player_edge, bets)
        return rules

    def limits(self, minimum: int, chip_unit: int, steps: Mapping[str, int] = NO_STEPS) -> Limits:
        """The table's maxima: the ante's and the call's in multiples of the minimum, and the
        carrousel's one coin."""
        limits = super().limits(minimum, chip_unit, steps)
        return replace(limits, max={**limits.max, CARROUSEL: self.coin})

    def least_stake(self, row: BetOdds, limits: Limits) -> LeastStake:
        """The call, the call multiple of the smallest ante, owed each payout of the table; the
        carrousel's coin, whose jackpots are shares of the casino's pool; the ante as every
        game's bet."""
        ante = limits.least_stake(ANTE)
        if row.family == CALL:
            return LeastStake(
                row.label,
                self.call_multiple * ante,
                self.call_multiple * limits.step(ANTE),
                tuple(self.call_payouts.values()),
                basis=f"{self.call_multiple} x the ante's {money(ante)}",
            )
        if row.family == CARROUSEL:
            return LeastStake(
                row.label, self.coin, self.coin, (), depends="the pool: a jackpot is a share of it"
            )
        return super().least_stake(row, limits)

    def codes(self) -> tuple[str, ...]:
        """Every bet code, box by box (`call:B` is made by going on, never placed)."""
        return all_codes(self.boxes)

    def goes_on(self, hand_class: int) -> bool:
        """The strategy: whether a box with a hand of this class goes on."""
        return hand_class >= self.call_from

    def call_payout(self, hand_class: int) -> Fraction:
        """What a call pays a box of this hand class that beats a playing bank."""
        return self.call_payouts[category(hand_class)]

    def odds(self) -> list[BetOdds]:
        """The exact odds of a box under the strategy, and the carrousel's.

        `ante`: the box as a whole, ante and call, per unit of ante: the game's house edge.
        `call`: the call alone, per unit staked on it, over the boxes that go on. It favours
        the player (the strategy goes on with the hands that make it pay), which is why a box
        goes on at all; the profile allows that edge, the box's being the house's.
        `carrousel`: see `_carrousel_odds`."""
        scale, nets = _going_on(self.ante_payout, self.call_multiple, self.call_payouts)
        pairs = HANDS * BANK_HANDS
        box_net = ante_wins = called = call_net = call_wins = 0
        for hand_class, (hands, bank_out, beaten, _) in enumerate(showdowns()):
            if not self.goes_on(hand_class):
                box_net -= hands * BANK_HANDS * scale
                continue
            box_net += nets[hand_class][0]
            call_net += nets[hand_class][1]
            ante_wins += bank_out + beaten
            called += hands * BANK_HANDS
            call_wins += beaten
        table = ", ".join(
            f"{name.replace('_', ' ')} {pays}"
            for name, pays in reversed(tuple(self.call_payouts.items()))
        )
        return [
            BetOdds(
                ANTE,
                f"ante:B and its call:B, per unit of ante (going on with {ranks(self.call_from)} "
                "or better)",
                self.ante_payout,
                Fraction(ante_wins, pairs),
                -Fraction(box_net, pairs * scale),
            ),
            BetOdds(
                CALL,
                f"call:B alone ({self.call_multiple} x ante), per unit staked when the box goes on",
                f"by the box's hand: {table}",
                Fraction(call_wins, called),
                -Fraction(call_net, called * scale),
                simulated=False,
                why="made by a decision on the box: measured within the ante row",
            ),
            self._carrousel_odds(),
        ]

    def _carrousel_odds(self) -> BetOdds:
        """The carrousel's return depends on the pool, which every table of the casino feeds,
        so it has no fixed edge per coin: at a pool P a coin returns on average P x (chance of
        a royal flush + share x chance of a straight flush), more than the coin once P passes
        the break-even pool in the label. The row gives the long run instead: every coin joins
        the pool and the pool goes only to the players, so the coins all come back to the
        players in the end and the house keeps none (edge 0). Not checkable by simulation."""
        chance = (
            _JACKPOT_CHANCE["royal_flush"]
            + self.straight_flush_share * _JACKPOT_CHANCE["straight_flush"]
        )
        even = self.coin / chance
        return BetOdds(
            CARROUSEL,
            f"carrousel:B coin of {money(self.coin)}, in the long run (a coin returns more "
            f"than itself while the pool exceeds {money(even)})",
            f"the pool on a royal flush, {self.straight_flush_share} of it on a straight flush",
            sum(_JACKPOT_CHANCE.values(), Fraction(0)),
            Fraction(0),
            simulated=False,
            why="its return depends on the casino-wide pool",
        )


def _going_on(
    ante_payout: Fraction, call_multiple: int, call_payouts: Mapping[str, Fraction]
) -> tuple[int, list[tuple[int, int]]]:
    """A scale d, and per hand class what its boxes win in all by going on, over all their
    pairs with the bank's hands (showdowns()), in 1/d antes: the box (ante and call), and the
    call alone per unit staked on it. In whole numbers for speed: d is the payouts' common
    denominator."""
    scale = lcm(ante_payout.denominator, *(pays.denominator for pays in call_payouts.values()))
    ante = int(ante_payout * scale)
    calls = {name: int(pays * scale) for name, pays in call_payouts.items()}
    nets = []
    for hand_class, (hands, bank_out, beaten, tied) in enumerate(showdowns()):
        lost = hands * BANK_HANDS - bank_out - beaten - tied
        call = beaten * calls[category(hand_class)] - lost * scale
        nets.append(((bank_out + beaten) * ante + call_multiple * call - lost * scale, call))
    return scale, nets


def _call_from(
    ante_payout: Fraction, call_multiple: int, call_payouts: Mapping[str, Fraction]
) -> int:
    """The weakest class from which every stronger hand loses less by going on than by
    folding (losing the ante), on average over the bank's hands."""
    scale, nets = _going_on(ante_payout, call_multiple, call_payouts)
    rows = showdowns()
    hand_class = len(rows)
    while (
        hand_class > 0 and nets[hand_class - 1][0] > -rows[hand_class - 1][0] * BANK_HANDS * scale
    ):
        hand_class -= 1
    return hand_class


def _ante_max(value: Any, at: str) -> int:
    multiple = positive_int(value, at)
    if multiple > ANTE_MAX_MULTIPLE:
        raise RulebookError(
            f"{at}: section 11 V.3 bands put the maximum initial bet at {ANTE_MAX_MULTIPLE} times "
            f"the minimum at most, not {multiple}"
        )
    return multiple


def _boxes(value: Any, at: str) -> int:
    boxes = positive_int(value, at)
    if 5 * (boxes + 1) > DECK:
        raise RulebookError(
            f"{at}: {boxes} boxes and the bank need {5 * (boxes + 1)} cards, "
            f"more than one deck's {DECK}"
        )
    return boxes


def _percent(value: Any, at: str) -> int:
    percent = positive_int(value, at)
    if percent > 100:
        raise RulebookError(f"{at}: a share of the pool is at most 100 percent, not {percent}")
    return percent


def _call_payouts(value: Any, at: str) -> dict[str, Fraction]:
    """One payout per category of section 11 V.1, as {royal_flush = 100, ...}."""
    if not isinstance(value, Mapping):
        raise RulebookError(
            f"{at}: must give one payout per hand, "
            "as {royal_flush = 100, straight_flush = 25, ...}"
        )
    unknown = sorted(set(value) - set(CATEGORIES))
    if unknown:
        raise RulebookError(
            f"{at}.{unknown[0]}: unknown hand (hands: {', '.join(reversed(CATEGORIES))})"
        )
    missing = [name for name in reversed(CATEGORIES) if name not in value]
    if missing:
        raise RulebookError(f"{at}.{missing[0]}: missing")
    return {name: parse_payout(value[name], f"{at}.{name}") for name in CATEGORIES}
