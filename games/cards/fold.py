"""A card game's own state, folded from the journal: the shoe in use as far as its cards have
come out, and the cards and decisions of the coup in play, in order (the coup is played again
from them to be settled, voided or verified: games.cards.coup.replay).

A coup's `round.correction` is folded as the result it replaces (terminal/runtime/state.py): its
`moves` are the coup as it was truly dealt, so the shoe takes the coup's journaled cards back and
counts the corrected ones out instead."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from games.cards.coup import Move
from games.cards.shoe import Shoe
from games.game import Fold


class ShoeFold(Fold):
    """`state` makes the engine's state of the fold (nothing carries between the coups of
    blackjack and punto banco; a subclass keeps what its game carries)."""

    def __init__(self, state: Callable[[], Any] | None = None) -> None:
        self.shoe: Shoe | None = None
        self.moves: list[Move] = []
        self._state = state

    def apply(self, kind: str, round_no: int | None, data: Mapping[str, Any]) -> None:
        if kind == "round.result" and "moves" in data:  # a correction, in its result's place
            self._corrected(data["moves"])
        super().apply(kind, round_no, data)

    def _corrected(self, moves: Sequence[Sequence[str]]) -> None:
        """The coup as its correction deals it: the shoe holds the cards journaled again, then
        gives the corrected ones; the coup's moves are the corrected coup's."""
        assert self.shoe is not None, "a coup corrected before any shoe was loaded"
        shoe = self.shoe
        for move, _, card in self.moves:
            if move == "card":
                shoe = shoe.put_back(card)
        corrected = [(str(move), str(place), str(value)) for move, place, value in moves]
        for move, _, card in corrected:
            if move == "card":
                shoe = shoe.draw(card)
        self.shoe, self.moves = shoe, corrected

    def on_round_open(self, round_no: int | None, data: Mapping[str, Any]) -> None:
        self.moves = []

    def on_shoe_loaded(self, round_no: int | None, data: Mapping[str, Any]) -> None:
        self.shoe = Shoe(data["decks"], burn=data["burn"], cut_after=data["cut_after"])

    def _drawn(self, card: str) -> None:
        assert self.shoe is not None, "a card drawn before any shoe was loaded"
        self.shoe = self.shoe.draw(card)

    def on_card_burnt(self, round_no: int | None, data: Mapping[str, Any]) -> None:
        self._drawn(data["card"])

    def on_card_discarded(self, round_no: int | None, data: Mapping[str, Any]) -> None:
        self._drawn(data["card"])

    def on_card_drawn(self, round_no: int | None, data: Mapping[str, Any]) -> None:
        self._drawn(data["card"])
        self.moves.append(("card", data["place"], data["card"]))

    def on_coup_decision(self, round_no: int | None, data: Mapping[str, Any]) -> None:
        self.moves.append(("decision", data["place"], data["action"]))

    def on_shoe_cut_card(self, round_no: int | None, data: Mapping[str, Any]) -> None:
        assert self.shoe is not None
        self.shoe = self.shoe.cut_card()

    def engine_state(self) -> Any:
        assert self._state is not None
        return self._state()

    def to_json(self) -> dict[str, Any]:
        shoe = self.shoe
        if shoe is None:
            return {}
        return {
            "shoe": {
                "decks": shoe.decks,
                "drawn": shoe.drawn,
                "left": shoe.left,
                "cut_out": shoe.cut_out,
            }
        }
