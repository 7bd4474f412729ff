"""A trente et quarante rulebook profile, validated: the shoe, payouts, limits, insurance, the
payment order, the opening advance, and each bet's exact house edge.

The values are data (config/rulebooks/<profile>/trente_quarante.toml), from section 05 and
docs/rulings.md. The edges follow from the exact chances of a coup dealt from a full shoe
(games.trente_quarante.ties) and the payouts: rouge, noir, couleur and inverse win as often as
each other; a refait treats an uninsured bet as a roulette even chance on zero (half back or
prison, games.prison) and returns an insured one; other equal totals return every bet.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Any, ClassVar

from games.banking import LeastStake, TableRules
from games.cards.cards import FRENCH
from games.cards.shoe import read_shoe
from games.money import exact_multiple, first_multiple, money
from games.odds import BetOdds
from games.prison import ZERO_CHOICES, prison_return
from games.profile import (
    Section,
    flag,
    game_id,
    parse_share,
    payment_order,
    positive_int,
    read_bets,
    refuse_player_edges,
    text,
    texts,
)
from games.records import Limits
from games.trente_quarante.ties import CoupChances

GAME = "trente_quarante"
CHANCES = ("rouge", "noir", "couleur", "inverse")
INSURANCE = "insurance"
_KEYS = (
    "game",
    "source",
    "decks",
    "burn",
    "cut_reserve",
    "advance_multiple",
    "payment_order",
    "errata",
    "bets",
)
_INSURANCE_KEYS = ("premium", "min_multiple", "allow_player_edge")
DECK = 52


@dataclass(frozen=True)
class TrenteQuaranteRules(TableRules):
    regulation: str  # the profile's `source`: the text and section it implements
    decks: int  # in the shoe (section 05 II.1: six)
    burn: int  # cards burnt from a new shoe before the first coup
    cut_reserve: (
        int  # cards behind the red cut card (section 05 V.3: five), whose coming out voids the coup
    )
    payouts: Mapping[str, Fraction]  # winnings per unit staked, by chance
    max_multiple: Mapping[str, int]  # maximum stake per player and chance, in table minimums
    payment_order: tuple[str, ...]  # the chances, in the order their winning bets are paid
    premium: Fraction  # insurance: the share of the stake paid when the bet is placed
    insurance_min_multiple: int  # insurance is open to stakes of at least this many table minimums
    advance_multiple: int  # the opening advance, in table minimums
    errata: Mapping[str, str]  # key -> how the profile reads the text where it is missing or wrong
    allow_player_edge: frozenset[str]
    deck: ClassVar[str] = FRENCH  # its shoe's decks
    # Article 27.5: the game stops at the last shoe cut in the closing half hour; the table
    # closes when that shoe's red card has come out and its coup is over, not after a count.
    closing_rounds: ClassVar[int | None] = None
    unstepped: ClassVar[Mapping[str, str]] = MappingProxyType(
        {INSURANCE: "an insurance premium is a share of the stake it insures (section 05 V.1)"}
    )

    @classmethod
    def from_dict(cls, d: Mapping[str, Any], source: str) -> TrenteQuaranteRules:
        """The rules of a profile read from `source` (named in every error)."""
        profile = Section(d, source)
        profile.refuse_unknown_keys(_KEYS)
        profile.read("game", game_id(GAME), default=GAME)
        decks, burn, cut_reserve = read_shoe(profile)
        bets = profile.section("bets")
        bets.refuse_unknown_keys((*CHANCES, INSURANCE))
        chances = Section(
            {k: v for k, v in bets.values.items() if k != INSURANCE}, bets.source, bets.path
        )
        payouts, max_multiple, allowed = read_bets(chances, CHANCES)
        insurance = bets.section(INSURANCE)
        insurance.refuse_unknown_keys(_INSURANCE_KEYS)
        if insurance.read("allow_player_edge", flag, default=False):
            allowed |= {INSURANCE}
        rules = cls(
            regulation=profile.read("source", text),
            decks=decks,
            burn=burn,
            cut_reserve=cut_reserve,
            payouts=MappingProxyType(payouts),
            max_multiple=MappingProxyType(max_multiple),
            payment_order=profile.read("payment_order", payment_order(CHANCES)),
            premium=insurance.read("premium", parse_share),
            insurance_min_multiple=insurance.read("min_multiple", positive_int),
            advance_multiple=profile.read("advance_multiple", positive_int),
            errata=MappingProxyType(profile.read("errata", texts, default={})),
            allow_player_edge=frozenset(allowed),
        )
        refuse_player_edges(rules.odds(), rules.allow_player_edge, bets)
        return rules

    def codes(self) -> tuple[str, ...]:
        return (*CHANCES, INSURANCE)

    def chances(self) -> CoupChances:
        """The exact chances of a coup: refait, other equal totals, and each chance's win."""
        return CoupChances.of(self.decks)

    def premium_of(self, stake: int) -> Fraction:
        """The insurance premium of `stake`, exact."""
        return stake * self.premium

    def insurance_threshold(self, minimum: int) -> int:
        """The least stake that may be insured at a table of `minimum`."""
        return self.insurance_min_multiple * minimum

    def least_stake(self, row: BetOdds, limits: Limits) -> LeastStake:
        """An insured chance at the smallest stake that may be insured: from the insurance
        threshold, in its chance's step, its premium whole chips; the chances as every game's."""
        if row.family != INSURANCE:
            return super().least_stake(row, limits)
        chance = row.label.split()[2]  # "insurance on <chance> (premium ...)"
        multiple = exact_multiple((self.premium,), limits.chip_unit, limits.step(chance))
        threshold = self.insurance_threshold(limits.min)
        return LeastStake(
            row.label,
            first_multiple(multiple, threshold),
            multiple,
            (Fraction(row.payout),),
            basis=f"insured from {money(threshold)}, its premium whole chips",
        )

    def odds(self) -> list[BetOdds]:
        """Every chance's exact odds with each choice on a refait, then insured.

        Every coup is taken to have the chances of the first coup of a full shoe, and a bet in
        prison to be put in prison again on every refait; the rounding to chips, the minimum
        that forces prison and the last coup's forced half back are left out. An uninsured bet
        caught by a refait then returns 1/2 (half back) or R = win / (1 - void - refait/2)
        (prison: returned at its value when its chance wins, kept through void coups, halved by
        a further refait). An insured bet never loses to a refait, so with its premium p it
        returns on average its stake, less what its chance gives away: its edge is counted on
        the stake and the premium together."""
        c = self.chances()
        on_refait = {"prison": prison_return(c.win, c.refait, c.void), "half": Fraction(1, 2)}
        rows = []
        for chance in CHANCES:
            payout = self.payouts[chance]
            decided = c.win * (1 + payout) + c.void  # returned when the coup is no refait
            for choice in ZERO_CHOICES:
                rows.append(
                    BetOdds(
                        chance,
                        f"{chance} ({choice} on refait)",
                        payout,
                        c.win,
                        1 - decided - c.refait * on_refait[choice],
                        zero_choice=choice,
                    )
                )
        for chance in CHANCES:
            payout = self.payouts[chance]
            returned = c.win * (1 + payout) + c.void + c.refait
            rows.append(
                BetOdds(
                    INSURANCE,
                    f"insurance on {chance} (premium {self.premium})",
                    payout,
                    c.win,
                    1 - returned / (1 + self.premium),
                    simulated=False,
                    why="an insured bet and its premium, open from the insurance threshold: "
                    "measured by the trente et quarante simulation tests",
                )
            )
        return rows
