"""A monte rulebook profile, validated: the prices and maxima of the bet families, the 10%, the
opening advance, the closing, and every bet's exact odds on a plain layout and on doubled,
tripled and burnt ones (games/monte/odds.py).

Prices are the text's (section 13 VI.1): the price of camo, anti and viudo falls a point per
doubling card on the places in play, Vis's a point per doubling, tripling or burnt card of the
coup [MO-8]; the engine takes them from here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Any, ClassVar

from games.banking import LeastStake, TableRules
from games.monte.codes import CODES
from games.monte.engine import DECK, MonteEngine, MonteState, limit_key
from games.monte.layout import PLACES, Layout
from games.monte.odds import exact
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
from games.records import Bet, Limits

GAME = "monte"
# the families of `limits.max` (monte.md): camo, anti and viudo share `camo` in Primeres and
# `camo_segones` in Segones
FAMILIES = ("card", "pair", "salto", "camo", "camo_segones", "vis")
_KEYS = ("game", "source", "advance_multiple", "closing_rounds", "deduction", "errata", "bets")

# the layouts the odds are given for: each as its cards are dealt (the places' ranks 1-4 in
# oros; the doubling cards the viudo, then the anti of the place card; two fives burnt)
SCENARIOS: Mapping[str, tuple[str, ...]] = {
    "plain": ("1O", "2O", "3O", "4O"),
    "1 doubled": ("1O", "2O", "1E", "3O", "4O"),
    "1 tripled": ("1O", "2O", "1E", "1B", "3O", "4O"),
    "1 and 2 doubled": ("1O", "2O", "1E", "2E", "3O", "4O"),
    "1 tripled, 2 doubled": ("1O", "2O", "1E", "1B", "2E", "3O", "4O"),
    "1 and 2 tripled": ("1O", "2O", "1E", "1B", "2E", "2B", "3O", "4O"),
    "two burnt, 1 doubled": ("5O", "5C", "1O", "2O", "1E", "3O", "4O"),
}
# Segones after a Primeres decided by its first card: the row that stays, and that card
SEGONES: Mapping[str, tuple[str, str, tuple[int, int]]] = {
    "Segones, row 3-4": ("plain", "1C", (3, 4)),
    "Segones, row 1-2, 1 doubled": ("1 doubled", "3C", (1, 2)),
}


@dataclass(frozen=True)
class MonteRules(TableRules):
    regulation: str
    payouts: Mapping[str, Fraction]  # the text's prices, before the doubling cards' points
    max_multiple: Mapping[str, int]
    advance_multiple: int
    closing_rounds: int  # "les últimes cinc mans": five coups, two rounds each [MO-11]
    deduction: Fraction  # taken from the winnings when the first card drawn wins [MO-6]
    errata: Mapping[str, str]
    allow_player_edge: frozenset[str]
    decks: ClassVar[int] = 1  # one pack a coup [MO-2]
    burn: ClassVar[int] = 0
    cut_reserve: ClassVar[int] = 0  # a new pack every coup
    deck: ClassVar[str] = DECK

    @classmethod
    def from_dict(cls, d: Mapping[str, Any], source: str) -> MonteRules:
        profile = Section(d, source)
        profile.refuse_unknown_keys(_KEYS)
        profile.read("game", game_id(GAME), default=GAME)
        bets = profile.section("bets")
        payouts, max_multiple, allowed = read_bets(bets, FAMILIES)
        rules = cls(
            regulation=profile.read("source", text),
            payouts=MappingProxyType(payouts),
            max_multiple=MappingProxyType(max_multiple),
            advance_multiple=profile.read("advance_multiple", positive_int),
            closing_rounds=profile.read("closing_rounds", positive_int),
            deduction=profile.read("deduction", parse_share),
            errata=MappingProxyType(profile.read("errata", texts, default={})),
            allow_player_edge=allowed,
        )
        refuse_player_edges(rules.odds(), rules.allow_player_edge, bets)
        return rules

    def codes(self) -> tuple[str, ...]:
        return CODES

    def odds(self) -> list[BetOdds]:
        """Every bet's exact odds on each layout of SCENARIOS and each Segones of SEGONES; bets
        of equal odds on one layout share a row (its label names the others)."""
        engine = MonteEngine(self, self.limits(STAKE_MIN, 1))
        rows: list[BetOdds] = []
        for name, state in scenario_states().items():
            grouped: dict[tuple[str, Fraction, Fraction, Fraction], list[str]] = {}
            for code in CODES:
                if engine.check(_probe(code), state=state) is not None:
                    continue
                family = limit_key(code.split(":")[0], state.phase)
                chances = exact(engine, state, code)
                payout = Fraction(engine.price(code, state))
                grouped.setdefault((family, payout, chances.win, chances.value), []).append(code)
            for (family, payout, win, value), codes in grouped.items():
                also = f", also {' '.join(codes[1:])}" if codes[1:] else ""
                label = f"{codes[0]} ({name}{also})"
                rows.append(BetOdds(family, label, payout, win, -value, scenario=name))
        return rows

    def scenario(self, name: str) -> tuple[MonteState, tuple[str, ...]]:
        """The phase state of the odds' scenario `name`, and the cards out of its pack."""
        state = scenario_states()[name]
        return state, state.seen

    def least_stake(self, row: BetOdds, limits: Limits) -> LeastStake:
        """A row at the smallest stake: owed its price, or its price less the 10% when the
        first card drawn wins (Vis: never)."""
        code = row.label.split()[0]
        payout = Fraction(row.payout)
        owed = (payout,) if row.family == "vis" else (payout, payout * (1 - self.deduction))
        return LeastStake(row.label, limits.least_stake(code), limits.step(code), owed, code=code)


STAKE_MIN = 1000  # the minimum the odds are worked out at: every price and its 10% are whole


def _probe(code: str) -> Bet:
    return Bet("probe", 1, code, STAKE_MIN)


def scenario_states() -> dict[str, MonteState]:
    """The phase states the odds are given for, by name."""
    states = {
        name: MonteState().laid(Layout.dealt_from(cards), 1, "red")
        for name, cards in SCENARIOS.items()
    }
    for name, (layout, card, row) in SEGONES.items():
        primeres = states[layout]
        states[name] = MonteState(1, "red", primeres.layout, "segones", row, (*primeres.seen, card))
    assert all(s.row in (PLACES, (1, 2), (3, 4)) for s in states.values())
    return states
