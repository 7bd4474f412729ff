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
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games.protocols import CoupEngine
from games.records import Announcement, Bet, Settlement, Totals


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


def replay(
    engine: CoupEngine, state: Any, bets: Sequence[Bet], moves: Sequence[tuple[str, str, str]]
) -> Any:
    """The coup started from `state` with `bets`, as far as its journaled `moves` (cards and
    decisions, in order) have taken it: what a table settles, what a void coup returns, what
    `journal verify` plays again."""
    coup = engine.start(state, bets)
    for move, place, value in moves:
        coup = engine.card(coup, value) if move == "card" else engine.decide(coup, place, value)
    return coup
