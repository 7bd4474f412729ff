"""A chemin de fer rulebook profile, validated: the shoe, the cut, the bank's limits and garage,
the first bank's place, the banco player's freedom, the closing; and what a ponte's stake and
the bank's cover return, exactly, as the simulated players play (`SimDrawing`: the ponte choosing
on 5 by his first card, a banker following his table or playing free by his): every first coup
of a full shoe enumerated (games/cards/chances.py).

The values are data (config/rulebooks/<profile>/chemin_de_fer.toml), read as section 07 and
`chemin-de-fer.md` rule them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Any, ClassVar

from games.banking import TableRules
from games.cards.baccarat import count, read_baccarat_shoe
from games.cards.cards import FRENCH
from games.cards.chances import CoupChances, coup_chances
from games.chemin_de_fer.bank import Bank, BankState
from games.chemin_de_fer.drawing import BANKERS_TABLE
from games.chemin_de_fer.engine import STAKES, ChemState
from games.odds import BetOdds
from games.profile import (
    RulebookError,
    Section,
    flag,
    game_id,
    parse_share,
    positive_int,
    text,
    texts,
)
from games.records import Limits

GAME = "chemin_de_fer"
SCENARIO = "bank_held"  # the odds' table: a bank held (`ChemRules.scenario`)
SCENARIO_BANK = 10**12  # its amount: no stake of a simulation reaches it
_KEYS = (
    "game",
    "source",
    "decks",
    "burn",
    "cut_reserve",
    "cut",
    "places",
    "first_bank_seat",
    "bank_max_multiple",
    "garage_multiple",
    "banco_free_choice",
    "closing_rounds",
    "errata",
)


@dataclass(frozen=True)
class SimDrawing:
    """Who draws in a coup as the simulated players play it (`ChemEngine.strategy`), for the
    exact chances: the ponte draws on 0-4, and on 5 when his first card is odd; a banker whose
    first card is even follows his table and draws at its O cells, any other draws on 0-5;
    "player" is the ponte."""

    def next_hand(self, player: tuple[int, ...], banker: tuple[int, ...]) -> str | None:
        if len(player) < 2 or len(banker) < 2:
            return "player" if len(player) <= len(banker) else "banker"
        p, b = count(player), count(banker)
        if len(player) == 2 and len(banker) == 2 and max(p, b) >= 8:
            return None  # a natural, turned over
        if len(player) == 2 and (p <= 4 or (p == 5 and player[0] % 2 == 1)):
            return "player"
        if len(banker) == 2:
            if banker[0] % 2 == 1:  # free: he draws on 0-5
                return "banker" if b <= 5 else None
            column = 0 if len(player) == 2 else 1 + player[2]
            if BANKERS_TABLE[b][column] != "P":  # T, or O: he draws
                return "banker"
        return None


@dataclass(frozen=True)
class ChemRules(TableRules):
    regulation: str
    decks: int
    burn: int
    cut_reserve: int
    cut_rate: Fraction  # of the bank's winnings, to the cagnotte (l. 818)
    places: int  # numbered places round the table (l. 780)
    first_bank_seat: int  # [CF-2]
    bank_max_multiple: int  # the bank's maximum, in ponte minimums (l. 817)
    garage_multiple: int  # winnings may be garaged once over this many minimums (l. 820)
    banco_free_choice: bool  # the games director lets a banco player choose on any total (l. 831)
    closing_rounds: int  # «les últimes cinc mans» (art. 27.5)
    errata: Mapping[str, str]
    max_multiple: Mapping[str, int]
    advance_multiple: int  # 0: a circle table gets no advance (art. 35)
    deck: ClassVar[str] = FRENCH

    @classmethod
    def from_dict(cls, d: Mapping[str, Any], source: str) -> ChemRules:
        profile = Section(d, source)
        profile.refuse_unknown_keys(_KEYS)
        profile.read("game", game_id(GAME), default=GAME)
        decks, burn, cut_reserve = read_baccarat_shoe(profile)
        cut = profile.read("cut", parse_share)
        if not 0 <= cut < Fraction(1, 10):
            raise RulebookError(f"{profile.at('cut')}: a cut in [0, 10%), not {cut}")
        places = profile.read("places", positive_int)
        first = profile.read("first_bank_seat", positive_int)
        if first > places:
            raise RulebookError(f"{profile.at('first_bank_seat')}: place {first} of {places}?")
        bank_max = profile.read("bank_max_multiple", positive_int)
        return cls(
            regulation=profile.read("source", text),
            decks=decks,
            burn=burn,
            cut_reserve=cut_reserve,
            cut_rate=cut,
            places=places,
            first_bank_seat=first,
            bank_max_multiple=bank_max,
            garage_multiple=profile.read("garage_multiple", positive_int),
            banco_free_choice=profile.read("banco_free_choice", flag),
            closing_rounds=profile.read("closing_rounds", positive_int),
            errata=MappingProxyType(profile.read("errata", texts, default={})),
            # a stake is at most the bank (l. 816), the bank at most its maximum (l. 817)
            max_multiple=MappingProxyType({"bank": bank_max, **dict.fromkeys(STAKES, bank_max)}),
            advance_multiple=0,  # a circle table gets no advance (art. 35)
        )

    def codes(self) -> tuple[str, ...]:
        """Every stake of a seated player, then the bank's own bet (docs/bets.md)."""
        seats = range(1, self.places + 1)
        return tuple(f"{family}:{seat}" for family in (*STAKES, "bank") for seat in seats)

    def stake_unit(self, code: str, limits: Limits) -> int:
        """Stakes are any whole number of chips from the minimum up to what the bank leaves."""
        return limits.chip_unit

    def chances(self) -> CoupChances:
        """The exact chances of a coup's result, the first of a full shoe, "player" the ponte."""
        return coup_chances(self.decks, SimDrawing())

    def odds(self) -> list[BetOdds]:
        """A ponte's stake wins evens and pushes on a tie; the bank's cover wins evens less the
        cut. The cagnotte's take is the cut of the bank's wins: `rate` x P(bank) a unit
        covered."""
        c = self.chances()
        take = self.cut_rate * c.banker
        held = SCENARIO  # a bank held: what each coup is played from
        edge_ponte = c.banker - c.player
        edge_bank = c.player - c.banker * (1 - self.cut_rate)
        return [
            BetOdds(
                "ponte",
                "ponte (any stake against the bank)",
                Fraction(1),
                c.player,
                edge_ponte,
                scenario=held,
            ),
            BetOdds(
                "bank",
                f"bank (its cover, less the {float(self.cut_rate):.0%} cut; the cagnotte takes "
                f"{float(take):.4%} of each unit covered)",
                1 - self.cut_rate,
                c.banker,
                edge_bank,
                scenario=held,
            ),
        ]

    def scenario(self, name: str) -> tuple[ChemState, tuple[str, ...]]:
        """The table the odds are for: a bank held at the last place, deep enough for any
        stake (`dealer-terminal simulate` plays each coup from it), a full shoe."""
        if name != SCENARIO:
            raise KeyError(f"no chemin de fer scenario {name!r} (there is {SCENARIO!r})")
        banker = str(self.places)
        bank = Bank(banker, SCENARIO_BANK, SCENARIO_BANK, holders=((banker, Fraction(1)),))
        return ChemState(BankState(bank)), ()
