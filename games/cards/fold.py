"""A card game's own state, folded from the journal: the shoe in use as far as its cards have
come out, and the cards and decisions of the coup in play, in order (the coup is played again
from them to be settled, voided or verified: games.cards.coup.replay).

A coup's `round.correction` is folded as the result it replaces (terminal/runtime/loop/state.py):
its `moves` are the coup as it was truly dealt, so the shoe takes the coup's journaled cards back
and counts the corrected ones out instead.

It keeps too what a coup taken up after a restart needs (terminal/runtime/rounds/coup.py): who
entered the coup's last card by hand, and the rounds in which the shoe in use was loaded and its
cut card came out (the coup's own shoe already, not one over to be replaced)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from games.cards.cards import FRENCH
from games.cards.coup import Move
from games.cards.shoe import Shoe
from games.game import Fold


class ShoeFold(Fold):
    """`state` makes the engine's state of the fold (nothing carries between the coups of
    blackjack and punto banco; a subclass keeps what its game carries)."""

    HANDLERS = {
        "round.open": "on_round_open",
        "shoe.loaded": "on_shoe_loaded",
        "card.burnt": "on_card_burnt",
        "card.discarded": "on_card_discarded",
        "card.drawn": "on_card_drawn",
        "coup.decision": "on_coup_decision",
        "shoe.cut_card": "on_shoe_cut_card",
    }

    def __init__(self, state: Callable[[], Any] | None = None) -> None:
        self.shoe: Shoe | None = None
        self.moves: list[Move] = []
        self.entered_by: str | None = None  # who entered the coup's last card dealt by hand
        self.loaded_in: int | None = None  # the round the shoe in use was loaded in (None: between)
        self.cut_in: int | None = None  # the round in which its cut card came out
        self._state = state

    def apply(
        self, kind: str, round_no: int | None, data: Mapping[str, Any], seq: int | None = None
    ) -> None:
        if kind == "round.result" and "moves" in data:  # a correction, in its result's place
            self._corrected(data["moves"])
        if kind == "game.error":  # a remedy the inspector confirmed: the coup's next move
            self.moves.append(("error", data["code"], str(seq)))
        super().apply(kind, round_no, data, seq)

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
        self.entered_by = None

    def on_shoe_loaded(self, round_no: int | None, data: Mapping[str, Any]) -> None:
        self.shoe = Shoe(
            data["decks"],
            burn=data["burn"],
            cut_after=data["cut_after"],
            deck=data.get("deck", FRENCH),  # journaled only when it is not the French deck
        )
        self.loaded_in, self.cut_in = round_no, None

    def _drawn(self, card: str) -> None:
        assert self.shoe is not None, "a card drawn before any shoe was loaded"
        self.shoe = self.shoe.draw(card)

    def on_card_burnt(self, round_no: int | None, data: Mapping[str, Any]) -> None:
        if data.get("card") is None:  # burnt face down, counted by the croupier, unread
            assert self.shoe is not None, "a card burnt before any shoe was loaded"
            self.shoe = self.shoe.burn_unread()
        else:
            self._drawn(data["card"])

    def on_card_discarded(self, round_no: int | None, data: Mapping[str, Any]) -> None:
        self._drawn(data["card"])

    def on_card_drawn(self, round_no: int | None, data: Mapping[str, Any]) -> None:
        self._drawn(data["card"])
        self.moves.append(("card", data["place"], data["card"]))
        self.entered_by = data.get("entered_by") or self.entered_by

    def on_coup_decision(self, round_no: int | None, data: Mapping[str, Any]) -> None:
        self.moves.append(("decision", data["place"], data["action"]))

    def on_shoe_cut_card(self, round_no: int | None, data: Mapping[str, Any]) -> None:
        assert self.shoe is not None
        if not self.shoe.cut_out:  # the first time: when the shoe's last coup began
            self.cut_in = round_no
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
