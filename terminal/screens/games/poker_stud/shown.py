"""Poker sense descart's table as its view shows it, read from the journal: each box with its
antes by seat, its carrousel coin, its cards and decision and, at the result, what it won; the
bank's cards; the coins of the coup and the jackpots they won."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.poker.evaluator import category, evaluate

ANTE, CALL, CARROUSEL = "ante", "call", "carrousel"  # the bet families (docs/bets.md)
BANK = "bank"
CARDS = 5


@dataclass
class BoxShown:
    """One box as the view shows it."""

    n: int
    antes: list[dict[str, Any]] = field(default_factory=list)  # the antes on it, as journaled
    coin: dict[str, Any] | None = None  # its carrousel coin
    cards: list[str] = field(default_factory=list)
    decision: str | None = None  # "call" or "fold", once made
    calls: int = 0  # the call stakes made
    net: int | None = None  # at the result: what the box's antes and calls won (lost < 0)
    jackpot: int = 0  # at the result: what its coin won of the pool

    @property
    def staked(self) -> int:
        return sum(bet["stake"] for bet in self.antes)

    @property
    def hand(self) -> str | None:
        """Its hand's category once it holds five cards."""
        return category(evaluate(self.cards)) if len(self.cards) == CARDS else None


@dataclass
class Shown:
    """The table as the view shows it: the stage ("open", "deal", "result", "idle"), the boxes,
    the bank's cards (and how many of them are face down), the pool."""

    stage: str
    boxes: dict[int, BoxShown]
    bank: list[str] = field(default_factory=list)
    hidden: int = 0
    coins: int = 0  # coins in this coup
    jackpots: list[tuple[int, str, int]] = field(default_factory=list)  # (box, hand, amount)


def bets_on(boxes: dict[int, BoxShown], shown: Shown, bets: list[dict]) -> None:
    """The antes and the carrousel coins of `bets` on their boxes, the coins counted."""
    for bet in bets:
        family, _, n = bet["code"].partition(":")
        box = boxes.get(int(n)) if n.isdigit() else None
        if box is None:
            continue
        if family == ANTE:
            box.antes.append(bet)
        elif family == CARROUSEL:
            box.coin = bet
            shown.coins += 1


def result_shown(boxes: dict[int, BoxShown], result: dict[str, Any]) -> Shown:
    """The table at a coup's journaled `result`: the bank's and the boxes' cards, each box's
    antes and coin, whether it went on, what it won or lost and what its coin won of the pool."""
    shown = Shown("result", boxes)
    outcome = result["outcome"]
    shown.bank = list(outcome.get(BANK, []))
    for n, cards in outcome.get("boxes", {}).items():
        if int(n) in boxes:
            boxes[int(n)].cards = list(cards)
    settled = {entry["id"]: entry for entry in result.get("settlement", [])}
    bets_on(boxes, shown, [b for b in result.get("bets", []) if family_of(b) != CALL])
    for bet in result.get("bets", []):
        box = boxes.get(box_of(bet["code"]))
        if box is None:
            continue
        entry = settled.get(bet["id"], {})
        money = entry.get("paid", 0) + entry.get("returned", 0)
        if family_of(bet) == CARROUSEL:
            if entry.get("result") == "win":
                box.jackpot += entry.get("paid", 0)
            continue
        if family_of(bet) == CALL:
            box.calls += bet["stake"]
            box.decision = "call"
        box.net = (box.net or 0) + money - bet["stake"]
    for box in boxes.values():
        if box.antes and box.decision is None:
            box.decision = "fold"  # a box without a call folded (docs/bets.md)
        if box.jackpot:
            shown.jackpots.append((box.n, box.hand or "", box.jackpot))
    return shown


def box_of(code_or_place: str) -> int:
    """The box of a bet code ("ante:3") or a place ("box:3")."""
    return int(code_or_place.partition(":")[2])


def family_of(bet: dict[str, Any]) -> str:
    """A bet's family: its code's part before ':'."""
    return str(bet["code"]).partition(":")[0]
