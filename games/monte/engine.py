"""The monte engine (section 13; `docs/rulings.md` [MO-2]-[MO-11]): a coup's layout laid before
the bets, then its two phases, each a round. In Primeres the four places play: cards are drawn
after "no more" until one has the rank of a place, the winning card; its row's other card is
the losing card, turned down, and the other row stays for Segones, which draws on until a card
matches one of its two places [MO-4].

Pure: the layout's cards come one at a time (`lay`), then the phase's (`card`, one `Need` at a
time, as every card game's: games/cards/coup.py); nobody decides anything. Prices fall with the
doubling cards (`payout`); a bet whose winning cards are all seen is refused [MO-9]; the
compensations' cancelled outs push (games/monte/compensation.py); when the first card drawn
after a phase's "no more" wins, 10% of every winning bet's winnings but Vis's is deducted
[MO-6]. A Primeres `card` bet on the row that stays is `open` and settled in Segones, with its
id; every other bet ends in its phase. A void round that drew cards ends the coup: its bets
and the open ones go back, and the next round lays a new layout from the other pack [MO-10];
one that drew none is played again on the same layout (`void`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property
from typing import Any

from games.banking import WHY as STAKES
from games.banking import (
    BankingEngine,
    VoidResult,
    collected_then_paid,
    ended_totals,
    stake_refusal,
    win,
)
from games.cards.cards import check_card, rank
from games.cards.coup import CoupResult, Misdeal, Need
from games.monte.announcements import announce
from games.monte.codes import PRIMERES_ONLY, SUITED, Covers, covers
from games.monte.compensation import cancelled_between, cancelled_for_salto
from games.monte.layout import PLACES, Layout, neighbour, other_row, related, relation_of
from games.reasons import reason
from games.records import Announcement, Bet, Limits, Settlement, another_game

PACKS = ("red", "blue")  # the two packs, one a coup, alternating [MO-2]
DECK = "spanish"

# why a monte bet is refused (games/reasons.py); the stake's refusals are every game's
WHY = {
    "monte_no_layout": "no layout is laid: bets come after the four cards",
    "monte_unknown_bet": "{code}: unknown bet (bets of monte: card:1v2, pair:1-2v3-4, salto:1, "
    "camo:1, anti:1, viudo:1, vis:1...)",
    "monte_primeres_only": "{code}: {family} bets are taken in Primeres only",
    "monte_not_in_play": "{code}: place {place} is not in play in Segones (the row {row} is)",
    "monte_seen": "{code}: its winning card {card} is out already",
}


@dataclass(frozen=True)
class MonteState:
    """What a round leaves for the next: the coup in play (its number, its pack, its layout,
    None when the next round lays a new one), the phase and the places in play, every card of
    the coup out so far, and the Primeres card bets waiting for Segones (`open`)."""

    coup: int = 0
    pack: str | None = None
    layout: Layout | None = None
    phase: str = "primeres"
    row: tuple[int, ...] = PLACES
    seen: tuple[str, ...] = ()
    open: tuple[Bet, ...] = ()
    laying: tuple[str, ...] = ()  # the next layout's cards dealt so far, before its monte.layout
    drawing: tuple[str, ...] = ()  # the phase's cards drawn so far, after its "no more"

    @property
    def next_pack(self) -> str:
        return PACKS[0] if self.pack != PACKS[0] else PACKS[1]

    def laid(self, layout: Layout, coup: int, pack: str) -> MonteState:
        """The state of a new coup's Primeres on `layout`."""
        return MonteState(coup, pack, layout, "primeres", PLACES, layout.dealt)


@dataclass(frozen=True)
class MonteCoup:
    """A phase in play: the state it started from, its bets (the open ones from Primeres
    first, with their ids) and the cards drawn after its "no more"."""

    state: MonteState
    bets: tuple[Bet, ...]
    drawn: tuple[str, ...] = ()

    @cached_property
    def winner(self) -> int | None:
        """The place whose rank the last card drawn has (the phase is decided), or None."""
        if not self.drawn:
            return None
        layout = self.state.layout
        assert layout is not None
        last = rank(self.drawn[-1])
        return next((p for p in self.state.row if layout.rank_of(p) == last), None)


