"""Playing a card game's coup through its engine (games/cards/coup.py): the loop the table
runs with a real shoe and the croupier's decisions, and the simulator with a shuffled shoe and
the game's strategy.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from games.cards.cards import FRENCH
from games.cards.cards import decks as deck_cards
from games.cards.coup import CoupResult
from games.records import Bet


def shuffled(rng: random.Random, decks: int, deck: str = FRENCH) -> Iterator[str]:
    """The cards of `decks` decks of the kind `deck`, shuffled by `rng`, one at a time (a new
    shoe when they run out: the simulator's endless shoe)."""
    while True:
        cards = [card for card, n in deck_cards(decks, deck).items() for _ in range(n)]
        rng.shuffle(cards)
        yield from cards


def play_coup(
    engine,
    state: Any,
    bets: Sequence[Bet],
    deal: Callable[[str], str],
    decide: Callable[[Any, str, tuple[str, ...]], str],
    *,
    last_round: bool = False,
) -> CoupResult:
    """One coup: `deal(place)` gives the next card for a place, `decide(coup, place, options)`
    a player's decision; the engine settles when it needs nothing more."""
    coup = engine.start(state, bets)
    while (need := engine.need(coup)).kind != "settle":
        if need.kind == "card":
            coup = engine.card(coup, deal(need.place))
        else:
            coup = engine.decide(coup, need.place, decide(coup, need.place, need.options))
    return engine.settle(coup, last_round=last_round)
