"""What the blackjack table screen shows of a coup, box by box: each box's bets (the seat that
sits at it and the players behind it), its hands (a split's hands apart, in the order they
are played), their cards, totals, doubles and marks, the insurances taken, the dealer's cards,
and, once the coup is over, each hand's result as the journal settled it, or the stakes a void
coup returned.

Made without drawing, from what the screen's model holds: the bets of the open round, the
coup in play as the engine plays it again from its journaled cards and decisions, the last
round's `round.result`, or its `round.void` with the cards dealt before it. The totals are
the rules' (games/blackjack/hands.py): an ace counts 11 while that keeps a hand at 21 or less
(a soft total), and one in a doubled hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from games.blackjack.hands import Cards, Played
from games.cards.coup import Need

DEALER = "dealer"


def box_of(code: str) -> int:
    """The box of a bet code or a place: "box:3", "box:3.2" and "insurance:3" are box 3."""
    return int(code.partition(":")[2].partition(".")[0])


def hand_number(place: str) -> int:
    """1 for a box's own hand, 2, 3... for those its splits made ("box:3.2" is 2)."""
    _, _, number = place.partition(".")
    return int(number) if number else 1


@dataclass(frozen=True)
class HandShown(Played):
    """One hand of a box: `place` "box:B" or a split's "box:B.n"; `bets` every bet riding on
    it as it stands (a doubled one at its doubled stake); once settled, `result` ("win",
    "lose", "push", "half") and what its bets were `paid` (winnings) and `returned` (stakes)."""

    place: str
    cards: tuple[str, ...] = ()
    bets: tuple[Mapping[str, Any], ...] = ()
    split: bool = False
    doubled: bool = False
    stood: bool = False
    result: str | None = None
    paid: int = 0
    returned: int = 0

    @property
    def staked(self) -> int:
        return sum(int(bet["stake"]) for bet in self.bets)

    @property
    def number(self) -> int:
        return hand_number(self.place)


@dataclass(frozen=True)
class BoxShown:
    """A box: its own bets (`bets`, the seated player's and those of the players behind it, as
    placed), its hands, and the insurances taken on it (with their results once settled)."""

    box: int
    bets: tuple[Mapping[str, Any], ...] = ()
    hands: tuple[HandShown, ...] = ()
    insurance: tuple[Mapping[str, Any], ...] = ()
    insurance_result: str | None = None
    insurance_paid: int = 0
    insurance_returned: int = 0

    @property
    def place(self) -> str:
        return f"box:{self.box}"

    @property
    def held(self) -> int:
        """What the box holds as placed: every bet on it together (the box's maximum)."""
        return sum(int(bet["stake"]) for bet in self.bets)

    @property
    def insured(self) -> int:
        return sum(int(bet["stake"]) for bet in self.insurance)


@dataclass(frozen=True)
class CoupShown:
    """The table as the screen shows it. `phase`: "bets" (the round open, or closed before a
    card), "coup" (cards dealt, decisions asked), "result" (the last coup settled), "void"
    (the last coup void, its stakes returned), "idle" (nothing yet). `due` is the place whose
    card the coup waits for; `asked` the decision it waits for (whose, which options)."""

    phase: str
    boxes: tuple[BoxShown, ...] = ()
    dealer: tuple[str, ...] = ()
    due: str | None = None
    asked: Need | None = None
    announcement: Mapping[str, Any] | None = None
    returned: tuple[Mapping[str, Any], ...] = ()
    calls: tuple[str, ...] = field(default=())  # the engine's calls so far (announcement keys)

    @property
    def dealer_hand(self) -> Cards:
        return Cards(tuple(self.dealer))

    def box(self, box: int) -> BoxShown | None:
        return next((shown for shown in self.boxes if shown.box == box), None)

    def hand(self, place: str) -> HandShown | None:
        for shown in self.boxes:
            for hand in shown.hands:
                if hand.place == place:
                    return hand
        return None


def _bet_json(bet: Any) -> Mapping[str, Any]:
    """A bet as journaled, from the engine's record or the journal's dict."""
    return bet if isinstance(bet, Mapping) else bet.to_json()


def _by_box(bets: Iterable[Mapping[str, Any]]) -> dict[int, list[Mapping[str, Any]]]:
    boxes: dict[int, list[Mapping[str, Any]]] = {}
    for bet in bets:
        boxes.setdefault(box_of(bet["code"]), []).append(bet)
    return boxes


def of_bets(bets: Sequence[Any]) -> CoupShown:
    """The open round (or a closed one before its first card): the bets on each box."""
    boxes = _by_box(_bet_json(bet) for bet in bets)
    return CoupShown(
        "bets",
        tuple(
            BoxShown(box, tuple(on), (HandShown(f"box:{box}", bets=tuple(on)),))
            for box, on in sorted(boxes.items())
        ),
    )


