"""The poker sense descart engine (section 11 V.4), driven card by card and decision by
decision as games.cards.coup sets out.

Every box with an ante and the bank get five cards, dealt one at a time: box by box in
ascending order, then the bank, five times round; the bank's fifth card, the last card of the
deal, is the one dealt face up. Then each box in turn goes on ("call": the engine adds
`call:B`, the call multiple of each ante on the box, its id the ante's with ".call") or folds
("fold": its antes are lost). The seated player decides for every bet on his box (IV.2).

Pure: the pool of the carrousel, which every table of the casino feeds, comes in with the
table state (`StudState.pool`: the runtime sets it to the casino's pool before each coup) and
the coup's result gives it back after the coup, with `carrousel` for `data.carrousel`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from games.banking import (
    VoidResult,
    collected_then_paid,
    duplicate_id,
    ended_totals,
    stake_refusal,
    win,
)
from games.cards.cards import NotACard, check_card
from games.cards.coup import CoupResult, Misdeal, Need
from games.money import entered, money
from games.poker.evaluator import category, evaluate
from games.poker_stud.announcements import announce
from games.poker_stud.carrousel import pay_carrousel
from games.poker_stud.hands import BANK_OUT, LOSE, PUSH, QUALIFIER, showdown
from games.poker_stud.layout import ANTE, CALL, CARROUSEL, box_place, parse_code
from games.poker_stud.rules import PokerStudRules
from games.reasons import reason
from games.records import (
    Announcement,
    Bet,
    BetRefused,
    Limits,
    PoolMovement,
    Settlement,
    another_game,
)

CARDS_PER_HAND = 5
BANK = "bank"
OPTIONS = ("call", "fold")

# why a bet or a decision of poker sense descart is refused (games/reasons.py)
WHY = {
    "stud_call_not_placed": "{code} is made by going on (hi vaig) once the cards are dealt, "
    "never placed",
    "stud_carrousel_coin": "the carrousel takes one coin of {coin}, not {stake}",
    "stud_carrousel_taken": "box {box} already has its carrousel coin",
    "stud_carrousel_no_ante": "box {box} has no ante: the carrousel coin goes with a hand "
    "that is dealt",
    "stud_box_full": "box {box} already takes {n} bets, the most a box takes",
    "stud_not_an_option": "{place} can {options}, not {action}",
}


@dataclass(frozen=True)
class StudState:
    """What the table carries from coup to coup: the carrousel's pool (casino-wide)."""

    pool: int = 0

    def __post_init__(self) -> None:
        if type(self.pool) is not int or self.pool < 0:
            raise ValueError(
                f"the carrousel pool must be a whole amount of 0 or more, not {self.pool!r}"
            )


@dataclass(frozen=True)
class StudCoup:
    """A coup in progress. `places` are the hands in dealing order, the boxes with an ante
    ascending ("box:B") and the bank last; `cards` in the order dealt; `decisions` ("call" or
    "fold") in the order of the boxes; `calls` the call bets made so far."""

    state: StudState
    bets: tuple[Bet, ...]  # as placed: antes and carrousel coins
    places: tuple[str, ...]
    cards: tuple[str, ...] = ()
    decisions: tuple[str, ...] = ()
    calls: tuple[Bet, ...] = ()

    @property
    def boxes(self) -> tuple[str, ...]:
        """The places of the boxes dealt, ascending."""
        return self.places[:-1]

    def hand(self, place: str) -> tuple[str, ...]:
        """The cards dealt so far to a place: "box:B" or "bank"."""
        if place not in self.places:
            raise ValueError(f"no hand {place!r} in this coup (hands: {', '.join(self.places)})")
        return self.cards[self.places.index(place) :: len(self.places)]

    @property
    def up_card(self) -> str | None:
        """The bank's face-up card, once dealt."""
        bank = self.hand(BANK)
        return bank[-1] if len(bank) == CARDS_PER_HAND else None


@dataclass(frozen=True)
class StudResult(CoupResult):
    """A settled coup, with the carrousel's pool through it (round.result `data.carrousel`)."""

    carrousel: PoolMovement