@dataclass(frozen=True)
class Pricing:
    """What a phase pays, from the profile's prices (`payouts`, by family of `limits.max`):
    camo, anti and viudo a point less per doubling and tripling card of the places in play,
    Vis a point less per such card of the whole coup and per burnt card (l. 1230, 1235) [MO-8]."""

    state: MonteState
    payouts: Mapping[str, Fraction]
    cache: dict[str, frozenset[str]] = field(default_factory=dict, compare=False)

    @property
    def layout(self) -> Layout:
        assert self.state.layout is not None, "a phase is priced on its layout"
        return self.state.layout

    @property
    def k(self) -> int:
        return sum(self.layout.doublings(p) for p in self.state.row)

    @property
    def k_vis(self) -> int:
        return sum(self.layout.doublings(p) for p in PLACES) + len(self.layout.burnt)

    def payout(self, family: str) -> Fraction:
        price = self.payouts[limit_key(family, self.state.phase)]
        if family == "vis":
            return price - self.k_vis
        return price - self.k if family in SUITED else price

    def cancelled(self, code: str, covered: Covers) -> frozenset[str]:
        """The outs cancelled for a bet on `code` (none but for card, pair and salto bets)."""
        if code not in self.cache:
            if covered.family in ("card", "pair"):
                found = cancelled_between(self.layout, covered.side, covered.against)
            elif covered.family == "salto":
                found = cancelled_for_salto(self.layout, self.state.row)
            else:
                found = frozenset()
            self.cache[code] = found
        return self.cache[code]


def limit_key(family: str, phase: str) -> str:
    """The family of `limits.max` and of the prices a bet's family is (monte.md: camo, anti and
    viudo share one, a phase each)."""
    if family in SUITED:
        return "camo" if phase == "primeres" else "camo_segones"
    return family


