"""Craps' own state, folded from the journal: the layout's bets, the point, who has the dice
and how long, the dice's own count of rolls, and the bets withdrawn from the layout in the
roll being played (settled as `withdrawn` with it)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.craps.engine import CrapsState
from games.game import Fold
from games.records import Bet


class CrapsFold(Fold):
    HANDLERS = {
        "round.open": "on_round_open",
        "bet.withdrawn": "on_bet_withdrawn",
        "round.result": "on_round_result",
        "round.void": "on_round_void",
        "craps.shooter": "on_craps_shooter",
        "craps.dice_change": "on_craps_dice_change",
    }

    def __init__(self) -> None:
        self.point: int | None = None
        self.shooter: int | None = None  # the seat with the dice, None once they change hands
        self.shooter_rolls = 0  # the rolls the shooter has thrown
        self.last_shooter: int | None = None  # the seat that had the dice last (rotation from it)
        self.dice_rolls = 0  # rolls with the dice in play since they were changed
        self.die_lost = False  # a die left the table this hand: a new set at the hand's end
        self.withdrawn: tuple[Bet, ...] = ()  # layout bets taken back in this roll

    def on_round_open(self, round_no: int | None, data: Mapping[str, Any]) -> None:
        self.withdrawn = ()

    def on_bet_withdrawn(self, round_no: int | None, data: Mapping[str, Any]) -> None:
        bet = Bet.from_json(data["bet"])
        self.carried = tuple(b for b in self.carried if b.id != bet.id)
        self.withdrawn += (bet,)

    def on_round_result(self, round_no: int | None, data: Mapping[str, Any]) -> None:
        """The layout as it stays (a travelled come bet under its number); `shooter` keeps the
        dice, or None after a seven out."""
        self.carried = tuple(Bet.from_json(b) for b in data["layout"])
        self.point = data["outcome"].get("point_after")
        self.shooter = data["shooter"]
        self.shooter_rolls = 0 if self.shooter is None else self.shooter_rolls + 1
        self.dice_rolls += 1
        self.withdrawn = ()

    def on_round_void(self, round_no: int | None, data: Mapping[str, Any]) -> None:
        self.withdrawn = ()

    def on_craps_shooter(self, round_no: int | None, data: Mapping[str, Any]) -> None:
        self.shooter = self.last_shooter = data["seat"]
        self.shooter_rolls = 0

    def on_craps_dice_change(self, round_no: int | None, data: Mapping[str, Any]) -> None:
        self.dice_rolls = 0
        self.die_lost = data["die_lost"]

    def engine_state(self) -> CrapsState:
        return CrapsState(
            point=self.point, layout=self.carried, shooter=self.shooter, rolls=self.shooter_rolls
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "craps": {
                "point": self.point,
                "shooter": self.shooter,
                "shooter_rolls": self.shooter_rolls,
                "dice_rolls": self.dice_rolls,
            }
        }
