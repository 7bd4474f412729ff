"""A blackjack rulebook profile, validated: the shoe, the boxes, the play of a hand, payouts,
limits, the opening advance, and the house edges that follow.

The values are data (config/rulebooks/<profile>/blackjack.toml); this module checks them
against section 03 and docs/rulings.md and derives the basic strategy and each bet's exact house
edge (a profile in which a bet favours the player does not load unless allowed).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from types import MappingProxyType
from typing import Any, ClassVar

from games.banking import NO_STEPS, LeastStake, TableRules
from games.blackjack.hands import DEALER_BLACKJACK_TAKES, TEN, PlayRules
from games.blackjack.strategy import Strategy, basic_strategy
from games.cards.cards import CARDS, FRENCH, pips
from games.cards.shoe import read_shoe
from games.money import money
from games.odds import BetOdds
from games.profile import (
    RulebookError,
    Section,
    flag,
    game_id,
    parse_payout,
    positive_int,
    refuse_player_edges,
    text,
    texts,
)
from games.records import Limits

GAME = "blackjack"
_KEYS = (
    "game",
    "source",
    "advance_multiple",
    "decks",
    "burn",
    "cut_reserve",
    "boxes",
    "bets_per_box",
    "split_hands",
    "resplit_aces",
    "double_totals",
    "double_with_ace",
    "dealer_hits_soft_17",
    "dealer_blackjack_takes",
    "errata",
    "bets",
)
FAMILIES = ("box", "insurance")
_BET_KEYS = {
    "box": ("payout", "blackjack", "max_multiple", "allow_player_edge"),
    "insurance": ("payout", "allow_player_edge"),
}
DECK = len(CARDS)
MAX_BOXES = 7  # section 03 IV.a: "la xifra màxima de les quals és set"
MAX_BETS_PER_BOX = 4  # section 03 IV.c
MAX_SPLIT_HANDS = 6  # section 03 V.1.c: up to six hands from one box
BOX_MAX_MULTIPLES = (50, 100, 200)  # section 03 V.2.b
LEAST_ADVANCE_MULTIPLE = 5000  # docs/rulings.md, table operations


@dataclass(frozen=True)
class BlackjackRules(TableRules):
    regulation: str  # the profile's `source`: the text and section it implements
    play: PlayRules  # how a hand is played, and its payouts
    insurance_payout: Fraction  # 2 to 1
    decks: int  # in the shoe (6)
    burn: int  # cards burnt from a new shoe before the first coup (5)
    cut_reserve: int  # cards left behind the cut card (a deck at least)
    boxes: int  # boxes on the layout (7)
    bets_per_box: int  # the most bets on one box (4)
    max_multiple: Mapping[str, int]  # the most on one box, all its bets together, in table minimums
    advance_multiple: int
    errata: Mapping[str, str]  # key -> how the profile reads the text where it is wrong
    allow_player_edge: frozenset[str]
    strategy: Strategy  # the basic strategy for `play`, and the box's house edge under it
    deck: ClassVar[str] = FRENCH  # its shoe's decks
    # the table closes with its last shoe, not a count of coups
    closing_rounds: ClassVar[int | None] = None
    unstepped: ClassVar[Mapping[str, str]] = MappingProxyType(
        {"insurance": "insurance is half the box's bet, taken during the coup (section 03 V.1.b)"}
    )

    @classmethod
    def from_dict(cls, d: Mapping[str, Any], source: str) -> BlackjackRules:
        """The rules of a profile read from `source` (named in every error)."""
        profile = Section(d, source)
        profile.refuse_unknown_keys(_KEYS)
        profile.read("game", game_id(GAME), default=GAME)
        decks, burn, cut_reserve = read_shoe(
            profile,
            reserve_at_least=DECK,
            reserve_why="section 03 3.b leaves at least a deck (52 cards)",
        )
        bets = profile.section("bets")
        bets.refuse_unknown_keys(FAMILIES)
        box, insurance = bets.section("box"), bets.section("insurance")
        for family, bet in (("box", box), ("insurance", insurance)):
            bet.refuse_unknown_keys(_BET_KEYS[family])
        play = PlayRules(
            payout=box.read("payout", parse_payout),
            blackjack=box.read("blackjack", parse_payout),
            double_totals=profile.read(
                "double_totals", _values_within(4, 20, "totals of two cards without an ace")
            ),
            double_with_ace=profile.read(
                "double_with_ace", _values_within(2, 9, "values of the card beside an ace")
            ),
            split_hands=profile.read(
                "split_hands", _within(2, MAX_SPLIT_HANDS, "section 03 V.1.c")
            ),
            resplit_aces=profile.read("resplit_aces", flag),
            dealer_hits_soft_17=profile.read("dealer_hits_soft_17", flag),
            dealer_blackjack_takes=profile.read(
                "dealer_blackjack_takes", _one_of(DEALER_BLACKJACK_TAKES)
            ),
        )
        rules = cls(
            regulation=profile.read("source", text),
            play=play,
            insurance_payout=insurance.read("payout", parse_payout),
            decks=decks,
            burn=burn,
            cut_reserve=cut_reserve,
            boxes=profile.read("boxes", _within(1, MAX_BOXES, "section 03 IV.a")),
            bets_per_box=profile.read(
                "bets_per_box", _within(1, MAX_BETS_PER_BOX, "section 03 IV.c")
            ),
            max_multiple=MappingProxyType(
                {"box": box.read("max_multiple", _one_of(BOX_MAX_MULTIPLES))}
            ),
            advance_multiple=profile.read("advance_multiple", _at_least(LEAST_ADVANCE_MULTIPLE)),
            errata=MappingProxyType(dict(profile.read("errata", texts, default={}))),
            allow_player_edge=frozenset(
                family
                for family, bet in (("box", box), ("insurance", insurance))
                if bet.read("allow_player_edge", flag, default=False)
            ),
            strategy=basic_strategy(play),
        )
        refuse_player_edges(rules.odds(), rules.allow_player_edge, bets)
        return rules

    def limits(self, minimum: int, chip_unit: int, steps: Mapping[str, int] = NO_STEPS) -> Limits:
        """The most on one box (section 03 V.2.b: the maximum is per hand, whoever's bets
        make it), and on an insurance, half of that."""
        limits = super().limits(minimum, chip_unit, steps)
        box_max = limits.max["box"]
        return replace(
            limits, max={**limits.max, "insurance": box_max // 2 // chip_unit * chip_unit}
        )

    def least_stake(self, row: BetOdds, limits: Limits) -> LeastStake:
        """The box owed even money and blackjack's payout; the insurance staked half the
        smallest box bet."""
        box = limits.least_stake("box")
        if row.family == "insurance":
            return LeastStake(
                row.label,
                Fraction(box, 2),
                Fraction(limits.step("box"), 2),
                (self.insurance_payout,),
                basis=f"half the box's {money(box)}",
            )
        return LeastStake(
            row.label, box, limits.step("box"), (self.play.payout, self.play.blackjack), code="box"
        )

    def codes(self) -> tuple[str, ...]:
        """Every bet code: a bet on each box, and its insurance (taken during the coup)."""
        return tuple(f"{family}:{box}" for family in FAMILIES for box in range(1, self.boxes + 1))

    def insurance_chance(self) -> Fraction:
        """The chance that the dealer's second card is a ten when his first is an ace, from a
        full shoe: the tens among the cards left."""
        tens = sum(1 for card in CARDS if pips(card) == TEN) * self.decks
        return Fraction(tens, DECK * self.decks - 1)

    def odds(self) -> list[BetOdds]:
        """The box's house edge under basic strategy (infinite deck: see games.blackjack.strategy),
        per unit of its bet with doubles and splits; the insurance's against a dealer's ace
        from a full shoe of `decks` decks."""
        play = self.play
        return [
            BetOdds(
                "box",
                "box (basic strategy, no insurance)",
                f"{play.payout}, blackjack {play.blackjack}",
                self.strategy.win,
                self.strategy.house_edge,
            ),
            BetOdds(
                "insurance",
                "insurance (the dealer's ace)",
                self.insurance_payout,
                self.insurance_chance(),
                simulated=False,
                why="taken during a coup whose dealer shows an ace, never by basic strategy",
            ),
        ]


def _within(low: int, high: int, where: str) -> Callable[[Any, str], int]:
    def parse(value: Any, at: str) -> int:
        number = positive_int(value, at)
        if not low <= number <= high:
            raise RulebookError(f"{at}: {where} allows {low} to {high}, not {number}")
        return number

    return parse


def _at_least(least: int) -> Callable[[Any, str], int]:
    def parse(value: Any, at: str) -> int:
        if type(value) is not int or value < least:
            raise RulebookError(f"{at}: must be a whole number of at least {least}, not {value!r}")
        return value

    return parse


def _one_of(allowed: Collection[Any]) -> Callable[[Any, str], Any]:
    def parse(value: Any, at: str) -> Any:
        if not any(value == one and type(value) is type(one) for one in allowed):
            raise RulebookError(
                f"{at}: must be one of {', '.join(map(repr, allowed))}, not {value!r}"
            )
        return value

    return parse


def _values_within(low: int, high: int, what: str) -> Callable[[Any, str], frozenset[int]]:
    def parse(value: Any, at: str) -> frozenset[int]:
        if not isinstance(value, list) or any(
            type(v) is not int or not low <= v <= high for v in value
        ):
            raise RulebookError(
                f"{at}: must be a list of {what}, each {low} to {high}, not {value!r}"
            )
        return frozenset(value)

    return parse
