"""How every card game's engine is driven, card by card and decision by decision.

A coup (a hand, a deal) starts from the game's table state (what stays from coup to coup:
trente et quarante's bets in prison) and the bets placed; the engine then says what it needs
next, one `Need` at a time: a card for a place of the layout, a player's decision, or nothing
(the coup can be settled). The runtime answers with the card the shoe gave (`card`) or the
decision the croupier entered or, in simulation, the strategy chose (`decide`); each returns a
new immutable coup. A card that the deal cannot take (out of turn, one too many, a card the
rules do not let this place have) is a `Misdeal`: nothing changes, and the runtime applies the
game's handling (the card discarded, or the coup void).

    engine.check(bet, accepted, state=state) -> str | None  # why not, or None
    engine.place(bet, accepted, state=state) -> Bet         # or BetRefused
    engine.new_state() -> table state                        # the first coup's
    engine.start(state, bets) -> coup
    engine.need(coup) -> Need
    engine.card(coup, card) -> coup                          # or Misdeal
    engine.decide(coup, place, action) -> coup               # or ValueError naming the options
    engine.settle(coup, *, last_round=False) -> CoupResult
    engine.staked(coup) -> tuple[Bet, ...]                   # stakes as they stand (doubled, split)
    engine.void(state, bets) -> VoidResult                   # a void coup: stakes back, prison kept
    engine.announcement(key, **params) -> Announcement

A coup whose cards were journaled wrong is dealt again (`redeal`) with its cards as they truly
lay, each player's decisions as journaled: what a dealer error's correction settles.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games.protocols import CoupEngine
from games.records import Announcement, Bet, Settlement, Totals

Move = tuple[str, str, str]  # ("card", place, card) or ("decision", place, action)
BOOKS = "a dispute for the books"


@dataclass(frozen=True)
class Need:
    """What a coup needs next. `kind`: "card" (for `place`: "dealer", "box:3", "box:3.2",
    "player", "banker", "noir", "rouge", "bank", "burn"), "decision" (of `place`, one of
    `options`: "hit", "stand", "double", "split", "insurance", "no_insurance", "call",
    "fold"), or "settle"."""

    kind: str
    place: str | None = None
    options: tuple[str, ...] = ()


class Misdeal(ValueError):
    """A card the deal cannot take: nothing was changed. `handling` is the game's answer:
    "discard" (the card is put aside and the deal goes on) or "void" (the coup is void)."""

    def __init__(self, reason: str, handling: str):
        super().__init__(reason)
        self.reason, self.handling = reason, handling


@dataclass(frozen=True)
class CoupResult:
    state: Any  # the table state for the next coup
    outcome: dict[str, Any]  # as journaled in round.result (docs/bets.md: the cards of every place)
    announcement: Announcement
    bets: tuple[
        Bet, ...
    ]  # every bet that took part, as it ended (a split's new bets, doubled stakes)
    settlement: tuple[Settlement, ...]  # one per bet, in payment order
    totals: Totals


def replay(engine: CoupEngine, state: Any, bets: Sequence[Bet], moves: Sequence[Move]) -> Any:
    """The coup started from `state` with `bets`, as far as its journaled `moves` (cards,
    decisions and the remedies of errors the inspector confirmed, in order) have taken it: what
    a table settles, what a void coup returns, what `journal verify` plays again. An error's
    move is `("error", code, seq of its game.error)`, for a game whose engine remedies errors
    (`ErringEngine`, games/protocols.py)."""
    coup = engine.start(state, bets)
    for move, place, value in moves:
        if move == "card":
            coup = engine.card(coup, value)
        elif move == "error":
            coup = engine.remedied(coup, place, int(value))  # type: ignore[attr-defined]
        else:
            coup = engine.decide(coup, place, value)
    return coup


class Redealt(ValueError):
    """The coup cannot be dealt again with the cards given (`redeal`): the reason says why."""


def redeal(
    engine: CoupEngine,
    state: Any,
    bets: Sequence[Bet],
    moves: Sequence[Move],
    cards: Sequence[str],
) -> tuple[Any, tuple[Move, ...]]:
    """The coup started again from `state` with `bets`, dealt `cards` in their order, each place
    deciding as the journaled `moves` say it decided (a place's decisions in their order,
    wherever the new cards bring them): the coup ready to settle, and its moves as dealt now.

    Redealt when the cards do not make that coup: too few (a card is still due), too many, one
    the deal cannot take (a Misdeal), or a journaled decision that no longer fits (the place is
    asked none, another, or one its options do not hold): what a player would have decided
    with other cards is a dispute for the books, not a correction."""
    if any(move == "error" for move, _, _ in moves):
        raise Redealt("an error's remedy was applied to the coup: its result stands (l. 874)")
    decisions: dict[str, deque[str]] = {}
    for move, place, value in moves:
        if move == "decision":
            decisions.setdefault(place, deque()).append(value)
    coup = engine.start(state, bets)
    dealt: list[Move] = []
    given = 0
    while (need := engine.need(coup)).kind != "settle":
        place = need.place or ""
        if need.kind == "card":
            if given == len(cards):
                raise Redealt(
                    f"too few cards: after the {given} given, the coup still needs one for {place}"
                )
            card = cards[given]
            given += 1
            try:
                coup = engine.card(coup, card)
            except Misdeal as misdeal:
                raise Redealt(f"card {given} ({card}) for {place}: {misdeal.reason}") from None
            dealt.append(("card", place, card))
            continue
        left = decisions.get(place)
        if not left:
            raise Redealt(
                f"with these cards {place} would decide ({' or '.join(need.options)}), and the "
                f"journal holds no such decision of {place}: {BOOKS}"
            )
        action = left.popleft()
        try:
            coup = engine.decide(coup, place, action)
        except ValueError as refused:
            raise Redealt(
                f"{place}'s journaled decision {action!r} no longer fits these cards "
                f"({refused}): {BOOKS}"
            ) from None
        dealt.append(("decision", place, action))
    unasked = [f"{place} {action}" for place, left in decisions.items() for action in left]
    if unasked:
        raise Redealt(
            f"with these cards the coup asks no more decisions, and the journal holds "
            f"{', '.join(unasked)}: {BOOKS}"
        )
    if given < len(cards):
        extra = len(cards) - given
        raise Redealt(
            f"too many cards: the coup is dealt after {given}, {extra} over "
            f"({' '.join(cards[given:])})"
        )
    return coup, tuple(dealt)
