"""A punto banco rulebook profile, validated: the shoe, the drawing rules, payouts, commission,
limits, the opening advance, and each bet's exact house edge.

The values are data (config/rulebooks/<profile>/punto_banco.toml). Section 06 of the
Valencian catalogue, which should hold punto banco, is missing (the text repeats section 05);
docs/rulings.md gives the classic rules, which the default profile holds, and the profile records
that erratum. The house edges follow from the profile's drawing rules and shoe by exhaustive
enumeration (games.cards.chances).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Any, ClassVar

from games.banking import TableRules
from games.cards.baccarat import read_baccarat_shoe
from games.cards.cards import FRENCH
from games.cards.chances import CoupChances, coup_chances
from games.odds import BetOdds
from games.profile import (
    Section,
    game_id,
    parse_share,
    positive_int,
    read_bets,
    refuse_player_edges,
    text,
    texts,
)
from games.punto_banco.drawing import Drawing

GAME = "punto_banco"
FAMILIES = ("player", "banker", "tie")  # the bet codes (docs/bets.md)
_KEYS = (
    "game",
    "source",
    "decks",
    "burn",
    "cut_reserve",
    "advance_multiple",
    "closing_rounds",
    "banker_commission",
    "drawing",
    "errata",
    "bets",
)
DECK = 52


@dataclass(frozen=True)
class PuntoBancoRules(TableRules):
    regulation: str  # the profile's `source`: the text and section it implements
    decks: int  # in the shoe
    burn: int  # cards burnt from a new shoe before the first coup
    cut_reserve: int  # cards left behind the cut card: the coup it comes out in is the shoe's last
    drawing: Drawing
    payouts: Mapping[str, Fraction]  # winnings per unit staked, the banker's before commission
    banker_commission: Fraction  # the share of the banker's winnings the house keeps
    max_multiple: Mapping[str, int]  # maximum stake per player and bet, in table minimums
    advance_multiple: int  # the opening advance, in table minimums
    closing_rounds: int  # "les últimes cinc mans"
    errata: Mapping[str, str]  # key -> how the profile reads the text where it is missing or wrong
    allow_player_edge: frozenset[str]
    deck: ClassVar[str] = FRENCH  # its shoe's decks

    @classmethod
    def from_dict(cls, d: Mapping[str, Any], source: str) -> PuntoBancoRules:
        """The rules of a profile read from `source` (named in every error)."""
        profile = Section(d, source)
        profile.refuse_unknown_keys(_KEYS)
        profile.read("game", game_id(GAME), default=GAME)
        decks, burn, cut_reserve = read_baccarat_shoe(profile)
        bets = profile.section("bets")
        payouts, max_multiple, allowed = read_bets(bets, FAMILIES)
        rules = cls(
            regulation=profile.read("source", text),
            decks=decks,
            burn=burn,
            cut_reserve=cut_reserve,
            drawing=Drawing.read(profile.section("drawing")),
            payouts=MappingProxyType(payouts),
            banker_commission=profile.read("banker_commission", parse_share),
            max_multiple=MappingProxyType(max_multiple),
            advance_multiple=profile.read("advance_multiple", positive_int),
            closing_rounds=profile.read("closing_rounds", positive_int),
            errata=MappingProxyType(profile.read("errata", texts, default={})),
            allow_player_edge=allowed,
        )
        refuse_player_edges(rules.odds(), rules.allow_player_edge, bets)
        return rules

    def codes(self) -> tuple[str, ...]:
        return FAMILIES

    def commission(self, code: str) -> Fraction:
        """The share of a winning bet's winnings the house keeps: the banker's commission."""
        return self.banker_commission if code == "banker" else Fraction(0)

    def payout(self, code: str) -> Fraction:
        """What a winning bet of `code` is paid per unit staked: the banker's less the
        commission on his winnings."""
        if code == "banker":
            return self.payouts[code] * (1 - self.banker_commission)
        return self.payouts[code]

    def chances(self) -> CoupChances:
        """The exact chances of a coup's result (the first coup of a full shoe)."""
        return coup_chances(self.decks, self.drawing)

    def odds(self) -> list[BetOdds]:
        """Each bet's exact odds: the player's and the banker's bets push on a tie, the tie bet
        loses unless the hands tie."""
        chances = self.chances()
        rows = []
        for code, wins, label in (
            ("player", chances.player, "player"),
            ("banker", chances.banker, f"banker (less {self.banker_commission} commission)"),
        ):
            payout = self.payout(code)
            rows.append(BetOdds(code, label, payout, wins, 1 - wins * (1 + payout) - chances.tie))
        rows.append(BetOdds("tie", "tie", self.payout("tie"), chances.tie))
        return rows
