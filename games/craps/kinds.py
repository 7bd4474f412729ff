"""Craps' own event kinds (docs/events.md): the shooter, the dice change, a bet withdrawn."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.game import Kind
from games.money import money


def _shooter(data: Mapping[str, Any]) -> str:
    passed = data["passed"]
    refused = f" (refused by seat {', '.join(map(str, passed))})" if passed else ""
    return f"the dice to seat {data['seat']}{refused}"


KINDS = {
    "craps.shooter": Kind("a player takes the dice", _shooter),
    "craps.dice_change": Kind(
        "a new set of dice comes to the table", lambda data: f"dice change: {data['reason']}"
    ),
    "bet.withdrawn": Kind(
        "a bet taken back between rolls",
        lambda data: (
            f"seat {data['bet']['seat']} withdraws {data['bet']['code']}: "
            f"{money(data['returned'])} returned"
        ),
    ),
}