class MonteEngine(BankingEngine):
    game = "monte"

    def __init__(self, rules: Any, limits: Limits):
        self.rules = rules
        self.limits = limits

    # --- the layout, before the bets ------------------------------------------------------
    def layout_due(self, state: MonteState) -> str | None:
        """Whether the next round needs a layout: "new" (the first, or after a coup's end: from
        the other pack), "resume" (one begun before a restart), None (the coup goes on)."""
        if state.layout is not None:
            return None
        return "resume" if state.laying else "new"

    def new_layout(self, state: MonteState) -> Layout:
        """The next layout as far as its journaled cards have laid it."""
        return Layout.dealt_from(state.laying)

    def layout_needs(self, layout: Layout) -> str | None:
        due = layout.due
        return None if due is None else f"layout:{due}"

    def layout_call(self, layout: Layout) -> Announcement | None:
        """ "Primera carta: ..." for a card laid on its place (l. 1252); nothing for a card
        burnt or doubling a place, which the layout shows."""
        card = layout.dealt[-1]
        place = next((p for p in PLACES if layout.places[p][:1] == (card,)), None)
        return None if place is None else announce("layout_card", place=place, card=card)

    def lay(self, layout: Layout, card: str) -> Layout:
        """`layout` with the next card dealt (a Spanish card; Misdeal once laid or void)."""
        check_card(card, DECK)
        return layout.card(card)

    def laid(self, state: MonteState, layout: Layout) -> dict[str, Any]:
        """What `monte.layout` journals of a layout laid (or void) as the next coup's."""
        return {
            "coup": state.coup + 1,
            "pack": state.next_pack,
            **layout.to_json(),
            "void": layout.void,
        }

    # --- placing --------------------------------------------------------------------------
    def check(
        self, bet: Bet, accepted: Sequence[Bet] = (), *, state: MonteState | None = None
    ) -> str | None:
        """None if `bet` may join the `accepted` bets of the phase of `state`, else why not."""
        state = state or self.new_state()
        if any(other.id == bet.id for other in (*state.open, *accepted)):
            return reason(STAKES, "bet_id_taken", id=bet.id)
        try:
            covered = covers(bet.code)
        except ValueError:
            return reason(WHY, "monte_unknown_bet", code=repr(bet.code))
        if type(bet) is not Bet:
            return f"monte bets hold nothing beyond their stake ({another_game(bet, Bet)})"
        if state.layout is None:
            return reason(WHY, "monte_no_layout")
        if state.phase == "segones":
            if covered.family in PRIMERES_ONLY:
                return reason(WHY, "monte_primeres_only", code=bet.code, family=covered.family)
            outside = next((p for p in covered.places if p not in state.row), None)
            if outside is not None:
                row = "-".join(map(str, state.row))
                return reason(WHY, "monte_not_in_play", code=bet.code, place=outside, row=row)
        if covered.family in (*SUITED, "vis"):
            wanted = related(
                state.layout.place_card(covered.place),
                "camo" if covered.family == "vis" else covered.family,
            )
            if wanted in state.seen:
                return reason(WHY, "monte_seen", code=bet.code, card=wanted)
        key = limit_key(covered.family, state.phase)  # with the open bets: a seat's own stakes
        return stake_refusal(bet, (*state.open, *accepted), self.limits, key)

    def price(self, code: str, state: MonteState) -> Fraction:
        """What a bet on `code` wins per unit staked in the phase of `state` (before the 10%)."""
        return Pricing(state, self.rules.payouts).payout(covers(code).family)

    # --- the phase ------------------------------------------------------------------------
    def new_state(self) -> MonteState:
        return MonteState()

    def start(self, state: MonteState, bets: Sequence[Bet]) -> MonteCoup:
        """A phase for the placed `bets`, after the open ones; BetRefused for a bet it cannot
        take, ValueError when no layout is laid."""
        if state.layout is None:
            raise ValueError(reason(WHY, "monte_no_layout"))
        accepted: list[Bet] = []
        for bet in bets:
            accepted.append(self.place(bet, accepted, state=state))
        return MonteCoup(state, (*state.open, *accepted))

    def need(self, coup: MonteCoup) -> Need:
        return Need("settle") if coup.winner is not None else Need("card", "draw")

    def card(self, coup: MonteCoup, card: str) -> MonteCoup:
        check_card(card, DECK)
        if coup.winner is not None:
            raise Misdeal(f"no card is due: the phase is decided ({card} offered)", "discard")
        return replace(coup, drawn=(*coup.drawn, card))

    def decide(self, coup: MonteCoup, place: str, action: str) -> MonteCoup:
        raise ValueError(f"monte has no decisions: no {action!r} from {place}")

    def strategy(self, coup: MonteCoup, place: str, options: Sequence[str]) -> str:
        raise ValueError(f"monte has no decisions to make for {place}")

    def staked(self, coup: MonteCoup) -> tuple[Bet, ...]:
        return coup.bets

    def must_play_on(self, state: MonteState) -> bool:
        """A coup whose Segones is still to play: the closing deals it [MO-11]."""
        return state.layout is not None and state.phase == "segones"

    def settle(self, coup: MonteCoup, *, last_round: bool = False) -> CoupResult:
        """The decided phase: every bet settled, the losing ones first."""
        winner = coup.winner
        if winner is None:
            raise ValueError("the phase cannot be settled yet: no card has won")
        state, layout = coup.state, coup.state.layout
        assert layout is not None
        card = coup.drawn[-1]
        won = Won(winner, card, relation_of(layout.place_card(winner), card), len(coup.drawn) == 1)
        pricing = Pricing(state, self.rules.payouts)
        entries = [self._settle_bet(bet, won, pricing) for bet in coup.bets]
        return CoupResult(
            state=self._after(coup, entries, won),
            outcome=self._outcome(coup, won),
            announcement=announce("result", card=card, place=winner),
            bets=coup.bets,
            settlement=collected_then_paid(coup.bets, entries),
            totals=ended_totals(coup.bets, entries),
        )

    def _settle_bet(self, bet: Bet, won: Won, pricing: Pricing) -> Settlement:
        covered = covers(bet.code)
        family, phase = covered.family, pricing.state.phase
        if won.card in pricing.cancelled(bet.code, covered):
            return Settlement(bet.id, "push", returned=bet.stake, cancelled=True)
        if family in ("card", "pair"):
            if won.place in covered.side:
                return self._win(bet, pricing.payout(family), won.first)
            if won.place in covered.against:
                return Settlement(bet.id, "lose")
            if (
                family == "card"
                and phase == "primeres"
                and set(covered.places) == set(other_row(won.place))
            ):
                return Settlement(bet.id, "open")
            return Settlement(bet.id, "push", returned=bet.stake)
        if won.place != covered.place:
            return Settlement(bet.id, "lose")
        if family == "salto":
            return self._win(bet, pricing.payout(family), won.first)
        if family == "vis":
            wins = won.first and won.relation == "camo"
            return (
                self._win(bet, pricing.payout(family), False)
                if wins
                else Settlement(bet.id, "lose")
            )
        if won.relation == family:
            return self._win(bet, pricing.payout(family), won.first)
        return Settlement(bet.id, "lose")

    def _win(self, bet: Bet, payout: Fraction, deduct: bool) -> Settlement:
        """A winning bet, less 10% of its winnings when the first card drawn won (`deduct`)."""
        kept = self.rules.deduction if deduct else 0
        return win(bet, payout, self.limits.chip_unit, kept)

    def _after(self, coup: MonteCoup, entries: Sequence[Settlement], won: Won) -> MonteState:
        state = coup.state
        if state.phase == "segones":
            return MonteState(state.coup, state.pack)
        staying = tuple(bet for bet, e in zip(coup.bets, entries) if e.result == "open")
        return replace(
            state,
            phase="segones",
            row=other_row(won.place),
            seen=(*state.seen, *coup.drawn),
            open=staying,
            drawing=(),
        )

    def _outcome(self, coup: MonteCoup, won: Won) -> dict[str, Any]:
        state, layout = coup.state, coup.state.layout
        assert layout is not None
        outcome: dict[str, Any] = {
            "coup": state.coup,
            "phase": state.phase,
            "pack": state.pack,
            **layout.to_json(),
            "drawn": list(coup.drawn),
            "winner": {
                "card": won.card,
                "place": won.place,
                "relation": won.relation,
                "first": won.first,
            },
            "loser": neighbour(won.place),
        }
        if state.phase == "primeres":
            outcome["next_row"] = list(other_row(won.place))
        return outcome

    def void(self, state: MonteState, bets: Sequence[Bet], reason: str | None = None) -> VoidResult:
        """A void round whose phase drew cards ends its coup: its bets and the open ones go
        back as placed, and the next round lays a new layout from the other pack [MO-10]. One
        that drew none (a restart or a stop while bets were open, no bets) changed nothing of
        the cards: its own bets go back, the open ones stay, and the phase is played again on
        the same layout."""
        ids = {bet.id for bet in bets}
        if not state.drawing:
            returned = tuple(bet for bet in bets if bet.id not in {b.id for b in state.open})
            return VoidResult(state, announce("void_coup"), returned, kept=state.open)
        returned = (*bets, *(bet for bet in state.open if bet.id not in ids))
        return VoidResult(MonteState(state.coup, state.pack), announce("void_coup"), returned)

    def announcement(self, key: str, **params: int | str) -> Announcement:
        return announce(key, **params)


@dataclass(frozen=True)
class Won:
    """How a phase was decided: the winning place and card, what the card is to the place's
    card, and whether it was the first card drawn after "no more"."""

    place: int
    card: str
    relation: str
    first: bool