class PokerStudEngine:
    game = "poker_stud"

    def __init__(self, rules: PokerStudRules, limits: Limits):
        self.rules = rules
        self.limits = limits

    def new_state(self, pool: int = 0) -> StudState:
        return StudState(pool=pool)

    # --- placing --------------------------------------------------------------------------

    def check(
        self, bet: Bet, accepted: Sequence[Bet] = (), *, state: StudState | None = None
    ) -> str | None:
        """None if `bet` may join the `accepted` bets of the coup, else why not. The table
        state (the carrousel's pool) changes nothing here; it is taken to keep every engine's
        entry the same."""
        if (taken := duplicate_id(bet, accepted)) is not None:
            return taken
        try:
            family, box = parse_code(bet.code, self.rules.boxes)
        except ValueError as e:
            return str(e)  # a code the screen never builds: said as the layout says it
        if type(bet) is not Bet:
            return (
                "poker_stud has no zero: a bet takes no choice on zero and is never in prison "
                f"({another_game(bet, Bet)})"
            )
        if family == CALL:
            return reason(WHY, "stud_call_not_placed", code=bet.code)
        on_box = [other for other in accepted if other.code == bet.code]
        if family == CARROUSEL:
            if bet.stake != self.rules.coin:
                return reason(
                    WHY,
                    "stud_carrousel_coin",
                    coin=money(self.rules.coin),
                    stake=entered(bet.stake),
                )
            if on_box:
                return reason(WHY, "stud_carrousel_taken", box=box)
            if not any(other.code == f"{ANTE}:{box}" for other in accepted):
                return reason(WHY, "stud_carrousel_no_ante", box=box)
            return None
        if len(on_box) >= self.rules.bets_per_box:
            return reason(WHY, "stud_box_full", box=box, n=self.rules.bets_per_box)
        return stake_refusal(bet, accepted, self.limits)

    def place(
        self, bet: Bet, accepted: Sequence[Bet] = (), *, state: StudState | None = None
    ) -> Bet:
        """`bet` itself when it is legal; BetRefused otherwise."""
        refusal = self.check(bet, accepted, state=state)
        if refusal is not None:
            raise BetRefused(bet, refusal)
        return bet

    # --- the coup -------------------------------------------------------------------------

    def start(self, state: StudState, bets: Sequence[Bet]) -> StudCoup:
        """A coup with the bets placed (BetRefused if one is not legal, ValueError if no box
        has an ante: there is no hand to deal)."""
        accepted: list[Bet] = []
        for bet in bets:
            accepted.append(self.place(bet, accepted))
        boxes = sorted({_box(bet.code) for bet in accepted if bet.family == ANTE})
        if not boxes:
            raise ValueError("no box has an ante: there is no coup to deal")
        return StudCoup(state=state, bets=tuple(accepted), places=(*map(box_place, boxes), BANK))

    def need(self, coup: StudCoup) -> Need:
        places, dealt = coup.places, len(coup.cards)
        if dealt < CARDS_PER_HAND * len(places):
            return Need("card", places[dealt % len(places)])
        if len(coup.decisions) < len(coup.boxes):
            return Need("decision", coup.boxes[len(coup.decisions)], OPTIONS)
        return Need("settle")

    def card(self, coup: StudCoup, card: str) -> StudCoup:
        """The coup with `card` dealt to the place that needs it; Misdeal (void: section 11
        V.4, any error in the number of cards voids the whole coup) for a card the deal cannot
        take: one too many, not a card, or a card the deck has already given."""
        if len(coup.cards) == CARDS_PER_HAND * len(coup.places):
            raise Misdeal(f"{card!r}: one card too many, every hand has its five", "void")
        try:
            check_card(card)
        except NotACard as e:
            raise Misdeal(str(e), "void") from None
        if card in coup.cards:
            raise Misdeal(f"{card} dealt twice from one deck", "void")
        return replace(coup, cards=coup.cards + (card,))

    def decide(self, coup: StudCoup, place: str, action: str) -> StudCoup:
        """The coup with box `place` going on ("call") or folding ("fold")."""
        need = self.need(coup)
        if need.kind != "decision" or need.place != place:
            raise ValueError(
                f"no decision of {place} is due: the coup needs {need.kind} "
                f"{need.place or ''}".rstrip()
            )
        if action not in OPTIONS:
            raise ValueError(
                reason(
                    WHY,
                    "stud_not_an_option",
                    place=place,
                    options=" or ".join(OPTIONS),
                    action=repr(action),
                )
            )
        calls = coup.calls
        if action == "call":
            box = _box(place)
            calls += tuple(
                Bet(
                    f"{bet.id}.call",
                    bet.seat,
                    f"{CALL}:{box}",
                    bet.stake * self.rules.call_multiple,
                )
                for bet in coup.bets
                if bet.code == f"{ANTE}:{box}"
            )
        return replace(coup, decisions=coup.decisions + (action,), calls=calls)

    def strategy(self, coup: StudCoup, place: str, options: Sequence[str]) -> str:
        """The simulated player's decision for box `place`: go on with the hands of the rules'
        strategy (PokerStudRules.goes_on), fold the rest."""
        action = "call" if self.rules.goes_on(evaluate(coup.hand(place))) else "fold"
        if action not in options:
            raise ValueError(
                f"the strategy would {action} {place}, which may only {' or '.join(options)}"
            )
        return action

    def coins(self, coup: StudCoup) -> list[tuple[Bet, str]]:
        """The carrousel's coins of a dealt coup, each with its box's hand category: what the
        casino's pool settles (pay_carrousel) before the coup is."""
        return [
            (bet, category(evaluate(coup.hand(box_place(_box(bet.code))))))
            for bet in coup.bets
            if bet.family == CARROUSEL
        ]

    def settle(self, coup: StudCoup, *, last_round: bool = False) -> StudResult:
        """The bank's hand shown and every bet settled: losing bets collected first, then the
        rest paid box by box. Nothing carries over between coups but the carrousel's pool, so
        `last_round` changes nothing."""
        if (need := self.need(coup)).kind != "settle":
            raise ValueError(
                f"the coup cannot be settled yet: it needs a {need.kind} for {need.place}"
            )
        bank = evaluate(coup.hand(BANK))
        hands = {_box(place): evaluate(coup.hand(place)) for place in coup.boxes}
        went_on = {
            _box(place) for place, decision in zip(coup.boxes, coup.decisions) if decision == "call"
        }
        bets = coup.bets + coup.calls
        coins = self.coins(coup)
        jackpot, carrousel = pay_carrousel(
            coup.state.pool, coins, self.rules.straight_flush_share, self.limits.chip_unit
        )
        entries = []
        for bet in bets:
            box = _box(bet.code)
            entries.append(
                jackpot[bet.id]
                if bet.family == CARROUSEL
                else self._settle(bet, hands[box], bank, box in went_on)
            )
        jackpots = [
            (_box(bet.code), hand) for bet, hand in coins if jackpot[bet.id].result == "win"
        ]
        return StudResult(
            state=StudState(pool=carrousel.pool_after),
            outcome={
                "bank": list(coup.hand(BANK)),
                "boxes": {str(_box(place)): list(coup.hand(place)) for place in coup.boxes},
            },
            announcement=announce(
                "result", hand=category(bank), plays=bank >= QUALIFIER, jackpots=jackpots
            ),
            bets=bets,
            settlement=collected_then_paid(bets, entries, rank=lambda bet: _box(bet.code)),
            totals=ended_totals(bets, entries),
            carrousel=carrousel,
        )

    def _settle(self, bet: Bet, hand: int, bank: int, went_on: bool) -> Settlement:
        """An ante or a call of a box of hand class `hand` against the bank's class `bank`."""
        if not went_on:
            return Settlement(bet.id, "lose")
        result = showdown(hand, bank)
        if result == LOSE:
            return Settlement(bet.id, "lose")
        if result == PUSH or (result == BANK_OUT and bet.family == CALL):
            return Settlement(bet.id, "push", returned=bet.stake)
        payout = self.rules.ante_payout if bet.family == ANTE else self.rules.call_payout(hand)
        return win(bet, payout, self.limits.chip_unit)

    def staked(self, coup: StudCoup) -> tuple[Bet, ...]:
        """Every stake of the coup as it stands: the antes, the coins and the calls made so far."""
        return coup.bets + coup.calls

    def must_play_on(self, state: StudState) -> bool:
        """Nothing stays between coups: a closing never deals another."""
        return False

    def void(self, state: StudState, bets: Sequence[Bet], reason: str | None = None) -> VoidResult:
        """A void coup (a misdeal, section 11 V.4): every stake goes back, the calls and the
        carrousel coins too (a coin joins the pool only with a coup played), and the pool
        stays as it was."""
        return VoidResult(state, announce("misdeal"), tuple(bets))

    def announcement(self, key: str, **params: Any) -> Announcement:
        return announce(key, **params)


def _box(code_or_place: str) -> int:
    """The box of a bet code ("ante:3") or a place ("box:3")."""
    return int(code_or_place.partition(":")[2])
