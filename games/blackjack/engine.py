"""The blackjack engine: the coup card by card and decision by decision (games/cards/coup.py),
its settlement, and the basic strategy's decisions.

Pure: the cards come from the shoe and the decisions from the croupier (or, in simulation,
from `strategy`); each step returns a new immutable `Coup`. A coup deals a first card to every
box with bets from the dealer's left, one card to the dealer (no hole card), a second card to
every box; offers insurance, box by box, when the dealer's card is an ace; plays each box's
hands in turn (a split's hands after their box's own, in the order they were made); then the
dealer draws, unless no hand is left for him to beat. The player seated in front of a box
decides its play and every bet on the box follows: a split gives each of them a bet on the new
hand, a double doubles each of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property

from games.banking import (
    BankingEngine,
    VoidResult,
    collected_then_paid,
    duplicate_id,
    ended_totals,
    stake_refusal,
    win,
)
from games.blackjack.announcements import announce
from games.blackjack.bet import BlackjackBet
from games.blackjack.hands import ACE, TEN, TWENTY_ONE, Played, is_blackjack, total
from games.blackjack.rules import BlackjackRules
from games.blackjack.strategy import FIRST, SPLIT
from games.cards.cards import check_card, pips
from games.cards.coup import CoupResult, Misdeal, Need
from games.money import money
from games.reasons import reason
from games.records import Announcement, Bet, BetRefused, Limits, Settlement, another_game

INSURANCE_OPTIONS = ("insurance", "no_insurance")

# why a blackjack bet or decision is refused (games/reasons.py)
WHY = {
    "blackjack_bet_doubled": "a blackjack bet is placed plain: doubled only in play",
    "blackjack_box_full": "{code} already has {n} bets, the most a box takes (section 03 IV.c)",
    "blackjack_box_over_max": "{code} would hold {held}, over the maximum of {max} on a box "
    "(section 03 V.2.b)",
    "blackjack_insurance_in_play": "{code}: insurance is offered during the coup, when the "
    "dealer's card is an ace",
    "blackjack_split_hand": "{code} is a hand a split makes; bet on {box}",
    "blackjack_not_an_option": "{place} may {options}, not {action}",
}


@dataclass(frozen=True)
class BlackjackState:
    """What a coup leaves for the next: nothing, every bet ends in its coup (the shoe, its
    burnt cards and its cut card are the runtime's)."""


@dataclass(frozen=True)
class Hand(Played):
    """One hand of a box: `place` is "box:B" for the box's own, "box:B.2", "box:B.3"... for
    those its splits made; `bets` every player's bet riding on it, as it stands; its total,
    blackjack and bust as `Played` works them out."""

    place: str
    bets: tuple[BlackjackBet, ...]
    cards: tuple[str, ...] = ()
    split: bool = False  # made by a split: 21 is no blackjack, and a split ace takes one card
    doubled: bool = False
    drawing: bool = False  # the player asked for a card (hit or double) that has not come yet
    stood: bool = False

    # Worked out once per hand: the engine asks them at every step of the coup.
    @cached_property
    def box(self) -> int:
        return _box_of(self.place)

    @property
    def split_ace(self) -> bool:
        return self.split and self.values[:1] == (ACE,)


@dataclass(frozen=True)
class Coup:
    """A coup in progress. `calls` are the croupier's announcements so far in the coup (the
    insurance offer, the ace's warning on a double), for the runtime to show as they come."""

    state: BlackjackState
    hands: tuple[Hand, ...]  # in the order they are played
    dealer: tuple[str, ...] = ()
    dealt: bool = False  # every box has its first two cards and the dealer his card
    insurance: tuple[BlackjackBet, ...] = ()
    asked: tuple[int, ...] = ()  # the boxes that answered the insurance offer
    calls: tuple[Announcement, ...] = ()

    @cached_property
    def dealer_values(self) -> tuple[int, ...]:
        return tuple(pips(card) for card in self.dealer)

    def hand(self, place: str) -> Hand:
        for hand in self.hands:
            if hand.place == place:
                return hand
        raise ValueError(
            f"no hand {place!r} in this coup (hands: {', '.join(h.place for h in self.hands)})"
        )


class BlackjackEngine(BankingEngine):
    game = "blackjack"

    def __init__(self, rules: BlackjackRules, limits: Limits):
        self.rules = rules
        self.limits = limits

    # --- placing --------------------------------------------------------------------------

    def check(
        self, bet: Bet, accepted: Sequence[Bet] = (), *, state: BlackjackState | None = None
    ) -> str | None:
        """None if `bet` (a BlackjackBet) may join the `accepted` bets of the next coup, else
        why not. Nothing carries between coups, so `state` changes nothing."""
        if (refusal := duplicate_id(bet, accepted)) is not None:
            return refusal
        if (refusal := self._code_refusal(bet.code)) is not None:
            return refusal
        if type(bet) is not BlackjackBet:
            return (
                "a blackjack bet is placed plain: no choice on zero, no prison, doubled or insured "
                f"only in play ({another_game(bet, BlackjackBet)})"
            )
        if bet.doubled:
            return reason(WHY, "blackjack_bet_doubled")
        on_box = [other for other in accepted if other.code == bet.code]
        if len(on_box) >= self.rules.bets_per_box:
            return reason(WHY, "blackjack_box_full", code=bet.code, n=len(on_box))
        if (refusal := stake_refusal(bet, accepted, self.limits)) is not None:
            return refusal
        held = bet.stake + sum(other.stake for other in on_box)
        if held > self.limits.max["box"]:
            return reason(
                WHY,
                "blackjack_box_over_max",
                code=bet.code,
                held=money(held),
                max=money(self.limits.max["box"]),
            )
        return None

    def place(
        self, bet: Bet, accepted: Sequence[Bet] = (), *, state: BlackjackState | None = None
    ) -> BlackjackBet:
        """`bet` itself when it is legal (a BlackjackBet); BetRefused otherwise."""
        refusal = self.check(bet, accepted)
        if refusal is not None or type(bet) is not BlackjackBet:
            raise BetRefused(bet, refusal or another_game(bet, BlackjackBet))
        return bet

    def _code_refusal(self, code: str) -> str | None:
        boxes = [f"box:{box}" for box in range(1, self.rules.boxes + 1)]
        if code in boxes:
            return None
        if code.startswith("insurance:"):
            return reason(WHY, "blackjack_insurance_in_play", code=code)
        if code.partition(".")[0] in boxes:
            return reason(WHY, "blackjack_split_hand", code=code, box=code.partition(".")[0])
        # a code the screen never builds
        return f"{code!r}: unknown bet (bets of blackjack before the deal: {', '.join(boxes)})"

    # --- the coup -------------------------------------------------------------------------

    def new_state(self) -> BlackjackState:
        return BlackjackState()

    def start(self, state: BlackjackState, bets: Sequence[Bet]) -> Coup:
        """A coup for the placed `bets` (BetRefused for one the table cannot take)."""
        accepted: list[BlackjackBet] = []
        for bet in bets:
            accepted.append(self.place(bet, accepted))
        if not accepted:
            raise ValueError("a coup needs a bet on a box")
        boxes = sorted({_box_of(bet.code) for bet in accepted})
        hands = tuple(
            Hand(f"box:{box}", tuple(b for b in accepted if _box_of(b.code) == box))
            for box in boxes
        )
        return Coup(state, hands)

    def need(self, coup: Coup) -> Need:
        """What the coup needs next: a card (for a box's hand or the dealer), a box's decision,
        or nothing more ("settle")."""
        if not coup.dealt:
            return Need("card", self._next_in_deal(coup))
        if (box := self._insurance_turn(coup)) is not None:
            return Need("decision", f"box:{box}", INSURANCE_OPTIONS)
        for hand in coup.hands:
            if len(hand.cards) < 2 or hand.drawing:
                return Need("card", hand.place)
            if not self._finished(coup, hand):
                return Need("decision", hand.place, self._options(coup, hand))
        if self._dealer_draws(coup):
            return Need("card", "dealer")
        return Need("settle")

    def card(self, coup: Coup, card: str) -> Coup:
        """The coup with `card` dealt where it is due; Misdeal (to be discarded, section 03 3.c)
        when no card is due."""
        check_card(card)
        need = self.need(coup)
        if need.kind != "card":
            raise Misdeal(f"no card is due: the coup needs {_describe(need)}", "discard")
        if need.place == "dealer":
            coup = replace(coup, dealer=(*coup.dealer, card))
        else:
            assert need.place is not None  # a card is due for a place
            hand = coup.hand(need.place)
            coup = _with_hand(coup, replace(hand, cards=(*hand.cards, card), drawing=False))
        if not coup.dealt and coup.dealer and all(len(hand.cards) == 2 for hand in coup.hands):
            coup = replace(coup, dealt=True)
            if self._insurance_turn(coup) is not None:
                coup = replace(coup, calls=(*coup.calls, announce("insurance")))
        return coup

    def decide(self, coup: Coup, place: str, action: str) -> Coup:
        """The coup after the decision `action` of the box at `place`; ValueError, the coup
        unchanged, when no decision is due from `place` or `action` is not one of its options."""
        need = self.need(coup)
        if need.kind != "decision":
            raise ValueError(f"no decision is due: the coup needs {_describe(need)}")
        if place != need.place:
            raise ValueError(f"the decision due is {need.place}'s, not {place}'s")
        if action not in need.options:
            raise ValueError(
                reason(
                    WHY,
                    "blackjack_not_an_option",
                    place=place,
                    options=" or ".join(need.options),
                    action=repr(action),
                )
            )
        if action in INSURANCE_OPTIONS:
            box = _box_of(place)
            taken = self._insurances(coup.hand(place)) if action == "insurance" else ()
            return replace(coup, insurance=(*coup.insurance, *taken), asked=(*coup.asked, box))
        hand = coup.hand(place)
        if action == "stand":
            return _with_hand(coup, replace(hand, stood=True))
        if action == "hit":
            return _with_hand(coup, replace(hand, drawing=True))
        if action == "double":
            doubled = tuple(replace(bet, stake=2 * bet.stake, doubled=True) for bet in hand.bets)
            coup = _with_hand(coup, replace(hand, bets=doubled, doubled=True, drawing=True))
            return replace(coup, calls=(*coup.calls, announce("ace_counts_one")))
        return self._split(coup, hand)

    def settle(self, coup: Coup, *, last_round: bool = False) -> CoupResult:
        """The coup's outcome, the dealer's score announced, every bet settled: collected, then
        paid, from the croupier's right to his left (section 03 V.1.a). Nothing carries over,
        so `last_round` (the last shoe's last coup) changes nothing."""
        need = self.need(coup)
        if need.kind != "settle":
            raise ValueError(f"the coup cannot be settled yet: it needs {_describe(need)}")
        dealer = coup.dealer_values
        bets, entries = [], []
        for box in sorted({hand.box for hand in coup.hands}, reverse=True):
            for hand in reversed([h for h in coup.hands if h.box == box]):
                for bet in hand.bets:
                    bets.append(bet)
                    entries.append(self._settle_hand(bet, hand, dealer))
            for bet in coup.insurance:
                if _box_of(bet.code) == box:
                    bets.append(bet)
                    entries.append(self._settle_insurance(bet, dealer))
        return CoupResult(
            state=coup.state,
            outcome={
                "dealer": list(coup.dealer),
                "hands": {hand.place: list(hand.cards) for hand in coup.hands},
            },
            announcement=self._result(coup, dealer),
            bets=tuple(bets),
            settlement=collected_then_paid(bets, entries),
            totals=ended_totals(bets, entries),
        )

    def staked(self, coup: Coup) -> tuple[Bet, ...]:
        """Every stake of the coup as it stands: each hand's bets (a doubled one whole, a split's
        new ones) and the insurances taken; what a void coup gives back."""
        return (*(bet for hand in coup.hands for bet in hand.bets), *coup.insurance)

    def must_play_on(self, state: BlackjackState) -> bool:
        """Nothing stays between coups: a closing never deals another."""
        return False

    def void(
        self, state: BlackjackState, bets: Sequence[Bet], reason: str | None = None
    ) -> VoidResult:
        """A void coup: `bets` (the coup's stakes as they stand, `staked`) go back."""
        return VoidResult(state, announce("void_coup"), tuple(bets))

    def announcement(self, key: str, **params: int) -> Announcement:
        return announce(key, **params)

    # --- the simulated players' decisions -------------------------------------------------

    def strategy(self, coup: Coup, place: str, options: Sequence[str]) -> str:
        """Basic strategy's decision for the box at `place` (games.blackjack.strategy): never
        insure; split the pairs of the chart, and split again a split hand's new pair (its box
        split that value); else the chart's stand, hit or double for the hand's total against
        the dealer's card."""
        if "insurance" in options:
            return "no_insurance"
        hand = coup.hand(place)
        up = coup.dealer_values[0]
        if "split" in options and (hand.split or self.rules.strategy.splits(hand.values[0], up)):
            return "split"
        hand_total, soft = total(hand.values)
        role = SPLIT if "." in place else FIRST
        return self.rules.strategy.action(role, soft, hand_total, "double" in options, up)

    # --- the rules of the coup ------------------------------------------------------------

    def _next_in_deal(self, coup: Coup) -> str:
        """First a card to each box from the dealer's left, then the dealer's, then a second
        card to each box (section 03 V.1.a)."""
        for hand in coup.hands:
            if not hand.cards:
                return hand.place
        if not coup.dealer:
            return "dealer"
        return next(hand.place for hand in coup.hands if len(hand.cards) < 2)

    def _insurance_turn(self, coup: Coup) -> int | None:
        """The next box to be offered insurance: when the dealer's card is an ace, every box
        with a bet that can be insured, before any player draws a third card (V.1.b)."""
        if coup.dealer_values[0] != ACE:
            return None
        for hand in coup.hands:
            if hand.box not in coup.asked and any(map(self._insurance_stake, hand.bets)):
                return hand.box
        return None

    def _insurances(self, hand: Hand) -> tuple[BlackjackBet, ...]:
        """Each bet's insurance, its id the bet's with ".ins"."""
        return tuple(
            BlackjackBet(f"{bet.id}.ins", bet.seat, f"insurance:{hand.box}", stake)
            for bet in hand.bets
            if (stake := self._insurance_stake(bet))
        )

    def _insurance_stake(self, bet: Bet) -> int:
        """Half the bet (V.1.b) in whole chips: down to the chip unit, none for a one-chip bet."""
        unit = self.limits.chip_unit
        return bet.stake // 2 // unit * unit

    def _finished(self, coup: Coup, hand: Hand) -> bool:
        """Whether a hand holding its cards is played out: bust, 21 (it stands), stood, doubled
        (one card only), or a split ace with its one card (unless it may be split again)."""
        if hand.total >= TWENTY_ONE or hand.stood or hand.doubled:
            return True
        return hand.split_ace and not self._may_split(coup, hand)

    def _options(self, coup: Coup, hand: Hand) -> tuple[str, ...]:
        play = self.rules.play
        options = ["stand"]
        if not hand.split_ace:
            options.append("hit")
            if play.may_double(hand.values):
                options.append("double")
        if self._may_split(coup, hand):
            options.append("split")
        return tuple(options)

    def _may_split(self, coup: Coup, hand: Hand) -> bool:
        made = sum(1 for other in coup.hands if other.box == hand.box)
        return self.rules.play.may_split(hand.values, made, split_ace=hand.split_ace)

    def _split(self, coup: Coup, hand: Hand) -> Coup:
        """The pair made two hands: this one keeps the first card, a new one after the box's
        last hand takes the second, and each bet on the hand gets a bet of its stake on the new
        hand, its id the box's bet's id with the hand's number (section 03 V.1.c)."""
        box_hands = [other for other in coup.hands if other.box == hand.box]
        number = len(box_hands) + 1
        place = f"box:{hand.box}.{number}"
        bets = tuple(
            replace(bet, id=f"{own.id}.{number}", code=place)
            for bet, own in zip(hand.bets, box_hands[0].bets)
        )
        hands = list(_with_hand(coup, replace(hand, cards=hand.cards[:1], split=True)).hands)
        after = [other.place for other in hands].index(box_hands[-1].place) + 1
        hands.insert(after, Hand(place, bets, cards=hand.cards[1:], split=True))
        return replace(coup, hands=tuple(hands))

    def _dealer_draws(self, coup: Coup) -> bool:
        """The dealer draws to 17 while a hand is left for him to beat (V.1.a: not when every
        hand is bust); with none, he takes one card if his blackjack would still decide a bet
        (a player's blackjack, an insurance)."""
        dealer = coup.dealer_values
        if any(not hand.bust and not hand.blackjack for hand in coup.hands):
            return self.rules.play.dealer_draws(*total(dealer))
        stakes_on_blackjack = coup.insurance or any(hand.blackjack for hand in coup.hands)
        return bool(stakes_on_blackjack) and len(dealer) == 1 and dealer[0] in (ACE, TEN)

    def _settle_hand(self, bet: BlackjackBet, hand: Hand, dealer: tuple[int, ...]) -> Settlement:
        play = self.rules.play
        if hand.bust:
            return Settlement(bet.id, "lose")
        dealer_blackjack = is_blackjack(dealer)
        if hand.blackjack:
            return (
                Settlement(bet.id, "push", returned=bet.stake)
                if dealer_blackjack
                else win(bet, play.blackjack, self.limits.chip_unit)
            )
        if dealer_blackjack:
            return self._lost_to_blackjack(bet, hand)
        dealer_total = total(dealer)[0]
        if dealer_total > TWENTY_ONE or hand.total > dealer_total:
            return win(bet, play.payout, self.limits.chip_unit)
        if hand.total == dealer_total:
            return Settlement(bet.id, "push", returned=bet.stake)
        return Settlement(bet.id, "lose")

    def _lost_to_blackjack(self, bet: BlackjackBet, hand: Hand) -> Settlement:
        """A standing hand against the dealer's blackjack: every stake lost, or under
        `dealer_blackjack_takes = "original"` the box's own bet only (half of it back when
        doubled) and a split's bets returned."""
        if self.rules.play.dealer_blackjack_takes == "all":
            return Settlement(bet.id, "lose")
        if "." in hand.place:
            return Settlement(bet.id, "push", returned=bet.stake)
        if bet.doubled:
            return Settlement(bet.id, "half", returned=bet.stake // 2)
        return Settlement(bet.id, "lose")

    def _settle_insurance(self, bet: BlackjackBet, dealer: tuple[int, ...]) -> Settlement:
        if is_blackjack(dealer):
            return win(bet, self.rules.insurance_payout, self.limits.chip_unit)
        return Settlement(bet.id, "lose")

    def _result(self, coup: Coup, dealer: tuple[int, ...]) -> Announcement:
        if is_blackjack(dealer):
            return announce("dealer_blackjack")
        if all(hand.bust for hand in coup.hands):
            return announce("all_bust")
        dealer_total = total(dealer)[0]
        if dealer_total > TWENTY_ONE:
            return announce("dealer_bust")
        return announce("dealer_total", total=dealer_total)


def _box_of(code: str) -> int:
    """The box of a place or bet code: "box:3" and "box:3.2" are box 3."""
    return int(code.partition(":")[2].partition(".")[0])


def _with_hand(coup: Coup, hand: Hand) -> Coup:
    return replace(
        coup, hands=tuple(hand if other.place == hand.place else other for other in coup.hands)
    )


def _describe(need: Need) -> str:
    if need.kind == "card":
        return f"a card for {need.place}"
    if need.kind == "decision":
        return f"{need.place}'s decision ({', '.join(need.options)})"
    return "nothing more: it is to be settled"