def of_coup(coup: Any, need: Need | None, placed: Sequence[Any]) -> CoupShown:
    """The coup in play as the engine plays it again from the journal (games/blackjack/engine.py
    `Coup`): its hands as they stand, the insurances taken, the dealer's cards; `need`, what it
    waits for; `placed`, the round's bets as placed (each box's own)."""
    own = _by_box(_bet_json(bet) for bet in placed)
    insured = _by_box(_bet_json(bet) for bet in coup.insurance)
    boxes = []
    for box in sorted({hand.box for hand in coup.hands}):
        hands = tuple(
            HandShown(
                hand.place,
                tuple(hand.cards),
                tuple(_bet_json(bet) for bet in hand.bets),
                split=hand.split,
                doubled=hand.doubled,
                stood=hand.stood,
            )
            for hand in coup.hands
            if hand.box == box
        )
        boxes.append(BoxShown(box, tuple(own.get(box, ())), hands, tuple(insured.get(box, ()))))
    due = need.place if need is not None and need.kind == "card" else None
    asked = need if need is not None and need.kind == "decision" else None
    calls = tuple(call.key for call in coup.calls)
    return CoupShown("coup", tuple(boxes), tuple(coup.dealer), due, asked, calls=calls)


def of_result(result: Mapping[str, Any], placed: Sequence[Any] = ()) -> CoupShown:
    """The last coup as its `round.result` (or its correction) settled it: each hand with its
    cards and its result, each box's insurances with theirs."""
    outcome = result["outcome"]
    settled = {entry["id"]: entry for entry in result.get("settlement", ())}
    bets = [_bet_json(bet) for bet in result.get("bets", ())]
    own = _by_box(_bet_json(bet) for bet in placed)
    places: dict[int, list[str]] = {}
    for place in outcome.get("hands", {}):
        places.setdefault(box_of(place), []).append(place)
    boxes = []
    for box, hand_places in sorted(places.items()):
        hand_places.sort(key=hand_number)
        split = len(hand_places) > 1
        hands = []
        for place in hand_places:
            on = tuple(bet for bet in bets if bet["code"] == place)
            results = [settled.get(bet["id"], {}) for bet in on]
            hands.append(
                HandShown(
                    place,
                    tuple(outcome["hands"][place]),
                    on,
                    split=split,
                    doubled=any(bet.get("doubled") for bet in on),
                    stood=True,
                    result=_one_result(results),
                    paid=sum(int(e.get("paid", 0)) for e in results),
                    returned=sum(int(e.get("returned", 0)) for e in results),
                )
            )
        insurance = tuple(bet for bet in bets if bet["code"] == f"insurance:{box}")
        ins_results = [settled.get(bet["id"], {}) for bet in insurance]
        box_bets = own.get(box) or [bet for bet in bets if bet["code"] == f"box:{box}"]
        boxes.append(
            BoxShown(
                box,
                tuple(box_bets),
                tuple(hands),
                insurance,
                _one_result(ins_results) if insurance else None,
                sum(int(e.get("paid", 0)) for e in ins_results),
                sum(int(e.get("returned", 0)) for e in ins_results),
            )
        )
    return CoupShown(
        "result",
        tuple(boxes),
        tuple(outcome.get("dealer", ())),
        announcement=result.get("announcement"),
    )


def _one_result(entries: Sequence[Mapping[str, Any]]) -> str | None:
    """The result of a hand's bets (they share it: the same cards, the same double)."""
    results = [entry.get("result") for entry in entries if entry.get("result")]
    return results[0] if results else None


def of_void(void: Mapping[str, Any], coup: Any | None, placed: Sequence[Any] = ()) -> CoupShown:
    """The last coup void: the stakes it returned as journaled (`returned`: a doubled stake
    whole, a split's bets, the insurances taken), on the hands of the `coup` as far as it was
    dealt (played again from its journaled moves; None when nothing is known of it)."""
    returned = tuple(_bet_json(bet) for bet in void.get("returned", ()))
    if coup is not None:
        shown = of_coup(coup, None, placed)
        return replace(
            shown,
            phase="void",
            boxes=tuple(_returned(box) for box in shown.boxes),
            due=None,
            returned=returned,
        )
    boxes = _by_box(bet for bet in returned if not bet["code"].startswith("insurance:"))
    insured = _by_box(bet for bet in returned if bet["code"].startswith("insurance:"))
    shown_boxes = []
    for box, on in sorted(boxes.items()):
        places = sorted({bet["code"] for bet in on}, key=hand_number)
        hands = tuple(
            HandShown(place, bets=tuple(bet for bet in on if bet["code"] == place))
            for place in places
        )
        own = tuple(bet for bet in on if bet["code"] == f"box:{box}")
        shown_boxes.append(_returned(BoxShown(box, own, hands, tuple(insured.get(box, ())))))
    return CoupShown("void", tuple(shown_boxes), returned=returned)


def _returned(box: BoxShown) -> BoxShown:
    """A box of a void coup: every stake on it returned as it stood (result "returned")."""
    hands = tuple(
        replace(hand, result="returned", returned=hand.staked) for hand in box.hands if hand.bets
    )
    if not box.insurance:
        return replace(box, hands=hands)
    return replace(box, hands=hands, insurance_result="returned", insurance_returned=box.insured)
