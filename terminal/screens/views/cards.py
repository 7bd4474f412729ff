"""What the card games' views share (blackjack, punto banco, trente et quarante, poker): the
coup as far as the journal has it, what it needs next, the croupier's misdeal button.

What the coup needs (a card for a place, a player's decision and the options the rules allow,
or nothing) is asked of the game's engine, which is pure (the screens' own,
`CroupierApp.engine`), from the coup's journaled bets, cards and decisions in the screen's
model: the screen shows what the journal holds, never the table thread's own state."""

from __future__ import annotations

from typing import Any

from games.cards.coup import Need
from terminal.runtime.loop.entries import MisdealCall
from terminal.runtime.loop.settle import coup_so_far
from terminal.screens.views.base import Action, GameView


class CardView(GameView):
    def coup(self) -> Any | None:
        """The coup in play as far as it was journaled; None between coups or before the deal."""
        st = self.app.model.state
        if st.round_status != "closed" or not st.round_bets:
            return None
        try:
            return coup_so_far(self.app.engine, st)
        except ValueError:  # the journal and the engine disagree: nothing to show of it
            return None

    def need(self) -> Need | None:
        """What the coup in play needs next: a card, a decision (whose, which options)."""
        coup = self.coup()
        return None if coup is None else self.app.engine.need(coup)

    def decide(self, place: str, action: str) -> None:
        """A player's decision, as the croupier enters it: taken, or refused with a reason."""
        self.app.table.post_decision(place, action)

    def buttons(self) -> list[Action]:
        """The misdeal: the coup being dealt is void (stakes returned), as the regulation voids
        a coup dealt wrong; offered once the bets are closed."""
        app = self.app
        if app.demo or app.model.state.round_status != "closed":
            return []
        return [
            (app.texts("misdeal"), "misdeal", lambda: app.post(MisdealCall(app.croupier)), True)
        ]
