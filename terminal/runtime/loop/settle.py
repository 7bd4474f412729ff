"""How a round is settled, by kind of game (games/game.py): a spin and a roll from the outcome
sensed, a coup from its journaled cards and decisions. The table settles through `settle`, and
`journal verify` settles every journaled round again through it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from games.cards.coup import replay
from games.cards.fold import ShoeFold
from games.game import COUP, ROLL, SPIN, CoupGame, Game
from games.records import Announcement, Bet, Settlement, Totals
from terminal.runtime.loop.state import TableState


@dataclass(frozen=True)
class Settled:
    """A round settled as the table journals it in `round.result`."""

    outcome: dict
    announcement: Announcement
    bets: tuple[Bet, ...]
    settlement: tuple[Settlement, ...]
    totals: Totals
    extra: dict[str, Any] = field(default_factory=dict)  # the game's own fields (craps: layout)

    @classmethod
    def of(cls, result, **extra: Any) -> Settled:
        """From an engine's result (a spin's, a roll's, a coup's)."""
        return cls(
            dict(result.outcome),
            result.announcement,
            tuple(result.bets),
            tuple(result.settlement),
            result.totals,
            extra,
        )

    def data(self, *, last_round: bool) -> dict[str, Any]:
        return {
            "outcome": self.outcome,
            "announcement": self.announcement.to_json(),
            "bets": [b.to_json() for b in self.bets],
            "settlement": [s.to_json() for s in self.settlement],
            "totals": self.totals.to_json(),
            "last_round": last_round,
            **self.extra,
        }


def coup_so_far(engine, state: TableState):
    """The open coup as far as its journaled cards and decisions have taken it."""
    own = state.own
    assert isinstance(own, ShoeFold), "a coup's game folds its shoe"
    return replay(engine, own.engine_state(), state.round_bets, own.moves)


def _spin(game: Game, engine, state: TableState, outcome: dict, last_round: bool) -> Settled:
    result = engine.settle(
        state.own.engine_state(), state.round_bets, outcome, last_round=last_round
    )
    return Settled.of(state.own.handed(result))


def _roll(game: Game, engine, state: TableState, outcome: dict, last_round: bool) -> Settled:
    """A roll: the layout's bets and the new ones as the engine settles them, after the bets
    withdrawn from the layout since the last roll (`withdrawn`, their stakes returned); the
    layout as it stays and the shooter who keeps the dice (None after a seven out)."""
    result = engine.settle(
        state.own.engine_state(), state.round_bets, outcome, last_round=last_round
    )
    own: Any = state.own  # a roll's fold: the bets withdrawn since the last roll
    withdrawn = tuple(own.withdrawn)
    entries = tuple(Settlement(b.id, "withdrawn", returned=b.stake) for b in withdrawn)
    totals = sum((Totals(b.stake, 0, b.stake) for b in withdrawn), result.totals)
    return Settled(
        dict(result.outcome),
        result.announcement,
        withdrawn + tuple(result.bets),
        entries + tuple(result.settlement),
        totals,
        {"layout": [b.to_json() for b in result.state.layout], "shooter": result.state.shooter},
    )


def _coup(game: Game, engine, state: TableState, outcome: dict, last_round: bool) -> Settled:
    """A coup played again from its journaled cards and decisions, as the engine settles it."""
    assert isinstance(game, CoupGame)
    result = engine.settle(coup_so_far(engine, state), last_round=last_round)
    return Settled.of(result, **game.result_extra(result))


SETTLES: dict[str, Callable[[Game, Any, TableState, dict, bool], Settled]] = {
    SPIN: _spin,
    ROLL: _roll,
    COUP: _coup,
}


def settle(game: Game, engine, state: TableState, outcome: dict, *, last_round: bool) -> Settled:
    """The open round of `state` settled with `outcome` (a coup's comes from its cards)."""
    return SETTLES[game.kind](game, engine, state, outcome, last_round)
