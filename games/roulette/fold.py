"""Roulette's own state, folded from the journal: the bets in prison, the last number, and at
an American table its colour chips and who plays them (section 02)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.game import Fold
from games.prison import PrisonBet, still_in_prison
from games.records import Limits
from games.roulette.colours import ColourChips
from games.roulette.engine import RouletteState


class RouletteFold(Fold):
    """A roulette's: the bets in prison and the last number."""

    HANDLERS = {"round.result": "on_round_result"}
    carried: tuple[PrisonBet, ...] = ()  # the bets in prison

    def __init__(self) -> None:
        self.last_number: int | None = None

    def on_round_result(self, round_no: int | None, data: Mapping[str, Any]) -> None:
        self.carried = still_in_prison(data, PrisonBet, caught=True)
        self.last_number = data["outcome"]["number"]

    def engine_state(self) -> RouletteState:
        return RouletteState(prison=self.carried, last_number=self.last_number)


class AmericanFold(RouletteFold):
    """American roulette's, with its colour chips and who plays them (section 02)."""

    HANDLERS = {
        **RouletteFold.HANDLERS,
        "table.open": "on_table_open",
        "colour.assign": "on_colour_assign",
        "colour.value_chips": "on_colour_value_chips",
        "colour.release": "on_colour_release",
    }

    def __init__(self) -> None:
        super().__init__()
        self.colours: ColourChips | None = None

    def on_table_open(self, round_no: int | None, data: Mapping[str, Any]) -> None:
        colours = data.get("colours")
        limits = Limits.from_json(data["limits"])
        self.colours = ColourChips.for_table(colours, limits) if colours else None

    def on_colour_assign(self, round_no: int | None, data: Mapping[str, Any]) -> None:
        assert self.colours is not None
        self.colours = self.colours.assign(data["seat"], data["colour"], data["unit"])

    def on_colour_value_chips(self, round_no: int | None, data: Mapping[str, Any]) -> None:
        assert self.colours is not None
        self.colours = self.colours.seat_with_value_chips(data["seat"])

    def on_colour_release(self, round_no: int | None, data: Mapping[str, Any]) -> None:
        assert self.colours is not None
        self.colours = self.colours.release(data["seat"])

    def handed(self, result: Any) -> Any:
        """What a colour player gets, in which chips (section 02 III.b)."""
        return result if self.colours is None else self.colours.paid_in_colours(result)

    def to_json(self) -> dict[str, Any]:
        chips = self.colours
        if chips is None:
            return {}
        seats = {
            str(seat): {"colour": c.name, "unit": c.unit} for seat, c in sorted(chips.seats.items())
        }
        return {
            "colours": {
                "free": list(chips.free()),
                "seats": seats,
                "value_chips": sorted(chips.value_seats),
            }
        }
