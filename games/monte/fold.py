"""Monte's own state, folded from the journal: the pack's cards as the shoe's (games/cards/
fold.py), the layout's cards dealt before its `monte.layout` (a restart deals the rest of it),
and the coup in play: its layout, its phase, the places and the open bets Segones takes on."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from games.cards.fold import ShoeFold
from games.monte.engine import MonteState
from games.monte.layout import PLACES, Layout
from games.records import Bet


class MonteFold(ShoeFold):
    HANDLERS = {
        **ShoeFold.HANDLERS,
        "round.open": "on_round_open",
        "card.drawn": "on_card_drawn",
        "monte.layout": "on_monte_layout",
        "round.result": "on_round_result",
        "round.void": "on_round_void",
    }

    def __init__(self) -> None:
        super().__init__()
        self.state = MonteState()

    @property
    def carried(self) -> tuple[Bet, ...]:  # type: ignore[override]  # Fold's is a plain tuple
        return self.state.open

    def on_shoe_loaded(self, round_no: int | None, data: Mapping[str, Any]) -> None:
        super().on_shoe_loaded(round_no, data)
        self.state = replace(self.state, laying=())

    def on_round_open(self, round_no: int | None, data: Mapping[str, Any]) -> None:
        super().on_round_open(round_no, data)
        self.state = replace(self.state, drawing=())

    def on_card_drawn(self, round_no: int | None, data: Mapping[str, Any]) -> None:
        super().on_card_drawn(round_no, data)
        state, card = self.state, data["card"]
        if round_no is None:  # a layout's card: dealt before its round opens
            self.state = replace(state, laying=(*state.laying, card))
        else:
            self.state = replace(state, drawing=(*state.drawing, card))

    def on_monte_layout(self, round_no: int | None, data: Mapping[str, Any]) -> None:
        if data["void"]:
            self.state = MonteState(self.state.coup, data["pack"])
            return
        places = {p: tuple(data["layout"].get(str(p), ())) for p in PLACES}
        cards = (*(c for p in PLACES for c in places[p]), *data["burnt"])
        layout = Layout(places, tuple(data["burnt"]), cards)
        self.state = MonteState().laid(layout, data["coup"], data["pack"])

    def on_round_result(self, round_no: int | None, data: Mapping[str, Any]) -> None:
        outcome, state = data["outcome"], self.state
        if outcome["phase"] == "segones":
            self.state = MonteState(state.coup, state.pack)
            return
        open_ids = {e["id"] for e in data["settlement"] if e["result"] == "open"}
        staying = tuple(Bet.from_json(b) for b in data["bets"] if b["id"] in open_ids)
        self.state = replace(
            state,
            phase="segones",
            row=tuple(outcome["next_row"]),
            seen=(*state.seen, *outcome["drawn"]),
            open=staying,
            drawing=(),
        )

    def on_round_void(self, round_no: int | None, data: Mapping[str, Any]) -> None:
        """A phase that drew cards ends its coup [MO-10]; one that drew none is played again
        (the engine's `void` says the same)."""
        state = self.state
        self.state = (
            replace(state, drawing=()) if not state.drawing else MonteState(state.coup, state.pack)
        )

    def engine_state(self) -> MonteState:
        return self.state

    def to_json(self) -> dict[str, Any]:
        state, layout = self.state, self.state.layout
        monte: dict[str, Any] = {"coup": state.coup, "pack": state.pack}
        if layout is not None:
            monte.update(layout.to_json(), phase=state.phase, row=list(state.row))
        return {**super().to_json(), "monte": monte}
